// The bills reports over real HTTP: GET /reports/bills/aging and GET /reports/bills/summary, against
// hand-computed figures. Base currency USD; supplier Alpha bills in USD with due dates at every age as of
// 2026-09-30, supplier Beta in EUR (at each bill's own rate, rounded per bill) and USD. Applications are stamped
// "now", so they count in a period that ends today and not as of 2026-09-30.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { expectErrors } from '../support/rest-client.js';
import { recordStatements } from '../support/statement-log.js';

let alpha: any;
let beta: any;
const bills: Record<string, any> = {};
const statements: string[] = [];

const { companies: { globex }, api, post } = serverForFile(['acme', 'globex'], { database: () => openTestDatabase({ onQuery: recordStatements(statements) }) });

const AS_OF = '2026-09-30';
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function approvedBill(supplier: any, number: string, billDate: string, dueDate: string, amount: number, currency?: string): Promise<any> {
  const bill = await post('/bills', {
    supplier_id: supplier.id,
    bill_number: number,
    bill_date: billDate,
    due_date: dueDate,
    ...(currency ? { currency } : {}),
    lines: [{ description: 'Goods', quantity: 1, unit_price: amount }],
  });
  return post(`/bills/${bill.id}/approve`, {});
}

async function report(path: string, tenant?: Tenant) {
  const res = await api('GET', path, undefined, tenant);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const AGING_KEYS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90', 'total'];
const aging = (current: number, d30: number, d60: number, d90: number, over: number, total: number) => ({
  current,
  days_1_30: d30,
  days_31_60: d60,
  days_61_90: d90,
  days_over_90: over,
  total,
});

beforeAll(async () => {
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.2345, as_of: '2026-01-01' });
  // A later rate that the bills dated before it must not use.
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.5, as_of: '2026-09-15' });
  alpha = await post('/suppliers', { name: 'Alpha Parts', currency: 'USD' });
  beta = await post('/suppliers', { name: 'Beta Teile', currency: 'EUR' });
  await post('/suppliers', { name: 'Gamma Idle' });

  // Alpha, as of 2026-09-30: days past due −5, 0, 10, 45, 75, 121.
  bills.a0 = await approvedBill(alpha, 'A0', '2026-06-01', '2026-10-05', 100);
  bills.a1 = await approvedBill(alpha, 'A1', '2026-06-01', '2026-09-30', 200);
  bills.a2 = await approvedBill(alpha, 'A2', '2026-06-01', '2026-09-20', 300);
  bills.a3 = await approvedBill(alpha, 'A3', '2026-06-01', '2026-08-16', 400);
  bills.a4 = await approvedBill(alpha, 'A4', '2026-06-01', '2026-07-17', 500);
  bills.a5 = await approvedBill(alpha, 'A5', '2026-06-01', '2026-06-01', 600);
  // 29 days past due; 250 paid before as_of, 250 after.
  bills.a6 = await approvedBill(alpha, 'A6', '2026-09-01', '2026-09-01', 1000);
  await post(`/bills/${bills.a6.id}/payments`, { amount: 250, paid_at: '2026-09-10' });
  await post(`/bills/${bills.a6.id}/payments`, { amount: 250, paid_at: '2026-10-05' });
  // Not open as of 2026-09-30: paid in full, dated later, a draft. A9 is voided now, so it was still owed then.
  bills.a7 = await approvedBill(alpha, 'A7', '2026-09-01', '2026-09-15', 50);
  await post(`/bills/${bills.a7.id}/payments`, { amount: 50, paid_at: '2026-09-05' });
  bills.a8 = await approvedBill(alpha, 'A8', '2026-10-02', '2026-11-01', 80);
  bills.a9 = await approvedBill(alpha, 'A9', '2026-09-02', '2026-09-20', 70);
  await post(`/bills/${bills.a9.id}/void`, {});
  await post('/bills', { supplier_id: alpha.id, bill_number: 'A-DRAFT', bill_date: '2026-09-03', lines: [{ description: 'Draft', quantity: 1, unit_price: 999 }] });
  // A credit applied today: not as of 2026-09-30.
  const credit = await post('/vendor-credits', { supplier_id: alpha.id, amount: 30, currency: 'USD', credit_date: '2026-09-20' });
  await post(`/vendor-credits/${credit.id}/applications`, { bill_id: bills.a3.id, amount: 30 });

  // Beta: EUR bills at 1.2345 (10.01 → 12.357345 → 12.36; 100 → 123.45), and one in USD.
  bills.b1 = await approvedBill(beta, 'B1', '2026-09-01', '2026-09-25', 10.01);
  bills.b2 = await approvedBill(beta, 'B2', '2026-05-01', '2026-06-15', 100);
  bills.b3 = await approvedBill(beta, 'B3', '2026-09-10', '2026-10-01', 20, 'USD');
  const prepayment = await post('/prepayments', { supplier_id: beta.id, amount: 5, currency: 'EUR', paid_at: '2026-09-10' });
  await post(`/prepayments/${prepayment.id}/applications`, { bill_id: bills.b2.id, amount: 5 });
}, 120_000);

describe('GET /reports/bills/aging', () => {
  it('buckets open balances by days past due per supplier and in total, in base currency and per currency', async () => {
    const data = await report(`/reports/bills/aging?as_of=${AS_OF}`);
    expect(Object.keys(data).sort()).toEqual(['as_of', 'base_currency', 'suppliers', 'totals']);
    expect(data.as_of).toBe(AS_OF);
    expect(data.base_currency).toBe('USD');
    expect(data.suppliers.map((s: any) => s.supplier)).toEqual([
      { id: alpha.id, name: 'Alpha Parts' },
      { id: beta.id, name: 'Beta Teile' },
    ]);
    const [a, b] = data.suppliers;
    expect(Object.keys(a).sort()).toEqual(['by_currency', 'supplier', ...AGING_KEYS].sort());
    // 1–30: A2, A6 less the payment before as_of, A9 (voided after as_of).
    expect(a).toMatchObject(aging(300, 300 + 750 + 70, 400, 500, 600, 2920));
    expect(a.by_currency).toEqual([{ currency: 'USD', ...aging(300, 1120, 400, 500, 600, 2920) }]);
    // Beta: B1 12.36 (1–30), B2 123.45 (over 90) at the bill-date rate, B3 20 USD (current).
    expect(b).toMatchObject(aging(20, 12.36, 0, 0, 123.45, 155.81));
    expect(b.by_currency).toEqual([
      { currency: 'EUR', ...aging(0, 10.01, 0, 0, 100, 110.01) },
      { currency: 'USD', ...aging(20, 0, 0, 0, 0, 20) },
    ]);
    expect(data.totals).toEqual(aging(320, 1132.36, 400, 500, 723.45, 3075.81));
  });

  it('reads today by default, with the applications and later payments counted', async () => {
    const data = await report('/reports/bills/aging');
    expect(data.as_of).toBe(today);
    const [a, b] = data.suppliers;
    // Alpha: A3 less the credit, A6 less both payments, A8 now billed, A9 void.
    expect(a.total).toBe(100 + 200 + 300 + 370 + 500 + 600 + 500 + 80);
    // Beta: B2 less the prepayment of 5 EUR: 95 × 1.2345 = 117.2775 → 117.28.
    expect(b.by_currency[0]).toMatchObject({ currency: 'EUR', total: 105.01 });
    expect(b.total).toBe(12.36 + 117.28 + 20);
  });

  it('takes one supplier, and is empty for another company', async () => {
    const data = await report(`/reports/bills/aging?as_of=${AS_OF}&supplier_id=${beta.id}`);
    expect(data.suppliers.map((s: any) => s.supplier.id)).toEqual([beta.id]);
    expect(data.totals.total).toBe(155.81);
    expect((await report(`/reports/bills/aging?as_of=${AS_OF}`, globex)).suppliers).toEqual([]);
  });

  it('answers bad input with 422 naming the parameter', async () => {
    expectErrors(await api('GET', '/reports/bills/aging?as_of=2026-02-30'), ['as_of']);
    expectErrors(await api('GET', '/reports/bills/aging?as_of=30.09.2026'), ['as_of']);
    expectErrors(await api('GET', '/reports/bills/aging?supplier_id=x'), ['supplier_id']);
    expectErrors(await api('GET', '/reports/bills/aging?asof=2026-09-30'), ['asof']);
  });
});

describe('GET /reports/bills/summary', () => {
  it('sums billed, paid, credited and outstanding per supplier over a period, in base currency', async () => {
    const data = await report('/reports/bills/summary?from=2026-09-01&to=2026-09-30');
    expect(Object.keys(data).sort()).toEqual(['base_currency', 'from', 'suppliers', 'to', 'totals']);
    expect(data).toMatchObject({ from: '2026-09-01', to: '2026-09-30', base_currency: 'USD' });
    expect(data.suppliers).toEqual([
      // A6 + A7 + A9 (voided later, in November); payments of A6 and A7 in September.
      { supplier: { id: alpha.id, name: 'Alpha Parts' }, billed: 1120, voided: 0, paid: 300, credited: 0, outstanding: 2920 },
      // B1 at 1.2345 and B3; the prepayment was applied today, not in September.
      { supplier: { id: beta.id, name: 'Beta Teile' }, billed: 32.36, voided: 0, paid: 0, credited: 0, outstanding: 155.81 },
    ]);
    expect(data.totals).toEqual({ billed: 1152.36, voided: 0, paid: 300, credited: 0, outstanding: 3075.81 });
  });

  it('counts the void, the credit and the prepayment applied today in a period that ends today', async () => {
    const data = await report(`/reports/bills/summary?from=${yesterday}&to=${today}`);
    const [a, b] = data.suppliers;
    expect(a).toEqual({ supplier: { id: alpha.id, name: 'Alpha Parts' }, billed: 0, voided: 70, paid: 0, credited: 30, outstanding: 2650 });
    // 5 EUR at B2's rate 1.2345 = 6.1725 → 6.17.
    expect(b).toEqual({ supplier: { id: beta.id, name: 'Beta Teile' }, billed: 0, voided: 0, paid: 6.17, credited: 0, outstanding: 149.64 });
  });

  it('answers bad input with 422 naming the parameter', async () => {
    expectErrors(await api('GET', '/reports/bills/summary?from=2026-9-1'), ['from']);
    expectErrors(await api('GET', '/reports/bills/summary?to=tomorrow'), ['to']);
    expectErrors(await api('GET', '/reports/bills/summary?from=2026-10-01&to=2026-09-30'), ['from']);
    expectErrors(await api('GET', '/reports/bills/summary?supplier_id=1'), ['supplier_id']);
  });
});

describe('statement counts', () => {
  it('runs the same number of SQL statements whatever the number of bills and suppliers', async () => {
    const count = async (path: string) => {
      await report(path);
      statements.length = 0;
      await report(path);
      return statements.length;
    };
    const paths = [`/reports/bills/aging?as_of=${AS_OF}`, '/reports/bills/summary?from=2026-09-01&to=2026-09-30'];
    const before = [await count(paths[0]), await count(paths[1])];
    for (let s = 0; s < 4; s++) {
      const supplier = await post('/suppliers', { name: `More ${s}` });
      for (let i = 0; i < 8; i++) {
        const bill = await approvedBill(supplier, `M${s}-${i}`, '2026-05-0' + (1 + i), `2026-0${6 + (i % 4)}-15`, 10 + i);
        if (i % 3 === 0) await post(`/bills/${bill.id}/payments`, { amount: 5, paid_at: '2026-09-20' });
      }
    }
    const after = [await count(paths[0]), await count(paths[1])];
    expect((await report(paths[0])).suppliers).toHaveLength(6);
    expect(after).toEqual(before);
  });
});
