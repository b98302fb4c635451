// Vendor credits and prepayments over real HTTP: recording them, applying them to bills of the same supplier
// and currency (never more than is left of either; concurrent applications included), undoing an application
// exactly, a prepayment that pays a payment obligation, and the 422s and 404s of every route.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { companies: { globex }, api, post } = serverForFile(['acme', 'globex']);

let supplier: any;
let other: any;
let warehouse: any;
let bolt: any;
let n = 0;

/** An approved bill without an order, in the given currency. */
async function approvedBill(amount: number, options: { supplierId?: number; currency?: string; approve?: boolean } = {}): Promise<any> {
  const bill = await post('/bills', {
    supplier_id: options.supplierId ?? supplier.id, bill_number: `INV-${++n}`, bill_date: '2026-06-01', currency: options.currency,
    lines: [{ description: 'Services', quantity: 1, unit_price: amount }],
  });
  return options.approve === false ? bill : post(`/bills/${bill.id}/approve`);
}

const bill = async (id: number) => (await api('GET', `/bills/${id}`)).body.data;

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Bolt Works' });
  other = await post('/suppliers', { name: 'Other Works' });
  warehouse = await post('/locations', { name: 'Main' });
  bolt = await post('/products', { name: 'Bolt', sku: 'B-1' });
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.1, as_of: '2026-01-01' });
});

describe('vendor credits', () => {
  it('applies a credit to a bill (201 with the application), at most what is left, and undoes it exactly', async () => {
    const target = await approvedBill(100);
    const res = await api('POST', '/vendor-credits', { supplier_id: supplier.id, amount: 40, currency: 'USD', credit_date: '2026-06-02', reason: 'Price correction' });
    expect(res.status, res.text).toBe(201);
    const credit = res.body.data;
    expect(Object.keys(credit).sort()).toEqual(
      ['amount', 'amount_applied', 'applications', 'created_at', 'credit_date', 'currency', 'exchange_rate', 'id', 'reason', 'remaining_amount', 'supplier', 'updated_at', 'vendor_return_id'].sort(),
    );
    expect(credit).toMatchObject({ amount: 40, currency: 'USD', exchange_rate: 1, credit_date: '2026-06-02', remaining_amount: 40, applications: [] });

    const applied = await api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: target.id, amount: 30 });
    expect(applied.status, applied.text).toBe(201);
    expect(Object.keys(applied.body.data).sort()).toEqual(['amount', 'applied_at', 'bill_id', 'id', 'vendor_credit_id']);
    expect(applied.body.data).toMatchObject({ vendor_credit_id: credit.id, bill_id: target.id, amount: 30 });
    expect(await bill(target.id)).toMatchObject({ amount_credited: 30, balance_due: 70, status: 'partially_paid' });

    // Only 10 is left of the credit.
    expectErrors(await api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: target.id, amount: 10.01 }), ['amount']);
    const got = (await api('GET', `/vendor-credits/${credit.id}`)).body.data;
    expect(got).toMatchObject({ amount_applied: 30, remaining_amount: 10, applications: [{ id: applied.body.data.id, amount: 30, bill_id: target.id }] });

    const undone = await api('DELETE', `/vendor-credits/${credit.id}/applications/${applied.body.data.id}`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.data).toMatchObject({ id: credit.id, amount_applied: 0, remaining_amount: 40, applications: [] });
    expect(await bill(target.id)).toMatchObject({ amount_credited: 0, balance_due: 100, status: 'open' });
    const again = await api('DELETE', `/vendor-credits/${credit.id}/applications/${applied.body.data.id}`);
    expect(again.status).toBe(404);
    expect(typeof again.body.message).toBe('string');
  });

  it('pays a bill in full with a credit and a payment, never above the balance due', async () => {
    const target = await approvedBill(50);
    const credit = await post('/vendor-credits', { supplier_id: supplier.id, amount: 80, currency: 'USD', credit_date: '2026-06-02' });
    expectErrors(await api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: target.id, amount: 60 }), ['amount']);
    await post(`/bills/${target.id}/payments`, { amount: 20, paid_at: '2026-06-03' });
    await post(`/vendor-credits/${credit.id}/applications`, { bill_id: target.id, amount: 30 });
    expect(await bill(target.id)).toMatchObject({ amount_paid: 20, amount_credited: 30, balance_due: 0, status: 'paid' });
    expectErrors(await api('POST', `/bills/${target.id}/payments`, { amount: 1, paid_at: '2026-06-03' }), ['amount']);
  });

  it('refuses bills of another supplier, currency or state, and an application of another credit is a 404', async () => {
    const credit = await post('/vendor-credits', { supplier_id: supplier.id, amount: 10, currency: 'USD', credit_date: '2026-06-02' });
    const elsewhere = await approvedBill(10, { supplierId: other.id });
    const inEuro = await approvedBill(10, { currency: 'EUR' });
    const draft = await approvedBill(10, { approve: false });
    for (const target of [elsewhere, inEuro, draft]) {
      expectErrors(await api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: target.id, amount: 5 }), ['bill_id']);
    }
    expectErrors(await api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: 999999, amount: 0 }), ['bill_id', 'amount']);
    expectErrors(await api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: draft.id, amount: 1.234 }), ['bill_id', 'amount']);
    expectErrors(await api('POST', `/vendor-credits/${credit.id}/applications`, {}), ['bill_id', 'amount']);

    const target = await approvedBill(10);
    const theirs = await post('/vendor-credits', { supplier_id: supplier.id, amount: 5, currency: 'USD', credit_date: '2026-06-02' });
    const application = await post(`/vendor-credits/${theirs.id}/applications`, { bill_id: target.id, amount: 5 });
    expect((await api('DELETE', `/vendor-credits/${credit.id}/applications/${application.id}`)).status).toBe(404);
    expect(await bill(target.id)).toMatchObject({ amount_credited: 5 });
    expect((await api('POST', '/vendor-credits/999999/applications', { bill_id: target.id, amount: 1 })).status).toBe(404);
  });

  it('records a credit in another currency at the rate of its date; lists with filters', async () => {
    const euro = await post('/vendor-credits', { supplier_id: other.id, amount: 12.5, currency: 'EUR', credit_date: '2026-06-02' });
    expect(euro).toMatchObject({ currency: 'EUR', exchange_rate: 1.1 });
    const list = await api('GET', `/vendor-credits?supplier_id=${other.id}&currency=EUR`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((c: any) => c.id)).toEqual([euro.id]);
    expect(list.body.meta).toMatchObject({ total: 1, current_page: 1 });
    const open = (await api('GET', `/vendor-credits?open=false&supplier_id=${supplier.id}`)).body.data;
    expect(open.every((c: any) => c.remaining_amount === 0)).toBe(true);
    expectErrors(await api('GET', '/vendor-credits?per_page=101'), ['per_page']);
    expectErrors(await api('GET', '/vendor-credits?currency=EURO'), ['currency']);
    expectErrors(await api('GET', '/vendor-credits?sort=weight'), ['sort']);
  });

  it('answers 422 naming every bad field, 404 for what does not exist, and keeps tenants apart', async () => {
    expectErrors(await api('POST', '/vendor-credits', {}), ['supplier_id', 'amount', 'currency', 'credit_date']);
    expectErrors(
      await api('POST', '/vendor-credits', { supplier_id: 999999, amount: -1, currency: 'XXQ', credit_date: '2026-02-30', reason: 'x'.repeat(256) }),
      ['supplier_id', 'amount', 'currency', 'credit_date', 'reason'],
    );
    expectErrors(await api('POST', '/vendor-credits', { supplier_id: supplier.id, amount: 1.005, currency: 'USD', credit_date: '2026-06-02' }), ['amount']);
    // No rate from JPY to USD.
    expectErrors(await api('POST', '/vendor-credits', { supplier_id: supplier.id, amount: 100, currency: 'JPY', credit_date: '2026-06-02' }), ['currency']);
    expect((await api('POST', '/vendor-credits', { supplier_id: supplier.id, amount: 'ten', currency: 'USD', credit_date: '2026-06-02' })).status).toBe(422);
    expect((await api('GET', '/vendor-credits/999999')).status).toBe(404);
    const credit = await post('/vendor-credits', { supplier_id: supplier.id, amount: 1, currency: 'USD', credit_date: '2026-06-02' });
    expect((await api('GET', `/vendor-credits/${credit.id}`, undefined, globex)).status).toBe(404);
    expect((await api('GET', '/vendor-credits', undefined, globex)).body.data).toEqual([]);
  });
});

describe('prepayments', () => {
  it('pays a payment obligation, applies to a bill and is undone exactly', async () => {
    const draft = await post('/purchase-orders', {
      supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-05-01', lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 10 }],
      payment_terms: { deposit_percent: 30, deposit_due_days: 0, balance_due_days: 30, balance_due_from: 'order' },
    });
    const order = await post(`/purchase-orders/${draft.id}/submit`);
    const [deposit] = (await post(`/purchase-orders/${order.id}/payment-obligations/generate`)).obligations;
    expect(deposit).toMatchObject({ kind: 'deposit', amount: 30 });

    expectErrors(await api('POST', '/prepayments', { supplier_id: supplier.id, amount: 31, currency: 'USD', paid_at: '2026-05-02', payment_obligation_id: deposit.id }), ['amount']);
    expectErrors(await api('POST', '/prepayments', { supplier_id: other.id, amount: 30, currency: 'USD', paid_at: '2026-05-02', payment_obligation_id: deposit.id }), ['payment_obligation_id']);
    const res = await api('POST', '/prepayments', { supplier_id: supplier.id, amount: 30, currency: 'USD', paid_at: '2026-05-02', payment_obligation_id: deposit.id, reference: 'WIRE-1' });
    expect(res.status, res.text).toBe(201);
    const prepayment = res.body.data;
    expect(Object.keys(prepayment).sort()).toEqual(
      ['amount', 'amount_applied', 'applications', 'created_at', 'currency', 'exchange_rate', 'id', 'paid_at', 'payment_obligation_id', 'purchase_order_id', 'reference', 'remaining_amount', 'supplier', 'updated_at'].sort(),
    );
    expect(prepayment).toMatchObject({ purchase_order_id: order.id, payment_obligation_id: deposit.id, remaining_amount: 30, paid_at: '2026-05-02' });
    const obligations = (await api('GET', `/payment-obligations?purchase_order_id=${order.id}`)).body.data;
    expect(obligations.find((o: any) => o.id === deposit.id)).toMatchObject({ paid_amount: 30, status: 'paid' });
    // A paid obligation takes no more.
    expectErrors(await api('POST', '/prepayments', { supplier_id: supplier.id, amount: 1, currency: 'USD', paid_at: '2026-05-02', payment_obligation_id: deposit.id }), ['payment_obligation_id']);

    const target = await approvedBill(25);
    const applied = await api('POST', `/prepayments/${prepayment.id}/applications`, { bill_id: target.id, amount: 25 });
    expect(applied.status, applied.text).toBe(201);
    expect(Object.keys(applied.body.data).sort()).toEqual(['amount', 'applied_at', 'bill_id', 'id', 'prepayment_id']);
    expect(await bill(target.id)).toMatchObject({ amount_paid: 25, balance_due: 0, status: 'paid' });
    const second = await approvedBill(25);
    expectErrors(await api('POST', `/prepayments/${prepayment.id}/applications`, { bill_id: second.id, amount: 6 }), ['amount']);
    expect((await api('GET', `/prepayments/${prepayment.id}`)).body.data).toMatchObject({ amount_applied: 25, remaining_amount: 5 });

    const undone = (await api('DELETE', `/prepayments/${prepayment.id}/applications/${applied.body.data.id}`)).body.data;
    expect(undone).toMatchObject({ amount_applied: 0, remaining_amount: 30, applications: [] });
    expect(await bill(target.id)).toMatchObject({ amount_paid: 0, balance_due: 25, status: 'open' });
    expect((await api('DELETE', `/prepayments/${prepayment.id}/applications/${applied.body.data.id}`)).status).toBe(404);
    expect((await api('GET', `/prepayments?supplier_id=${supplier.id}&open=true`)).body.data.map((p: any) => p.id)).toContain(prepayment.id);
  });

  it('answers 422 naming every bad field and 404 for what does not exist', async () => {
    expectErrors(await api('POST', '/prepayments', {}), ['supplier_id', 'amount', 'currency', 'paid_at']);
    expectErrors(
      await api('POST', '/prepayments', { supplier_id: supplier.id, amount: 0, currency: 'usd', paid_at: 'yesterday', purchase_order_id: 999999, payment_obligation_id: 999999, reference: 'x'.repeat(256) }),
      ['amount', 'currency', 'paid_at', 'purchase_order_id', 'payment_obligation_id', 'reference'],
    );
    expect((await api('GET', '/prepayments/999999')).status).toBe(404);
    expect((await api('DELETE', '/prepayments/999999/applications/1')).status).toBe(404);
    expectErrors(await api('GET', '/prepayments?per_page=0'), ['per_page']);
  });
});

describe('concurrent applications', () => {
  it('never apply more than a credit holds: 8 parallel applications of 10 from 30', async () => {
    const credit = await post('/vendor-credits', { supplier_id: supplier.id, amount: 30, currency: 'USD', credit_date: '2026-06-02' });
    const targets = await Promise.all(Array.from({ length: 8 }, () => approvedBill(10)));
    const results = await Promise.all(targets.map((target) => api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: target.id, amount: 10 })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    const after = (await api('GET', `/vendor-credits/${credit.id}`)).body.data;
    expect(after).toMatchObject({ amount_applied: 30, remaining_amount: 0 });
    expect(after.applications).toHaveLength(3);
  });

  it('never settle a bill beyond its total: a prepayment and a credit racing for the last 10', async () => {
    const target = await approvedBill(10);
    const credit = await post('/vendor-credits', { supplier_id: supplier.id, amount: 10, currency: 'USD', credit_date: '2026-06-02' });
    const prepayment = await post('/prepayments', { supplier_id: supplier.id, amount: 10, currency: 'USD', paid_at: '2026-06-02' });
    const results = await Promise.all([
      api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: target.id, amount: 10 }),
      api('POST', `/prepayments/${prepayment.id}/applications`, { bill_id: target.id, amount: 10 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const settled = await bill(target.id);
    expect(settled.amount_paid + settled.amount_credited).toBe(10);
    expect(settled).toMatchObject({ balance_due: 0, status: 'paid' });
  });
});
