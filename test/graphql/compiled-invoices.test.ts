// Invoices and customer returns answered in one go (compiledList and compiledRecord in
// src/graphql/shared/compiled-records.ts): the domain picks the page, and one statement writes the records as the
// selection asks, with SQL derived from the GraphQL types and declared beside the fields with resolvers of their
// own (an invoice's kind, status, dates, balance due and issuing company; a return's status and credit note; a
// return line's disposition and product). Here those answers equal graphql's ordinary execution field by field,
// keys in the same order and values alike, for the REST pages and records and for random selections over
// /graphql. The data is varied: open, partly paid, paid and void invoices, a credit note crediting an invoice,
// invoices with and without a customer company, product, shipping and fee lines (null skus, shipments and order
// lines), draft, received and credited returns, restocked lines in a lot and scrapped ones, a return with two credit
// notes, decimals at full precision, text JSON must escape, null reasons. A page runs as many statements for 10
// records as for 100. (A payment, which no query root reaches, is checked against its stored row in
// compiled-mutations-invoicing.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { invoiceRoutes } from '../../rest-mapping/invoices.js';
import { customerReturnRoutes } from '../../rest-mapping/customer-returns.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { derivedJsonTypes } from '../../src/graphql/shared/derived-json-types.js';
import { recordsJson } from '../../src/domain/shared/records-json.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import {
  fewerStatementsThanFieldByField,
  getRoute,
  pageAndRecordQueries,
  pageAsFieldByField,
  pagesAsFieldByField,
  recordsAsFieldByField,
  selectionsAsFieldByField,
  type Compared,
} from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api, gql } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const invoiceList = getRoute(invoiceRoutes, '/invoices');
const invoiceRecord = getRoute(invoiceRoutes, '/invoices/{invoiceId}');
const returnList = getRoute(customerReturnRoutes, '/customer-returns');
const returnRecord = getRoute(customerReturnRoutes, '/customer-returns/{customerReturnId}');
/** The varied records made over REST, then a few of the plain ones. */
const invoiceIds: number[] = [];
const returnIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  expect((await api('PATCH', '/company', { name: 'Acme "Invoicing" \\ Co ☃\nLtd' })).status).toBe(200);
  const main = await post('/locations', { name: 'Main' });
  const bin = await post('/locations', { name: 'Bin "7" \\ ☃', parent_id: main.id });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [main.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Web ✓', warehouseGroupId: group.id, fees: { shippingCharge: 4.5, perPackageFee: 1.25 } });
  const customer = await post('/companies', { name: 'Ann "the buyer" \\ Co', payment_terms_days: 45 });
  const bolt = await post('/products', { name: 'Bolt "M8"', sku: 'BOLT', retail_price: 0.000001 });
  const nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT', retail_price: 123456.123456 });
  const serum = await post('/products', { name: 'Serum', sku: 'SERUM', lot_tracking: true, retail_price: 5 });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: bin.id, quantity: 500, unit_cost: 1.2345678901 },
      { product_id: nut.id, location_id: main.id, quantity: 333.3333333333, unit_cost: 7 },
      { product_id: serum.id, location_id: main.id, quantity: 10, unit_cost: 3, lot_number: 'LOT "A" \\ ☃', expiry_date: '2030-12-31' },
    ],
  });
  const order = async (lines: any[], extra: Record<string, unknown> = {}) => {
    const draft = await post('/sales-orders', { channel_id: channel.id, lines, ...extra });
    return post(`/sales-orders/${draft.id}/confirm`);
  };
  const ship = async (orderId: number, lines: any[]) => post(`/shipments/${(await post(`/sales-orders/${orderId}/shipments`, { lines })).id}/ship`);

  // Of a customer company, two shipments invoiced apart: a discount, tax, a lot, decimals at full precision.
  const first = await order(
    [
      { product_id: bolt.id, quantity: 7.1234567891, unit_price: 0.0000000001, discount_percent: 12.3456, tax_rate: 7.25 },
      { product_id: nut.id, quantity: 3, tax_rate: 20 },
      { product_id: serum.id, quantity: 4 },
    ],
    { company_id: customer.id },
  );
  const shipped = await ship(first.id, [
    { sales_order_line_id: first.lines[0].id, quantity: 7.1234567891, location_id: bin.id },
    { sales_order_line_id: first.lines[2].id, quantity: 4, lot_number: 'LOT "A" \\ ☃' },
  ]);
  const later = await ship(first.id, [{ sales_order_line_id: first.lines[1].id, quantity: 3 }]);
  const partlyPaid = await post(`/sales-orders/${first.id}/invoices`, { shipment_ids: [shipped.id] });
  const paid = await post(`/sales-orders/${first.id}/invoices`, { shipment_ids: [later.id] });
  await post(`/invoices/${partlyPaid.id}/payments`, { amount: 1.23, paid_at: '2026-05-10', reference: 'TX "1" \\ ☃' });
  await post(`/invoices/${paid.id}/payments`, { amount: paid.total, paid_at: '2026-05-11' });
  // Without a company, invoiced and voided.
  const second = await order([{ product_id: nut.id, quantity: 1.5 }]);
  await ship(second.id, [{ sales_order_line_id: second.lines[0].id, quantity: 1.5 }]);
  const voided = await post(`/sales-orders/${second.id}/invoices`, {});
  await post(`/invoices/${voided.id}/void`);

  // Returns: credited (restocked in its lot, and scrapped), received, and a draft without a reason.
  const returnOf = (reason: string | null, lines: any[]) => post('/customer-returns', { sales_order_id: first.id, ...(reason === null ? {} : { reason }), lines });
  const credited = await returnOf('Tab\there "quoted" \\ back ☃\u0001', [
    { sales_order_line_id: first.lines[2].id, quantity: 1, disposition: 'restock' },
    { sales_order_line_id: first.lines[0].id, quantity: 0.0000000001, disposition: 'scrap' },
  ]);
  await post(`/customer-returns/${credited.id}/receive`);
  const note = await post(`/customer-returns/${credited.id}/credit`);
  const received = await returnOf('', [{ sales_order_line_id: first.lines[1].id, quantity: 1.25, disposition: 'restock', location_id: bin.id }]);
  await post(`/customer-returns/${received.id}/receive`);
  const draft = await returnOf(null, [
    { sales_order_line_id: first.lines[2].id, quantity: 2, disposition: 'restock', location_id: main.id, lot_number: 'LOT "A" \\ ☃' },
    { sales_order_line_id: first.lines[1].id, quantity: 0.5, disposition: 'scrap' },
  ]);
  invoiceIds.push(partlyPaid.id, paid.id, voided.id, note.id);
  returnIds.push(credited.id, received.id, draft.id);

  // Enough plain records for pages of 10 and of 100, written directly: invoices of every status and kind, some
  // crediting another or a return (one return gets two credit notes), and returns of every status.
  const plainReturns = await db.customerReturn.createManyAndReturn({
    data: Array.from({ length: 100 }, (_, i) => ({
      returnNumber: `RMA-B${String(i).padStart(3, '0')}`,
      salesOrderId: first.id,
      reason: i % 3 === 0 ? null : `Reason ${i} "q" \\`,
      status: ['draft', 'received', 'credited'][i % 3],
      receivedAt: i % 3 ? new Date(Date.UTC(2026, 4, 1 + (i % 28), 1, 2, 3, i)) : null,
      creditedAt: i % 3 === 2 ? new Date(Date.UTC(2026, 5, 1 + (i % 28))) : null,
    })) as any,
    select: { id: true },
  });
  await db.customerReturnLine.createMany({
    data: plainReturns.flatMap(({ id }, i) => [
      { customerReturnId: id, position: 0, salesOrderLineId: first.lines[i % 3].id, quantity: i + 0.1234567891, disposition: 'restock', locationId: i % 2 ? bin.id : main.id, lotNumber: i % 3 === 2 ? 'LOT "A" \\ ☃' : null },
      ...(i % 4 ? [{ customerReturnId: id, position: 1, salesOrderLineId: first.lines[1].id, quantity: 1, disposition: 'scrap', locationId: null, lotNumber: null }] : []),
    ]) as any,
  });
  const plainInvoices = await db.invoice.createManyAndReturn({
    data: Array.from({ length: 100 }, (_, i) => ({
      kind: i % 5 === 4 ? 'credit_note' : 'invoice',
      invoiceNumber: `BULK-${String(i).padStart(3, '0')}`,
      salesOrderId: i % 2 ? first.id : second.id,
      customerCompanyId: i % 2 ? customer.id : null,
      creditedInvoiceId: i % 5 === 4 ? partlyPaid.id : null,
      // Credit notes of the plain returns; the first plain return gets two.
      customerReturnId: i % 5 === 4 ? plainReturns[i % 7]!.id : i === 0 ? plainReturns[0]!.id : null,
      status: ['open', 'paid', 'void'][i % 3],
      currency: i % 2 ? 'USD' : 'EUR',
      subtotal: i % 5 === 4 ? -(i + 0.5) : i + 0.5,
      taxTotal: i % 7 === 0 ? 0.0001 : 0,
      total: i % 5 === 4 ? -(i + 0.5) : i + 0.5,
      amountPaid: i % 3 === 1 ? i + 0.5 : i % 4 === 0 ? 0.25 : 0,
      issueDate: new Date(Date.UTC(2026, 0, 1 + i)),
      dueDate: new Date(Date.UTC(2026, 1, 1 + i)),
      voidedAt: i % 3 === 2 ? new Date(Date.UTC(2026, 2, 1 + (i % 28), 4, 5, 6, 789)) : null,
    })) as any,
    select: { id: true },
  });
  await db.invoiceLine.createMany({
    data: plainInvoices.flatMap(({ id }, i) => [
      { invoiceId: id, position: 0, type: 'product', description: `Bolt "${i}" \\ ☃`, sku: 'BOLT', quantity: i + 0.1234567891, unitPrice: 0.0000000001, amount: 0, taxAmount: 0, salesOrderLineId: first.lines[0].id, shipmentId: shipped.id },
      { invoiceId: id, position: 1, type: i % 2 ? 'shipping' : 'fee', description: 'Shipping\nsecond line', sku: null, quantity: 1, unitPrice: 4.5, amount: 4.5, taxAmount: 0.0001 },
    ]) as any,
  });
  invoiceIds.push(...plainInvoices.slice(0, 5).map(({ id }) => id));
  returnIds.push(...plainReturns.slice(0, 3).map(({ id }) => id));
}, 120_000);

describe('invoices written by one statement', () => {
  it('GET /invoices answers as field by field, and runs as many statements for 10 invoices as for 100', () =>
    pagesAsFieldByField(on, invoiceList, '/invoices?sort=id', { sort: 'id', filters: [] }, 'invoices'));

  it('a filtered page sorted another way answers as field by field', () =>
    pageAsFieldByField(on, invoiceList, '/invoices?per_page=30&sort=-total&kind=credit_note', { perPage: 30, sort: '-total', filters: [{ name: 'kind', value: 'credit_note' }] }, 'invoices'));

  it('GET /invoices/{id} answers as field by field', () => recordsAsFieldByField(on, invoiceRecord, '/invoices', invoiceIds, 'invoice'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, invoiceList, '/invoices?per_page=100', { perPage: 100, filters: [] }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['Invoice'], ([selection], id) => pageAndRecordQueries(selection!, 'invoices', 'id', 'invoice', id), {
      numRuns: 25,
      seed: 20261129,
      ids: invoiceIds.slice(0, 6),
      skipTooDeep: true,
    }));
});

describe('customer returns written by one statement', () => {
  it('GET /customer-returns answers as field by field, and runs as many statements for 10 returns as for 100', () =>
    pagesAsFieldByField(on, returnList, '/customer-returns?sort=id', { sort: 'id', filters: [] }, 'customerReturns'));

  it('GET /customer-returns/{id} answers as field by field', () => recordsAsFieldByField(on, returnRecord, '/customer-returns', returnIds, 'customerReturn'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, returnList, '/customer-returns?per_page=100', { perPage: 100, filters: [] }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['CustomerReturn'], ([selection], id) => pageAndRecordQueries(selection!, 'customerReturns', 'id', 'customerReturn', id), {
      numRuns: 25,
      seed: 20261130,
      ids: returnIds,
      skipTooDeep: true,
    }));
});
