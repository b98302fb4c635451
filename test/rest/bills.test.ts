// Bills over real HTTP: the three-way match against receipts and the order's prices, approval (refused on a
// mismatch unless the variance is accepted), payments that settle the order's payment obligations, void,
// edits and deletes of drafts, the list's filters, and the 422s of every route.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { api, post } = serverForFile(['acme']);
let supplier: any;
let other: any;
let warehouse: any;
let bolt: any;
let nut: any;
let order: any;

async function receive(po: any, quantities: number[]): Promise<any> {
  const lines = po.lines.map((line: any, index: number) => ({ purchase_order_line_id: line.id, quantity: quantities[index] })).filter((l: any) => l.quantity > 0);
  return post(`/purchase-orders/${po.id}/receiving-reports`, { received_at: '2026-05-03T10:00:00Z', lines });
}

async function submittedOrder(lines: unknown[], extra: Record<string, unknown> = {}): Promise<any> {
  const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-05-01', lines, ...extra });
  return post(`/purchase-orders/${po.id}/submit`);
}

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Bolt Works', payment_terms_days: 45 });
  other = await post('/suppliers', { name: 'Other Works' });
  warehouse = await post('/locations', { name: 'Main' });
  bolt = await post('/products', { name: 'Bolt', sku: 'B-1' });
  nut = await post('/products', { name: 'Nut', sku: 'N-1' });
  order = await submittedOrder(
    [
      { product_id: bolt.id, quantity: 10, unit_cost: 2 },
      { product_id: nut.id, quantity: 20, unit_cost: 0.5 },
    ],
    { payment_terms: { deposit_percent: 50, deposit_due_days: 0, balance_due_days: 30, balance_due_from: 'order' } },
  );
  await receive(order, [10, 12]);
});

describe('bills and the three-way match', () => {
  it('creates a matched bill of received goods, due by the order terms, and approves it', async () => {
    const res = await api('POST', '/bills', {
      supplier_id: supplier.id,
      bill_number: 'INV-100',
      bill_date: '2026-05-05',
      purchase_order_id: order.id,
      lines: [
        { purchase_order_line_id: order.lines[0].id, quantity: 10, unit_price: 2, tax_rate: 10 },
        { purchase_order_line_id: order.lines[1].id, quantity: 12, unit_price: 0.5 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const bill = res.body.data;
    expect(Object.keys(bill).sort()).toEqual(
      [
        'amount_credited', 'amount_paid', 'approved_at', 'balance_due', 'bill_date', 'bill_number', 'created_at', 'currency', 'due_date', 'exchange_rate', 'id',
        'lines', 'match_status', 'notes', 'payments', 'purchase_order_id', 'status', 'subtotal', 'supplier', 'tax_total', 'total', 'updated_at', 'variance_accepted', 'voided_at',
      ].sort(),
    );
    expect(bill).toMatchObject({
      status: 'draft', match_status: 'matched', currency: 'USD', exchange_rate: 1, bill_date: '2026-05-05', due_date: '2026-06-04',
      subtotal: 26, tax_total: 2, total: 28, amount_paid: 0, amount_credited: 0, balance_due: 28, supplier: { id: supplier.id, name: 'Bolt Works' },
    });
    expect(bill.lines.map((l: any) => [l.product.id, l.match_status, l.received_quantity, l.quantity_variance, l.ordered_unit_price, l.price_variance])).toEqual([
      [bolt.id, 'matched', 10, 0, 2, 0],
      [nut.id, 'matched', 12, 0, 0.5, 0],
    ]);
    const approved = await post(`/bills/${bill.id}/approve`);
    expect(approved).toMatchObject({ status: 'open', match_status: 'matched', variance_accepted: false });
    expect(approved.approved_at).toEqual(expect.any(String));
    expectErrors(await api('POST', `/bills/${bill.id}/approve`), ['status']);
    expectErrors(await api('PATCH', `/bills/${bill.id}`, { notes: 'late' }), ['status']);
    expectErrors(await api('DELETE', `/bills/${bill.id}`), ['status']);
  });

  it('finds a bill for more than was received, or at another price, mismatched; approval needs accept_variance', async () => {
    // Everything received on the nut line is billed by INV-100 already: billing 5 more is a quantity mismatch.
    const over = await post('/bills', {
      supplier_id: supplier.id, bill_number: 'INV-101', bill_date: '2026-05-06', purchase_order_id: order.id,
      lines: [{ purchase_order_line_id: order.lines[1].id, quantity: 5, unit_price: 0.55 }],
    });
    expect(over.match_status).toBe('quantity_mismatch');
    expect(over.lines[0]).toMatchObject({ match_status: 'quantity_mismatch', received_quantity: 0, quantity_variance: 5, price_variance: 0.05 });
    const refused = await api('POST', `/bills/${over.id}/approve`, { accept_variance: false });
    expectErrors(refused, ['accept_variance']);
    expect(refused.body.message).toContain('quantity_mismatch');
    expect((await api('GET', `/bills/${over.id}`)).body.data.status).toBe('draft');
    const accepted = await post(`/bills/${over.id}/approve`, { accept_variance: true });
    expect(accepted).toMatchObject({ status: 'open', match_status: 'quantity_mismatch', variance_accepted: true });

    // A price mismatch on received, unbilled goods.
    const po = await submittedOrder([{ product_id: bolt.id, quantity: 4, unit_cost: 3 }]);
    await receive(po, [4]);
    const priced = await post('/bills', {
      supplier_id: supplier.id, bill_number: 'INV-102', bill_date: '2026-05-06', purchase_order_id: po.id,
      lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 4, unit_price: 3.25 }],
    });
    expect(priced).toMatchObject({ match_status: 'price_mismatch', total: 13 });
    expect(priced.lines[0]).toMatchObject({ received_quantity: 4, quantity_variance: 0, ordered_unit_price: 3, price_variance: 0.25 });
    // Fixing the price in the draft matches it again.
    const fixed = (await api('PATCH', `/bills/${priced.id}`, { lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 4, unit_price: 3 }] })).body.data;
    expect(fixed).toMatchObject({ match_status: 'matched', total: 12 });
    expect((await api('POST', `/bills/${priced.id}/approve`)).status).toBe(200);
  });

  it('takes payments up to the balance, settling the order obligations earliest due first', async () => {
    const generated = await post(`/purchase-orders/${order.id}/payment-obligations/generate`);
    expect(generated.obligations.map((o: any) => [o.kind, o.amount])).toEqual([['deposit', 15], ['balance', 15]]);
    const bill = (await api('GET', '/bills?bill_number=INV-100')).body.data[0];
    const payment = await api('POST', `/bills/${bill.id}/payments`, { amount: 12.5, paid_at: '2026-05-10', method: 'bank_transfer', reference: 'TX-1' });
    expect(payment.status, payment.text).toBe(201);
    expect(payment.body.data).toMatchObject({ bill_id: bill.id, amount: 12.5, paid_at: '2026-05-10', method: 'bank_transfer', reference: 'TX-1', bill: { status: 'partially_paid', amount_paid: 12.5, balance_due: 15.5 } });
    const obligations = (await api('GET', `/payment-obligations?purchase_order_id=${order.id}`)).body.data;
    expect(obligations.map((o: any) => [o.kind, o.paid_amount, o.status])).toEqual([['deposit', 12.5, 'partially_paid'], ['balance', 0, 'open']]);

    expectErrors(await api('POST', `/bills/${bill.id}/payments`, { amount: 15.51, paid_at: '2026-05-11' }), ['amount']);
    expectErrors(await api('POST', `/bills/${bill.id}/payments`, { amount: 1.001, paid_at: '2026-05-11' }), ['amount']);
    expectErrors(await api('POST', `/bills/${bill.id}/payments`, { amount: 0, paid_at: 'soon' }), ['amount', 'paid_at']);
    expectErrors(await api('POST', `/bills/${bill.id}/payments`, {}), ['amount', 'paid_at']);
    expect((await api('POST', '/bills/999999/payments', { amount: 1, paid_at: '2026-05-11' })).status).toBe(404);

    // Two payments of the whole balance at once: one is recorded, the other finds nothing left to pay.
    const both = await Promise.all([1, 2].map(() => api('POST', `/bills/${bill.id}/payments`, { amount: 15.5, paid_at: '2026-05-12' })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    const paid = (await api('GET', `/bills/${bill.id}`)).body.data;
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 28, balance_due: 0 });
    expect(paid.payments.map((p: any) => p.amount)).toEqual([12.5, 15.5]);
    const settled = (await api('GET', `/payment-obligations?purchase_order_id=${order.id}`)).body.data;
    expect(settled.map((o: any) => [o.kind, o.paid_amount, o.status])).toEqual([['deposit', 15, 'paid'], ['balance', 13, 'partially_paid']]);
    expectErrors(await api('POST', `/bills/${bill.id}/void`), ['status']);
  });

  it('voids a bill nothing settled, and refuses payments on drafts and void bills', async () => {
    const draft = await post('/bills', { supplier_id: other.id, bill_number: 'O-1', bill_date: '2026-05-01', lines: [{ description: 'Service', quantity: 1, unit_price: 40 }] });
    expect(draft).toMatchObject({ status: 'draft', due_date: '2026-05-01', purchase_order_id: null });
    expectErrors(await api('POST', `/bills/${draft.id}/payments`, { amount: 1, paid_at: '2026-05-02' }), ['amount']);
    const voided = await post(`/bills/${draft.id}/void`);
    expect(voided.status).toBe('void');
    expect(voided.voided_at).toEqual(expect.any(String));
    expectErrors(await api('POST', `/bills/${draft.id}/void`), ['status']);
    expectErrors(await api('POST', `/bills/${draft.id}/approve`), ['status']);
  });

  it('lists bills with filters, including overdue ones', async () => {
    const late = await post('/bills', { supplier_id: other.id, bill_number: 'O-2', bill_date: '2026-01-01', due_date: '2026-01-31', lines: [{ description: 'Rent', quantity: 1, unit_price: 100 }] });
    await post(`/bills/${late.id}/approve`);
    const later = await post('/bills', { supplier_id: other.id, bill_number: 'O-4', bill_date: '2026-01-01', due_date: '2099-01-31', lines: [{ description: 'Rent', quantity: 1, unit_price: 100 }] });
    await post(`/bills/${later.id}/approve`);
    const list = await api('GET', `/bills?overdue=true&supplier_id=${other.id}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((b: any) => b.bill_number)).toEqual(['O-2']);
    expect((await api('GET', `/bills?overdue=false&supplier_id=${other.id}`)).body.data.map((b: any) => b.bill_number)).toEqual(['O-1', 'O-4']);
    const numbers = async (query: string) => (await api('GET', `/bills?${query}`)).body.data.map((b: any) => b.bill_number);
    expect(await numbers(`supplier_id=${other.id}&sort=-bill_date,id`)).toEqual(['O-1', 'O-2', 'O-4']);
    expect(await numbers('status=void')).toEqual(['O-1']);
    expect(await numbers('bill_date[lt]=2026-05-01')).toEqual(['O-2', 'O-4']);
    expect(await numbers('match_status=quantity_mismatch')).toEqual(['INV-101']);
    expect((await api('GET', '/bills?per_page=2')).body.meta).toMatchObject({ per_page: 2, total: 6, last_page: 3 });
    expectErrors(await api('GET', '/bills?status=unpaid'), ['status']);
    expectErrors(await api('GET', '/bills?overdue=maybe'), ['overdue']);
    expect((await api('GET', '/bills?color=red')).status).toBe(422);
  });

  it('counts what was ordered and not yet billed as qty_outstanding', async () => {
    const rows = (await api('GET', '/inventory/stocks/export?limit=100')).body.data;
    const outstanding = (id: number) => rows.find((row: any) => row.id === id).qty_outstanding;
    // Bolts: 10 + 4 ordered, 10 + 4 billed. Nuts: 20 ordered, 12 + 5 billed on approved bills.
    expect(outstanding(bolt.id)).toBe(0);
    expect(outstanding(nut.id)).toBe(3);
  });

  it('refuses bad input on create, edit and delete', async () => {
    expectErrors(await api('POST', '/bills', {}), ['supplier_id', 'bill_number', 'bill_date', 'lines']);
    expectErrors(
      await api('POST', '/bills', { supplier_id: 999999, bill_number: ' ', bill_date: '2026-13-01', due_date: 'x', currency: 'usd', lines: [] }),
      ['supplier_id', 'bill_number', 'bill_date', 'due_date', 'currency', 'lines'],
    );
    expectErrors(await api('POST', '/bills', { supplier_id: supplier.id, bill_number: 'INV-100', bill_date: '2026-05-05', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] }), ['bill_number']);
    expectErrors(
      await api('POST', '/bills', { supplier_id: other.id, bill_number: 'X', bill_date: '2026-05-05', due_date: '2026-05-01', purchase_order_id: order.id, lines: [{ description: 'x', quantity: 1, unit_price: 1 }] }),
      ['purchase_order_id', 'due_date'],
    );
    expectErrors(
      await api('POST', '/bills', {
        supplier_id: supplier.id, bill_number: 'X', bill_date: '2026-05-05', purchase_order_id: order.id, currency: 'EUR',
        lines: [
          { purchase_order_line_id: 999999, quantity: 1, unit_price: 1 },
          { product_id: 999999, quantity: 0, unit_price: -1, tax_rate: 101 },
          { quantity: 1, unit_price: 1 },
          { purchase_order_line_id: order.lines[0].id, product_id: nut.id, quantity: 1, unit_price: 1 },
        ],
      }),
      ['currency', 'lines.0.purchase_order_line_id', 'lines.1.product_id', 'lines.1.quantity', 'lines.1.unit_price', 'lines.1.tax_rate', 'lines.2.description', 'lines.3.product_id'],
    );
    const draftPo = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: bolt.id, quantity: 1, unit_cost: 1 }] });
    expectErrors(await api('POST', '/bills', { supplier_id: supplier.id, bill_number: 'X', bill_date: '2026-05-05', purchase_order_id: draftPo.id, lines: [{ description: 'x', quantity: 1, unit_price: 1 }] }), ['purchase_order_id']);
    expectErrors(await api('POST', '/bills', { supplier_id: supplier.id, bill_number: 'X', bill_date: '2026-05-05', lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 1, unit_price: 1 }] }), ['lines.0.purchase_order_line_id']);
    // No rate from GBP to the base currency.
    expectErrors(await api('POST', '/bills', { supplier_id: other.id, bill_number: 'X', bill_date: '2026-05-05', currency: 'GBP', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] }), ['currency']);

    const draft = await post('/bills', { supplier_id: other.id, bill_number: 'O-3', bill_date: '2026-05-01', lines: [{ description: 'x', quantity: 2, unit_price: 1.5 }] });
    expectErrors(await api('PATCH', `/bills/${draft.id}`, { supplier_id: null, bill_number: null, lines: [] }), ['supplier_id', 'bill_number', 'lines']);
    expectErrors(await api('PATCH', `/bills/${draft.id}`, { bill_number: 'O-2' }), ['bill_number']);
    const moved = (await api('PATCH', `/bills/${draft.id}`, { bill_date: '2026-05-02', notes: 'checked' })).body.data;
    expect(moved).toMatchObject({ bill_date: '2026-05-02', due_date: '2026-05-02', notes: 'checked', total: 3 });
    const deleted = await api('DELETE', `/bills/${draft.id}`);
    expect(deleted.status).toBe(200);
    expect((await api('GET', `/bills/${draft.id}`)).status).toBe(404);
    expect((await api('PATCH', '/bills/999999', { notes: 'x' })).status).toBe(404);
    expect((await api('POST', '/bills/999999/approve')).status).toBe(404);
    expect((await api('POST', '/bills/999999/void')).status).toBe(404);
  });
});
