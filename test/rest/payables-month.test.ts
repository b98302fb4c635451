// A month of accounts payable with one supplier, end to end over real HTTP: receipts, a matched bill and a
// mismatched one, a partial payment, a prepayment applied, a return shipped and credited once, a credit applied
// and its application deleted, a freight bill allocated to a receipt and reversed; then the statement in JSON
// (opening + lines = closing) and as a PDF (text extracted), and the aging report agreeing with it.
import { expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors, getBytes } from '../support/rest-client.js';
import { pdfText } from '../support/pdf-text.js';
import { Decimal } from '../../src/domain/shared/decimal.js';

const { server, companies: { acme }, api, post } = serverForFile(['acme']);
const today = new Date().toISOString().slice(0, 10);

it('runs a month with one supplier and states it consistently', async () => {
  const supplier = await post('/suppliers', { name: 'Monthly Metals', payment_terms_days: 30 });
  const freightCo = await post('/suppliers', { name: 'Fast Freight' });
  const warehouse = await post('/locations', { name: 'Main' });
  const rod = await post('/products', { name: 'Rod', sku: 'ROD-1' });
  const plate = await post('/products', { name: 'Plate', sku: 'PLT-1' });

  // Receipts.
  const draft = await post('/purchase-orders', {
    supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-06-01',
    lines: [{ product_id: rod.id, quantity: 100, unit_cost: 4 }, { product_id: plate.id, quantity: 50, unit_cost: 10 }],
  });
  const order = await post(`/purchase-orders/${draft.id}/submit`);
  const receipt = await post(`/purchase-orders/${order.id}/receiving-reports`, {
    received_at: '2026-06-03T09:00:00Z', lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 100 }, { purchase_order_line_id: order.lines[1].id, quantity: 40 }],
  });

  // A matched bill and a mismatched one.
  const matched = await post('/bills', {
    supplier_id: supplier.id, bill_number: 'MM-1', bill_date: '2026-06-05', purchase_order_id: order.id,
    lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 100, unit_price: 4 }],
  });
  expect(matched).toMatchObject({ match_status: 'matched', total: 400, due_date: '2026-07-05' });
  await post(`/bills/${matched.id}/approve`);
  const mismatched = await post('/bills', {
    supplier_id: supplier.id, bill_number: 'MM-2', bill_date: '2026-06-06', purchase_order_id: order.id,
    lines: [{ purchase_order_line_id: order.lines[1].id, quantity: 50, unit_price: 10.5 }],
  });
  expect(mismatched.match_status).toBe('quantity_mismatch');
  expectErrors(await api('POST', `/bills/${mismatched.id}/approve`), ['accept_variance']);
  expect(await post(`/bills/${mismatched.id}/approve`, { accept_variance: true })).toMatchObject({ status: 'open', total: 525 });

  // A partial payment and a prepayment applied.
  expect((await post(`/bills/${matched.id}/payments`, { amount: 150, paid_at: '2026-06-10', reference: 'WIRE-1' })).bill).toMatchObject({ status: 'partially_paid', balance_due: 250 });
  const prepayment = await post('/prepayments', { supplier_id: supplier.id, amount: 100, currency: 'USD', paid_at: '2026-06-02' });
  await post(`/prepayments/${prepayment.id}/applications`, { bill_id: matched.id, amount: 100 });

  // A return shipped and credited once.
  const vendorReturn = await post('/vendor-returns', { supplier_id: supplier.id, purchase_order_id: order.id, location_id: warehouse.id, lines: [{ product_id: plate.id, quantity: 5 }] });
  expect(await post(`/vendor-returns/${vendorReturn.id}/ship`)).toMatchObject({ status: 'shipped', total: 50 });
  const returnCredit = await post(`/vendor-returns/${vendorReturn.id}/generate-credit`);
  expect(returnCredit).toMatchObject({ amount: 50, vendor_return_id: vendorReturn.id });
  expect((await api('POST', `/vendor-returns/${vendorReturn.id}/generate-credit`)).status).toBe(409);

  // A credit applied, then its application deleted.
  const application = await post(`/vendor-credits/${returnCredit.id}/applications`, { bill_id: mismatched.id, amount: 50 });
  expect((await api('GET', `/bills/${mismatched.id}`)).body.data).toMatchObject({ amount_credited: 50, balance_due: 475 });
  const undone = (await api('DELETE', `/vendor-credits/${returnCredit.id}/applications/${application.id}`)).body.data;
  expect(undone).toMatchObject({ remaining_amount: 50, applications: [] });
  expect((await api('GET', `/bills/${mismatched.id}`)).body.data).toMatchObject({ amount_credited: 0, balance_due: 525 });

  // A freight bill allocated to the receipt and reversed.
  const freight = await post('/bills', { supplier_id: freightCo.id, bill_number: 'FR-9', bill_date: '2026-06-04', lines: [{ description: 'Freight', quantity: 1, unit_price: 70 }] });
  await post(`/bills/${freight.id}/approve`);
  const stockValue = async () => ((await api('GET', '/reports/stock-snapshot')).body.data as any[]).map((row) => [row.product_id, row.quantity, row.value]);
  const valueBefore = await stockValue();
  const allocation = await post(`/bills/${freight.id}/allocations`, { receiving_report_id: receipt.id, amount: 70, allocation: 'quantity' });
  expect(allocation).toMatchObject({ amount: 70, amount_base: 70 });
  // By quantity: 100 rods take 50, 40 plates take 20, of which the 5 returned had left (2.50 issued).
  const total = (rows: any[]) => rows.reduce((sum, row) => sum.plus(String(row[2])), new Decimal(0)).toNumber();
  expect(total(await stockValue())).toBe(total(valueBefore) + 70 - 2.5);
  expect((await api('DELETE', `/bills/${freight.id}/allocations/${allocation.id}`)).status).toBe(200);
  expect(await stockValue()).toEqual(valueBefore);

  // The statement: opening + Σ(credit − debit) = closing, exactly.
  const res = await api('GET', `/vendors/${supplier.id}/statement?from=2026-06-01&to=${today}`);
  expect(res.status, res.text).toBe(200);
  const statement = res.body.data;
  expect(statement).toMatchObject({ vendor: { id: supplier.id, name: 'Monthly Metals' }, currency: 'USD', opening_balance: 0 });
  const lines = statement.lines as any[];
  expect(lines.map((l) => l.type).sort()).toEqual(
    ['bill', 'bill', 'credit', 'payment', 'prepayment', 'prepayment_application'].sort(),
  );
  // The deleted application is gone from the statement, as if it never happened.
  expect(lines.find((l) => l.type === 'prepayment_application')).toMatchObject({ debit: 0, credit: 0 });
  const closing = lines.reduce((balance, line) => {
    const next = balance.plus(String(line.credit)).minus(String(line.debit));
    expect(line.balance).toBe(next.toNumber());
    return next;
  }, new Decimal(String(statement.opening_balance)));
  // 400 + 525 billed; 150 paid, 100 prepaid, 50 credited (the credit stays unapplied but is owed back).
  expect(closing.toNumber()).toBe(625);
  expect(statement.closing_balance).toBe(625);

  // The PDF says the same.
  const pdf = await getBytes(server, acme, `/vendors/${supplier.id}/statement?from=2026-06-01&to=${today}&format=pdf`);
  expect(pdf.status).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const text = pdfText(pdf.bytes);
  expect(text).toContain('Monthly Metals');
  expect(text).toMatch(/Closing balance\s+625\.00/);

  // The aging report: the open bills of the supplier (150 on MM-1, 525 on MM-2), long past due by now.
  const aging = (await api('GET', `/reports/bills/aging?as_of=${today}`)).body.data;
  const row = aging.suppliers.find((s: any) => s.supplier.id === supplier.id);
  expect(row.total).toBe(675);
  expect(aging.totals.total).toBe(675 + 70);
  expectErrors(await api('GET', '/reports/bills/aging?as_of=June'), ['as_of']);
});
