// Deals and payment obligations answered in one go (compiledList and compiledRecord in
// src/graphql/shared/compiled-records.ts): the domain picks the page, and one statement writes the records as the
// selection asks, with SQL derived from the GraphQL types and declared beside the fields with resolvers of their
// own (a deal's stage, expected close date, linked orders and their total in base currency, an obligation's due
// date). Here those answers equal graphql's ordinary execution field by field, keys in the same order and values
// alike, for the REST pages and the deal's record and for random selections over /graphql. The data is varied:
// deals with and without a supplier, amount, date and notes, in every stage, linked to no order, to several (in
// the order opposite to their ids), to a cancelled one and to one in another currency; obligations of a deposit
// and of a balance waiting for its receipt, partly paid by a prepayment, decimals at full precision, text JSON
// must escape. A page runs as many statements for 10 records as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { purchasingRoutes } from '../../rest-mapping/purchasing.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const dealList = getRoute(purchasingRoutes, '/deals');
const dealRecord = getRoute(purchasingRoutes, '/deals/{dealId}');
const obligationList = getRoute(purchasingRoutes, '/payment-obligations');
const dealIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.234567890123456, as_of: '2026-01-01' });
  const supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd' });
  const other = await post('/suppliers', { name: 'Nüt ✓ Co', currency: 'EUR' });
  const warehouse = await post('/locations', { name: 'Main' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT' });

  const submitted = async (supplierId: number, extra: Record<string, unknown>, unitCost: number) => {
    const draft = await post('/purchase-orders', { supplier_id: supplierId, warehouse_id: warehouse.id, order_date: '2026-05-01', lines: [{ product_id: bolt.id, quantity: 3, unit_cost: unitCost }], ...extra });
    return post(`/purchase-orders/${draft.id}/submit`);
  };
  // Orders: with terms (deposit and a balance due from the first receipt), in euros, one to cancel, one draft.
  const termed = await submitted(supplier.id, { payment_terms: { deposit_percent: 33.3333, deposit_due_days: 7, balance_due_days: 30, balance_due_from: 'receipt' } }, 33.33);
  const euros = await submitted(other.id, { reference: 'EUR "ref"' }, 12.3456);
  const cancelled = await submitted(supplier.id, {}, 5);
  await post(`/purchase-orders/${cancelled.id}/cancel`);
  const draft = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: bolt.id, quantity: 1, unit_cost: 0.01 }] });
  const { obligations } = await post(`/purchase-orders/${termed.id}/payment-obligations/generate`);
  await post(`/purchase-orders/${euros.id}/payment-obligations/generate`);
  // The deposit partly paid ahead.
  await post('/prepayments', { supplier_id: supplier.id, amount: 0.01, currency: 'USD', paid_at: '2026-05-02', payment_obligation_id: obligations[0].id });

  const deals = [
    // Everything given, linked to three orders (one cancelled, one in euros) in the order opposite to their ids.
    { name: 'Spring "buy" \\ ☃\u0001', supplier_id: supplier.id, stage: 'won', amount: 12345.67, currency: 'EUR', expected_close_date: '2026-04-30', notes: 'Tab\there\nnew line' },
    // Nothing but a name; no orders.
    { name: 'Bare' },
    // Lost, with an amount in the base currency, linked to a draft only.
    { name: 'Lost one', stage: 'lost', amount: 0.01, notes: '' },
  ];
  for (const deal of deals) dealIds.push((await post('/deals', deal)).id);
  const [full, , lost] = dealIds as [number, number, number];
  for (const orderId of [cancelled.id, euros.id, termed.id]) await post(`/deals/${full}/purchase-orders/${orderId}`);
  await post(`/deals/${lost}/purchase-orders/${draft.id}`);

  // Enough plain deals and obligations for pages of 10 and of 100, written directly.
  const stages = ['open', 'won', 'lost'];
  const plain = await db.deal.createManyAndReturn({
    data: Array.from({ length: 97 }, (_, i) => ({
      name: `Deal ${i} "q"`,
      supplierId: i % 3 ? supplier.id : null,
      stage: stages[i % 3],
      amount: i % 4 ? (i % 7 ? `${i}.0001` : '1234567890123456.1234') : null,
      currency: i % 4 ? 'USD' : null,
      expectedCloseDate: i % 2 ? new Date(Date.UTC(2026, 0, 1 + i)) : null,
      notes: i % 5 ? null : `Note\\${i}`,
    })) as any,
    select: { id: true },
  });
  await db.dealPurchaseOrder.createMany({
    data: plain.flatMap(({ id }, i) => (i % 4 === 0 ? [] : [euros.id, termed.id, cancelled.id].slice(0, i % 4).map((purchaseOrderId) => ({ dealId: id, purchaseOrderId })))) as any,
  });
  const obligationStatuses = ['open', 'partially_paid', 'paid', 'cancelled'];
  await db.paymentObligation.createMany({
    data: Array.from({ length: 97 }, (_, i) => ({
      purchaseOrderId: i % 2 ? termed.id : euros.id,
      kind: i % 2 ? 'deposit' : 'balance',
      description: `Part ${i} "of" \\ the order`,
      dueDate: i % 3 ? new Date(Date.UTC(2026, 5, 1 + i)) : null,
      amount: i % 7 ? `${i}.0001` : '1234567890123456.1234',
      currency: i % 2 ? 'USD' : 'EUR',
      paidAmount: i % 4 === 1 ? '0.0001' : 0,
      status: obligationStatuses[i % 4],
    })) as any,
  });
}, 60_000);

describe('deals written by one statement', () => {
  it('GET /deals answers as field by field, and runs as many statements for 10 deals as for 100', () =>
    pagesAsFieldByField(on, dealList, '/deals?sort=id', { sort: 'id' }, 'deals'));

  it('GET /deals/{id} answers as field by field', () => recordsAsFieldByField(on, dealRecord, '/deals', dealIds, 'deal'));

  it('a page is one statement beside the domain reading its ids', () => fewerStatementsThanFieldByField(on, dealList, '/deals?per_page=100', { perPage: 100 }));
});

describe('payment obligations written by one statement', () => {
  it('GET /payment-obligations answers as field by field, and runs as many statements for 10 obligations as for 100', () =>
    pagesAsFieldByField(on, obligationList, '/payment-obligations?sort=id', { sort: 'id' }, 'paymentObligations'));

  it('GET /payment-obligations with filters answers as field by field', () =>
    pageAsFieldByField(on, obligationList, '/payment-obligations?per_page=100&sort=-due_date&status=open&due_date=2026-08-01', { perPage: 100, sort: '-due_date', status: 'open', dueDate: '2026-08-01' }, 'paymentObligations'));
  // No fewer statements than field by field here: an obligation has no relations, so field by field reads a page
  // in the domain's one read too (the pages above check that one statement writes the JSON).
});

describe('random selections over /graphql', () => {
  it('of deals and payment obligations answer as field by field', () =>
    selectionsAsFieldByField(
      on,
      ['Deal', 'PaymentObligation'],
      ([deal, obligation], id) => [
        ...pageAndRecordQueries(deal!, 'deals', 'id', 'deal', id),
        `query Obligations($perPage: Int) { paymentObligations(perPage: $perPage, sort: "-id") { items { ${obligation!.text} } meta { total lastPage } } } ${obligation!.fragments.join(' ')}`,
      ],
      { numRuns: 25, seed: 20261204, ids: dealIds, skipTooDeep: true },
    ));
});
