// Distribution templates (how a product's stock is spread over warehouses; `source` says where the
// template comes from, "assigned" by default) and the categories that group products for distribution.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { inUseByProducts } from './in-use.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface DistributionTemplateInput {
  name?: string | null;
  /** Default "assigned". */
  source?: string | null;
}

export interface NamedListArgs extends PageArgs {
  sort?: string | null;
  q?: string | null;
}

export type DistributionTemplateQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listDistributionTemplates(
  db: TenantDb,
  args: NamedListArgs,
  query: DistributionTemplateQuery = {},
): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.DistributionTemplateWhereInput = args.q ? { name: { contains: args.q, mode: 'insensitive' } } : {};
  return listPage(db, 'distributionTemplate', query, { where, orderBy, window });
}

export async function getDistributionTemplate(db: TenantDb | TenantTx, id: number, query: DistributionTemplateQuery = {}) {
  const template = await db.distributionTemplate.findUnique({ ...query, where: byId(id) });
  if (!template) throw new NotFoundError('Distribution template', id);
  return template;
}

export async function createDistributionTemplate(db: TenantDb, input: DistributionTemplateInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    checkTemplateInput(input, true);
    const created = await tx.distributionTemplate.create({
      data: templateData(input) as Prisma.DistributionTemplateUncheckedCreateInput,
    });
    return readAnswer(tx, created.id, query, (q) => tx.distributionTemplate.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateDistributionTemplate(
  db: TenantDb,
  id: number,
  input: DistributionTemplateInput,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    await getDistributionTemplate(tx, id);
    checkTemplateInput(input, false);
    await tx.distributionTemplate.update({ where: byId(id), data: templateData(input) });
    return readAnswer(tx, id, query, (q) => tx.distributionTemplate.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteDistributionTemplate(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getDistributionTemplate(tx, id, { select: { id: true } });
    const products = await tx.product.count({ where: { distributionTemplateId: id } });
    if (products > 0) throw inUseByProducts('Distribution template', id, products);
    const template = await readAnswer(tx, id, query, (q) => tx.distributionTemplate.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.distributionTemplate.delete({ where: byId(id) });
    return template;
  });
}

function checkTemplateInput(input: DistributionTemplateInput, creating: boolean): void {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  checkMaxLength(errors, 'name', input.name, 255);
  // Left out, the source defaults to "assigned"; given, it must say something.
  if (input.source !== undefined) checkRequiredText(errors, 'source', input.source, false);
  checkMaxLength(errors, 'source', input.source, 64);
  errors.throwIfAny();
}

function templateData(input: DistributionTemplateInput): Prisma.DistributionTemplateUncheckedUpdateInput {
  const data: Prisma.DistributionTemplateUncheckedUpdateInput = {};
  if (typeof input.name === 'string') data.name = input.name.trim();
  if (typeof input.source === 'string') data.source = input.source.trim();
  return data;
}
