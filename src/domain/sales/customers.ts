// Customer companies: the businesses the company sells to (not to be confused with the tenant, `Company`).
// Each may carry a price list (its sales lines are priced from it first), payment terms, a billing and a
// shipping address, free-form custom fields and its contacts. One with sales orders cannot be deleted:
// the orders keep pointing at it.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { checkCustomFields } from '../custom-fields/index.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkEmail, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { comparisonFilter, dateTimeFilter, stringFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { checkAddress, type AddressInput } from './address.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export interface CustomerCompanyInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  taxId?: string | null;
  currency?: string | null;
  priceListId?: number | null;
  paymentTermsDays?: number | null;
  billingAddress?: AddressInput | null;
  shippingAddress?: AddressInput | null;
  notes?: string | null;
  customFields?: unknown;
}

const MAX_LENGTHS = { name: 255, email: 255, phone: 64, taxId: 64, notes: 65535 } as const;
const MAX_TERMS_DAYS = 3650;

type CustomerFilter = FilterSpec<Prisma.CustomerCompanyWhereInput>[string];
const text = (column: 'name' | 'email'): CustomerFilter => ({ kind: 'string', where: (op, value) => ({ [column]: stringFilter(op, value) }) });
const date = (column: 'createdAt' | 'updatedAt'): CustomerFilter => ({ kind: 'datetime', where: (op, value) => ({ [column]: dateTimeFilter(op, value) }) });

/** The filters of GET /companies: `name[contains]=acme`, `email=…`, `currency=EUR`, `price_list_id=3`, `created_at[gte]=…`. */
export const CUSTOMER_COMPANY_FILTERS: FilterSpec<Prisma.CustomerCompanyWhereInput> = {
  name: text('name'),
  email: text('email'),
  currency: { kind: 'string', operators: ['eq'], where: (_op, value) => ({ currency: { equals: String(value).toUpperCase() } }) },
  price_list_id: { kind: 'integer', where: (op, value) => ({ priceListId: comparisonFilter(op, value as number) }) },
  created_at: date('createdAt'),
  updated_at: date('updatedAt'),
};

const SORTABLE = { id: 'id', name: 'name', email: 'email', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listCustomerCompanies(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, CUSTOMER_COMPANY_FILTERS, SORTABLE);
  return listPage(db, 'customerCompany', query, { where, orderBy, window });
}

export async function getCustomerCompany(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const customer = await db.customerCompany.findUnique({ ...query, where: byId(id) });
  if (!customer) throw new NotFoundError('Customer company', id);
  return customer;
}

export async function createCustomerCompany(db: TenantDb, input: CustomerCompanyInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const data = await checkCustomerCompany(tx, input, true, {});
    const created = await tx.customerCompany.create({ data: data as Prisma.CustomerCompanyUncheckedCreateInput });
    return readAnswer(tx, created.id, query, (q) => tx.customerCompany.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateCustomerCompany(db: TenantDb, id: number, input: CustomerCompanyInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const existing = await getCustomerCompany(tx, id, { select: { customFields: true } });
    const data = await checkCustomerCompany(tx, input, false, (existing.customFields ?? {}) as Record<string, unknown>);
    await tx.customerCompany.update({ where: byId(id), data });
    return readAnswer(tx, id, query, (q) => tx.customerCompany.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Deletes the customer company with its contacts; refused (422) while sales orders name it. */
export async function deleteCustomerCompany(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getCustomerCompany(tx, id, { select: { id: true } });
    const orders = await tx.salesOrder.count({ where: { customerCompanyId: id } });
    if (orders > 0) throw usedByOrders(id, orders);
    const customer = await readAnswer(tx, id, query, (q) => tx.customerCompany.findUniqueOrThrow({ ...q, where: byId(id) }));
    try {
      await tx.customerCompany.delete({ where: byId(id) });
    } catch (error) {
      // An order made for it since the count: the foreign key refuses, with the same answer.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw usedByOrders(id, 1);
      throw error;
    }
    return customer;
  });
}

function usedByOrders(id: number, orders: number): ValidationError {
  const message = `Customer company ${id} has ${orders} sales order${orders === 1 ? '' : 's'}; a customer with orders cannot be deleted.`;
  return new ValidationError({ id: [message] }, message);
}

async function checkCustomerCompany(
  tx: TenantTx,
  input: CustomerCompanyInput,
  creating: boolean,
  existingCustomFields: Record<string, unknown>,
): Promise<Prisma.CustomerCompanyUncheckedUpdateInput> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  for (const [field, max] of Object.entries(MAX_LENGTHS)) checkMaxLength(errors, field, input[field as keyof typeof MAX_LENGTHS]?.trim(), max);
  checkEmail(errors, 'email', input.email?.trim());
  checkCurrencyCode(errors, 'currency', input.currency);
  const terms = input.paymentTermsDays;
  if (terms != null && (terms < 0 || terms > MAX_TERMS_DAYS)) errors.add('paymentTermsDays', `The payment terms days must be between 0 and ${MAX_TERMS_DAYS}.`);
  if (input.priceListId != null && !(await tx.priceList.findUnique({ where: byId(input.priceListId), select: { id: true } }))) {
    errors.add('priceListId', `Price list ${input.priceListId} does not exist.`);
  }
  const billing = checkAddress(errors, 'billingAddress', input.billingAddress);
  const shipping = checkAddress(errors, 'shippingAddress', input.shippingAddress);
  const customFields = input.customFields === undefined && !creating ? undefined : checkCustomFields(errors, input.customFields, creating ? {} : existingCustomFields, 'A customer company');
  errors.throwIfAny();

  const data: Prisma.CustomerCompanyUncheckedUpdateInput = {};
  const optionalText = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());
  if (input.name !== undefined) data.name = input.name!.trim();
  for (const field of ['email', 'phone', 'taxId', 'notes'] as const) if (input[field] !== undefined) data[field] = optionalText(input[field]);
  if (input.currency !== undefined) data.currency = input.currency;
  if (input.priceListId !== undefined) data.priceListId = input.priceListId;
  if (input.paymentTermsDays !== undefined) data.paymentTermsDays = input.paymentTermsDays;
  if (input.billingAddress !== undefined) data.billingAddress = (billing as Prisma.InputJsonValue | null) ?? Prisma.DbNull;
  if (input.shippingAddress !== undefined) data.shippingAddress = (shipping as Prisma.InputJsonValue | null) ?? Prisma.DbNull;
  if (customFields !== undefined) data.customFields = customFields as Prisma.InputJsonValue;
  return data;
}

