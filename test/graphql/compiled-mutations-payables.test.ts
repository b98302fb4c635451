// The payables changes besides bills answered in one go (compiledMutation in src/graphql/shared/compiled-records.ts,
// issue 34 goal 4): vendor credits, prepayments and vendor returns make their change and read their answer with
// readAnswer, which writes the record as JSON by one statement inside the change's transaction. Here each of them
// answers, through REST, exactly what graphql's ordinary execution reads field by field of the record right after
// it (right before, for a delete), keys in the same order; its answer is one JSON statement, run after the
// change's writes and before its COMMIT. An application (of a credit or a prepayment) has no route of its own:
// its answer equals the application as its source reads it field by field. The data has decimals at full
// precision, another currency, a prepayment against an order's payment obligation, and text JSON must escape. A
// refused change writes no answer. A bill's payments (one settling its order's obligations) and its allocations to
// a receipt, made and reversed, are compared too, with the record as the bill lists it field by field.
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { restCased, writtenAsJson } from '../support/compiled-answers.js';
import { fieldByField } from '../support/random-selection.js';
import { payablesRoutes } from '../../rest-mapping/payables.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { submittedPurchaseOrder } from '../support/seed.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

const { change, changeAnswering, readFieldByField } = compiledChangeChecker(server, acme, api, () => counter.statements);

/** Applies a source (`/vendor-credits/3`) to a bill through REST: its answer is the application as the source reads it field by field. */
function apply(source: string, body: unknown): Promise<any> {
  const path = `${source}/applications`;
  return changeAnswering(`POST ${path}`, () => api('POST', path, body), async (answer) => {
    const read = (await readFieldByField(source)) as { applications: Array<{ id: number }> };
    const expected = read.applications.find((application) => application.id === answer.id);
    expect(expected, `POST ${path}: the source lists the application`).toBeDefined();
    return expected;
  });
}

let supplier: any;
let euroSupplier: any;
let dock: any;
let bolt: any;
let nut: any;
let usdBill: number;
let eurBill: number;

beforeAll(async () => {
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.234567890123456, as_of: '2026-01-01' });
  supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd' });
  euroSupplier = await post('/suppliers', { name: 'Nüt ✓ Co', currency: 'EUR' });
  dock = await post('/locations', { name: 'Main "dock" \\ ☃' });
  bolt = await post('/products', { name: 'Bolt "M8"', sku: 'BOLT' });
  nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: dock.id, quantity: 50, unit_cost: 1.2345678901 },
      { product_id: nut.id, location_id: dock.id, quantity: 30, unit_cost: 0.3333 },
    ],
  });
  const approved = async (supplierId: number, billNumber: string, unitPrice: number) => {
    const bill = await post('/bills', { supplier_id: supplierId, bill_number: billNumber, bill_date: '2026-05-05', lines: [{ description: 'Service, "quoted"\n\\', quantity: 10, unit_price: unitPrice }] });
    await post(`/bills/${bill.id}/approve`);
    return bill.id as number;
  };
  usdBill = await approved(supplier.id, 'INV "1" \\ A', 100);
  eurBill = await approved(euroSupplier.id, 'EUR-1', 12.34);
}, 60_000);

describe('payables changes answered by one statement in their transaction', () => {
  it('vendor credits: create, apply and take an application back', async () => {
    const body = { supplier_id: supplier.id, amount: 50.05, currency: 'USD', credit_date: '2026-05-12', reason: 'Price "correction"\n\\ ☃\u0001' };
    const credit = await change('POST', '/vendor-credits', body, { record: (c) => `/vendor-credits/${c.id}` });
    const source = `/vendor-credits/${credit.id}`;
    const first = await apply(source, { bill_id: usdBill, amount: 12.34 });
    await apply(source, { bill_id: usdBill, amount: 0.01 });
    await change('DELETE', `${source}/applications/${first.id}`, undefined, { record: () => source });

    const euros = await change('POST', '/vendor-credits', { supplier_id: euroSupplier.id, amount: 10, currency: 'EUR', credit_date: '2026-02-28' }, { record: (c) => `/vendor-credits/${c.id}` });
    await apply(`/vendor-credits/${euros.id}`, { bill_id: eurBill, amount: 10 });
  });

  it('prepayments: create (against an order’s obligation), apply and take an application back', async () => {
    const draftOrder = await post('/purchase-orders', {
      supplier_id: supplier.id,
      warehouse_id: dock.id,
      order_date: '2026-05-01',
      payment_terms: { deposit_percent: 40, deposit_due_days: 3, balance_due_days: 30 },
      lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 25 }],
    });
    const order = await post(`/purchase-orders/${draftOrder.id}/submit`);
    const { obligations } = await post(`/purchase-orders/${order.id}/payment-obligations/generate`);
    const body = { supplier_id: supplier.id, amount: 40, currency: 'USD', paid_at: '2026-05-02', purchase_order_id: order.id, payment_obligation_id: obligations[0].id, reference: 'TX "1" \\ ☃' };
    const prepayment = await change('POST', '/prepayments', body, { record: (p) => `/prepayments/${p.id}` });
    const source = `/prepayments/${prepayment.id}`;
    const first = await apply(source, { bill_id: usdBill, amount: 7.5 });
    await apply(source, { bill_id: usdBill, amount: 0.01 });
    await change('DELETE', `${source}/applications/${first.id}`, undefined, { record: () => source });

    const euros = await change('POST', '/prepayments', { supplier_id: euroSupplier.id, amount: 20, currency: 'EUR', paid_at: '2026-03-01', reference: '' }, { record: (p) => `/prepayments/${p.id}` });
    await apply(`/prepayments/${euros.id}`, { bill_id: eurBill, amount: 19.99 });
  });

  it('vendor returns: create, update, ship, generate the credit and delete', async () => {
    const body = {
      supplier_id: supplier.id,
      location_id: dock.id,
      reason: 'Damaged "badly"\n\\ ☃\u0001',
      lines: [{ product_id: bolt.id, quantity: 12.3456789012 }, { product_id: nut.id, quantity: 1.5, unit_cost: 0.1234567891 }],
    };
    const draft = await change('POST', '/vendor-returns', body, { record: (r) => `/vendor-returns/${r.id}` });
    await change('PATCH', `/vendor-returns/${draft.id}`, { reason: 'Tab\there "quoted"', lines: [...body.lines, { product_id: nut.id, quantity: 2 }] });
    await change('PATCH', `/vendor-returns/${draft.id}`, { reason: null });
    await change('POST', `/vendor-returns/${draft.id}/ship`);
    await change('POST', `/vendor-returns/${draft.id}/generate-credit`, undefined, { record: (c) => `/vendor-credits/${c.id}` });

    // In euros (the supplier's), shipped with a given unit cost and credited.
    const euros = await change('POST', '/vendor-returns', { supplier_id: euroSupplier.id, location_id: dock.id, reason: '', lines: [{ product_id: nut.id, quantity: 3, unit_cost: 1.25 }] }, { record: (r) => `/vendor-returns/${r.id}` });
    await change('POST', `/vendor-returns/${euros.id}/ship`);
    await change('POST', `/vendor-returns/${euros.id}/generate-credit`, undefined, { record: (c) => `/vendor-credits/${c.id}` });

    const deleted = await change('POST', '/vendor-returns', { ...body, reason: undefined }, { record: (r) => `/vendor-returns/${r.id}` });
    await change('DELETE', `/vendor-returns/${deleted.id}`, undefined, { deletes: true });
    expect((await api('GET', `/vendor-returns/${deleted.id}`)).status).toBe(404);
  });

  it('a refused change writes no answer and answers its error', async () => {
    const credit = await post('/vendor-credits', { supplier_id: supplier.id, amount: 1, currency: 'USD', credit_date: '2026-05-12' });
    const draft = await post('/vendor-returns', { supplier_id: supplier.id, location_id: dock.id, lines: [{ product_id: nut.id, quantity: 1, unit_cost: 1 }] });
    await post(`/vendor-returns/${draft.id}/ship`);
    await post(`/vendor-returns/${draft.id}/generate-credit`);
    const start = counter.statements.length;

    const tooMuch = await api('POST', `/vendor-credits/${credit.id}/applications`, { bill_id: usdBill, amount: 1.01 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount[0]).toMatch(/more than what is left of vendor credit/);
    const missing = await api('DELETE', `/vendor-credits/${credit.id}/applications/999999`);
    expect(missing.status).toBe(404);
    const again = await api('POST', `/vendor-returns/${draft.id}/generate-credit`);
    expect(again.status).toBe(409);
    const shipped = await api('PATCH', `/vendor-returns/${draft.id}`, { reason: 'late' });
    expect(shipped.status).toBe(422);
    expect(shipped.body.errors.status[0]).toMatch(/Only a draft vendor return can be edited/);
    expect(counter.statements.slice(start).filter(writtenAsJson)).toEqual([]);
  });
});

/** A list of a graphql read field by field, as REST writes it, and its element `id` (the newest: the one just made). */
async function listedFieldByField(query: string, variables: Record<string, unknown>, list: (data: any) => any[], id: number | 'newest'): Promise<unknown> {
  const read = await fieldByField(server, query, variables, acme);
  expect(read.body.errors, read.text).toBeUndefined();
  const records: Array<{ id: number }> = restCased(list(read.body.data));
  const wanted = id === 'newest' ? Math.max(...records.map((record) => record.id)) : id;
  const found = records.find((record) => record.id === wanted);
  expect(found, `the list holds ${id}`).toBeDefined();
  return found;
}

describe('bill payments and allocations answered by one statement in their transaction', () => {
  /** The selection of the mutation field of the route of the same name (`recordBillPayment(…) { … }`). */
  const selectionOf = (field: string) => new RegExp(`${field}\\([^)]*\\)\\s*\\{([\\s\\S]*)\\}\\s*\\}\\s*$`).exec(payablesRoutes.find((route) => route.operationId === field)!.graphql)![1]!;

  it('payments: of a bill of an order (settling its obligations) with every field, and of a bill with none', async () => {
    const payment = (billId: number) => () =>
      listedFieldByField(`query Read($id: Int!) { bill(id: $id) { payments { ${selectionOf('recordBillPayment')} } } }`, { id: billId }, (data) => data.bill.payments, 'newest');
    const order = await submittedPurchaseOrder(post, {
      supplier_id: supplier.id,
      warehouse_id: dock.id,
      order_date: '2026-05-01',
      payment_terms: { deposit_percent: 40, deposit_due_days: 3, balance_due_days: 30 },
      lines: [{ product_id: bolt.id, quantity: 4, unit_cost: 12.3456789 }],
    });
    await post(`/purchase-orders/${order.id}/payment-obligations/generate`);
    await post(`/purchase-orders/${order.id}/receiving-reports`, { lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 4 }] });
    const bill = await post('/bills', { supplier_id: supplier.id, purchase_order_id: order.id, bill_number: 'PO "bill" \\ ☃', bill_date: '2026-05-06', lines: [{ purchase_order_line_id: order.lines[0].id, description: 'Bolts', quantity: 4, unit_price: 12.3456789 }] });
    await post(`/bills/${bill.id}/approve`, { accept_variance: true });
    await changeAnswering(`POST /bills/${bill.id}/payments`, () => api('POST', `/bills/${bill.id}/payments`, { amount: 20.01, paid_at: '2026-05-07', method: 'wire "SEPA"', reference: 'Ref\n\\ ☃' }), payment(bill.id));
    await changeAnswering(`POST /bills/${bill.id}/payments`, () => api('POST', `/bills/${bill.id}/payments`, { amount: 0.01, paid_at: '2026-05-08' }), payment(bill.id));
    await changeAnswering(`POST /bills/${eurBill}/payments`, () => api('POST', `/bills/${eurBill}/payments`, { amount: 1.23, paid_at: '2026-05-09', method: '', reference: null }), payment(eurBill));
  });

  it('allocations: allocate a freight bill to a receipt by value and by quantity, and reverse one', async () => {
    const selection = selectionOf('createBillAllocation');
    const allocation = (billId: number) => (id: number | 'newest') => listedFieldByField(`query Read($billId: Int!) { billAllocations(billId: $billId) { ${selection} } }`, { billId }, (data) => data.billAllocations, id);
    const draftOrder = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: dock.id, order_date: '2026-05-01', lines: [{ product_id: bolt.id, quantity: 3, unit_cost: 2 }, { product_id: nut.id, quantity: 7, unit_cost: 0.3333333333 }] });
    const order = await post(`/purchase-orders/${draftOrder.id}/submit`);
    const report = await post(`/purchase-orders/${order.id}/receiving-reports`, { lines: order.lines.map((line: any) => ({ purchase_order_line_id: line.id, quantity: line.quantity })) });
    const freight = await post('/bills', { supplier_id: euroSupplier.id, bill_number: 'FR "7" \\ ☃', bill_date: '2026-05-10', lines: [{ description: 'Sea freight', quantity: 1, unit_price: 25.55 }] });
    await post(`/bills/${freight.id}/approve`);
    const read = allocation(freight.id);
    const byValue = await changeAnswering(`POST /bills/${freight.id}/allocations`, () => api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 10.01, allocation: 'value' }), () => read('newest'));
    await changeAnswering(`POST /bills/${freight.id}/allocations`, () => api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 0.03, allocation: 'quantity' }), () => read('newest'));
    await changeAnswering(`DELETE /bills/${freight.id}/allocations/${byValue.id}`, () => api('DELETE', `/bills/${freight.id}/allocations/${byValue.id}`), () => read(byValue.id), { deletes: true });
    expect((await api('GET', `/bills/${freight.id}/allocations`)).body.data.map((a: any) => a.id)).not.toContain(byValue.id);
    const missing = await api('DELETE', `/bills/${freight.id}/allocations/${byValue.id}`);
    expect(missing.status).toBe(404);
  });
});
