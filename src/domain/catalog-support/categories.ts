// Product categories and subcategories, two levels only: a category has no parent, a subcategory sits
// directly under a category. Names are unique among siblings (ignoring case), so `category.name` filters
// are unambiguous. A category in use by products, or one that still holds subcategories, is not deleted.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface CategoryInput {
  name?: string | null;
  /** A category's id makes this a subcategory under it; null makes it a category. */
  parentId?: number | null;
}

export type CategoryKind = 'category' | 'subcategory';

export interface CategoryListArgs extends PageArgs {
  sort?: string | null;
  parentId?: number | null;
  kind?: CategoryKind | null;
  q?: string | null;
}

export type CategoryQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listCategories(db: TenantDb, args: CategoryListArgs, query: CategoryQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.ProductCategoryWhereInput = {};
  if (args.parentId !== undefined && args.parentId !== null) where.parentId = args.parentId;
  if (args.kind === 'category') where.parentId = null;
  if (args.kind === 'subcategory') where.parentId = args.parentId ?? { not: null };
  if (args.q) where.name = { contains: args.q, mode: 'insensitive' };
  return listPage(db, 'productCategory', query, { where, orderBy, window });
}

export async function getCategory(db: TenantDb | TenantTx, id: number, query: CategoryQuery = {}) {
  const category = await db.productCategory.findUnique({ ...query, where: byId(id) });
  if (!category) throw new NotFoundError('Category', id);
  return category;
}

export async function createCategory(db: TenantDb, input: CategoryInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await checkCategoryInput(tx, null, input, true);
    const created = await tx.productCategory.create({
      data: { name: input.name!.trim(), parentId: input.parentId ?? null } as Prisma.ProductCategoryUncheckedCreateInput,
    });
    return readAnswer(tx, created.id, query, (q) => tx.productCategory.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateCategory(db: TenantDb, id: number, input: CategoryInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const current = await getCategory(tx, id);
    await checkCategoryInput(tx, current, input, false);
    const data: Prisma.ProductCategoryUncheckedUpdateInput = {};
    if (typeof input.name === 'string') data.name = input.name.trim();
    if (input.parentId !== undefined) data.parentId = input.parentId;
    await tx.productCategory.update({ where: byId(id), data });
    return readAnswer(tx, id, query, (q) => tx.productCategory.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteCategory(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getCategory(tx, id, { select: { id: true } });
    const subcategories = await tx.productCategory.count({ where: { parentId: id } });
    if (subcategories > 0) {
      const message = `Category ${id} still holds ${plural(subcategories, 'subcategory', 'subcategories')}; move or delete them first.`;
      throw new ValidationError({ id: [message] }, message);
    }
    const products = await tx.product.count({ where: { OR: [{ categoryId: id }, { subcategoryId: id }] } });
    if (products > 0) {
      const message = `Category ${id} is used by ${plural(products, 'product', 'products')}; move them to another category first.`;
      throw new ValidationError({ id: [message] }, message);
    }
    // The answer is what was deleted: read before the delete, in its transaction.
    const category = await readAnswer(tx, id, query, (q) => tx.productCategory.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.productCategory.delete({ where: byId(id) });
    return category;
  });
}

async function checkCategoryInput(
  tx: TenantTx,
  current: { id: number; name: string; parentId: number | null } | null,
  input: CategoryInput,
  creating: boolean,
): Promise<void> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  checkMaxLength(errors, 'name', input.name, 255);
  const parentId = input.parentId !== undefined ? input.parentId : current?.parentId ?? null;

  if (typeof input.parentId === 'number') {
    const parent = await tx.productCategory.findUnique({ where: byId(input.parentId), select: { parentId: true } });
    if (current && input.parentId === current.id) {
      errors.add('parentId', 'A category cannot be its own parent.');
    } else if (!parent) {
      errors.add('parentId', `The selected parent ${input.parentId} does not exist; parent_id must reference a category.`);
    } else if (parent.parentId !== null) {
      errors.add('parentId', `Category ${input.parentId} is a subcategory; subcategories cannot be nested.`);
    }
  }
  // A move would leave products pointing at the wrong level, or at a subcategory outside their category.
  if (current && input.parentId !== undefined && input.parentId !== current.parentId && !errors.errors.parentId) {
    if (current.parentId === null && (await tx.productCategory.count({ where: { parentId: current.id } })) > 0) {
      errors.add('parentId', 'This category holds subcategories, so it cannot become a subcategory.');
    } else {
      const level = current.parentId === null ? 'category' : 'subcategory';
      const used = await tx.product.count({ where: level === 'category' ? { categoryId: current.id } : { subcategoryId: current.id } });
      if (used > 0) {
        errors.add('parentId', `${plural(used, 'product uses', 'products use')} this ${level}, so it cannot be moved.`);
      }
    }
  }

  const name = typeof input.name === 'string' ? input.name.trim() : current?.name;
  if (name && !errors.errors.name && !errors.errors.parentId && (input.name !== undefined || input.parentId !== undefined)) {
    const clash = await tx.productCategory.findFirst({
      where: { parentId, name: { equals: name, mode: 'insensitive' }, ...(current ? { NOT: { id: current.id } } : {}) },
      select: { id: true },
    });
    if (clash) {
      errors.add('name', parentId === null
        ? `A category named "${name}" already exists (id ${clash.id}).`
        : `Category ${parentId} already has a subcategory named "${name}" (id ${clash.id}).`);
    }
  }
  errors.throwIfAny();
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
