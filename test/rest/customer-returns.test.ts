// Customer returns over real HTTP: at most what shipped minus what was returned; receiving restocks at the cost
// the goods left with (stock and value through GET /reports/stock-snapshot) where they shipped from, scrap
// moves nothing; the credit note (CN-000001) is negative at the invoiced prices, against the order's invoice,
// once; bad input; tenants see only their own.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom, stockSnapshotRows } from '../support/seed.js';
import { expectErrors } from '../support/rest-client.js';

const { companies: { globex }, api, post } = serverForFile(['acme', 'globex']);
let warehouse: any;
let bin: any;
let channel: any;
let widget: any;
let gizmo: any;
let kit: any;
let so: any;
let invoice: any;

const snapshot = () => stockSnapshotRows(api, widget.id);

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  bin = await post('/locations', { name: 'Main bin', parent_id: warehouse.id });
  channel = await salesChannelFrom(post, [warehouse.id]);
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  gizmo = await post('/products', { name: 'Gizmo', sku: 'G-1', retail_price: 4 });
  kit = await post('/products', { name: 'Widget pair', sku: 'KIT-2', type: 'KIT', retail_price: 18, kit_items: [{ product_id: gizmo.id, quantity: 2 }] });
  // Widgets in the bin: 4 at 1.00, then 4 at 3.00.
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: bin.id, quantity: 4, unit_cost: 1 }] });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: bin.id, quantity: 4, unit_cost: 3 }] });
  await post('/inventory/adjustments', { lines: [{ product_id: gizmo.id, location_id: warehouse.id, quantity: 20, unit_cost: 1 }] });
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 6, tax_rate: 10 }, { product_id: kit.id, quantity: 1 }] });
  so = await post(`/sales-orders/${draft.id}/confirm`);
  const shipment = await post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 5 }, { sales_order_line_id: so.lines[1].id, quantity: 1 }] });
  await post(`/shipments/${shipment.id}/ship`);
  invoice = await post(`/sales-orders/${so.id}/invoices`);
});

describe('customer returns', () => {
  let rma: any;

  it('creates a draft return: restock defaults to where the goods shipped from', async () => {
    // 5 shipped at FIFO: 4 × 1.00 + 1 × 3.00 → 1.40 each; 3 left at 3.00.
    expect(await snapshot()).toEqual([[bin.id, 3, 9]]);
    const res = await api('POST', '/customer-returns', {
      sales_order_id: so.id,
      reason: 'Damaged box',
      lines: [
        { sales_order_line_id: so.lines[0].id, quantity: 2, disposition: 'restock' },
        { sales_order_line_id: so.lines[0].id, quantity: 1, disposition: 'scrap' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    rma = res.body.data;
    expect(rma).toMatchObject({ return_number: 'RMA-000001', sales_order_id: so.id, reason: 'Damaged box', status: 'draft', credit_note_id: null, received_at: null });
    expect(rma.lines.map((l: any) => [l.sales_order_line_id, l.product.sku, l.quantity, l.disposition, l.location?.id ?? null, l.lot_number])).toEqual([
      [so.lines[0].id, 'W-1', 2, 'restock', bin.id, null],
      [so.lines[0].id, 'W-1', 1, 'scrap', null, null],
    ]);
    expect((await api('GET', `/customer-returns/${rma.id}`)).body.data).toEqual(rma);
  });

  it('refuses more than shipped minus what was returned', async () => {
    // 5 shipped, 3 on RMA-000001: 2 left.
    expectErrors(await api('POST', '/customer-returns', { sales_order_id: so.id, lines: [{ sales_order_line_id: so.lines[0].id, quantity: 3, disposition: 'scrap' }] }), ['lines.0.quantity']);
    expectErrors(
      await api('POST', '/customer-returns', {
        sales_order_id: so.id,
        lines: [{ sales_order_line_id: so.lines[0].id, quantity: 1.5, disposition: 'scrap' }, { sales_order_line_id: so.lines[0].id, quantity: 1, disposition: 'restock' }],
      }),
      ['lines.1.quantity'],
    );
  });

  it('cannot credit a draft; receiving restocks at the cost the goods left with, scrap moves nothing', async () => {
    expectErrors(await api('POST', `/customer-returns/${rma.id}/credit`), ['status']);
    const received = await post(`/customer-returns/${rma.id}/receive`);
    expect(received.status).toBe('received');
    expect(received.received_at).not.toBeNull();
    // 2 back at 1.40 (not the 3.00 still on hand); the scrapped one stays out.
    expect(await snapshot()).toEqual([[bin.id, 5, 11.8]]);
    expectErrors(await api('POST', `/customer-returns/${rma.id}/receive`), ['status']);
  });

  it('credits once: a negative credit note at the invoiced prices against the order invoice', async () => {
    const res = await api('POST', `/customer-returns/${rma.id}/credit`);
    expect(res.status, res.text).toBe(201);
    const note = res.body.data;
    expect(note).toMatchObject({ invoice_number: 'CN-000001', kind: 'credit_note', credited_invoice_id: invoice.id, customer_return_id: rma.id, sales_order_id: so.id, status: 'open' });
    expect(note.lines.map((l: any) => [l.type, l.sku, l.quantity, l.unit_price, l.amount, l.tax_amount, l.sales_order_line_id])).toEqual([
      ['product', 'W-1', -2, 10, -20, -2, so.lines[0].id],
      ['product', 'W-1', -1, 10, -10, -1, so.lines[0].id],
    ]);
    expect(note).toMatchObject({ subtotal: -30, tax_total: -3, total: -33 });
    const again = await api('POST', `/customer-returns/${rma.id}/credit`);
    expect(again.status).toBe(409);
    expect((await api('GET', `/customer-returns/${rma.id}`)).body.data).toMatchObject({ status: 'credited', credit_note_id: note.id });
    expect((await api('GET', '/invoices?kind=credit_note')).body.data.map((i: any) => i.invoice_number)).toEqual(['CN-000001']);
    // The credited invoice cannot be voided any more.
    expectErrors(await api('POST', `/invoices/${invoice.id}/void`), ['credit_notes']);
  });

  it('lists with filters', async () => {
    const other = await post('/customer-returns', { sales_order_id: so.id, lines: [{ sales_order_line_id: so.lines[0].id, quantity: 1, disposition: 'scrap' }] });
    expect(other.return_number).toBe('RMA-000002');
    const numbers = async (query: string) => (await api('GET', `/customer-returns?${query}`)).body.data.map((r: any) => r.return_number);
    expect(await numbers('sort=id')).toEqual(['RMA-000001', 'RMA-000002']);
    expect(await numbers('status=draft')).toEqual(['RMA-000002']);
    expect(await numbers(`sales_order_id=${so.id}&status=credited`)).toEqual(['RMA-000001']);
    expectErrors(await api('GET', '/customer-returns?status=lost'), ['status']);
  });

  it('refuses bad input', async () => {
    expectErrors(await api('POST', '/customer-returns', { sales_order_id: 999999, lines: [] }), ['sales_order_id', 'lines']);
    expect((await api('POST', '/customer-returns', {})).status).toBe(422);
    expectErrors(
      await api('POST', '/customer-returns', {
        sales_order_id: so.id,
        reason: 'x'.repeat(256),
        lines: [
          { sales_order_line_id: 999999, quantity: 1, disposition: 'restock' },
          { sales_order_line_id: so.lines[0].id, quantity: 0, disposition: 'burn' },
          { sales_order_line_id: so.lines[0].id, quantity: 0.5, disposition: 'restock', location_id: 999999 },
          { sales_order_line_id: so.lines[1].id, quantity: 1, disposition: 'restock' },
          { sales_order_line_id: so.lines[0].id, quantity: 0.5, disposition: 'restock', lot_number: 'L1' },
        ],
      }),
      ['reason', 'lines.0.sales_order_line_id', 'lines.1.quantity', 'lines.1.disposition', 'lines.2.location_id', 'lines.3.sales_order_line_id', 'lines.4.lot_number'],
    );
    expect((await api('GET', '/customer-returns/999999')).status).toBe(404);
    expect((await api('POST', '/customer-returns/999999/receive')).status).toBe(404);
    expect((await api('POST', '/customer-returns/999999/credit')).status).toBe(404);
  });

  it('a line not invoiced yet cannot be credited', async () => {
    const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: gizmo.id, quantity: 2 }] });
    const order = await post(`/sales-orders/${draft.id}/confirm`);
    const shipment = await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: order.lines[0].id, quantity: 2 }] });
    await post(`/shipments/${shipment.id}/ship`);
    const ret = await post('/customer-returns', { sales_order_id: order.id, lines: [{ sales_order_line_id: order.lines[0].id, quantity: 1, disposition: 'restock' }] });
    await post(`/customer-returns/${ret.id}/receive`);
    expectErrors(await api('POST', `/customer-returns/${ret.id}/credit`), ['lines.0.sales_order_line_id']);
    expect((await api('GET', `/customer-returns/${ret.id}`)).body.data.status).toBe('received');
  });

  it('shows nothing of another company', async () => {
    expect((await api('GET', `/customer-returns/${rma.id}`, undefined, globex)).status).toBe(404);
    expect((await api('GET', '/customer-returns', undefined, globex)).body.data).toEqual([]);
    expectErrors(await api('POST', '/customer-returns', { sales_order_id: so.id, lines: [{ sales_order_line_id: so.lines[0].id, quantity: 1, disposition: 'scrap' }] }, globex), ['sales_order_id']);
    expect((await api('POST', `/customer-returns/${rma.id}/receive`, undefined, globex)).status).toBe(404);
  });
});
