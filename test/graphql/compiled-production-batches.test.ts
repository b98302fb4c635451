// Production batches answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (its name and date filters and its sort, reading ids only), and one statement writes
// the batches as the selection asks, with a batch's work orders and their total planned quantity declared beside
// their resolvers (src/graphql/production/batch-fields.ts). Here those answers equal graphql's ordinary execution
// field by field, keys in the same order and values alike, for REST pages (plain and filtered), single records and
// random selections over /graphql. The data is varied: batches made over REST with work orders (one of them
// cancelled after joining: left out of the total), with none, notes JSON must escape and null; batches written
// directly with 0–4 work orders each in every status, planned quantities at full precision (tiny and huge). A
// page runs as many statements for 10 batches as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { WORK_ORDER_STATUSES } from '../../src/domain/work-orders/index.js';
import { productionRoutes } from '../../rest-mapping/production-batches.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
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
