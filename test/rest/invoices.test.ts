// Invoices over real HTTP: built from the shipments' billable lines (the invoice total is what
// GET /shipments/{id}/billable-lines bills, with the lines' tax), numbered INV-000001 onwards, due after the
// customer's payment terms; never twice (also two concurrent requests); PDF; payments up to the balance due;
// void frees the shipments; filters; bad input; tenants see only their own.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors, getBytes } from '../support/rest-client.js';
import { pdfPages, pdfText } from '../support/pdf-text.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let warehouse: any;
let channel: any;
let customer: any;
let widget: any;
let gizmo: any;
let so: any;
let first: any;
let second: any;

const round2 = (n: number) => Math.round(n * 100) / 100;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function confirmedOrder(lines: Array<{ product_id: number; quantity: number; discount_percent?: number; tax_rate?: number }>, companyId: number | null = customer.id) {
  const draft = await post('/sales-orders', { channel_id: channel.id, ...(companyId ? { company_id: companyId } : {}), lines });
  return post(`/sales-orders/${draft.id}/confirm`);
}
async function ship(orderId: number, lines: Array<{ sales_order_line_id: number; quantity: number }>) {
  const draft = await post(`/sales-orders/${orderId}/shipments`, { lines });
  return post(`/shipments/${draft.id}/ship`);
}

const download = (path: string, headers?: Record<string, string>) => getBytes(server, acme, path, headers);

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [warehouse.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id, fees: { shippingCharge: 7.5, perPackageFee: 1.25 } });
  customer = await post('/companies', { name: 'Initech', payment_terms_days: 30 });
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  gizmo = await post('/products', { name: 'Gizmo', sku: 'G-1', retail_price: 4 });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: warehouse.id, quantity: 200, unit_cost: 2 }, { product_id: gizmo.id, location_id: warehouse.id, quantity: 200, unit_cost: 1 }] });
  so = await confirmedOrder([{ product_id: widget.id, quantity: 4, discount_percent: 10, tax_rate: 20 }, { product_id: gizmo.id, quantity: 2 }]);
  first = await ship(so.id, [{ sales_order_line_id: so.lines[0].id, quantity: 2 }, { sales_order_line_id: so.lines[1].id, quantity: 2 }]);
  second = await ship(so.id, [{ sales_order_line_id: so.lines[0].id, quantity: 2 }]);
});

describe('invoices', () => {
  let inv1: any;
  let inv2: any;

  it('invoices the given shipment from its billable lines, with tax, numbered and due after the terms', async () => {
    const res = await api('POST', `/sales-orders/${so.id}/invoices`, { shipment_ids: [first.id] });
    expect(res.status, res.text).toBe(201);
    inv1 = res.body.data;
    expect(Object.keys(inv1).sort()).toEqual(
      ['amount_paid', 'balance_due', 'company', 'created_at', 'credited_invoice_id', 'currency', 'customer_return_id', 'due_date', 'id', 'invoice_number', 'issue_date', 'kind', 'lines', 'sales_order_id', 'status', 'subtotal', 'tax_total', 'total', 'updated_at', 'voided_at'].sort(),
    );
    expect(inv1).toMatchObject({ invoice_number: 'INV-000001', kind: 'invoice', sales_order_id: so.id, company: { id: customer.id, name: 'Initech' }, status: 'open', currency: 'USD' });
    expect(inv1.due_date).toBe(addDays(inv1.issue_date, 30));
    expect(inv1.issue_date).toBe(new Date().toISOString().slice(0, 10));

    const billable = (await api('GET', `/shipments/${first.id}/billable-lines`)).body.data;
    expect(inv1.lines.map((l: any) => [l.type, l.description, l.sku, l.quantity, l.unit_price, l.amount, l.sales_order_line_id, l.shipment_id])).toEqual(
      billable.map((b: any) => [b.type, b.description, b.sku, b.quantity, b.unit_price, b.amount, b.sales_order_line_id, first.id]),
    );
    const subtotal = round2(billable.reduce((sum: number, b: any) => sum + b.amount, 0));
    // Widgets 2 × 9.00 = 18.00 taxed at 20 % → 3.60; gizmos untaxed; shipping 7.50.
    expect(subtotal).toBe(33.5);
    expect(inv1.lines.map((l: any) => l.tax_amount)).toEqual([3.6, 0, 0]);
    expect(inv1).toMatchObject({ subtotal: 33.5, tax_total: 3.6, total: 37.1, amount_paid: 0, balance_due: 37.1 });
  });

  it('never invoices a shipment twice, and invoices the rest by default', async () => {
    expectErrors(await api('POST', `/sales-orders/${so.id}/invoices`, { shipment_ids: [first.id] }), ['shipment_ids.0']);
    inv2 = await post(`/sales-orders/${so.id}/invoices`, {});
    expect(inv2.invoice_number).toBe('INV-000002');
    expect(inv2.lines.map((l: any) => [l.type, l.shipment_id, l.quantity])).toEqual([['product', second.id, 2], ['shipping', second.id, 1]]);
    expect(inv2.total).toBe(round2(18 + 3.6 + 7.5));
    const again = await api('POST', `/sales-orders/${so.id}/invoices`);
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['shipment_ids']);
    expect((await api('GET', `/invoices/${inv1.id}`)).body.data).toEqual(inv1);
  });

  it('serves the invoice as a PDF with format=pdf or Accept: application/pdf', async () => {
    const res = await download(`/invoices/${inv1.id}?format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-INV-000001.pdf"');
    const text = pdfText(res.bytes);
    for (const part of ['Invoice INV-000001', 'Initech', so.order_number, inv1.issue_date, inv1.due_date, 'Widget', 'W-1', 'Shipping', '33.50', '3.60', '37.10']) expect(text).toContain(part);
    const accepted = await download(`/invoices/${inv1.id}`, { accept: 'application/pdf' });
    expect(accepted.headers['content-type']).toBe('application/pdf');
    expect((await download('/invoices/999999?format=pdf')).status).toBe(404);
  });

  it('breaks pages of a long invoice', async () => {
    const many = await post('/products', { name: 'Bolt', sku: 'B-1', retail_price: 1 });
    await post('/inventory/adjustments', { lines: [{ product_id: many.id, location_id: warehouse.id, quantity: 100, unit_cost: 0.1 }] });
    const big = await confirmedOrder(Array.from({ length: 70 }, () => ({ product_id: many.id, quantity: 1 })));
    await ship(big.id, big.lines.map((l: any) => ({ sales_order_line_id: l.id, quantity: 1 })));
    const invoice = await post(`/sales-orders/${big.id}/invoices`);
    expect(invoice.lines).toHaveLength(71);
    const res = await download(`/invoices/${invoice.id}?format=pdf`);
    expect(pdfPages(res.bytes)).toBeGreaterThan(1);
    expect(pdfText(res.bytes)).toContain('77.50');
  });

  it('records payments up to the balance due; fully paid → paid', async () => {
    expectErrors(await api('POST', `/invoices/${inv1.id}/payments`, { amount: 37.11, paid_at: '2025-01-10' }), ['amount']);
    expectErrors(await api('POST', `/invoices/${inv1.id}/payments`, { amount: 1.234, paid_at: '2025-01-10' }), ['amount']);
    expectErrors(await api('POST', `/invoices/${inv1.id}/payments`, { amount: 0, paid_at: 'yesterday' }), ['amount', 'paid_at']);
    expectErrors(await api('POST', `/invoices/${inv1.id}/payments`, { amount: 5 }), ['paid_at']);
    expect((await api('POST', '/invoices/999999/payments', { amount: 1, paid_at: '2025-01-10' })).status).toBe(404);

    const res = await api('POST', `/invoices/${inv1.id}/payments`, { amount: 10, paid_at: '2025-01-10', reference: 'wire 1' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 10, paid_at: '2025-01-10', reference: 'wire 1', invoice: { id: inv1.id, status: 'open', amount_paid: 10, balance_due: 27.1 } });
    expectErrors(await api('POST', `/invoices/${inv1.id}/void`), ['amount_paid']);
    const paid = await post(`/invoices/${inv1.id}/payments`, { amount: 27.1, paid_at: '2025-01-11' });
    expect(paid.invoice).toMatchObject({ status: 'paid', amount_paid: 37.1, balance_due: 0 });
    expectErrors(await api('POST', `/invoices/${inv1.id}/payments`, { amount: 1, paid_at: '2025-01-12' }), ['status']);
    expectErrors(await api('POST', `/invoices/${inv1.id}/void`), ['status']);
  });

  it('voids an open invoice with nothing paid; its shipments can be invoiced again', async () => {
    const voided = await post(`/invoices/${inv2.id}/void`);
    expect(voided).toMatchObject({ status: 'void', balance_due: 0 });
    expect(voided.voided_at).not.toBeNull();
    expectErrors(await api('POST', `/invoices/${inv2.id}/void`), ['status']);
    expectErrors(await api('POST', `/invoices/${inv2.id}/payments`, { amount: 1, paid_at: '2025-01-12' }), ['status']);
    const again = await post(`/sales-orders/${so.id}/invoices`, { shipment_ids: [second.id] });
    expect(again.lines.map((l: any) => l.shipment_id)).toEqual([second.id, second.id]);
    expect(again.total).toBe(inv2.total);
  });

  it('filters by status, kind, company, sales order and overdue', async () => {
    const ids = async (query: string) => {
      const res = await api('GET', `/invoices?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((i: any) => i.invoice_number);
    };
    expect(await ids(`sales_order_id=${so.id}&sort=id`)).toEqual(['INV-000001', 'INV-000002', 'INV-000004']);
    expect(await ids(`sales_order_id=${so.id}&status=paid`)).toEqual(['INV-000001']);
    expect(await ids(`sales_order_id=${so.id}&status=void`)).toEqual(['INV-000002']);
    expect(await ids(`company_id=${customer.id}&status=open&sort=id`)).toEqual(['INV-000003', 'INV-000004']);
    expect(await ids('kind=credit_note')).toEqual([]);
    // Due in 30 days: nothing is overdue yet.
    expect(await ids('overdue=true')).toEqual([]);
    expect((await ids('overdue=false')).length).toBe(4);
    const page = await api('GET', '/invoices?per_page=1');
    expect(page.body.meta).toMatchObject({ total: 4, per_page: 1 });
    expectErrors(await api('GET', '/invoices?status=unpaid'), ['status']);
    expectErrors(await api('GET', '/invoices?overdue=maybe'), ['overdue']);
    expect((await api('GET', '/invoices?nope=1')).status).toBe(422);
  });

  it('refuses bad input', async () => {
    const other = await confirmedOrder([{ product_id: gizmo.id, quantity: 1 }]);
    const draft = await post(`/sales-orders/${other.id}/shipments`, { lines: [{ sales_order_line_id: other.lines[0].id, quantity: 1 }] });
    expectErrors(await api('POST', `/sales-orders/${other.id}/invoices`, { shipment_ids: [draft.id, first.id, 999999] }), ['shipment_ids.0', 'shipment_ids.1', 'shipment_ids.2']);
    expectErrors(await api('POST', `/sales-orders/${other.id}/invoices`, { shipment_ids: [] }), ['shipment_ids']);
    expectErrors(await api('POST', `/sales-orders/${other.id}/invoices`), ['shipment_ids']);
    expect((await api('POST', `/sales-orders/${other.id}/invoices`, { shipment_ids: ['x'] })).status).toBe(422);
    expect((await api('POST', '/sales-orders/999999/invoices')).status).toBe(404);
    expect((await api('GET', '/invoices/999999')).status).toBe(404);
    expect((await api('POST', '/invoices/999999/void')).status).toBe(404);
  });

  it('shows nothing of another company', async () => {
    expect((await api('GET', `/invoices/${inv1.id}`, undefined, globex)).status).toBe(404);
    expect((await api('GET', '/invoices', undefined, globex)).body.data).toEqual([]);
    expect((await api('POST', `/sales-orders/${so.id}/invoices`, {}, globex)).status).toBe(404);
    expect((await api('POST', `/invoices/${inv1.id}/void`, undefined, globex)).status).toBe(404);
    expect((await api('POST', `/invoices/${inv1.id}/payments`, { amount: 1, paid_at: '2025-01-01' }, globex)).status).toBe(404);
  });

  it('two concurrent requests invoice a shipment once', async () => {
    const order = await confirmedOrder([{ product_id: gizmo.id, quantity: 3 }]);
    await ship(order.id, [{ sales_order_line_id: order.lines[0].id, quantity: 3 }]);
    const results = await Promise.all([api('POST', `/sales-orders/${order.id}/invoices`, {}), api('POST', `/sales-orders/${order.id}/invoices`, {})]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const list = (await api('GET', `/invoices?sales_order_id=${order.id}`)).body.data;
    expect(list).toHaveLength(1);
  });
});
