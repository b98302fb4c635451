// Production batches answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (its name and date filters and its sort, reading ids only), and one statement writes
// the batches as the selection asks, with a batch's work orders and their total planned quantity declared beside
// their resolvers (src/graphql/production/batch-fields.ts). Here those answers equal graphql's ordinary execution
// field by field, keys in the same order and values alike, for REST pages (plain and filtered), single records and
// random selections over /graphql. The data is varied: batches made over REST with work orders (one of them
// cancelled after joining: left out of the total), with none, notes JSON must escape and null; batches written
// directly with 0–4 work orders each in every status, planned quantities at full precision (tiny and huge). A
// page runs as many statements for 10 batches as for 100. Changes (create, update, delete) are compared too: each
// answers in one statement in its transaction, as the batch read field by field (compiledMutation).
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { WORK_ORDER_STATUSES } from '../../src/domain/work-orders/index.js';
import { productionRoutes } from '../../rest-mapping/production-batches.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);
const listRoute = getRoute(productionRoutes, '/production-batches');
const recordRoute = getRoute(productionRoutes, '/production-batches/{id}');
const batchIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const plant = await post('/locations', { name: 'Plant "main"' });
  const widget = await post('/products', { name: 'Widget', sku: 'WIDGET' });
  const order = (plannedQty: number | string) => post('/work-orders', { produced_sku_id: widget.id, planned_qty: plannedQty, production_warehouse_id: plant.id });
  const [a, b, c, d] = [await order(1.2345678901), await order(99999999999999.9), await order(0.0000000001), await order(3)];
  await post(`/work-orders/${b.id}/release`);

  batchIds.push((await post('/production-batches', { name: 'Run "June" \\ ☃\n', notes: 'Tab\there </script>', work_order_ids: [c.id, a.id, d.id] })).id);
  batchIds.push((await post('/production-batches', { name: 'Empty', notes: '' })).id);
  batchIds.push((await post('/production-batches', { name: 'Big', work_order_ids: [b.id] })).id);
  // Cancelled after joining: it stays in the batch, left out of its total.
  await post(`/work-orders/${d.id}/cancel`, { reason: 'no' });

  // Enough batches for pages of 10 and of 100, written directly, with 0–4 work orders each in every status.
  const bulk = await db.productionBatch.createManyAndReturn({
    data: Array.from({ length: 105 }, (_, i) => ({ name: `Bulk ${String(i).padStart(3, '0')}${i % 9 ? '' : ' "odd"'}`, notes: i % 3 ? null : `Note ${i}` })) as any,
    select: { id: true },
  });
  batchIds.push(bulk[0]!.id, bulk[1]!.id, bulk[4]!.id, bulk[7]!.id);
  let number = 0;
  await db.workOrder.createMany({
    data: bulk.flatMap(({ id }, i) =>
      Array.from({ length: i % 5 }, (_, k) => ({
        workOrderNumber: `WO-BULK-${++number}`,
        status: WORK_ORDER_STATUSES[(i + k) % WORK_ORDER_STATUSES.length],
        producedSkuId: widget.id,
        plannedQty: k === 3 ? '12345678901234.1234567891' : `${i}.${String(k).repeat(10)}`,
        productionWarehouseId: plant.id,
        destinationWarehouseId: plant.id,
        productionBatchId: id,
      })),
    ) as any,
  });
}, 60_000);

describe('production batches written by one statement', () => {
  it('GET /production-batches answers as field by field, and runs as many statements for 10 batches as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/production-batches?sort=id', { sort: 'id', filters: [] }, 'productionBatches'));

  it('GET /production-batches with a name filter, by name descending, answers as field by field', async () => {
    await pageAsFieldByField(
      on,
      listRoute,
      '/production-batches?per_page=100&sort=-name&name[contains]=bulk',
      { perPage: 100, sort: '-name', filters: [{ name: 'name[contains]', value: 'bulk' }] },
      'productionBatches',
    );
    await pageAsFieldByField(on, listRoute, '/production-batches?per_page=10&page=3&sort=-updated_at', { perPage: 10, page: 3, sort: '-updated_at', filters: [] }, 'productionBatches');
  });

  it('GET /production-batches/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/production-batches', batchIds, 'productionBatch'));
});

describe('random selections over /graphql', () => {
  it('of production batches answer as field by field', () =>
    selectionsAsFieldByField(on, ['ProductionBatch'], ([batch], id) => pageAndRecordQueries(batch!, 'productionBatches', 'id', 'productionBatch', id), {
      numRuns: 20,
      seed: 20261201,
      ids: batchIds,
    }));
});

describe('changes answered by one statement', () => {
  it('production batches: create (every field, and the name only), update (set and clear), delete', async () => {
    const plant = await post('/locations', { name: 'Plant "changes"' });
    const gear = await post('/products', { name: 'Gear', sku: 'GEAR' });
    const order = (plannedQty: number) => post('/work-orders', { produced_sku_id: gear.id, planned_qty: plannedQty, production_warehouse_id: plant.id });
    const [a, b] = [await order(1.0000000001), await order(12345678.123456789)];
    const full = await change('POST', '/production-batches', { name: 'A "quoted" \\ name ☃\nline', notes: 'Tab\there </script>', work_order_ids: [b.id, a.id] }, { record: (x) => `/production-batches/${x.id}` });
    const bare = await change('POST', '/production-batches', { name: 'Bare batch' }, { record: (x) => `/production-batches/${x.id}` });
    await change('PATCH', `/production-batches/${full.id}`, { notes: null, work_order_ids: [a.id] });
    await change('PATCH', `/production-batches/${bare.id}`, { name: 'Renamed "b"', notes: 'Back\\slash', work_order_ids: [b.id] });
    await change('DELETE', `/production-batches/${full.id}`, undefined, { deletes: true });
    await change('DELETE', `/production-batches/${bare.id}`, undefined, { deletes: true });
    expect((await api('GET', `/production-batches/${bare.id}`)).status).toBe(404);
  });
});
