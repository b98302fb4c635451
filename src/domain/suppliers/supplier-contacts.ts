// The people to talk to at a supplier. A contact is always addressed through its supplier: a contact id
// under the wrong supplier is "not found", like an id that does not exist.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkEmail, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageMeta, pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { getSupplier } from './suppliers.js';
import type { PassThroughQuery } from '../shared/pass-through-query.js';

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

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

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
  const [items, total] = await db.$transaction([
    db.supplierContact.findMany({ ...query, where, orderBy, skip: window.skip, take: window.take }),
    db.supplierContact.count({ where }),
  ]);
  return { items, meta: pageMeta(window, total, items.length) };
}

export async function getSupplierContact(
  db: TenantDb | TenantTx,
  supplierId: number,
  id: number,
  query: SupplierContactQuery = {},
) {
  await getSupplier(db, supplierId, { select: { id: true } });
  const contact = await db.supplierContact.findFirst({ ...query, where: { id, supplierId } });
  if (!contact) throw new NotFoundError('Supplier contact', id);
  return contact;
}

export async function createSupplierContact(
  db: TenantDb,
  supplierId: number,
  input: SupplierContactInput,
  query: SupplierContactQuery = {},
) {
  return db.$transaction(async (tx) => {
    await getSupplier(tx, supplierId, { select: { id: true } });
    checkContactInput(input, true);
    const created = await tx.supplierContact.create({
      data: { ...contactData(input), supplierId } as Prisma.SupplierContactUncheckedCreateInput,
    });
    return tx.supplierContact.findUniqueOrThrow({ ...query, where: byId(created.id) });
  });
}

export async function updateSupplierContact(
  db: TenantDb,
  supplierId: number,
  id: number,
  input: SupplierContactInput,
  query: SupplierContactQuery = {},
) {
  return db.$transaction(async (tx) => {
    await getSupplierContact(tx, supplierId, id, { select: { id: true } });
    checkContactInput(input, false);
    await tx.supplierContact.update({ where: byId(id), data: contactData(input) });
    return tx.supplierContact.findUniqueOrThrow({ ...query, where: byId(id) });
  });
}

export async function deleteSupplierContact(db: TenantDb, supplierId: number, id: number, query: SupplierContactQuery = {}) {
  return db.$transaction(async (tx) => {
    const contact = await getSupplierContact(tx, supplierId, id, query);
    await tx.supplierContact.delete({ where: byId(id) });
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

function contactData(input: SupplierContactInput): Prisma.SupplierContactUncheckedUpdateInput {
  const data: Record<string, unknown> = {};
  for (const field of Object.keys(MAX_LENGTHS) as Array<keyof SupplierContactInput>) {
    const value = input[field];
    if (value === undefined) continue;
    data[field] = field === 'name' ? (value as string).trim() : value;
  }
  return data;
}
