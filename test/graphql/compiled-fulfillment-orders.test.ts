// Fulfillment orders answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (its filters and sort, reading ids only), and one statement writes the orders with
// their warehouse and lines (each with its product) as the selection asks. Here those answers equal graphql's
// ordinary execution field by field, keys in the same order and values alike, for REST pages (plain and filtered),
// single records and random selections over /graphql. The data is varied: orders made by confirming sales orders
// over two warehouses (one a warehouse whose name JSON must escape) and one cancelled, and orders written directly
// in every status with no lines or several, quantities at full precision. A page runs as many statements for 10
// orders as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { FULFILLMENT_ORDER_STATUSES } from '../../src/domain/fulfillment/index.js';
import { shipmentRoutes } from '../../rest-mapping/shipments.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const orderList = getRoute(shipmentRoutes, '/fulfillment-orders');
const orderRecord = getRoute(shipmentRoutes, '/fulfillment-orders/{fulfillmentOrderId}');
const orderIds: number[] = [];
let eastId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const east = await post('/locations', { name: 'East "dock" \\ ☃' });
  eastId = east.id;
  const west = await post('/locations', { name: 'West' });
  const channel = await salesChannelFrom(post, [east.id, west.id]);
  const lamp = await post('/products', { name: 'Lamp', sku: 'LAMP', retail_price: 20 });
  const shade = await post('/products', { name: 'Shade "linen"', sku: 'SHADE', retail_price: 5 });
  await post('/inventory/adjustments', { lines: [
    { product_id: lamp.id, location_id: east.id, quantity: 4, unit_cost: 6 },
    { product_id: lamp.id, location_id: west.id, quantity: 2, unit_cost: 7 },
    { product_id: shade.id, location_id: west.id, quantity: 9, unit_cost: 1 },
  ] });
  // Confirmed orders make their fulfillment orders: one over both warehouses, one at one; a third cancelled.
  const confirmed = async (lines: Array<Record<string, unknown>>) => post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines })).id}/confirm`);
  const big = await confirmed([{ product_id: lamp.id, quantity: 6 }, { product_id: shade.id, quantity: 2.5 }]);
  await confirmed([{ product_id: shade.id, quantity: 1 }]);
  const made = await db.fulfillmentOrder.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
  orderIds.push(...made.map(({ id }) => id));
  await post(`/fulfillment-orders/${orderIds.at(-1)}/cancel`);

  // Enough orders for pages of 10 and of 100, written directly, in every status, with 0–2 lines each (one per line of the sales order).
  const orderLines = await db.salesOrderLine.findMany({ where: { salesOrderId: big.id }, select: { id: true, productId: true }, orderBy: { id: 'asc' } });
  const plain = await db.fulfillmentOrder.createManyAndReturn({
    data: Array.from({ length: 100 }, (_, i) => ({ salesOrderId: big.id, warehouseId: i % 3 ? east.id : west.id, status: FULFILLMENT_ORDER_STATUSES[i % FULFILLMENT_ORDER_STATUSES.length] })) as any,
    select: { id: true },
  });
  await db.fulfillmentOrderLine.createMany({
    data: plain.flatMap(({ id }, i) =>
      Array.from({ length: i % 3 }, (_, k) => ({
        fulfillmentOrderId: id,
        salesOrderLineId: orderLines[k % orderLines.length]!.id,
        productId: orderLines[k % orderLines.length]!.productId,
        quantity: `${i}.${k}000000001`,
        quantityPicked: k ? '0.0000000001' : 0,
        quantityShipped: 0,
      })),
    ) as any,
  });
}, 60_000);

describe('fulfillment orders written by one statement', () => {
  it('GET /fulfillment-orders answers as field by field, and runs as many statements for 10 orders as for 100', () =>
    pagesAsFieldByField(on, orderList, '/fulfillment-orders?sort=id', { sort: 'id' }, 'fulfillmentOrders'));

  it('GET /fulfillment-orders with filters answers as field by field', () =>
    pageAsFieldByField(
      on,
      orderList,
      `/fulfillment-orders?per_page=100&sort=-id&status=open&warehouse_id=${eastId}`,
      { perPage: 100, sort: '-id', filters: [{ name: 'status', value: 'open' }, { name: 'warehouse_id', value: String(eastId) }] },
      'fulfillmentOrders',
    ));

  it('GET /fulfillment-orders/{id} answers as field by field', () => recordsAsFieldByField(on, orderRecord, '/fulfillment-orders', orderIds, 'fulfillmentOrder'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, orderList, '/fulfillment-orders?per_page=100', { perPage: 100 }));
});

describe('random selections over /graphql', () => {
  it('of fulfillment orders answer as field by field', () =>
    selectionsAsFieldByField(on, ['FulfillmentOrder'], ([order], id) => pageAndRecordQueries(order!, 'fulfillmentOrders', 'id', 'fulfillmentOrder', id), {
      numRuns: 25,
      seed: 20261129,
      ids: orderIds,
      skipTooDeep: true,
    }));
});
