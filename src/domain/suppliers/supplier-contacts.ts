// The people to talk to at a supplier, in the shape of /suppliers/{id}/contacts: {name, email, phone, role}.
// They are contacts (the Contact model, also listed under /contacts) owned by the supplier: `name` is the
// first name and last name together (a name given here is stored whole as the first name, so it reads back
// exactly) and `role` is the title. A contact is always addressed through its supplier: a contact id under
// the wrong supplier, or of a customer company's contact, is "not found", like an id that does not exist.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkEmail, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { getSupplier } from './suppliers.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface SupplierContactInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  role?: string | null;
}

const MAX_LENGTHS: Record<keyof SupplierContactInput, number> = { name: 255, email: 255, phone: 64, role: 255 };

export interface SupplierContactListArgs extends PageArgs {
  sort?: string | null;
}

export type SupplierContactQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'firstName', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listSupplierContacts(
  db: TenantDb,
  supplierId: number,
  args: SupplierContactListArgs,
  query: SupplierContactQuery = {},
): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  await getSupplier(db, supplierId, { select: { id: true } });
  const where = { supplierId };
  return listPage(db, 'contact', query, { where, orderBy, window });
}

export async function getSupplierContact(
  db: TenantDb | TenantTx,
  supplierId: number,
  id: number,
  query: SupplierContactQuery = {},
) {
  await getSupplier(db, supplierId, { select: { id: true } });
  const contact = await db.contact.findFirst({ ...query, where: { id, supplierId } });
  if (!contact) throw new NotFoundError('Supplier contact', id);
  return contact;
}

export async function createSupplierContact(
  db: TenantDb,
  supplierId: number,
  input: SupplierContactInput,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    await getSupplier(tx, supplierId, { select: { id: true } });
    checkContactInput(input, true);
    const created = await tx.contact.create({
      data: { ...contactData(input), supplierId } as Prisma.ContactUncheckedCreateInput,
    });
    return readAnswer(tx, created.id, query, (q) => tx.contact.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateSupplierContact(
  db: TenantDb,
  supplierId: number,
  id: number,
  input: SupplierContactInput,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    await getSupplierContact(tx, supplierId, id, { select: { id: true } });
    checkContactInput(input, false);
    await tx.contact.update({ where: byId(id), data: contactData(input) });
    return readAnswer(tx, id, query, (q) => tx.contact.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteSupplierContact(db: TenantDb, supplierId: number, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getSupplierContact(tx, supplierId, id, { select: { id: true } });
    const contact = await readAnswer(tx, id, query, (q) => tx.contact.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.contact.delete({ where: byId(id) });
    return contact;
  });
}

function checkContactInput(input: SupplierContactInput, creating: boolean): void {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  for (const [field, max] of Object.entries(MAX_LENGTHS)) {
    checkMaxLength(errors, field, input[field as keyof SupplierContactInput], max);
  }
  checkEmail(errors, 'email', input.email);
  errors.throwIfAny();
}

function contactData(input: SupplierContactInput): Prisma.ContactUncheckedUpdateInput {
  const data: Prisma.ContactUncheckedUpdateInput = {};
  if (input.name !== undefined) {
    data.firstName = input.name!.trim();
    data.lastName = null;
  }
  if (input.email !== undefined) data.email = input.email;
  if (input.phone !== undefined) data.phone = input.phone;
  if (input.role !== undefined) data.title = input.role;
  return data;
}
