// Receiving against purchase orders over real HTTP: partial receipts into lots and locations of the delivery
// warehouse, the cost the stock comes in at (purchase cost at the receipt date's rate plus landed costs,
// shares adding up exactly), the order's status and open quantities, over-receipt and its tolerance, voids,
// the ledger check, and (on PostgreSQL) two simultaneous receipts of the last open quantity.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';
import { onPostgres } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { acme }, api, post } = serverForFile(['acme']);

let supplier: any;
let warehouse: any;
let bin: any;
let elsewhere: any;
let bolt: any;
let nut: any;

async function submittedOrder(lines: unknown[], extra: Record<string, unknown> = {}): Promise<any> {
  const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-03-01', lines, ...extra });
  return post(`/purchase-orders/${po.id}/submit`);
}

/** [location id, lot number, quantity] per stock row of the product. */
async function onHand(productId: number): Promise<unknown[]> {
  const rows = (await api('GET', `/inventory/stock?product_id=${productId}&per_page=100`)).body.data;
  const lots = new Map<number, string>();
  for (const report of (await api('GET', '/receiving-reports?per_page=100')).body.data) {
    for (const line of report.lines) if (line.lot) lots.set(line.lot.id, line.lot.lot_number);
  }
  // Rows with nothing on hand carry only what is still incoming.
  return rows.filter((row: any) => row.quantity !== 0).map((row: any) => [row.location_id, row.lot_id === null ? null : lots.get(row.lot_id), row.quantity]);
}

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Euro Bolts', currency: 'EUR' });
  warehouse = await post('/locations', { name: 'Main' });
  bin = await post('/locations', { name: 'Bin A', parent_id: warehouse.id });
  elsewhere = await post('/locations', { name: 'Other warehouse' });
  bolt = await post('/products', { name: 'Bolt', sku: 'BOLT-1', product_weight: [{ unit: 'lb', value: 2 }] });
  nut = await post('/products', { name: 'Nut', sku: 'NUT-1', lot_tracking: true, product_weight: [{ unit: 'lb', value: 1 }] });
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.08, as_of: '2026-01-01' });
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.1, as_of: '2026-04-01' });
  await post('/currency/rates', { from: 'GBP', to: 'USD', rate: 1.3, as_of: '2026-01-01' });
});

describe('receiving reports', () => {
  it('receives part of an order into a bin and lots, at the purchase cost of the receipt date plus the landed costs', async () => {
    const po = await submittedOrder([
      { product_id: bolt.id, quantity: 10, unit_cost: 2 },
      { product_id: nut.id, quantity: 20, unit_cost: 0.5 },
    ]);
    const res = await api('POST', `/purchase-orders/${po.id}/receiving-reports`, {
      received_at: '2026-04-02T10:00:00.000Z',
      location_id: bin.id,
      lines: [
        { purchase_order_line_id: po.lines[0].id, quantity: 4 },
        { purchase_order_line_id: po.lines[1].id, quantity: 6, lot_number: 'N-1', expiry_date: '2027-01-01' },
      ],
      landed_costs: [
        { name: 'Freight', amount: 10, currency: 'USD', allocation: 'value' },
        { name: 'Duty', amount: 1, currency: 'GBP', allocation: 'weight' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const report = res.body.data;
    expect(Object.keys(report).sort()).toEqual(['cost_adjustments', 'created_at', 'exchange_rate', 'id', 'landed_costs', 'lines', 'purchase_order', 'received_at', 'report_number', 'status', 'updated_at', 'voided_at']);
    expect(report).toMatchObject({ report_number: 'RR-000001', status: 'posted', exchange_rate: 1.1, purchase_order: { id: po.id, po_number: po.po_number } });
    // Purchase cost at the receipt date: bolt 2 EUR × 1.1 = 2.2 USD, nut 0.5 × 1.1 = 0.55 USD.
    // Freight 10 USD by value: bolt 4 × 2.2 = 8.8, nut 6 × 0.55 = 3.3 → 7.27 and 2.73 (remainder on the last).
    // Duty 1 GBP = 1.30 USD by weight: bolt 4 × 2 lb = 8, nut 6 × 1 lb = 6 → 0.74 and 0.56.
    expect(report.landed_costs).toEqual([
      { id: expect.any(Number), name: 'Freight', amount: 10, currency: 'USD', exchange_rate: 1, amount_base: 10, allocation: 'value' },
      { id: expect.any(Number), name: 'Duty', amount: 1, currency: 'GBP', exchange_rate: 1.3, amount_base: 1.3, allocation: 'weight' },
    ]);
    const [boltLine, nutLine] = report.lines;
    expect(boltLine).toMatchObject({ product: { id: bolt.id }, location: { id: bin.id }, lot: null, quantity: 4, base_quantity: 4, purchase_unit_cost: 2.2 });
    expect(boltLine.landed_unit_cost).toBeCloseTo((7.27 + 0.74) / 4, 9);
    expect(nutLine).toMatchObject({ product: { id: nut.id }, lot: { lot_number: 'N-1' }, quantity: 6, purchase_unit_cost: 0.55 });
    expect(nutLine.landed_unit_cost).toBeCloseTo((2.73 + 0.56) / 6, 9);
    // Everything paid is in the stock's value: 8.8 + 3.3 + 10 + 1.3 = 23.4 USD.
    const value = boltLine.unit_cost * 4 + nutLine.unit_cost * 6;
    expect(value).toBeCloseTo(23.4, 8);

    const order = (await api('GET', `/purchase-orders/${po.id}`)).body.data;
    expect(order.status).toBe('partially_received');
    expect(order.lines.map((l: any) => [l.quantity_received, l.quantity_open])).toEqual([[4, 6], [6, 14]]);
    expect(await onHand(nut.id)).toEqual([[bin.id, 'N-1', 6]]);
    const incoming = (await api('GET', `/inventory/stock?product_id=${nut.id}`)).body.data.filter((row: any) => row.qty_incoming !== 0);
    expect(incoming.map((row: any) => [row.location_id, row.lot_id, row.quantity, row.qty_incoming])).toEqual([[po.warehouse.id, null, 0, 14]]);
    const exported = (await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((row: any) => row.id === bolt.id);
    expect(exported).toMatchObject({ qty_onhand: 4, qty_incoming: 6 });
    expect(exported.current_landed_unit_cost).toBeCloseTo(2.2 + (7.27 + 0.74) / 4, 8);

    // The rest arrives: the order is received and nothing is incoming any more.
    await post(`/purchase-orders/${po.id}/receiving-reports`, {
      received_at: '2026-04-03T10:00:00.000Z',
      lines: [
        { purchase_order_line_id: po.lines[0].id, quantity: 6 },
        { purchase_order_line_id: po.lines[1].id, quantity: 14, lot_number: 'N-2' },
      ],
    });
    const done = (await api('GET', `/purchase-orders/${po.id}`)).body.data;
    expect(done.status).toBe('received');
    expect((await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((row: any) => row.id === bolt.id).qty_incoming).toBe(0);
    expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);

    const listed = await api('GET', `/receiving-reports?purchase_order_id=${po.id}&sort=-id`);
    expect(listed.body.data.map((r: any) => r.report_number)).toEqual(['RR-000002', 'RR-000001']);
    expect((await api('GET', `/receiving-reports?supplier_id=${supplier.id}&received_at=2026-04-02`)).body.data.map((r: any) => r.id)).toEqual([report.id]);
    expect((await api('GET', `/receiving-reports/${report.id}`)).body.data).toEqual(report);
  });

  it('refuses more than is open, unless the supplier tolerates it, and receipts outside the delivery warehouse or without lots', async () => {
    const po = await submittedOrder([{ product_id: bolt.id, quantity: 10, unit_cost: 1 }, { product_id: nut.id, quantity: 5, unit_cost: 1 }]);
    const receive = (lines: unknown[], extra: Record<string, unknown> = {}) =>
      api('POST', `/purchase-orders/${po.id}/receiving-reports`, { received_at: '2026-04-05T00:00:00Z', lines, ...extra });
    const over = await receive([{ purchase_order_line_id: po.lines[0].id, quantity: 6 }, { purchase_order_line_id: po.lines[0].id, quantity: 5 }]);
    expectErrors(over, ['lines.1.quantity']);
    expect(over.body.errors['lines.1.quantity'][0]).toBe(`Line ${po.lines[0].id} has 10 open; 11 cannot be received.`);
    expectErrors(await receive([{ purchase_order_line_id: po.lines[0].id, quantity: 1 }], { location_id: elsewhere.id }), ['location_id']);
    expectErrors(await receive([{ purchase_order_line_id: po.lines[0].id, quantity: 1, location_id: elsewhere.id }]), ['lines.0.location_id']);
    expectErrors(await receive([{ purchase_order_line_id: po.lines[1].id, quantity: 1 }]), ['lines.0.lot_number']);
    expectErrors(await receive([{ purchase_order_line_id: 999999, quantity: 0 }]), ['lines.0.purchase_order_line_id', 'lines.0.quantity']);
    expectErrors(await receive([]), ['lines']);
    expectErrors(await receive([{ purchase_order_line_id: po.lines[0].id, quantity: 1 }], { received_at: '2025-06-01T00:00:00Z' }), ['received_at']);
    expectErrors(
      await receive([{ purchase_order_line_id: po.lines[0].id, quantity: 1 }], { landed_costs: [{ name: '', amount: 1.001, currency: 'usd', allocation: 'value' }] }),
      ['landed_costs.0.name', 'landed_costs.0.amount', 'landed_costs.0.currency'],
    );
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data.status).toBe('submitted');

    expect((await api('PATCH', `/suppliers/${supplier.id}`, { over_receipt_tolerance_percent: 10 })).body.data.over_receipt_tolerance_percent).toBe(10);
    expectErrors(await api('PATCH', `/suppliers/${supplier.id}`, { over_receipt_tolerance_percent: -1 }), ['over_receipt_tolerance_percent']);
    expect((await receive([{ purchase_order_line_id: po.lines[0].id, quantity: 11 }])).status).toBe(201);
    expectErrors(await receive([{ purchase_order_line_id: po.lines[0].id, quantity: 0.5 }]), ['lines.0.quantity']);
    await api('PATCH', `/suppliers/${supplier.id}`, { over_receipt_tolerance_percent: 0 });

    const draft = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-03-01', lines: [{ product_id: bolt.id, quantity: 1, unit_cost: 1 }] });
    const early = await api('POST', `/purchase-orders/${draft.id}/receiving-reports`, { lines: [{ purchase_order_line_id: draft.lines[0].id, quantity: 1 }] });
    expectErrors(early, ['status']);
    expect(early.body.message).toContain('this one is draft');
  });

  it('voids a receipt whose stock is untouched, at the cost it came in at, and refuses once the stock moved on', async () => {
    const product = await post('/products', { name: 'Washer', sku: 'WSH-1' });
    const po = await submittedOrder([{ product_id: product.id, quantity: 10, unit_cost: 1 }]);
    const first = await post(`/purchase-orders/${po.id}/receiving-reports`, { received_at: '2026-04-10T00:00:00Z', lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 4 }] });
    const second = await post(`/purchase-orders/${po.id}/receiving-reports`, { received_at: '2026-04-11T00:00:00Z', lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 6 }] });
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data.status).toBe('received');

    const voided = await api('POST', `/receiving-reports/${second.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'voided', voided_at: expect.any(String) });
    const order = (await api('GET', `/purchase-orders/${po.id}`)).body.data;
    expect(order).toMatchObject({ status: 'partially_received', lines: [{ quantity_received: 4, quantity_open: 6 }] });
    expect(await onHand(product.id)).toEqual([[warehouse.id, null, 4]]);
    expectErrors(await api('POST', `/receiving-reports/${second.id}/void`), ['status']);

    // One unit of the first receipt is issued: its stock is no longer untouched.
    await post('/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: -1 }] });
    const refused = await api('POST', `/receiving-reports/${first.id}/void`);
    expectErrors(refused, ['id']);
    expect((await api('GET', `/receiving-reports/${first.id}`)).body.data.status).toBe('posted');
    expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
    expect((await api('POST', '/receiving-reports/999999/void')).status).toBe(404);
  });

  it('a landed cost added later: the open stock takes its share, the issued stock gets cost adjustments, and nothing paid is lost', async () => {
    const product = await post('/products', { name: 'Pallet', sku: 'PAL-1' });
    const other = await post('/products', { name: 'Strap', sku: 'STR-1' });
    const po = await submittedOrder([{ product_id: product.id, quantity: 10, unit_cost: 2 }, { product_id: other.id, quantity: 10, unit_cost: 1 }], { currency: 'USD' });
    const report = await post(`/purchase-orders/${po.id}/receiving-reports`, {
      received_at: '2026-04-20T00:00:00Z',
      lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 10 }, { purchase_order_line_id: po.lines[1].id, quantity: 10 }],
    });
    // 4 pallets are issued, then a 10 USD freight bill arrives, spread by quantity: 5 USD per product, 0.50 a unit.
    const issue = await post('/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: -4 }] });
    const res = await api('POST', `/receiving-reports/${report.id}/landed-costs`, { name: 'Late freight', amount: 10, currency: 'USD', allocation: 'quantity' });
    expect(res.status, res.text).toBe(201);
    const after = res.body.data;
    expect(after.landed_costs.map((c: any) => [c.name, c.amount_base])).toEqual([['Late freight', 10]]);
    expect(after.lines.map((l: any) => [l.landed_unit_cost, l.unit_cost])).toEqual([[0.5, 2.5], [0.5, 1.5]]);
    expect(after.cost_adjustments).toEqual([{ id: expect.any(Number), movement_id: issue.lines[0].movements[0].id, quantity: 4, amount: 2, created_at: expect.any(String) }]);
    // Inventory value: 6 pallets at 2.50 and 10 straps at 1.50 = 30; issued: 4 × 2 + 2 adjusted = 10; 30 + 10 = 20 + 10 + 10 paid.
    const snapshot = (await api('GET', `/reports/stock-snapshot?per_page=100`)).body.data;
    const valueOf = (id: number) => snapshot.filter((row: any) => row.product_id === id).reduce((sum: number, row: any) => sum + row.value, 0);
    expect(valueOf(product.id)).toBeCloseTo(15, 8);
    expect(valueOf(other.id)).toBeCloseTo(15, 8);
    const exported = (await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((row: any) => row.id === product.id);
    expect(exported.current_landed_unit_cost).toBeCloseTo(2.5, 8);
    expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);

    const bad = await api('POST', `/receiving-reports/${report.id}/landed-costs`, { name: '', amount: -1, allocation: 'value' });
    expectErrors(bad, ['name', 'amount']);
    const later = await submittedOrder([{ product_id: other.id, quantity: 1, unit_cost: 1 }], { currency: 'USD' });
    const voided = await post(`/purchase-orders/${later.id}/receiving-reports`, { received_at: '2026-04-21T00:00:00Z', lines: [{ purchase_order_line_id: later.lines[0].id, quantity: 1 }] });
    await post(`/receiving-reports/${voided.id}/void`);
    expectErrors(await api('POST', `/receiving-reports/${voided.id}/landed-costs`, { name: 'Too late', amount: 1, allocation: 'value' }), ['status']);
  });

  it('refuses a landed cost that would lift a unit cost beyond what the ledger keeps, given with the receipt or later', async () => {
    const product = await post('/products', { name: 'Gold washer', sku: 'GOLD-WSH-1' });
    const po = await submittedOrder([{ product_id: product.id, quantity: 4, unit_cost: 1 }], { currency: 'USD' });
    const huge = { name: 'Gold freight', amount: 9_000_000_000_000_000, currency: 'USD', allocation: 'value' };
    const receipt = { received_at: '2026-04-22T00:00:00Z', lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 4 }] };
    const message = 'would raise the unit cost of receipt line 1 to 100000000000000 or more, beyond what the ledger keeps.';
    const withReceipt = await api('POST', `/purchase-orders/${po.id}/receiving-reports`, { ...receipt, landed_costs: [huge] });
    expect(withReceipt.status, withReceipt.text).toBe(422);
    expect(withReceipt.body.errors).toEqual({ landed_costs: [`The landed costs ${message}`] });
    const report = await post(`/purchase-orders/${po.id}/receiving-reports`, receipt);
    const later = await api('POST', `/receiving-reports/${report.id}/landed-costs`, huge);
    expect(later.status, later.text).toBe(422);
    expect(later.body.errors).toEqual({ amount: [`The amount ${message}`] });
    expect((await api('GET', `/receiving-reports/${report.id}`)).body.data).toEqual(report);
  });

  it.runIf(onPostgres)('two simultaneous receipts of the last open quantity: one wins, the other gets a 422', async () => {
    const product = await post('/products', { name: 'Race', sku: 'RACE-1' });
    const po = await submittedOrder([{ product_id: product.id, quantity: 5, unit_cost: 1 }]);
    const body = { received_at: '2026-04-12T00:00:00Z', lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 5 }] };
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', `/purchase-orders/${po.id}/receiving-reports`, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
    expect(await onHand(product.id)).toEqual([[warehouse.id, null, 5]]);
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data.lines[0].quantity_received).toBe(5);
  });
});
