// Cycle count sessions and their lines answered in one go (compiledList and compiledRecord in
// src/graphql/shared/compiled-records.ts): the domain picks the page, and one statement writes the records as the
// selection asks, with SQL derived from the GraphQL types and declared beside the fields with resolvers of their
// own (a session's status; a line's SKU, its lot (null for none) and the book figures a blind session hides while
// counting). Here those answers equal graphql's ordinary execution field by field, keys in the same order and
// values alike, for the REST pages and records and for random selections over /graphql. The data is varied:
// sessions draft, in_progress (blind and not), pending_review, posted and cancelled; found stock; lots and none;
// decimals at full precision; text JSON must escape; nulls. A page runs as many statements for 10 sessions as for
// 100, and for 5 lines as for 30.
import { beforeAll, describe, expect, it } from 'vitest';
import { cycleCountRoutes } from '../../rest-mapping/cycle-counts.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
/** The pickflow routes answer GraphQL's own field names. */
const on: Compared = { server, counter, tenant: acme, rest: (answer) => answer };
const listRoute = getRoute(cycleCountRoutes, '/pickflow/cycle-counts');
const recordRoute = getRoute(cycleCountRoutes, '/pickflow/cycle-counts/{sessionId}');
const linesRoute = getRoute(cycleCountRoutes, '/pickflow/cycle-counts/{sessionId}/lines');
/** The varied sessions, one per state. */
const sessionIds: number[] = [];
/** A session of 30 lines. */
let bulkSessionId: number;

const sessionPath = (id: number, rest = '') => `/pickflow/cycle-counts/${id}${rest}`;
async function lifecycle(id: number, operation: string) {
  const res = await api('POST', sessionPath(id, `/${operation}`));
  expect(res.status, res.text).toBe(200);
  return res.body;
}
async function counts(id: number, list: unknown[]) {
  const res = await api('POST', sessionPath(id, '/counts'), { counts: list });
  expect(res.status, res.text).toBe(200);
}
const sessionsOf = async (batch: Record<string, unknown>) => (await post('/pickflow/cycle-count-batches', batch)).sessions.map((s: any) => s.id as number);

beforeAll(async () => {
  const east = await post('/locations', { name: 'East DC' });
  const west = await post('/locations', { name: 'West "DC" \\ ☃' });
  const shelfA = await post('/locations', { name: 'A-1', parent_id: east.id });
  const shelfB = await post('/locations', { name: 'B "1"\n', parent_id: east.id });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT "M8" \\ ☃' });
  const serum = await post('/products', { name: 'Serum', sku: 'SERUM', lot_tracking: true });
  const rope = await post('/products', { name: 'Rope', sku: 'ROPE\tX' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: shelfA.id, quantity: 12.3456789012, unit_cost: 2.1234567891 },
      { product_id: serum.id, location_id: shelfB.id, quantity: 5, unit_cost: 3, lot_number: 'L "1" \\ ☃' },
      { product_id: serum.id, location_id: shelfB.id, quantity: 0.0000000001, unit_cost: 123456.789, lot_number: 'L2' },
      { product_id: rope.id, location_id: west.id, quantity: 7, unit_cost: 0.0001 },
    ],
  });

  // Blind: east counting (books hidden, found stock), west cancelled.
  const [blindEast, blindWest] = await sessionsOf({ name: 'Blind "Nov"', warehouse_ids: [east.id, west.id], blind: true, scheduled_for: '2031-11-30' });
  await lifecycle(blindEast, 'start');
  await counts(blindEast, [
    { sku: 'BOLT "M8" \\ ☃', locationId: shelfA.id, countedQuantity: 9.9999999999 },
    { sku: 'SERUM', locationId: shelfA.id, lotNumber: 'FOUND "9"', countedQuantity: 1 },
  ]);
  await lifecycle(blindWest, 'cancel');
  // Open: east in review with variances at FIFO cost.
  const [review] = await sessionsOf({ name: 'Open east', warehouse_ids: [east.id] });
  await lifecycle(review, 'start');
  await counts(review, [
    { sku: 'BOLT "M8" \\ ☃', locationId: shelfA.id, countedQuantity: 10.0000000001 },
    { productId: serum.id, locationId: shelfB.id, lotNumber: 'L "1" \\ ☃', countedQuantity: 5 },
    { sku: 'SERUM', locationId: shelfA.id, lotNumber: 'L9', countedQuantity: 1 },
  ]);
  await lifecycle(review, 'submit-review');
  // Blind, posted: the books show again.
  const [posted] = await sessionsOf({ name: 'Blind west', warehouse_ids: [west.id], blind: true });
  await lifecycle(posted, 'start');
  await counts(posted, [{ sku: 'ROPE\tX', locationId: west.id, countedQuantity: 4.5 }]);
  await lifecycle(posted, 'submit-review');
  await lifecycle(posted, 'post');
  // Open, counting, one line counted; and a draft.
  const [counting] = await sessionsOf({ name: 'Counting', warehouse_ids: [east.id] });
  await lifecycle(counting, 'start');
  await counts(counting, [{ sku: 'SERUM', locationId: shelfB.id, lotNumber: 'L2', countedQuantity: 0 }]);
  const [draft] = await sessionsOf({ name: 'Draft', warehouse_ids: [west.id] });
  sessionIds.push(blindEast, blindWest, review, posted, counting, draft);

  // A warehouse of 30 products, counted in part.
  const bulk = await post('/locations', { name: 'Bulk' });
  const products = [];
  for (let i = 0; i < 30; i++) products.push(await post('/products', { name: `Item ${i}`, sku: `C-${String(i).padStart(2, '0')}` }));
  await post('/inventory/adjustments', { lines: products.map((p, i) => ({ product_id: p.id, location_id: bulk.id, quantity: i + 0.5, unit_cost: 1 })) });
  [bulkSessionId] = await sessionsOf({ name: 'Bulk', warehouse_ids: [bulk.id] });
  await lifecycle(bulkSessionId, 'start');
  await counts(bulkSessionId, products.filter((_, i) => i % 3 === 0).map((p, i) => ({ productId: p.id, locationId: bulk.id, countedQuantity: i })));

  // Enough sessions for pages of 10 and of 100.
  for (let i = 0; i < 48; i++) await sessionsOf({ name: `Plain ${i}`, warehouse_ids: [east.id, west.id] });
}, 120_000);

describe('cycle count sessions and lines written by one statement', () => {
  it('GET /pickflow/cycle-counts answers as field by field, and runs as many statements for 10 sessions as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/pickflow/cycle-counts?sort=id', { sort: 'id', filters: [] }, 'cycleCountSessions'));

  it('GET /pickflow/cycle-counts/{id} answers as field by field', async () => {
    await recordsAsFieldByField(on, recordRoute, '/pickflow/cycle-counts', sessionIds, 'cycleCountSession');
    expect((await api('GET', sessionPath(999999))).status).toBe(404);
  });

  it('GET /pickflow/cycle-counts/{id}/lines answers as field by field, and runs as many statements for 5 lines as for 30', async () => {
    const answer = (sessionId: number, perPage: number, sort?: string) =>
      pageAsFieldByField(on, linesRoute, sessionPath(sessionId, `/lines?per_page=${perPage}${sort ? `&sort=${sort}` : ''}`), { sessionId, perPage, sort }, 'cycleCountLines');
    for (const id of sessionIds) await answer(id, 100);
    // The blind session counting hides its books; the posted one shows them.
    const hidden = await answer(sessionIds[0]!, 100);
    expect(hidden.body.data.map((l: any) => [l.lotNumber, l.expectedQuantity, l.varianceQuantity, l.varianceValue])).toEqual([
      [null, null, null, null],
      ['FOUND "9"', null, null, null],
      ['L "1" \\ ☃', null, null, null],
      ['L2', null, null, null],
    ]);
    expect((await answer(sessionIds[3]!, 100)).body.data.map((l: any) => [l.sku, l.expectedQuantity, l.varianceQuantity, l.varianceValue])).toEqual([['ROPE\tX', 7, -2.5, -0.0003]]);
    const small = await answer(bulkSessionId, 5);
    const large = await answer(bulkSessionId, 30, '-countedAt');
    expect(large.body.data).toHaveLength(30);
    expect(large.count).toBe(small.count);
  });

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(
      on,
      ['CycleCountSession', 'CycleCountLine'],
      ([session, line], id) => [
        ...pageAndRecordQueries(session!, 'cycleCountSessions', '-id', 'cycleCountSession', id),
        `query Lines($perPage: Int) { cycleCountLines(sessionId: ${id}, perPage: $perPage) { items { ${line!.text} } meta { total } } } ${line!.fragments.join(' ')}`,
      ],
      { numRuns: 25, seed: 20261130, ids: [...sessionIds, bulkSessionId] },
    ));
});
