// Suppliers: the companies goods are bought from. A supplier still named by products or by supplier SKUs
// cannot be deleted (purchasing history would lose its counterpart). Every command runs in one transaction.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDecimal, checkEmail, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import type { Decimal } from '../shared/decimal.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface SupplierInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  currency?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  notes?: string | null;
  overReceiptTolerancePercent?: Decimal | null;
  /** Net days of its bills: due this many days after the bill date (null: on the bill date). */
  paymentTermsDays?: number | null;
  defaultLeadTimeDays?: number | null;
}

/** Longest value of each text column (notes is unbounded text; 65535 keeps requests sane). */
const MAX_LENGTHS: Record<Exclude<keyof SupplierInput, 'overReceiptTolerancePercent' | 'paymentTermsDays' | 'defaultLeadTimeDays'>, number> = {
  name: 255,
  email: 255,
  phone: 64,
  currency: 3,
  address: 255,
  city: 255,
  country: 255,
  notes: 65535,
};

export interface SupplierListArgs extends PageArgs {
  sort?: string | null;
  /** Case-insensitive part of the name. */
  q?: string | null;
}

export type SupplierQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listSuppliers(db: TenantDb, args: SupplierListArgs, query: SupplierQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.SupplierWhereInput = args.q ? { name: { contains: args.q, mode: 'insensitive' } } : {};
  return listPage(db, 'supplier', query, { where, orderBy, window });
}

export async function getSupplier(db: TenantDb | TenantTx, id: number, query: SupplierQuery = {}) {
  const supplier = await db.supplier.findUnique({ ...query, where: byId(id) });
  if (!supplier) throw new NotFoundError('Supplier', id);
  return supplier;
}

export async function createSupplier(db: TenantDb, input: SupplierInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    checkSupplierInput(input, true);
    const created = await tx.supplier.create({ data: supplierData(input) as Prisma.SupplierUncheckedCreateInput });
    return readAnswer(tx, created.id, query, (q) => tx.supplier.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateSupplier(db: TenantDb, id: number, input: SupplierInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getSupplier(tx, id);
    checkSupplierInput(input, false);
    await tx.supplier.update({ where: byId(id), data: supplierData(input) });
    return readAnswer(tx, id, query, (q) => tx.supplier.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteSupplier(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getSupplier(tx, id, { select: { id: true } });
    // Every record that names the supplier and does not go with it (the database restricts the delete).
    const counts: Array<[number, string, string]> = [
      [await tx.product.count({ where: { supplierId: id } }), 'product', 'products'],
      [await tx.supplierSku.count({ where: { supplierId: id } }), 'supplier SKU', 'supplier SKUs'],
      [await tx.purchaseOrder.count({ where: { supplierId: id } }), 'purchase order', 'purchase orders'],
      [await tx.deal.count({ where: { supplierId: id } }), 'deal', 'deals'],
      [await tx.bill.count({ where: { supplierId: id } }), 'bill', 'bills'],
      [await tx.prepayment.count({ where: { supplierId: id } }), 'prepayment', 'prepayments'],
      [await tx.vendorCredit.count({ where: { supplierId: id } }), 'vendor credit', 'vendor credits'],
      [await tx.vendorReturn.count({ where: { supplierId: id } }), 'vendor return', 'vendor returns'],
      [await tx.salesChannel.count({ where: { dropshipSupplierId: id } }), 'channel', 'channels'],
      [await tx.workOrder.count({ where: { vendorId: id } }), 'work order', 'work orders'],
      [await tx.workOrderStep.count({ where: { vendorId: id } }), 'work order step', 'work order steps'],
      [await tx.costRule.count({ where: { vendorId: id } }), 'cost rule', 'cost rules'],
    ];
    if (counts.some(([count]) => count > 0)) {
      const uses = counts.filter(([count]) => count > 0).map(([count, one, many]) => `${count} ${count > 1 ? many : one}`);
      const message = `Supplier ${id} is used by ${uses.join(', ')}; reassign or delete them first.`;
      throw new ValidationError({ id: [message] }, message);
    }
    // The answer is what was deleted: read before the delete, in its transaction.
    const supplier = await readAnswer(tx, id, query, (q) => tx.supplier.findUniqueOrThrow({ ...q, where: byId(id) }));
    // Contacts belong to the supplier and go with it (ON DELETE CASCADE).
    await tx.supplier.delete({ where: byId(id) });
    return supplier;
  });
}

function checkSupplierInput(input: SupplierInput, creating: boolean): void {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  for (const [field, max] of Object.entries(MAX_LENGTHS)) {
    if (field !== 'currency') checkMaxLength(errors, field, input[field as keyof typeof MAX_LENGTHS], max);
  }
  checkEmail(errors, 'email', input.email);
  checkCurrencyCode(errors, 'currency', input.currency);
  if (input.overReceiptTolerancePercent === null) errors.add('overReceiptTolerancePercent', 'The over receipt tolerance percent may not be empty; 0 allows nothing more than ordered.');
  checkDecimal(errors, 'overReceiptTolerancePercent', input.overReceiptTolerancePercent, { scale: 4, precision: 9, min: 0 });
  if (input.paymentTermsDays != null && (!Number.isInteger(input.paymentTermsDays) || input.paymentTermsDays < 0 || input.paymentTermsDays > 3650)) {
    errors.add('paymentTermsDays', 'The payment terms days must be a whole number of days from 0 to 3650.');
  }
  if (input.defaultLeadTimeDays != null && (!Number.isInteger(input.defaultLeadTimeDays) || input.defaultLeadTimeDays < 0 || input.defaultLeadTimeDays > 3650)) {
    errors.add('defaultLeadTimeDays', 'The default lead time must be a whole number of days from 0 to 3650.');
  }
  errors.throwIfAny();
}

function supplierData(input: SupplierInput): Prisma.SupplierUncheckedUpdateInput {
  const data: Record<string, unknown> = {};
  for (const field of Object.keys(MAX_LENGTHS) as Array<keyof typeof MAX_LENGTHS>) {
    const value = input[field];
    if (value === undefined) continue;
    // name is never null here: the checks refuse an empty name before writing.
    data[field] = field === 'name' ? (value as string).trim() : value;
  }
  if (input.overReceiptTolerancePercent != null) data.overReceiptTolerancePercent = input.overReceiptTolerancePercent;
  if (input.paymentTermsDays !== undefined) data.paymentTermsDays = input.paymentTermsDays;
  if (input.defaultLeadTimeDays !== undefined) data.defaultLeadTimeDays = input.defaultLeadTimeDays;
  return data;
}
