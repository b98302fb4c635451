// Vendor returns over real HTTP: drafts (create, list with filters and per_page at most 100, edit, delete),
// shipping through the ledger at FIFO cost (the unit cost defaults to what left; a shortage is refused and
// changes nothing), and the credit generated once (again → 409, a draft → 422).
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { companies: { globex }, api, post } = serverForFile(['acme', 'globex']);

let supplier: any;
let other: any;
let warehouse: any;
let bolt: any;
let firstOrder: any;

async function receivedOrder(quantity: number, unitCost: number, receivedAt: string): Promise<any> {
  const draft = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-05-01', lines: [{ product_id: bolt.id, quantity, unit_cost: unitCost }] });
  const order = await post(`/purchase-orders/${draft.id}/submit`);
  await post(`/purchase-orders/${order.id}/receiving-reports`, { received_at: receivedAt, lines: [{ purchase_order_line_id: order.lines[0].id, quantity }] });
  return order;
}

async function onHand(productId: number): Promise<number> {
  const res = await api('GET', `/inventory/stock?product_id=${productId}&location_id=${warehouse.id}`);
  return res.body.data.reduce((sum: number, row: any) => sum + row.quantity, 0);
}

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Bolt Works' });
  other = await post('/suppliers', { name: 'Other Works' });
  warehouse = await post('/locations', { name: 'Main' });
  bolt = await post('/products', { name: 'Bolt', sku: 'B-1' });
  // Two FIFO layers: 10 at 2.00, then 10 at 3.00.
  firstOrder = await receivedOrder(10, 2, '2026-05-03T10:00:00Z');
  await receivedOrder(10, 3, '2026-05-04T10:00:00Z');
});

describe('vendor returns', () => {
  let shipped: any;

  it('creates a draft with the fields and the currency of its order', async () => {
    const res = await api('POST', '/vendor-returns', {
      supplier_id: supplier.id, purchase_order_id: firstOrder.id, location_id: warehouse.id, reason: 'Damaged', lines: [{ product_id: bolt.id, quantity: 12 }],
    });
    expect(res.status, res.text).toBe(201);
    const draft = res.body.data;
    expect(Object.keys(draft).sort()).toEqual(
      ['created_at', 'credited_at', 'currency', 'exchange_rate', 'id', 'lines', 'location', 'purchase_order_id', 'reason', 'return_number', 'shipped_at', 'status', 'supplier', 'total', 'updated_at', 'vendor_credit_id'].sort(),
    );
    expect(draft).toMatchObject({ status: 'draft', return_number: 'VR-000001', currency: 'USD', total: 0, vendor_credit_id: null, supplier: { id: supplier.id, name: 'Bolt Works' } });
    expect(draft.lines).toEqual([{ id: expect.any(Number), product: { id: bolt.id, sku: 'B-1', name: 'Bolt' }, quantity: 12, lot_number: null, unit_cost: null, fifo_unit_cost: null, line_total: null }]);
    shipped = draft;
  });

  it('refuses to credit a draft', async () => {
    expectErrors(await api('POST', `/vendor-returns/${shipped.id}/generate-credit`), ['status']);
  });

  it('ships at FIFO cost: the unit cost defaults to the cost that left, and the stock goes down', async () => {
    expect(await onHand(bolt.id)).toBe(20);
    const res = await api('POST', `/vendor-returns/${shipped.id}/ship`);
    expect(res.status, res.text).toBe(200);
    const returned = res.body.data;
    // 10 × 2.00 + 2 × 3.00 = 26.00 for 12 units.
    expect(returned).toMatchObject({ status: 'shipped', exchange_rate: 1, total: 26 });
    expect(returned.shipped_at).toEqual(expect.any(String));
    expect(returned.lines[0].fifo_unit_cost).toBeCloseTo(26 / 12, 8);
    expect(returned.lines[0].unit_cost).toBeCloseTo(26 / 12, 8);
    expect(returned.lines[0].line_total).toBe(26);
    expect(await onHand(bolt.id)).toBe(8);
    // Shipped: no more edits, deletes or shipping.
    expectErrors(await api('POST', `/vendor-returns/${shipped.id}/ship`), ['status']);
    expectErrors(await api('PATCH', `/vendor-returns/${shipped.id}`, { reason: 'x' }), ['status']);
    expectErrors(await api('DELETE', `/vendor-returns/${shipped.id}`), ['status']);
    shipped = returned;
  });

  it('generates the credit once: 201 with the vendor credit, then 409', async () => {
    const res = await api('POST', `/vendor-returns/${shipped.id}/generate-credit`);
    expect(res.status, res.text).toBe(201);
    const credit = res.body.data;
    expect(credit).toMatchObject({ supplier: { id: supplier.id }, amount: 26, currency: 'USD', vendor_return_id: shipped.id, amount_applied: 0, remaining_amount: 26, applications: [] });
    const again = await api('POST', `/vendor-returns/${shipped.id}/generate-credit`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`vendor credit ${credit.id}`);
    const now = (await api('GET', `/vendor-returns/${shipped.id}`)).body.data;
    expect(now).toMatchObject({ status: 'credited', vendor_credit_id: credit.id });
    expect((await api('GET', `/vendor-credits?supplier_id=${supplier.id}`)).body.data.filter((c: any) => c.vendor_return_id === shipped.id)).toHaveLength(1);
  });

  it('takes the unit cost given, and refuses a shortage without moving anything', async () => {
    const draft = await post('/vendor-returns', { supplier_id: supplier.id, location_id: warehouse.id, lines: [{ product_id: bolt.id, quantity: 3, unit_cost: 2.5 }] });
    expect(draft).toMatchObject({ total: 7.5, purchase_order_id: null });
    const shippedAtCost = await post(`/vendor-returns/${draft.id}/ship`);
    expect(shippedAtCost).toMatchObject({ status: 'shipped', total: 7.5 });
    expect(shippedAtCost.lines[0]).toMatchObject({ unit_cost: 2.5, fifo_unit_cost: 3 });
    expect(await onHand(bolt.id)).toBe(5);

    const tooMany = await post('/vendor-returns', { supplier_id: supplier.id, location_id: warehouse.id, lines: [{ product_id: bolt.id, quantity: 6 }] });
    const refused = await api('POST', `/vendor-returns/${tooMany.id}/ship`);
    expect(refused.status, refused.text).toBe(422);
    expect(Object.keys(refused.body.errors).every((key) => key.startsWith('lines.0.'))).toBe(true);
    expect((await api('GET', `/vendor-returns/${tooMany.id}`)).body.data.status).toBe('draft');
    expect(await onHand(bolt.id)).toBe(5);
  });

  it('edits and deletes drafts', async () => {
    const draft = await post('/vendor-returns', { supplier_id: supplier.id, location_id: warehouse.id, lines: [{ product_id: bolt.id, quantity: 1 }] });
    const edited = (await api('PATCH', `/vendor-returns/${draft.id}`, { reason: 'Wrong size', lines: [{ product_id: bolt.id, quantity: 2, unit_cost: 4 }] })).body.data;
    expect(edited).toMatchObject({ reason: 'Wrong size', total: 8 });
    expect(edited.lines).toHaveLength(1);
    const deleted = await api('DELETE', `/vendor-returns/${draft.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(draft.id);
    expect((await api('GET', `/vendor-returns/${draft.id}`)).status).toBe(404);
  });

  it('lists with filters and pages of at most 100', async () => {
    const list = await api('GET', `/vendor-returns?status=shipped&supplier_id=${supplier.id}&per_page=100`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((r: any) => r.status)).toEqual(['shipped']);
    expect(list.body.meta).toMatchObject({ per_page: 100, total: 1 });
    expect((await api('GET', '/vendor-returns?status=credited')).body.data).toHaveLength(1);
    expect((await api('GET', `/vendor-returns?supplier_id=${other.id}`)).body.data).toEqual([]);
    expect((await api('GET', '/vendor-returns?sort=-id')).body.data.map((r: any) => r.id)).toEqual(
      [...(await api('GET', '/vendor-returns')).body.data.map((r: any) => r.id)].reverse(),
    );
    expectErrors(await api('GET', '/vendor-returns?per_page=101'), ['per_page']);
    expectErrors(await api('GET', '/vendor-returns?status=lost'), ['status']);
    expectErrors(await api('GET', '/vendor-returns?sort=colour'), ['sort']);
    expect((await api('GET', '/vendor-returns?shape=round')).status).toBe(422);
  });

  it('answers 422 naming every bad field, 404 for what does not exist, and keeps tenants apart', async () => {
    expectErrors(await api('POST', '/vendor-returns', {}), ['supplier_id', 'location_id', 'lines']);
    expectErrors(
      await api('POST', '/vendor-returns', {
        supplier_id: 999999, location_id: 999999, purchase_order_id: 999999, reason: 'x'.repeat(256),
        lines: [{ product_id: 999999, quantity: 1 }, { product_id: bolt.id, quantity: -1, unit_cost: -2 }, { product_id: bolt.id, quantity: 1, lot_number: 'L1' }],
      }),
      ['supplier_id', 'location_id', 'purchase_order_id', 'reason', 'lines.0.product_id', 'lines.1.quantity', 'lines.1.unit_cost', 'lines.2.lot_number'],
    );
    expectErrors(await api('POST', '/vendor-returns', { supplier_id: other.id, purchase_order_id: firstOrder.id, location_id: warehouse.id, lines: [{ product_id: bolt.id, quantity: 1 }] }), ['purchase_order_id']);
    expect((await api('POST', '/vendor-returns', { supplier_id: 'one', location_id: warehouse.id, lines: [] })).status).toBe(422);
    expect((await api('GET', '/vendor-returns/999999')).status).toBe(404);
    expect((await api('POST', '/vendor-returns/999999/ship')).status).toBe(404);
    expect((await api('POST', '/vendor-returns/999999/generate-credit')).status).toBe(404);
    expect((await api('GET', `/vendor-returns/${shipped.id}`, undefined, globex)).status).toBe(404);
    expect((await api('GET', '/vendor-returns', undefined, globex)).body.data).toEqual([]);
  });
});
