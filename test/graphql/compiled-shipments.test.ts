// Shipments answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts): the
// domain picks the page, and one statement writes the shipments as the selection asks, with SQL derived from the
// GraphQL types and declared beside the fields with resolvers of their own (status, ship date, the company the
// goods ship from, a package item's expiration date). Here those answers equal graphql's ordinary execution
// field by field, keys in the same order and values alike, for the REST page (with and without include_packages)
// and record and for random selections over /graphql, packages nested three levels deep. The data is varied:
// draft, shipped and void shipments, a kit line shipping its components, a lot, two package requests on one
// shipment (their positions follow on), items at every level, decimals at full precision, text JSON must escape,
// null dates, carriers and labels, a bought label. A page runs as many statements for 10 shipments as for 100.
import { getNamedType, isLeafType, type GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { shipmentRoutes } from '../../rest-mapping/shipments.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pagesAsFieldByField, queryAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, writableFields, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(shipmentRoutes, '/shipments');
const recordRoute = getRoute(shipmentRoutes, '/shipments/{shipmentId}');
/** The varied shipments, then the plain ones. */
const shipmentIds: number[] = [];
/** The shipment whose packages nest three levels deep. */
let packed: any;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  expect((await api('PATCH', '/company', { name: 'Acme "Shipping" \\ Co ☃\nLtd', gs1_company_prefix: '0614141' })).status).toBe(200);
  const north = await post('/locations', { name: 'North' });
  const bin = await post('/locations', { name: 'Bin "7" \\ ☃', parent_id: north.id });
  const south = await post('/locations', { name: 'South' });
  const channel = await salesChannelFrom(post, [north.id, south.id], 'Web ✓');
  const bolt = await post('/products', { name: 'Bolt "M8"', sku: 'BOLT', upc: '012345678905', retail_price: 0.000001 });
  const nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT', retail_price: 123456789.123456 });
  const serum = await post('/products', { name: 'Serum', sku: 'SERUM', lot_tracking: true, retail_price: 5 });
  const kit = await post('/products', { name: 'Kit', sku: 'KIT', type: 'KIT', retail_price: 3, kit_items: [{ product_id: bolt.id, quantity: 3 }, { product_id: nut.id, quantity: 2 }] });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: bin.id, quantity: 500, unit_cost: 1.2345678901 },
      { product_id: bolt.id, location_id: south.id, quantity: 200, unit_cost: 0.0000000001 },
      { product_id: nut.id, location_id: north.id, quantity: 333.3333333333, unit_cost: 7 },
      { product_id: serum.id, location_id: south.id, quantity: 10, unit_cost: 3, lot_number: 'LOT "A" \\ ☃', expiry_date: '2030-12-31' },
    ],
  });
  const order = async (lines: any[], extra: Record<string, unknown> = {}) => {
    const draft = await post('/sales-orders', { channel_id: channel.id, lines, ...extra });
    return post(`/sales-orders/${draft.id}/confirm`);
  };

  // A draft with a kit line, a lot, a decimal at full precision, and packages three levels deep (two requests).
  const first = await order(
    [{ product_id: bolt.id, quantity: 7.1234567891 }, { product_id: kit.id, quantity: 2 }, { product_id: serum.id, quantity: 4 }, { product_id: nut.id, quantity: 3 }],
    { ship_to: { name: 'Ann', street_1: '1 "Main" St', city: 'Zürich', country: 'ch' } },
  );
  packed = await post(`/sales-orders/${first.id}/shipments`, {
    carrier: 'UPS "Ground" \\ ☃',
    ship_date: '2031-02-03',
    lines: [
      { sales_order_line_id: first.lines[0].id, quantity: 7.1234567891, location_id: bin.id },
      { sales_order_line_id: first.lines[1].id, quantity: 2 },
      { sales_order_line_id: first.lines[2].id, quantity: 4, lot_number: 'LOT "A" \\ ☃' },
    ],
  });
  const item = (line: number, quantity: number, more: Record<string, unknown> = {}) => ({ order_item_id: first.lines[line].id, quantity, ...more });
  const packing = await api('POST', `/sales-orders/${first.id}/shipments/${packed.id}/packages`, {
    bill_of_lading_number: 'BOL "1"',
    pro_number: 'PRO\\77',
    partner_reference_number: 'P\tR',
    trailer_number: 'TR-5',
    carrier_alpha_code: 'UPSN',
    packages: [
      {
        package_type: 'pallet',
        packing_type: 'PLT',
        weight_lb: 99999999.9999,
        length_in: 0.0001,
        contained_items: [item(2, 1, { lot_number: 'LOT "A" \\ ☃', expiration_date: '2030-12-31', serial_number: 'SN\n1' })],
        child_packages: [
          {
            sscc: '106141411234567897',
            tracking: '1Z "999"',
            package_quantity: 3,
            package_type: 'carton',
            length_in: 12.3456,
            width_in: 10,
            height_in: 8.25,
            weight_lb: 5.5,
            contained_items: [item(0, 1.1234567891, { line_item_key: 'k-1', weight_lb: 1.5, description: 'Blue "widgets" \\ ☃', upc: 'U\\1' })],
            child_packages: [
              { package_type: 'inner', contained_items: [item(0, 2), item(1, 1, { sku: 'CUSTOMER "SKU"' })] },
              { package_type: 'inner', contained_items: [item(2, 2, { expiration_date: '2031-01-01' })] },
            ],
          },
          { package_type: 'carton', child_packages: [{ package_type: 'inner' }] },
        ],
      },
      { package_type: 'box', tracking: 'T2' },
    ],
  });
  expect(packing.status, packing.text).toBe(201);
  const again = await api('POST', `/sales-orders/${first.id}/shipments/${packed.id}/packages`, {
    packages: [{ package_type: 'late pallet', child_packages: [{ contained_items: [item(1, 1)], child_packages: [{ contained_items: [item(0, 1)] }] }] }],
  });
  expect(again.status, again.text).toBe(201);
  shipmentIds.push(packed.id);

  // Shipped: costs and shippedAt; packed one level.
  const second = await order([{ product_id: bolt.id, quantity: 3 }, { product_id: nut.id, quantity: 1.5 }]);
  const shipped = await post(`/sales-orders/${second.id}/shipments`, {
    service: 'Next day',
    lines: [
      { sales_order_line_id: second.lines[0].id, quantity: 3, location_id: south.id },
      { sales_order_line_id: second.lines[1].id, quantity: 1.5 },
    ],
  });
  expect((await api('POST', `/sales-orders/${second.id}/shipments/${shipped.id}/packages`, { packages: [{ contained_items: [{ order_item_id: second.lines[0].id, quantity: 3 }] }] })).status).toBe(201);
  expect((await api('POST', `/shipments/${shipped.id}/ship`)).status).toBe(200);
  shipmentIds.push(shipped.id);

  // Void, of a fulfillment order, with a label bought (written directly).
  const third = await order([{ product_id: bolt.id, quantity: 2 }]);
  const voided = await post(`/sales-orders/${third.id}/shipments`, { lines: [{ sales_order_line_id: third.lines[0].id, quantity: 2 }] });
  expect((await api('POST', `/shipments/${voided.id}/void`)).status).toBe(200);
  shipmentIds.push(voided.id);
  const labelled = await post(`/sales-orders/${third.id}/shipments`, { lines: [{ sales_order_line_id: third.lines[0].id, quantity: 1 }] });
  const [fulfillmentOrder] = await db.fulfillmentOrder.findMany({ where: { salesOrderId: third.id } });
  await db.shipment.update({
    where: { companyId_id: { companyId: acme.companyId, id: labelled.id } } as any,
    data: {
      fulfillmentOrderId: fulfillmentOrder!.id,
      trackingNumber: '1Z\\"x"',
      labelProvider: 'test',
      labelCarrier: 'UPS',
      labelService: 'Ground ☃',
      labelCost: '12.3400',
      labelCurrency: 'EUR',
      labelPurchasedAt: new Date('2031-02-03T04:05:06.789Z'),
    },
  });
  shipmentIds.push(labelled.id);

  // Enough plain drafts for pages of 10 and of 100, written directly (REST made the varied ones above); a few
  // packed over REST, two levels deep.
  const bulk = await order([{ product_id: bolt.id, quantity: 150 }]);
  const plain = await db.shipment.createManyAndReturn({
    data: Array.from({ length: 100 }, (_, i) => ({ salesOrderId: bulk.id, carrier: i % 3 ? null : `Carrier ${i} "c"` }) as any),
    select: { id: true },
  });
  await db.shipmentLine.createMany({
    data: plain.map(({ id }, i) => ({ shipmentId: id, salesOrderLineId: bulk.lines[0].id, productId: bolt.id, quantity: 1, locationId: bin.id, position: 0, unitCost: i % 2 ? null : '0.0000000001' }) as any),
  });
  for (const { id } of plain.filter((_, i) => i % 25 === 0)) {
    const res = await api('POST', `/sales-orders/${bulk.id}/shipments/${id}/packages`, { packages: [{ child_packages: [{ contained_items: [{ order_item_id: bulk.lines[0].id, quantity: 0.5 }] }] }] });
    expect(res.status, res.text).toBe(201);
  }
}, 120_000);

describe('shipments written by one statement', () => {
  it('GET /shipments answers as field by field, with and without packages, and runs as many statements for 10 shipments as for 100', async () => {
    for (const includePackages of [false, true]) {
      const pages = await pagesAsFieldByField(on, listRoute, `/shipments?sort=id&include_packages=${includePackages}`, { sort: 'id', filters: [], includePackages }, 'shipments');
      for (const page of pages) expect(page.body.data[0].packages?.length).toBe(includePackages ? 10 : undefined);
    }
  });

  it('GET /shipments/{id} answers as field by field', async () => {
    await recordsAsFieldByField(on, recordRoute, '/shipments', shipmentIds, 'shipment');
    // An unknown shipment: the same 404 either way.
    expect((await api('GET', '/shipments/999999')).status).toBe(404);
  });

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, listRoute, '/shipments?per_page=100&include_packages=true', { perPage: 100, filters: [], includePackages: true }));

  it('the package tree three levels deep, with the ship-from company, answers as field by field', async () => {
    const tree = `id status companyName shipDate packages { id sscc parentPackageId items { id expirationDate quantity description }
      childPackages { id sscc items { quantity lotNumber expirationDate } childPackages { id packageType weightLb items { sku quantity } childPackages { id } } } }`;
    const query = `query Tree($id: Int!) { shipment(id: $id) { ${tree} } shipments(perPage: 20) { items { ${tree} } } }`;
    const data = await queryAsFieldByField(on, query, { id: packed.id }, { jsonStatements: 2 });
    const pallet = data.shipment.packages.find((p: any) => p.childPackages.length === 2);
    expect(pallet.childPackages[0].childPackages.map((p: any) => p.items.length)).toEqual([2, 1]);
    expect(data.shipment.companyName).toBe('Acme "Shipping" \\ Co ☃\nLtd');
  });

  it('random selections over /graphql answer as field by field', async () => {
    const schema = buildSchema();
    // The shipment's own types all the way down, the types they reach with their scalars only: /graphql limits a
    // query's depth, which fragments count in.
    const own = new Set(['Shipment', 'ShipmentLine', 'ShipmentPackage', 'PackageItem']);
    const leaf = (type: string, field: string) => isLeafType(getNamedType((schema.getType(type) as GraphQLObjectType).getFields()[field]!.type));
    const fields = (type: string) => writableFields(type).filter((field) => own.has(type) || leaf(type, field));
    await selectionsAsFieldByField(on, ['Shipment'], ([selection], id) => pageAndRecordQueries(selection!, 'shipments', '-id', 'shipment', id), {
      numRuns: 25,
      seed: 20261130,
      ids: shipmentIds,
      fields,
    });
  });
});
