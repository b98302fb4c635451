// Cycle count batches: what to count (warehouses, and optionally locations, products, categories and tags)
// and how (blind or not). Creating a batch opens one draft session per warehouse; a batch is deleted while
// every session is still a draft or cancelled (nothing was counted into the books).
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDateOnly, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { parseSort } from '../shared/sorting.js';
import { recordEvents } from '../events/index.js';
import { cycleCountEvent } from './cycle-count-events.js';
import { listPage } from '../shared/list-page.js';

export interface CycleCountBatchInput {
  name?: string | null;
  warehouseIds?: number[] | null;
  locationIds?: number[] | null;
  productIds?: number[] | null;
  categoryIds?: number[] | null;
  tagIds?: number[] | null;
  blind?: boolean | null;
  scheduledFor?: string | null;
  notes?: string | null;
}

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', scheduled_for: 'scheduledFor' };

export async function createCycleCountBatch(db: TenantDb, input: CycleCountBatchInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const scheduledFor = await checkBatchInput(tx, input);
    const batch = await tx.cycleCountBatch.create({
      data: {
        name: input.name!.trim(),
        locationIds: input.locationIds ?? [],
        productIds: input.productIds ?? [],
        categoryIds: input.categoryIds ?? [],
        tagIds: input.tagIds ?? [],
        blind: input.blind ?? false,
        scheduledFor,
        notes: input.notes ?? null,
      } as Prisma.CycleCountBatchUncheckedCreateInput,
    });
    const sessions = await tx.cycleCountSession.createManyAndReturn({
      data: input.warehouseIds!.map((warehouseId) => ({ batchId: batch.id, warehouseId, uuid: randomUUID() })) as Prisma.CycleCountSessionCreateManyInput[],
      select: { id: true, batchId: true, warehouseId: true },
    });
    await recordEvents(tx, sessions.map((session) => cycleCountEvent('cycle_count.created', session, 'draft')));
    return readAnswer(tx, batch.id, query, (q) => tx.cycleCountBatch.findUniqueOrThrow({ ...q, where: byId(batch.id) }));
  });
}

/** Every problem at once, keyed by field (`warehouseIds.1`); answers the scheduled date. */
async function checkBatchInput(tx: TenantTx, input: CycleCountBatchInput): Promise<Date | null> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, true);
  checkMaxLength(errors, 'name', input.name, 255);
  checkMaxLength(errors, 'notes', input.notes, 65_535);
  if (input.blind === null) errors.add('blind', 'The blind field must be true or false.');
  const scheduledFor = input.scheduledFor != null ? checkDateOnly(errors, 'scheduledFor', input.scheduledFor) : null;
  const warehouseIds = input.warehouseIds ?? [];
  if (warehouseIds.length === 0) errors.add('warehouseIds', 'Give at least one warehouse.');

  const ids = (list: number[] | null | undefined) => [...new Set(list ?? [])];
  const [warehouses, locations, products, categories, tags] = await Promise.all([
    tx.location.findMany({ where: { id: { in: ids(warehouseIds) } }, select: { id: true, parentId: true } }),
    tx.location.findMany({ where: { id: { in: ids(input.locationIds) } }, select: { id: true, parentId: true } }),
    tx.product.findMany({ where: { id: { in: ids(input.productIds) } }, select: { id: true } }),
    tx.productCategory.findMany({ where: { id: { in: ids(input.categoryIds) } }, select: { id: true } }),
    tx.tag.findMany({ where: { id: { in: ids(input.tagIds) } }, select: { id: true } }),
  ]);
  const checkList = (field: string, list: number[] | null | undefined, known: Set<number>, noun: string, extra?: (id: number) => string | null) => {
    const seen = new Set<number>();
    (list ?? []).forEach((id, index) => {
      const at = `${field}.${index}`;
      if (!known.has(id)) errors.add(at, `${noun} ${id} does not exist.`);
      else if (seen.has(id)) errors.add(at, `${noun} ${id} is given more than once.`);
      else {
        const problem = extra?.(id);
        if (problem) errors.add(at, problem);
      }
      seen.add(id);
    });
  };
  const warehouseBy = new Map(warehouses.map((w) => [w.id, w]));
  const locationBy = new Map(locations.map((l) => [l.id, l]));
  checkList('warehouseIds', warehouseIds, new Set(warehouseBy.keys()), 'Location', (id) => (warehouseBy.get(id)!.parentId !== null ? `Location ${id} is not a warehouse (a top-level location).` : null));
  checkList('locationIds', input.locationIds, new Set(locationBy.keys()), 'Location', (id) => {
    const location = locationBy.get(id)!;
    const warehouse = location.parentId ?? location.id;
    return warehouseIds.includes(warehouse) ? null : `Location ${id} is not in one of the batch's warehouses.`;
  });
  checkList('productIds', input.productIds, new Set(products.map((p) => p.id)), 'Product');
  checkList('categoryIds', input.categoryIds, new Set(categories.map((c) => c.id)), 'Category');
  checkList('tagIds', input.tagIds, new Set(tags.map((t) => t.id)), 'Tag');
  errors.throwIfAny();
  return scheduledFor;
}

export async function listCycleCountBatches(db: TenantDb, args: PageArgs & { sort?: string | null }, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  errors.throwIfAny();
  return listPage(db, 'cycleCountBatch', query, { orderBy, window });
}

export async function getCycleCountBatch(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const batch = await db.cycleCountBatch.findUnique({ ...query, where: byId(id) });
  if (!batch) throw new NotFoundError('Cycle count batch', id);
  return batch;
}

// What a batch shows beyond its own columns, as SQL over a row (`batch`; the company as $1) for answers PostgreSQL
// writes whole (src/graphql/shared/compiled-records.ts). The GraphQL resolver reads the same through a Prisma
// selection (src/graphql/cycle-counts/batch-fields.ts).

/** The warehouses of the batch's sessions, in the order of the sessions' ids; an empty list for none. */
export const warehouseIdsSql = (batch: string) =>
  `(SELECT coalesce(array_agg(s."warehouseId" ORDER BY s.id), '{}') FROM "CycleCountSession" s WHERE s."companyId" = $1::int AND s."batchId" = ${batch}.id)`;

/** Deletes the batch and its sessions while none of them has started (or all that did were cancelled). */
export async function deleteCycleCountBatch(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getCycleCountBatch(tx, id, { select: { id: true } });
    // Claim the sessions: a session that starts meanwhile keeps the batch.
    const sessions = await tx.cycleCountSession.findMany({ where: { batchId: id }, select: { id: true, status: true, batchId: true, warehouseId: true } });
    const live = sessions.filter((s) => s.status !== 'draft' && s.status !== 'cancelled');
    if (live.length > 0) {
      throw new ValidationError({ id: [`Cycle count batch ${id} has session${live.length > 1 ? 's' : ''} ${live.map((s) => `${s.id} (${s.status})`).join(', ')}: only a batch whose sessions are all draft or cancelled can be deleted.`] });
    }
    // Read before the claim: the answer shows the sessions as they were.
    const batch = await readAnswer(tx, id, query, (q) => tx.cycleCountBatch.findUniqueOrThrow({ ...q, where: byId(id) }));
    const claimed = await tx.cycleCountSession.updateMany({ where: { batchId: id, status: { in: ['draft', 'cancelled'] } }, data: { status: 'cancelled' } });
    if (claimed.count !== sessions.length) throw new ValidationError({ id: [`A session of cycle count batch ${id} changed meanwhile; try again.`] });
    await tx.cycleCountBatch.delete({ where: byId(id) });
    await recordEvents(tx, sessions.map((session) => cycleCountEvent('cycle_count.deleted', session, 'deleted')));
    return batch;
  });
}
