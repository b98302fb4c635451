// Purchase orders answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page, and one statement writes the orders as the selection asks, with SQL derived from the
// GraphQL types and declared beside the fields with resolvers of their own (status, dates, a line's open quantity,
// the payment terms, the deals and the supplier's response). Here those answers equal graphql's ordinary
// execution field by field, keys in the same order and values alike, for the REST page and record and for random
// selections over /graphql. The data is varied: drafts, submitted, partially received, over-received, received,
// closed and cancelled orders, units other than the product's, decimals at full precision, text JSON must escape,
// payment terms or none, deals, supplier responses (through the portal and stored with odd numbers), null dates.
// A page runs as many statements for 10 orders as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { supplierPortal } from '../../src/domain/purchasing/index.js';
import { purchasingRoutes } from '../../rest-mapping/purchasing.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { countUnitsWithDozen } from '../support/seed.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(purchasingRoutes, '/purchase-orders');
const recordRoute = getRoute(purchasingRoutes, '/purchase-orders/{purchaseOrderId}');
const orderIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const { each, dozen } = await countUnitsWithDozen(db);
  const supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd', over_receipt_tolerance_percent: 50 });
  const other = await post('/suppliers', { name: 'Nüt ✓ Co' });
  const north = await post('/locations', { name: 'North' });
  const south = await post('/locations', { name: 'South "depot"' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT' });
  const nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT' });
  const counted = await db.product.create({ data: { name: 'Counted', sku: 'COUNTED', defaultUomId: each.id } as any });

  const orders: Array<Record<string, unknown>> = [
    // A draft at full precision, with terms, costs and escaped text.
    {
      supplier_id: supplier.id,
      warehouse_id: north.id,
      order_date: '2026-03-01',
      expected_date: '2026-03-20',
      reference: 'Ref "A" \\ 1',
      notes: 'Tab\there "quoted" \\ back ☃\u0001',
      payment_terms: { deposit_percent: 12.3456, deposit_due_days: 3, balance_due_days: 30, balance_due_from: 'receipt' },
      additional_costs: [{ name: 'Freight "air"', amount: 12.34 }, { name: 'Duty\n', amount: 0.01 }],
      lines: [
        { product_id: bolt.id, quantity: 1.2345678901, unit_cost: 0.0000000001, tax_rate: 7.25, expected_date: '2026-03-18' },
        { product_id: nut.id, quantity: 99999999.9999999999, unit_cost: 123456.1234567891 },
        { product_id: counted.id, quantity: 1.5, uom_id: dozen.id, unit_cost: 24.5, tax_rate: 19 },
      ],
    },
    // Submitted and partly received; linked to two deals; answered through the portal.
    { supplier_id: supplier.id, warehouse_id: north.id, payment_terms: { deposit_percent: 0 }, lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 2 }, { product_id: nut.id, quantity: 3.3333333333, unit_cost: 1 }] },
    // Received beyond what was ordered (the supplier's tolerance), then closed.
    { supplier_id: supplier.id, warehouse_id: south.id, lines: [{ product_id: bolt.id, quantity: 4, unit_cost: 1 }, { product_id: nut.id, quantity: 2, unit_cost: 1 }] },
    // Submitted, then cancelled; another supplier.
    { supplier_id: other.id, warehouse_id: south.id, notes: '', lines: [{ product_id: nut.id, quantity: 5, unit_cost: 3 }] },
    // Submitted, over-received and still open.
    { supplier_id: supplier.id, warehouse_id: north.id, lines: [{ product_id: bolt.id, quantity: 2, unit_cost: 1 }] },
  ];
  for (const order of orders) orderIds.push((await post('/purchase-orders', order)).id);
  const [draft, partial, closed, cancelled, over] = orderIds as [number, number, number, number, number];
  for (const id of [partial, closed, cancelled, over]) await post(`/purchase-orders/${id}/submit`);
  const linesOf = async (id: number) => (await api('GET', `/purchase-orders/${id}`)).body.data.lines as Array<{ id: number }>;
  const partialLines = await linesOf(partial);
  await post(`/purchase-orders/${partial}/receiving-reports`, { lines: [{ purchase_order_line_id: partialLines[0]!.id, quantity: 2.5 }] });
  const closedLines = await linesOf(closed);
  await post(`/purchase-orders/${closed}/receiving-reports`, { lines: [{ purchase_order_line_id: closedLines[0]!.id, quantity: 5 }] });
  await post(`/purchase-orders/${closed}/close`);
  await post(`/purchase-orders/${cancelled}/cancel`);
  const overLines = await linesOf(over);
  await post(`/purchase-orders/${over}/receiving-reports`, { lines: [{ purchase_order_line_id: overLines[0]!.id, quantity: 2.75 }] });

  // Deals, linked in the order opposite to their ids.
  const first = await post('/deals', { name: 'Spring "buy"' });
  const second = await post('/deals', { name: 'Summer\\buy' });
  await post(`/deals/${second.id}/purchase-orders/${partial}`);
  await post(`/deals/${first.id}/purchase-orders/${partial}`);
  await post(`/deals/${second.id}/purchase-orders/${draft}`);

  // The supplier's answer through the portal, and one stored with numbers as odd as the JSON allows.
  const link = await supplierPortal.openPortalLink(db, partial, 7);
  await supplierPortal.answerThroughPortal(db, partial, link.version, {
    action: 'propose',
    note: 'Less "bolts"\nsorry \\',
    lines: [
      { lineId: partialLines[0]!.id, quantity: '8.5000', unitCost: '0.0000000001', expectedDate: '2026-06-01' },
      { lineId: partialLines[1]!.id, quantity: '', unitCost: '123456789.1234567891', expectedDate: '' },
    ],
  });
  await db.purchaseOrder.update({
    where: { companyId_id: { companyId: acme.companyId, id: over } } as any,
    data: {
      supplierResponse: {
        status: 'accepted',
        responded_at: '2026-05-01T10:00:00.000Z',
        note: null,
        lines: [{ line_id: overLines[0]!.id, quantity: ' 1.50 ', unit_cost: '1e-10', expected_date: null, extra: { nested: [1.50, 'a, "b": c'] } }, { line_id: 7 }],
        applied_at: '2026-05-02T10:00:00.000Z',
      },
    },
  });
  await db.purchaseOrder.update({ where: { companyId_id: { companyId: acme.companyId, id: cancelled } } as any, data: { supplierResponse: { status: 'rejected', responded_at: 'x', note: 'no', lines: [] } } });

  // Enough plain orders for pages of 10 and of 100, written directly.
  const plain = await db.purchaseOrder.createManyAndReturn({
    data: Array.from({ length: 96 }, (_, i) => ({
      poNumber: `PLAIN-${String(i).padStart(3, '0')}`,
      supplierId: i % 2 ? supplier.id : other.id,
      warehouseId: north.id,
      currency: 'USD',
      exchangeRate: 1,
      orderDate: new Date(Date.UTC(2026, 0, 1 + i)),
      status: i % 3 ? 'submitted' : 'draft',
      subtotal: i + 0.5,
      total: i + 0.5,
      totalBase: i + 0.5,
    })) as any,
    select: { id: true },
  });
  await db.purchaseOrderLine.createMany({
    data: plain.flatMap(({ id }, i) => [
      { purchaseOrderId: id, position: 0, productId: bolt.id, quantity: i + 1, baseQuantity: i + 1, quantityReceived: i % 4, unitCost: 0.5, lineTotal: (i + 1) / 2, taxAmount: 0 },
      { purchaseOrderId: id, position: 1, productId: nut.id, quantity: 0.5, baseQuantity: 0.5, unitCost: 0, lineTotal: 0, taxAmount: 0 },
    ]) as any,
  });
}, 60_000);

describe('purchase orders written by one statement', () => {
  it('GET /purchase-orders answers as field by field, and runs as many statements for 10 orders as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/purchase-orders?sort=id', { sort: 'id', filters: [] }, 'purchaseOrders'));

  it('GET /purchase-orders/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/purchase-orders', orderIds, 'purchaseOrder'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, listRoute, '/purchase-orders?per_page=100', { perPage: 100, filters: [] }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['PurchaseOrder'], ([selection], id) => pageAndRecordQueries(selection!, 'purchaseOrders', 'id', 'purchaseOrder', id), {
      numRuns: 25,
      seed: 20261130,
      ids: orderIds.slice(0, 5),
      skipTooDeep: true,
    }));
});
