// Production batches: a named group of work orders run together. The batch's total planned quantity (its
// orders' planned_qty, cancelled ones left out) is the PRODUCTION_RUN_TOTAL quantity basis of cost rules.
//
// Rules: name required, at most 255 characters, unique in the company; notes free text (null clears);
// work_order_ids replaces the batch's work orders (batch-work-orders.ts). Each request is one transaction.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { dateTimeFilter, stringFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { assignWorkOrders, checkWorkOrderIds, runTotalOf } from './batch-work-orders.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export interface ProductionBatchInput {
  name?: string | null;
  notes?: string | null;
  workOrderIds?: number[] | null;
}

/** The filters of GET /production-batches: `name[contains]=june`, `created_at[gte]=…`. */
export const PRODUCTION_BATCH_FILTERS: FilterSpec<Prisma.ProductionBatchWhereInput> = {
  name: { kind: 'string', where: (op, value) => ({ name: stringFilter(op, value) }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listProductionBatches(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, PRODUCTION_BATCH_FILTERS, SORTABLE);
  return listPage(db, 'productionBatch', query, { where, orderBy, window });
}

export async function getProductionBatch(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const batch = await db.productionBatch.findUnique({ ...query, where: byId(id) });
  if (!batch) throw new NotFoundError('Production batch', id);
  return batch;
}

export async function createProductionBatch(db: TenantDb, input: ProductionBatchInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const workOrderIds = await checkInput(tx, input, null);
    const created = await uniqueName(() =>
      tx.productionBatch.create({ data: { name: input.name!.trim(), notes: input.notes ?? null } as Prisma.ProductionBatchUncheckedCreateInput }),
    );
    if (workOrderIds) await assignWorkOrders(tx, created.id, workOrderIds);
    return readAnswer(tx, created.id, query, (q) => tx.productionBatch.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

/** Only the fields given change; work_order_ids, when given, replaces the batch's work orders. */
export async function updateProductionBatch(db: TenantDb, id: number, input: ProductionBatchInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getProductionBatch(tx, id, { select: { id: true } });
    const workOrderIds = await checkInput(tx, input, id);
    // Stamped even when only the work orders change: they are part of the batch.
    const data: Prisma.ProductionBatchUncheckedUpdateInput = { updatedAt: new Date() };
    if (input.name != null) data.name = input.name.trim();
    if (input.notes !== undefined) data.notes = input.notes;
    await uniqueName(() => tx.productionBatch.update({ where: byId(id), data }));
    if (workOrderIds) await assignWorkOrders(tx, id, workOrderIds);
    return readAnswer(tx, id, query, (q) => tx.productionBatch.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Lets go of the batch's work orders, then deletes it; answers the batch as it was. */
export async function deleteProductionBatch(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getProductionBatch(tx, id, { select: { id: true } });
    const batch = await readAnswer(tx, id, query, (q) => tx.productionBatch.findUniqueOrThrow({ ...q, where: byId(id) }));
    await assignWorkOrders(tx, id, []);
    await tx.productionBatch.delete({ where: byId(id) });
    return batch;
  });
}

/**
 * The PRODUCTION_RUN_TOTAL quantity basis of cost rules: the planned quantity of the batch's work orders that
 * are not cancelled; 0 for a batch without any (or an unknown id). One query.
 */
export async function productionRunTotal(db: TenantDb | TenantTx, batchId: number): Promise<Decimal> {
  const orders = await db.workOrder.findMany({ where: { productionBatchId: batchId }, select: { status: true, plannedQty: true } });
  return runTotalOf(orders);
}

// What a batch shows beyond its own columns, as SQL over a row (`batch`; the company as $1) for answers PostgreSQL
// writes whole (src/graphql/shared/compiled-records.ts). The GraphQL resolvers read the same through a Prisma
// selection of the batch's work orders (src/graphql/production/batch-fields.ts).

/** The ids of the batch's work orders, ascending; an empty list for none. */
export const workOrderIdsSql = (batch: string) =>
  `(SELECT coalesce(array_agg(w.id ORDER BY w.id), '{}') FROM "WorkOrder" w WHERE w."companyId" = $1::int AND w."productionBatchId" = ${batch}.id)`;

/** runTotalOf in SQL: the planned quantity of the batch's work orders that are not cancelled, 0 for none; not yet trimmed. */
export const runTotalSql = (batch: string) =>
  `(SELECT coalesce(sum(w."plannedQty") FILTER (WHERE w.status <> 'cancelled'), 0) FROM "WorkOrder" w WHERE w."companyId" = $1::int AND w."productionBatchId" = ${batch}.id)`;

/** Checks every field (name clash and work orders with one query each); the work order ids to set, if given. */
async function checkInput(tx: TenantTx, input: ProductionBatchInput, id: number | null): Promise<number[] | undefined> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, id === null);
  checkMaxLength(errors, 'name', input.name?.trim(), 255);
  const name = input.name?.trim();
  if (name && !errors.errors.name) {
    const clash = await tx.productionBatch.findFirst({ where: { name, ...(id !== null ? { NOT: { id } } : {}) }, select: { id: true } });
    if (clash) errors.add('name', `A production batch named "${name}" already exists (id ${clash.id}).`);
  }
  const workOrderIds = await checkWorkOrderIds(tx, input.workOrderIds, id, errors);
  errors.throwIfAny();
  return workOrderIds;
}

/** A concurrent create of the same name loses on the unique index: the same 422 as the check. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ValidationError({ name: ['A production batch with this name already exists.'] });
    }
    throw error;
  }
}
