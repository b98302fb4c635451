// Bills answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts): the domain
// picks the page, and one statement writes the bills as the selection asks, with SQL derived from the GraphQL
// types and declared beside the fields with resolvers of their own (status, match status, dates, the balance due,
// a payment's date). Here those answers equal graphql's ordinary execution field by field, keys in the same order
// and values alike, for the REST page and record and for random selections over /graphql. The data is varied:
// bills of an order matched, mismatched and accepted, bills without an order, lines with and without a product,
// drafts, open, partially paid, paid and void bills, payments, credits, another currency, decimals at full
// precision, text JSON must escape, null notes and descriptions. A page runs as many statements for 10 bills as
// for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { payablesRoutes } from '../../rest-mapping/payables.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(payablesRoutes, '/bills');
const recordRoute = getRoute(payablesRoutes, '/bills/{billId}');
const billIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.234567890123456, as_of: '2026-01-01' });
  const supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd', payment_terms_days: 45 });
  const other = await post('/suppliers', { name: 'Nüt ✓ Co', currency: 'EUR' });
  const warehouse = await post('/locations', { name: 'Main' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT' });
  const nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT' });
  const draftOrder = await post('/purchase-orders', {
    supplier_id: supplier.id,
    warehouse_id: warehouse.id,
    order_date: '2026-05-01',
    payment_terms: { deposit_percent: 50, balance_due_days: 30 },
    lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 2 }, { product_id: nut.id, quantity: 20.5, unit_cost: 0.5 }],
  });
  const order = await post(`/purchase-orders/${draftOrder.id}/submit`);
  await post(`/purchase-orders/${order.id}/receiving-reports`, { lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 10 }, { purchase_order_line_id: order.lines[1].id, quantity: 12.25 }] });

  const bills: Array<Record<string, unknown>> = [
    // Of the order, mismatched (more than received, another price), approved with the variance, partly paid.
    {
      supplier_id: supplier.id,
      bill_number: 'INV "100" \\ A',
      bill_date: '2026-05-05',
      purchase_order_id: order.id,
      notes: 'Tab\there "quoted" \\ back ☃\u0001',
      lines: [
        { purchase_order_line_id: order.lines[0].id, quantity: 10, unit_price: 2.0000000001, tax_rate: 7.25, description: 'Bolts, "zinc"' },
        { purchase_order_line_id: order.lines[1].id, quantity: 15.1234567891, unit_price: 0.5 },
      ],
    },
    // Without an order: a described line, a product line, at full precision.
    {
      supplier_id: supplier.id,
      bill_number: 'SVC-1',
      bill_date: '2026-05-06',
      due_date: '2026-07-31',
      lines: [
        { description: 'Service\nsecond line', quantity: 1.2345678901, unit_price: 0.0000000001, tax_rate: 12.3456 },
        { product_id: nut.id, quantity: 99999, unit_price: 123456.1234567891 },
      ],
    },
    // In another currency, then voided.
    { supplier_id: other.id, bill_number: 'EUR-1', bill_date: '2026-05-07', notes: '', lines: [{ description: 'Consulting', quantity: 3, unit_price: 33.33 }] },
    // Of the order, matched, paid in full.
    { supplier_id: supplier.id, bill_number: 'INV-101', bill_date: '2026-05-08', purchase_order_id: order.id, lines: [{ purchase_order_line_id: order.lines[1].id, quantity: 1, unit_price: 0.5 }] },
    // Approved, nothing paid.
    { supplier_id: other.id, bill_number: 'EUR-2', bill_date: '2026-05-09', lines: [{ product_id: bolt.id, quantity: 2, unit_price: 1.5 }] },
  ];
  for (const bill of bills) billIds.push((await post('/bills', bill)).id);
  const [mismatched, , voided, paid, open] = billIds as [number, number, number, number, number];
  await post(`/bills/${mismatched}/approve`, { accept_variance: true });
  await post(`/bills/${mismatched}/payments`, { amount: 12.5, paid_at: '2026-05-10', method: 'bank "transfer"', reference: 'TX\\1' });
  await post(`/bills/${mismatched}/payments`, { amount: 0.01, paid_at: '2026-05-11' });
  const credit = await post('/vendor-credits', { supplier_id: supplier.id, amount: 3.33, currency: 'USD', credit_date: '2026-05-12', reason: 'Price "correction"' });
  await post(`/vendor-credits/${credit.id}/applications`, { bill_id: mismatched, amount: 1.23 });
  await post(`/bills/${voided}/void`);
  await post(`/bills/${paid}/approve`, { accept_variance: true });
  await post(`/bills/${paid}/payments`, { amount: 0.5, paid_at: '2026-05-12', method: 'check' });
  await post(`/bills/${open}/approve`);

  // Enough plain bills for pages of 10 and of 100, written directly, some paid or credited in part.
  const plain = await db.bill.createManyAndReturn({
    data: Array.from({ length: 96 }, (_, i) => ({
      supplierId: i % 2 ? supplier.id : other.id,
      billNumber: `PLAIN-${String(i).padStart(3, '0')}`,
      billDate: new Date(Date.UTC(2026, 0, 1 + i)),
      dueDate: new Date(Date.UTC(2026, 1, 1 + i)),
      currency: i % 2 ? 'USD' : 'EUR',
      exchangeRate: i % 2 ? 1 : 1.234567890123456,
      status: ['draft', 'open', 'partially_paid'][i % 3],
      subtotal: i + 0.5,
      total: i + 0.5,
      amountPaid: i % 3 === 2 ? 0.25 : 0,
      amountCredited: i % 5 === 4 ? 0.125 : 0,
    })) as any,
    select: { id: true },
  });
  await db.billLine.createMany({
    data: plain.flatMap(({ id }, i) => [
      { billId: id, position: 0, productId: bolt.id, quantity: i + 1, unitPrice: 0.5, lineTotal: (i + 1) / 2, taxAmount: 0 },
      { billId: id, position: 1, description: `Line ${i}`, quantity: 0.5, unitPrice: 0, lineTotal: 0, taxAmount: 0, matchStatus: i % 2 ? 'matched' : 'price_mismatch' },
    ]) as any,
  });
}, 60_000);

describe('bills written by one statement', () => {
  it('GET /bills answers as field by field, and runs as many statements for 10 bills as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/bills?sort=id', { sort: 'id', filters: [] }, 'bills'));

  it('GET /bills/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/bills', billIds, 'bill'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, listRoute, '/bills?per_page=100', { perPage: 100, filters: [] }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['Bill'], ([selection], id) => pageAndRecordQueries(selection!, 'bills', 'id', 'bill', id), {
      numRuns: 25,
      seed: 20261131,
      ids: billIds.slice(0, 5),
      skipTooDeep: true,
    }));
});
