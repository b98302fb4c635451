// Tags: labels attached to products (name unique per company, ignoring case). Deleting a tag detaches
// it from its products (the ProductTag rows go with it); the products stay.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface TagInput {
  name?: string | null;
  description?: string | null;
  icon?: string | null;
  color?: string | null;
}

const MAX_LENGTHS: Record<keyof TagInput, number> = { name: 255, description: 65535, icon: 255, color: 32 };

export interface TagListArgs extends PageArgs {
  sort?: string | null;
  q?: string | null;
}

export type TagQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listTags(db: TenantDb, args: TagListArgs, query: TagQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.TagWhereInput = args.q ? { name: { contains: args.q, mode: 'insensitive' } } : {};
  return listPage(db, 'tag', query, { where, orderBy, window });
}

export async function getTag(db: TenantDb | TenantTx, id: number, query: TagQuery = {}) {
  const tag = await db.tag.findUnique({ ...query, where: byId(id) });
  if (!tag) throw new NotFoundError('Tag', id);
  return tag;
}

export async function createTag(db: TenantDb, input: TagInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await checkTagInput(tx, null, input, true);
    const created = await tx.tag.create({ data: tagData(input) as Prisma.TagUncheckedCreateInput });
    return readAnswer(tx, created.id, query, (q) => tx.tag.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateTag(db: TenantDb, id: number, input: TagInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getTag(tx, id);
    await checkTagInput(tx, id, input, false);
    await tx.tag.update({ where: byId(id), data: tagData(input) });
    return readAnswer(tx, id, query, (q) => tx.tag.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteTag(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getTag(tx, id, { select: { id: true } });
    const tag = await readAnswer(tx, id, query, (q) => tx.tag.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.tag.delete({ where: byId(id) });
    return tag;
  });
}

async function checkTagInput(tx: TenantTx, id: number | null, input: TagInput, creating: boolean): Promise<void> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  for (const [field, max] of Object.entries(MAX_LENGTHS)) checkMaxLength(errors, field, input[field as keyof TagInput], max);
  if (typeof input.name === 'string' && input.name.trim() !== '' && !errors.errors.name) {
    const name = input.name.trim();
    const clash = await tx.tag.findFirst({
      where: { name: { equals: name, mode: 'insensitive' }, ...(id !== null ? { NOT: { id } } : {}) },
      select: { id: true },
    });
    if (clash) errors.add('name', `A tag named "${name}" already exists (id ${clash.id}).`);
  }
  errors.throwIfAny();
}

function tagData(input: TagInput): Prisma.TagUncheckedUpdateInput {
  const data: Record<string, unknown> = {};
  for (const field of Object.keys(MAX_LENGTHS) as Array<keyof TagInput>) {
    const value = input[field];
    if (value === undefined) continue;
    data[field] = field === 'name' ? (value as string).trim() : value;
  }
  return data;
}
