// Distribution template categories: named groups products belong to for distribution.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import type { NamedListArgs } from './distribution-templates.js';
import { inUseByProducts } from './in-use.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface DistributionTemplateCategoryInput {
  name?: string | null;
}

export type DistributionTemplateCategoryQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listDistributionTemplateCategories(
  db: TenantDb,
  args: NamedListArgs,
  query: DistributionTemplateCategoryQuery = {},
): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.DistributionTemplateCategoryWhereInput = args.q ? { name: { contains: args.q, mode: 'insensitive' } } : {};
  return listPage(db, 'distributionTemplateCategory', query, { where, orderBy, window });
}

export async function getDistributionTemplateCategory(
  db: TenantDb | TenantTx,
  id: number,
  query: DistributionTemplateCategoryQuery = {},
) {
  const category = await db.distributionTemplateCategory.findUnique({ ...query, where: byId(id) });
  if (!category) throw new NotFoundError('Distribution template category', id);
  return category;
}

export async function createDistributionTemplateCategory(
  db: TenantDb,
  input: DistributionTemplateCategoryInput,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    checkInput(input, true);
    const created = await tx.distributionTemplateCategory.create({
      data: { name: input.name!.trim() } as Prisma.DistributionTemplateCategoryUncheckedCreateInput,
    });
    return readAnswer(tx, created.id, query, (q) => tx.distributionTemplateCategory.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateDistributionTemplateCategory(
  db: TenantDb,
  id: number,
  input: DistributionTemplateCategoryInput,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    await getDistributionTemplateCategory(tx, id);
    checkInput(input, false);
    if (typeof input.name === 'string') {
      await tx.distributionTemplateCategory.update({ where: byId(id), data: { name: input.name.trim() } });
    }
    return readAnswer(tx, id, query, (q) => tx.distributionTemplateCategory.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteDistributionTemplateCategory(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getDistributionTemplateCategory(tx, id, { select: { id: true } });
    const products = await tx.product.count({ where: { distributionTemplateCategoryId: id } });
    if (products > 0) throw inUseByProducts('Distribution template category', id, products);
    const category = await readAnswer(tx, id, query, (q) => tx.distributionTemplateCategory.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.distributionTemplateCategory.delete({ where: byId(id) });
    return category;
  });
}

function checkInput(input: DistributionTemplateCategoryInput, creating: boolean): void {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  checkMaxLength(errors, 'name', input.name, 255);
  errors.throwIfAny();
}
