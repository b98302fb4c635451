// The vendor statement over real HTTP: GET /vendors/{id}/statement in JSON and PDF. Documents are made through
// REST. Applications and voids are stamped "now", so the period of the main statement ends today and the
// documents are dated relative to today: one bill and a payment before the period, then a bill, a partial
// payment, a vendor credit, a prepayment and a bill that is voided inside it; the credit and prepayment are
// applied today. The PDF is read back with poppler's pdftotext and pdfinfo.
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/shared/decimal.js';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { expectErrors, getBytes } from '../support/rest-client.js';
import { recordStatements } from '../support/statement-log.js';
import { pdfPages, pdfPagesText, pdfText } from '../support/pdf-text.js';

// The database records every statement it runs, for the tests that count them.
const statements: string[] = [];
const { server, companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex'], {
  database: () => openTestDatabase({ onQuery: recordStatements(statements) }),
});
let vendor: any;
let busy: any;
let bills: Record<string, any> = {};
let credit: any;
let prepayment: any;

const DAY = 86_400_000;
const today = new Date(new Date().toISOString().slice(0, 10));
/** YYYY-MM-DD of today plus `days`. */
const day = (days: number) => new Date(today.getTime() + days * DAY).toISOString().slice(0, 10);
const FROM = day(-30);
const TO = day(0);

async function approvedBill(supplierId: number, number: string, billDate: string, dueDate: string, lines: unknown[], currency?: string): Promise<any> {
  const bill = await post('/bills', { supplier_id: supplierId, bill_number: number, bill_date: billDate, due_date: dueDate, ...(currency ? { currency } : {}), lines });
  return post(`/bills/${bill.id}/approve`, {});
}

const statement = async (supplierId: number, query: string, tenant?: Tenant) => {
  const res = await api('GET', `/vendors/${supplierId}/statement${query ? `?${query}` : ''}`, undefined, tenant);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

/** A GET as acme answering bytes (the test client reads text), for the PDF. */
const download = (path: string, headers?: Record<string, string>) => getBytes(server, acme, path, headers);

const dec = (n: number) => new Decimal(String(n));
const sum = (values: number[]) => values.reduce((s, v) => s.plus(dec(v)), new Decimal(0));

beforeAll(async () => {
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.1, as_of: day(-400) });
  vendor = await post('/suppliers', { name: 'Northwind Traders', currency: 'USD' });
  busy = await post('/suppliers', { name: 'Busy Supplies' });
  const line = (quantity: number, unitPrice: number, taxRate?: number) => ({ description: 'Widgets', quantity, unit_price: unitPrice, ...(taxRate ? { tax_rate: taxRate } : {}) });

  // Before the period: a bill of 1000 and a payment of 300.
  bills.old = await approvedBill(vendor.id, 'NW-001', day(-60), day(-30), [line(10, 100)]);
  await post(`/bills/${bills.old.id}/payments`, { amount: 300, paid_at: day(-50), reference: 'TRX-0' });
  // Inside it: a bill with tax, a partial payment of the old bill, a credit, a prepayment, a bill voided today.
  bills.inside = await approvedBill(vendor.id, 'NW-002', day(-25), day(5), [line(3, 123.45, 20), line(1, 10)]);
  await post(`/bills/${bills.old.id}/payments`, { amount: 200, paid_at: day(-20), method: 'wire', reference: 'TRX-1' });
  credit = await post('/vendor-credits', { supplier_id: vendor.id, amount: 50, currency: 'USD', credit_date: day(-15) });
  prepayment = await post('/prepayments', { supplier_id: vendor.id, amount: 100, currency: 'USD', paid_at: day(-10) });
  bills.voided = await approvedBill(vendor.id, 'NW-003', day(-5), day(25), [line(2, 40)]);
  await post(`/bills/${bills.voided.id}/void`, {});
  await post(`/vendor-credits/${credit.id}/applications`, { bill_id: bills.inside.id, amount: 50 });
  await post(`/prepayments/${prepayment.id}/applications`, { bill_id: bills.inside.id, amount: 100 });
  // Never on the USD statement: a bill in EUR, and a draft.
  bills.euro = await approvedBill(vendor.id, 'NW-EUR', day(-12), day(18), [line(1, 70)], 'EUR');
  await post('/bills', { supplier_id: vendor.id, bill_number: 'NW-DRAFT', bill_date: day(-3), lines: [line(1, 999)] });
}, 120_000);

describe('GET /vendors/{id}/statement (JSON)', () => {
  it('lists the period in order and adds up exactly: opening + Σ(credit − debit) = closing', async () => {
    const data = await statement(vendor.id, `from=${FROM}&to=${TO}`);
    expect(Object.keys(data).sort()).toEqual(['aging', 'closing_balance', 'currency', 'from', 'lines', 'opening_balance', 'to', 'vendor']);
    expect(data).toMatchObject({ vendor: { id: vendor.id, name: 'Northwind Traders' }, currency: 'USD', from: FROM, to: TO });
    for (const line of data.lines) expect(Object.keys(line).sort()).toEqual(['balance', 'credit', 'date', 'debit', 'description', 'reference', 'type']);

    // Opening: the old bill less its first payment.
    expect(data.opening_balance).toBe(700);
    expect(data.lines.map((l: any) => [l.date, l.type, l.reference, l.debit, l.credit])).toEqual([
      [day(-25), 'bill', 'NW-002', 0, bills.inside.total],
      [day(-20), 'payment', 'TRX-1', 200, 0],
      [day(-15), 'credit', `VC-${credit.id}`, 50, 0],
      [day(-10), 'prepayment', `PP-${prepayment.id}`, 100, 0],
      [day(-5), 'bill', 'NW-003', 0, 80],
      [TO, 'credit_application', `VC-${credit.id}`, 0, 0],
      [TO, 'prepayment_application', `PP-${prepayment.id}`, 0, 0],
      [TO, 'void', 'NW-003', 80, 0],
    ]);
    expect(bills.inside.total).toBe(454.42); // 3 × 123.45 × 1.2 + 10
    expect(data.lines[1].description).toBe('Payment of bill NW-001 (wire)');
    expect(data.lines[5].description).toMatch(/applied to bill NW-002: 50\.00 USD.*no change to the balance/);

    // Exact running balance and closing.
    let running = dec(data.opening_balance);
    for (const line of data.lines) {
      running = running.plus(dec(line.credit)).minus(dec(line.debit));
      expect(dec(line.balance).equals(running), `${line.type} ${line.reference}`).toBe(true);
    }
    const closing = dec(data.opening_balance).plus(sum(data.lines.map((l: any) => l.credit))).minus(sum(data.lines.map((l: any) => l.debit)));
    expect(dec(data.closing_balance).equals(closing)).toBe(true);
    // What we owe: both bills (the voided one taken back) less payments, the credit and the prepayment.
    expect(dec(data.closing_balance).equals(dec(1000).plus(dec(bills.inside.total)).minus(300 + 200 + 50 + 100))).toBe(true);

    // The next period opens where this one closes.
    const next = await statement(vendor.id, `from=${day(1)}&to=${day(1)}`);
    expect(next.opening_balance).toBe(data.closing_balance);
    expect(next.lines).toEqual([]);
    expect(next.closing_balance).toBe(data.closing_balance);
  });

  it('ages the open bills as of `to` in the statement currency', async () => {
    const data = await statement(vendor.id, `from=${FROM}&to=${TO}`);
    // The old bill (500 left) is 30 days past due; the inside bill (454.42 − 50 − 100) is not due yet.
    expect(data.aging).toEqual({ current: 304.42, days_1_30: 500, days_31_60: 0, days_61_90: 0, days_over_90: 0 });
    // As of before the payment inside the period and the applications: the old bill is 9 days past due.
    const earlier = await statement(vendor.id, `from=${day(-30)}&to=${day(-21)}`);
    expect(earlier.aging).toEqual({ current: 454.42, days_1_30: 700, days_31_60: 0, days_61_90: 0, days_over_90: 0 });
  });

  it('shows one currency: the supplier’s by default, another one on request', async () => {
    const euro = await statement(vendor.id, `from=${FROM}&to=${TO}&currency=EUR`);
    expect(euro.currency).toBe('EUR');
    expect(euro.opening_balance).toBe(0);
    expect(euro.lines.map((l: any) => [l.type, l.reference, l.credit])).toEqual([['bill', 'NW-EUR', 70]]);
    expect(euro.closing_balance).toBe(70);
    // A supplier without a currency: the base currency.
    expect((await statement(busy.id, '')).currency).toBe('USD');
  });

  it('defaults to the month of `to`, and `to` to today', async () => {
    const month = await statement(vendor.id, `to=${day(-20)}`);
    expect(month.from).toBe(`${day(-20).slice(0, 8)}01`);
    expect(month.to).toBe(day(-20));
    const now = await statement(vendor.id, '');
    expect(now.to).toBe(TO);
    expect(now.from).toBe(`${TO.slice(0, 8)}01`);
  });

  it('answers bad input with 422 naming the parameter, and an unknown vendor with 404', async () => {
    const path = `/vendors/${vendor.id}/statement`;
    expectErrors(await api('GET', `${path}?from=2026-13-01`), ['from']);
    expectErrors(await api('GET', `${path}?to=yesterday`), ['to']);
    expectErrors(await api('GET', `${path}?from=2026-03-02&to=2026-03-01`), ['from']);
    expectErrors(await api('GET', `${path}?currency=usd`), ['currency']);
    expectErrors(await api('GET', `${path}?format=xml`), ['format']);
    expectErrors(await api('GET', `${path}?supplier=1`), ['supplier']);
    for (const res of [await api('GET', '/vendors/999999/statement'), await api('GET', '/vendors/abc/statement'), await api('GET', path, undefined, globex)]) {
      expect(res.status).toBe(404);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
  });

  it('runs the same number of SQL statements for 3 documents as for 80', async () => {
    const count = async (supplierId: number) => {
      await statement(supplierId, `from=${FROM}&to=${TO}`);
      statements.length = 0;
      await statement(supplierId, `from=${FROM}&to=${TO}`);
      return statements.length;
    };
    const small = await count(vendor.id);
    await manyBills(80);
    const large = await count(busy.id);
    expect(large).toBe(small);
  });
});

let manyDone = false;
/** Gives the busy supplier `n` approved bills inside the period (once). */
async function manyBills(n: number) {
  if (manyDone) return;
  manyDone = true;
  for (let i = 0; i < n; i++) {
    await approvedBill(busy.id, `BS-${String(i).padStart(3, '0')}`, day(-29 + (i % 29)), day(i % 40), [
      { description: `Long description of the goods on bill ${i}, which wraps inside its column`, quantity: 1, unit_price: 10 + i },
    ]);
  }
}

describe('GET /vendors/{id}/statement (PDF)', () => {
  it('serves the same statement as a PDF attachment with format=pdf or Accept: application/pdf', async () => {
    const json = await statement(vendor.id, `from=${FROM}&to=${TO}`);
    const res = await download(`/vendors/${vendor.id}/statement?from=${FROM}&to=${TO}&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-northwind-traders-${FROM}-${TO}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.bytes);
    expect(text).toContain('Company acme');
    expect(text).toContain('Northwind Traders');
    expect(text).toContain(`${FROM} to ${TO}`);
    expect(text).toMatch(/Opening balance\s+700\.00/);
    expect(text).toMatch(new RegExp(`Closing balance\\s+${dec(json.closing_balance).toFixed(2).replace('.', '\\.')}`));
    expect(text).toContain('TRX-1');
    expect(text).toContain(`VC-${credit.id}`);

    const accepted = await download(`/vendors/${vendor.id}/statement?from=${FROM}&to=${TO}`, { accept: 'application/pdf' });
    expect(accepted.headers['content-type']).toBe('application/pdf');
    // format=json wins over the Accept header; errors stay JSON.
    const asJson = await api('GET', `/vendors/${vendor.id}/statement?from=${FROM}&to=${TO}&format=json`);
    expect(asJson.body.data).toEqual(json);
    const missing = await download('/vendors/999999/statement?format=pdf');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.bytes.toString())).toEqual({ message: expect.any(String) });
  });

  it('breaks a long statement over pages and repeats the table header on each', async () => {
    await manyBills(80);
    const res = await download(`/vendors/${busy.id}/statement?from=${FROM}&to=${TO}&format=pdf`);
    expect(res.status).toBe(200);
    const pages = pdfPages(res.bytes);
    expect(pages).toBeGreaterThan(1);
    const pageTexts = pdfPagesText(res.bytes);
    expect(pageTexts).toHaveLength(pages);
    for (let page = 1; page <= pages; page++) {
      const text = pageTexts[page - 1];
      expect(text).toMatch(/Date\s+Type\s+Reference\s+Description\s+Debit\s+Credit\s+Balance/);
      expect(text).toContain(`Page ${page} of ${pages}`);
    }
    const json = await statement(busy.id, `from=${FROM}&to=${TO}`);
    expect(json.lines).toHaveLength(80);
    const last = pageTexts[pages - 1];
    expect(last).toMatch(new RegExp(`Closing balance\\s+${dec(json.closing_balance).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',').replace('.', '\\.')}`));
  });
});

describe('vendorStatement (GraphQL)', () => {
  it('answers the statement with the company name', async () => {
    const res = await gql(
      'query($id: Int!, $from: String, $to: String) { vendorStatement(supplierId: $id, from: $from, to: $to) { companyName vendor { name } openingBalance closingBalance lines { type } aging { current days1To30 total } } }',
      { id: vendor.id, from: FROM, to: TO },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.vendorStatement).toMatchObject({ companyName: 'Company acme', vendor: { name: 'Northwind Traders' }, openingBalance: 700, aging: { total: 804.42 } });
  });
});
