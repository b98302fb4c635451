// Sales orders answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page, and one statement writes the orders as the selection asks, with SQL derived from the
// GraphQL types (src/graphql/shared/derived-json-types.ts) and declared beside the fields with resolvers of their
// own (status, dates, the ship-to address, a line's allocated, backordered and shipped quantities and its
// allocations per warehouse). Here those answers equal graphql's ordinary execution field by field, keys in the
// same order and values alike, for the REST page and record and for random selections over /graphql. The data
// is varied: kits and plain products, lines in dozens, allocations over two warehouses, partial shipments,
// backorders, cancelled and draft orders, decimals at full precision, text JSON must escape, null addresses and
// dates. A page runs as many statements for 10 orders as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { salesOrderRoutes } from '../../rest-mapping/sales-orders.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { countUnitsWithDozen } from '../support/seed.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(salesOrderRoutes, '/sales-orders');
const recordRoute = getRoute(salesOrderRoutes, '/sales-orders/{salesOrderId}');
const orderIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const { each, dozen } = await countUnitsWithDozen(db);
  const north = await post('/locations', { name: 'North' });
  const south = await post('/locations', { name: 'South "depot"' });
  const group = await post('/warehouse-groups', { name: 'Both', warehouse_ids: [north.id, south.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Web ✓', warehouseGroupId: group.id });
  const customer = await post('/companies', { name: 'Ann "the buyer" \\ Co' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT', retail_price: 0.000001 });
  const nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT', retail_price: 123456789.123456 });
  const kit = await post('/products', { name: 'Kit', sku: 'KIT', type: 'KIT', retail_price: 3, kit_items: [{ product_id: bolt.id, quantity: 3 }, { product_id: nut.id, quantity: 2 }] });
  const counted = await db.product.create({ data: { name: 'Counted', sku: 'COUNTED', defaultUomId: each.id } as any });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: north.id, quantity: 7 },
      { product_id: bolt.id, location_id: south.id, quantity: 2.5 },
      { product_id: nut.id, location_id: south.id, quantity: 3.3333333333 },
      { product_id: counted.id, location_id: north.id, quantity: 30 },
    ],
  });
  const orders = [
    { lines: [{ product_id: bolt.id, quantity: 1.2345678901, unit_price: 0.0000000001, discount_percent: 12.3456, tax_rate: 7.25 }], notes: 'Tab\there "quoted" \\ back ☃' },
    { lines: [{ product_id: kit.id, quantity: 2 }, { product_id: nut.id, quantity: 1 }], ship_to: { name: 'Ann', street_1: '1 "Main" St', city: 'Zürich', country: 'ch' }, requested_ship_date: '2031-02-03' },
    { lines: [{ product_id: counted.id, quantity: 1.5, uom_id: dozen.id, unit_price: 24.5 }, { product_id: bolt.id, quantity: 4 }], company_id: customer.id, ship_to: { street_1: 'Only street', city: 'X', country: 'US' } },
    { lines: [{ product_id: nut.id, quantity: 99999 }] },
  ];
  for (const [index, order] of orders.entries()) {
    const created = await post('/sales-orders', { channel_id: channel.id, ...order });
    orderIds.push(created.id);
    if (index !== 3) await post(`/sales-orders/${created.id}/confirm`);
  }
  // A partial shipment and a cancelled order, written directly.
  const [shippedLine] = await db.salesOrderLine.findMany({ where: { salesOrderId: orderIds[2] }, orderBy: { position: 'asc' } });
  await db.salesOrderLine.update({ where: { companyId_id: { companyId: acme.companyId, id: shippedLine!.id } } as any, data: { baseQuantityShipped: 7 } });
  await db.salesOrder.update({ where: { companyId_id: { companyId: acme.companyId, id: orderIds[2]! } } as any, data: { status: 'partially_shipped' } });
  const cancelled = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 1 }] });
  await post(`/sales-orders/${cancelled.id}/confirm`);
  await post(`/sales-orders/${cancelled.id}/cancel`);
  // Enough plain orders for pages of 10 and of 100.
  for (let i = 0; i < 96; i++) await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: i + 1 }, { product_id: nut.id, quantity: 0.5 }] });
}, 240_000);

describe('sales orders written by one statement', () => {
  it('GET /sales-orders answers as field by field, and runs as many statements for 10 orders as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/sales-orders?sort=id', { sort: 'id', filters: [] }, 'salesOrders'));

  it('GET /sales-orders/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/sales-orders', orderIds, 'salesOrder'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, listRoute, '/sales-orders?per_page=100', { perPage: 100, filters: [] }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['SalesOrder'], ([selection]) => pageAndRecordQueries(selection!, 'salesOrders', '-id', 'salesOrder', orderIds[1]!), {
      numRuns: 30,
      seed: 20261129,
    }));
});
