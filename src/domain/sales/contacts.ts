// Contacts: people at a customer company or at a supplier, exactly one of the two. The contacts of a
// supplier made under /suppliers/{id}/contacts are the same records (src/domain/suppliers/supplier-contacts.ts
// shows them in that route's older shape).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkEmail, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { comparisonFilter, dateTimeFilter, stringFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export interface ContactInput {
  /** The customer company (CustomerCompany) the person works at. */
  companyId?: number | null;
  supplierId?: number | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  title?: string | null;
}

const MAX_LENGTHS = { firstName: 255, lastName: 255, email: 255, phone: 64, title: 255 } as const;

type ContactFilter = FilterSpec<Prisma.ContactWhereInput>[string];
const owner = (column: 'customerCompanyId' | 'supplierId'): ContactFilter => ({
  kind: 'integer',
  operators: ['eq'],
  where: (op, value) => ({ [column]: comparisonFilter(op, value as number) }),
});

/** The filters of GET /contacts: `company_id=3`, `supplier_id=4`, `email=…`, `name[contains]=kari`, `created_at[gte]=…`. */
export const CONTACT_FILTERS: FilterSpec<Prisma.ContactWhereInput> = {
  company_id: owner('customerCompanyId'),
  supplier_id: owner('supplierId'),
  email: { kind: 'string', where: (op, value) => ({ email: stringFilter(op, value) }) },
  name: {
    kind: 'string',
    description: 'the first name or the last name',
    where: (op, value) => ({ OR: [{ firstName: stringFilter(op, value) }, { lastName: stringFilter(op, value) }] }),
  },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', first_name: 'firstName', last_name: 'lastName', email: 'email', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listContacts(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, CONTACT_FILTERS, SORTABLE);
  return listPage(db, 'contact', query, { where, orderBy, window });
}

export async function getContact(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const contact = await db.contact.findUnique({ ...query, where: byId(id) });
  if (!contact) throw new NotFoundError('Contact', id);
  return contact;
}

export async function createContact(db: TenantDb, input: ContactInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const data = await checkContact(tx, input, null);
    const created = await tx.contact.create({ data: data as Prisma.ContactUncheckedCreateInput });
    return readAnswer(tx, created.id, query, (q) => tx.contact.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

/**
 * Only the fields given change. The owner may move (another company, or from a company to a supplier by
 * setting the other one to null in the same call); a contact never ends with no owner or two.
 */
export async function updateContact(db: TenantDb, id: number, input: ContactInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const existing = await getContact(tx, id, { select: { customerCompanyId: true, supplierId: true } });
    const data = await checkContact(tx, input, existing);
    await tx.contact.update({ where: byId(id), data });
    return readAnswer(tx, id, query, (q) => tx.contact.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteContact(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getContact(tx, id, { select: { id: true } });
    const contact = await readAnswer(tx, id, query, (q) => tx.contact.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.contact.delete({ where: byId(id) });
    return contact;
  });
}

async function checkContact(
  tx: TenantTx,
  input: ContactInput,
  existing: { customerCompanyId: number | null; supplierId: number | null } | null,
): Promise<Prisma.ContactUncheckedUpdateInput> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'firstName', input.firstName, existing === null);
  for (const [field, max] of Object.entries(MAX_LENGTHS)) checkMaxLength(errors, field, input[field as keyof typeof MAX_LENGTHS]?.trim(), max);
  checkEmail(errors, 'email', input.email?.trim());

  const companyId = input.companyId !== undefined ? input.companyId : (existing?.customerCompanyId ?? null);
  const supplierId = input.supplierId !== undefined ? input.supplierId : (existing?.supplierId ?? null);
  if (companyId == null && supplierId == null) {
    const message = 'A contact belongs to a customer company or a supplier: give the company id or the supplier id.';
    errors.add('companyId', message);
    errors.add('supplierId', message);
  } else if (companyId != null && supplierId != null) {
    const message = 'A contact belongs to one owner: give the company id or the supplier id, not both (set the other to null to move it).';
    errors.add(input.companyId != null ? 'companyId' : 'supplierId', message);
    if (input.companyId != null && input.supplierId != null) errors.add('supplierId', message);
  } else {
    if (input.companyId != null && !(await tx.customerCompany.findUnique({ where: byId(input.companyId), select: { id: true } }))) {
      errors.add('companyId', `Customer company ${input.companyId} does not exist.`);
    }
    if (input.supplierId != null && !(await tx.supplier.findUnique({ where: byId(input.supplierId), select: { id: true } }))) {
      errors.add('supplierId', `Supplier ${input.supplierId} does not exist.`);
    }
  }
  errors.throwIfAny();

  const data: Prisma.ContactUncheckedUpdateInput = { customerCompanyId: companyId, supplierId };
  if (input.firstName !== undefined) data.firstName = input.firstName!.trim();
  for (const field of ['lastName', 'email', 'phone', 'title'] as const) {
    const value = input[field];
    if (value !== undefined) data[field] = value == null || value.trim() === '' ? null : value.trim();
  }
  return data;
}
