// Vendor credits and prepayments answered in one go (compiledList and compiledRecord in
// src/graphql/shared/compiled-records.ts): the domain picks the page, and one statement writes the records as the
// selection asks, with SQL derived from the GraphQL types and declared beside the fields with resolvers of their
// own (the credit date, the payment date, the remaining amount). Here those answers equal graphql's ordinary
// execution field by field, keys in the same order and values alike, for the REST page and record and for random
// selections over /graphql (an application's bill included). The data is varied: no, one and several
// applications, fully applied and untouched sources, another currency, a prepayment made against an order and
// its payment obligation, decimals at full precision, text JSON must escape, null reasons and references. A page
// runs as many statements for 10 records as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { vendorCreditRoutes } from '../../rest-mapping/vendor-credits.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const creditIds: number[] = [];
const prepaymentIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.234567890123456, as_of: '2026-01-01' });
  const supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd' });
  const other = await post('/suppliers', { name: 'Nüt ✓ Co', currency: 'EUR' });
  const warehouse = await post('/locations', { name: 'Main' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT' });

  // Approved bills to apply to: two in dollars, one in euros.
  const approved = async (supplierId: number, billNumber: string, unitPrice: number, notes?: string) => {
    const bill = await post('/bills', { supplier_id: supplierId, bill_number: billNumber, bill_date: '2026-05-05', notes, lines: [{ product_id: bolt.id, quantity: 10, unit_price: unitPrice }] });
    await post(`/bills/${bill.id}/approve`);
    return bill.id as number;
  };
  const usdBill = await approved(supplier.id, 'INV "1" \\ A', 100, 'Tab\there ☃\u0001');
  const usdBill2 = await approved(supplier.id, 'INV-2', 3.33);
  const eurBill = await approved(other.id, 'EUR-1', 12.34);

  // An order with terms and its obligations, for a prepayment made against them.
  const draftOrder = await post('/purchase-orders', {
    supplier_id: supplier.id,
    warehouse_id: warehouse.id,
    order_date: '2026-05-01',
    payment_terms: { deposit_percent: 40, deposit_due_days: 3, balance_due_days: 30 },
    lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 25 }],
  });
  const order = await post(`/purchase-orders/${draftOrder.id}/submit`);
  const { obligations } = await post(`/purchase-orders/${order.id}/payment-obligations/generate`);

  const credits = [
    // Applied to two bills, something left.
    { supplier_id: supplier.id, amount: 50.05, currency: 'USD', credit_date: '2026-05-12', reason: 'Price "correction"\n\\ ☃\u0001' },
    // Untouched, without a reason.
    { supplier_id: supplier.id, amount: 0.01, currency: 'USD', credit_date: '2026-01-31' },
    // In euros, fully applied.
    { supplier_id: other.id, amount: 10, currency: 'EUR', credit_date: '2026-02-28', reason: '' },
  ];
  for (const credit of credits) creditIds.push((await post('/vendor-credits', credit)).id);
  const [applied, , euros] = creditIds as [number, number, number];
  await post(`/vendor-credits/${applied}/applications`, { bill_id: usdBill, amount: 12.34 });
  await post(`/vendor-credits/${applied}/applications`, { bill_id: usdBill2, amount: 0.01 });
  await post(`/vendor-credits/${euros}/applications`, { bill_id: eurBill, amount: 10 });

  const prepayments = [
    // Against the order's deposit, applied to a bill.
    { supplier_id: supplier.id, amount: 40, currency: 'USD', paid_at: '2026-05-02', purchase_order_id: order.id, payment_obligation_id: obligations[0].id, reference: 'TX "1" \\ ☃' },
    // Against the order alone, untouched, without a reference.
    { supplier_id: supplier.id, amount: 0.99, currency: 'USD', paid_at: '2026-04-30', purchase_order_id: order.id },
    // In euros, applied twice, nothing left.
    { supplier_id: other.id, amount: 20, currency: 'EUR', paid_at: '2026-03-01', reference: '' },
  ];
  for (const prepayment of prepayments) prepaymentIds.push((await post('/prepayments', prepayment)).id);
  const [ordered, , euroPrepayment] = prepaymentIds as [number, number, number];
  await post(`/prepayments/${ordered}/applications`, { bill_id: usdBill, amount: 7.5 });
  await post(`/prepayments/${euroPrepayment}/applications`, { bill_id: eurBill, amount: 19.99 });
  await post(`/prepayments/${euroPrepayment}/applications`, { bill_id: eurBill, amount: 0.01 });

  // Enough plain records for pages of 10 and of 100, written directly, at full precision, some applied.
  const plain = (i: number) => ({
    supplierId: i % 2 ? supplier.id : other.id,
    amount: i % 7 === 0 ? '1234567890123456.1234' : `${i}.0001`,
    currency: i % 2 ? 'USD' : 'EUR',
    exchangeRate: i % 2 ? 1 : '1.234567890123456',
    amountApplied: i % 3 === 0 ? '0.0001' : 0,
  });
  const plainCredits = await db.vendorCredit.createManyAndReturn({
    data: Array.from({ length: 97 }, (_, i) => ({ ...plain(i), creditDate: new Date(Date.UTC(2026, 0, 1 + i)), reason: i % 4 ? `Reason ${i} "q"` : null })) as any,
    select: { id: true },
  });
  const plainPrepayments = await db.prepayment.createManyAndReturn({
    data: Array.from({ length: 97 }, (_, i) => ({ ...plain(i), paidAt: new Date(Date.UTC(2025, 11, 31 - i)), reference: i % 4 ? null : `Ref\t${i}` })) as any,
    select: { id: true },
  });
  await db.vendorCreditApplication.createMany({
    data: plainCredits.filter((_, i) => i % 3 === 0).map(({ id }, i) => ({ vendorCreditId: id, billId: i % 2 ? usdBill : eurBill, amount: '0.0001' })) as any,
  });
  await db.prepaymentApplication.createMany({
    data: plainPrepayments.filter((_, i) => i % 3 === 0).map(({ id }, i) => ({ prepaymentId: id, billId: i % 2 ? usdBill2 : eurBill, amount: '0.0001' })) as any,
  });
}, 60_000);

describe.each([
  { root: 'vendorCredits', record: 'vendorCredit', type: 'VendorCredit', path: '/vendor-credits', ids: creditIds, seed: 20261201 },
  { root: 'prepayments', record: 'prepayment', type: 'Prepayment', path: '/prepayments', ids: prepaymentIds, seed: 20261202 },
])('$root written by one statement', ({ root, record, type, path, ids, seed }) => {
  const listRoute = getRoute(vendorCreditRoutes, path);
  const recordRoute = getRoute(vendorCreditRoutes, `${path}/{id}`);

  it(`GET ${path} answers as field by field, and runs as many statements for 10 records as for 100`, () =>
    pagesAsFieldByField(on, listRoute, `${path}?sort=id`, { sort: 'id' }, root));

  it(`GET ${path}/{id} answers as field by field`, () => recordsAsFieldByField(on, recordRoute, path, ids, record));

  it('a page is one statement beside the domain reading its ids', () => fewerStatementsThanFieldByField(on, listRoute, `${path}?per_page=100`, { perPage: 100 }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, [type], ([selection], id) => pageAndRecordQueries(selection!, root, 'id', record, id), {
      numRuns: 25,
      seed,
      ids,
      skipTooDeep: true,
    }));
});
