// Cycle count sessions: one warehouse of a batch. Their states and the one way to change state (claim), the
// scope of a session (what its snapshot holds), and reading sessions and lines. Field names are the session's
// camelCase names, as its API (and its error keys) are camelCase.
import { sqlTextList } from '../shared/json-sql.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { comparisonFilter, type FilterSpec } from '../shared/filters/index.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import type { PassThroughQuery } from '../shared/pass-through-query.js';
import { parseSort } from '../shared/sorting.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { recordEvent, type EventType } from '../events/index.js';
import { cycleCountEvent } from './cycle-count-events.js';
import { listPage } from '../shared/list-page.js';

export const SESSION_STATUSES = ['draft', 'in_progress', 'pending_review', 'posted', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * The lifecycle: each operation, the states it leaves from, the state it reaches and the event it records
 * (posting records cycle_count.posted itself, with what it posted).
 */
export const SESSION_TRANSITIONS = {
  start: { from: ['draft'], to: 'in_progress', event: 'cycle_count.started' },
  'submit-review': { from: ['in_progress'], to: 'pending_review', event: 'cycle_count.submitted' },
  reopen: { from: ['pending_review'], to: 'in_progress', event: 'cycle_count.reopened' },
  post: { from: ['pending_review'], to: 'posted', event: null },
  cancel: { from: ['draft', 'in_progress', 'pending_review'], to: 'cancelled', event: 'cycle_count.cancelled' },
  'reset-counts': { from: ['in_progress'], to: 'in_progress', event: 'cycle_count.reset' },
} as const satisfies Record<string, { from: readonly SessionStatus[]; to: SessionStatus; event: EventType | null }>;
export type SessionOperation = keyof typeof SESSION_TRANSITIONS;

export async function getCycleCountSession(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const session = await db.cycleCountSession.findUnique({ ...query, where: byId(id) });
  if (!session) throw new NotFoundError('Cycle count session', id);
  return session;
}

/**
 * Moves the session by `operation` with a conditional update on its status, which also holds its row until
 * the transaction ends: concurrent operations (and counts) on one session take turns, and the loser of a race
 * finds the state changed — a 422 naming it. `data` is written in the same statement; the operation's event
 * is recorded.
 */
export async function claimSession(tx: TenantTx, id: number, operation: SessionOperation, data: Prisma.CycleCountSessionUncheckedUpdateManyInput = {}) {
  const session = await getCycleCountSession(tx, id);
  const { from, to, event } = SESSION_TRANSITIONS[operation];
  const claimed = await tx.cycleCountSession.updateMany({ where: { id, status: { in: [...from] } }, data: { ...data, status: to } });
  if (claimed.count === 0) {
    const now = (await getCycleCountSession(tx, id)).status;
    throw new ValidationError({ status: [`Cannot ${operation.replace('-', ' ')} a session that is ${now}: ${operation} takes a session that is ${from.join(' or ')}.`] });
  }
  if (event) await recordEvent(tx, cycleCountEvent(event, session, to));
  return session;
}

/** The states of a session before counting is over. */
const COUNTING_STATUSES = ['draft', 'in_progress'];

/** A blind session hides what the books say (expected quantities and variances) until counting is over. */
export function booksHidden(session: { status: string; batch: { blind: boolean } }): boolean {
  return session.batch.blind && COUNTING_STATUSES.includes(session.status);
}

// A line's fields as SQL over a line row (`line`, the company as $1), for answers PostgreSQL writes whole
// (src/graphql/shared/compiled-records.ts): the same rules as the resolvers of src/graphql/cycle-counts.

/** booksHidden of the line's session, as SQL. */
export const lineBooksHiddenSql = (line: string) => `EXISTS (
    SELECT FROM "CycleCountSession" s JOIN "CycleCountBatch" b ON b."companyId" = s."companyId" AND b.id = s."batchId"
    WHERE s."companyId" = $1::int AND s.id = ${line}."sessionId" AND b.blind AND s.status IN (${sqlTextList(COUNTING_STATUSES)}))`;

/** A value of the books, null while they are hidden. */
const unlessHiddenSql = (line: string, value: string) => `CASE WHEN ${lineBooksHiddenSql(line)} THEN NULL ELSE ${value} END`;

/** The book quantity when counted (the snapshot until then), null while hidden: not yet trimmed. */
export const lineExpectedQuantitySql = (line: string) => unlessHiddenSql(line, `coalesce(${line}."expectedQuantity", ${line}."snapshotQuantity")`);
/** counted − expected, null while hidden: not yet trimmed. */
export const lineVarianceQuantitySql = (line: string) => unlessHiddenSql(line, `${line}."varianceQuantity"`);
/** The variance at FIFO unit cost, null while hidden: not yet trimmed. */
export const lineVarianceValueSql = (line: string) => unlessHiddenSql(line, `${line}."varianceValue"`);
/** The lot counted, null for a product without lots (stored as ''). */
export const lineLotNumberSql = (line: string) => `nullif(${line}."lotNumber", '')`;
/** The SKU of the line's product. */
export const lineSkuSql = (line: string) => `(SELECT p.sku FROM "Product" p WHERE p."companyId" = $1::int AND p.id = ${line}."productId")`;

/** Holds an in-progress session for counting (422 otherwise). */
export async function claimForCounting(tx: TenantTx, id: number) {
  const session = await getCycleCountSession(tx, id);
  const claimed = await tx.cycleCountSession.updateMany({ where: { id, status: 'in_progress' }, data: { updatedAt: new Date() } });
  if (claimed.count === 0) throw new ValidationError({ status: [`Counts are taken while a session is in_progress; session ${id} is ${session.status}.`] });
  return session;
}

/** The locations a session counts: the batch's listed ones in its warehouse, else the warehouse and every location in it. */
export async function sessionLocationIds(tx: TenantDb | TenantTx, warehouseId: number, batchLocationIds: number[]): Promise<number[]> {
  const inWarehouse = await tx.location.findMany({ where: { OR: [{ id: warehouseId }, { parentId: warehouseId }] }, select: { id: true } });
  const ids = inWarehouse.map((l) => l.id);
  return batchLocationIds.length > 0 ? ids.filter((id) => batchLocationIds.includes(id)) : ids;
}

/** Products a batch counts: active, stocked (not kits), matching its product, category and tag filters. */
export function batchProductWhere(batch: { productIds: number[]; categoryIds: number[]; tagIds: number[] }): Prisma.ProductWhereInput {
  return {
    status: 1,
    type: 'PRODUCT',
    ...(batch.productIds.length ? { id: { in: batch.productIds } } : {}),
    ...(batch.categoryIds.length ? { OR: [{ categoryId: { in: batch.categoryIds } }, { subcategoryId: { in: batch.categoryIds } }] } : {}),
    ...(batch.tagIds.length ? { tags: { some: { tagId: { in: batch.tagIds } } } } : {}),
  };
}

export const SESSION_FILTERS: FilterSpec<Prisma.CycleCountSessionWhereInput> = {
  batchId: { kind: 'integer', where: (op, value) => ({ batchId: comparisonFilter(op, value as number) }) },
  warehouseId: { kind: 'integer', where: (op, value) => ({ warehouseId: comparisonFilter(op, value as number) }) },
  status: { kind: 'enum', enumValues: SESSION_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
};

const SORTABLE = { id: 'id', createdAt: 'createdAt', updatedAt: 'updatedAt', status: 'status', warehouseId: 'warehouseId' };

export async function listCycleCountSessions(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, SESSION_FILTERS, SORTABLE);
  return listPage(db, 'cycleCountSession', query, { where, orderBy, window });
}

const LINE_SORTABLE = { id: 'id', productId: 'productId', locationId: 'locationId', countedAt: 'countedAt' };

/** A session's lines, by location then product unless sorted otherwise. */
export async function listCycleCountLines(db: TenantDb, sessionId: number, args: PageArgs & { sort?: string | null }, query: PassThroughQuery = {}): Promise<Page<any>> {
  await getCycleCountSession(db, sessionId);
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = args.sort ? parseSort(args.sort, LINE_SORTABLE, 'id', errors) : [{ locationId: 'asc' as const }, { productId: 'asc' as const }, { lotNumber: 'asc' as const }, { id: 'asc' as const }];
  errors.throwIfAny();
  const where = { sessionId };
  return listPage(db, 'cycleCountLine', query, { where, orderBy, window });
}
