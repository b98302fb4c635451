// The invoicing changes answered in one go (compiledMutation in src/graphql/shared/compiled-records.ts, issue 34
// goal 4): createInvoice, voidInvoice, recordInvoicePayment, createCustomerReturn, receiveCustomerReturn and
// creditCustomerReturn make their change and read their answer with readAnswer, which writes the record as JSON
// by one statement inside the change's transaction (createInvoice answers after its commit, as it read its
// invoice before, once an EDI invoice is delivered). Through REST each answers exactly what graphql's ordinary
// execution reads field by field of the record right after it, keys in the same order. A payment, which no query
// root reaches, is checked against its row: its own fields as its resolvers serialise them, its invoice as
// GET /invoices/{id} reads it field by field. Refused changes write no answer and answer their errors as before.
// Random selections of a created return over /graphql answer as the return read field by field after it.
import fc from 'fast-check';
import type { GraphQLScalarType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, tenantClient } from '../../src/db/tenant-client.js';
import { formatDateOnly } from '../../src/domain/shared/dates.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { writableFields, writtenAsJson } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { fieldByField, randomSelection } from '../support/random-selection.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

const { change, readFieldByField } = compiledChangeChecker(server, acme, api, () => counter.statements);

let main: any;
let bin: any;
let channel: any;
let customer: any;
let bolt: any;
let nut: any;
let serum: any;

const order = async (lines: any[], extra: Record<string, unknown> = {}) => {
  const draft = await post('/sales-orders', { channel_id: channel.id, lines, ...extra });
  return post(`/sales-orders/${draft.id}/confirm`);
};
const ship = async (orderId: number, lines: any[]) => post(`/shipments/${(await post(`/sales-orders/${orderId}/shipments`, { lines })).id}/ship`);

/** The statements `call` runs, and what it answers. */
async function logged<T>(call: () => Promise<T>): Promise<{ result: T; log: string[] }> {
  const start = counter.statements.length;
  const result = await call();
  return { result, log: counter.statements.slice(start) };
}

beforeAll(async () => {
  main = await post('/locations', { name: 'Main' });
  bin = await post('/locations', { name: 'Bin "7" \\ ☃', parent_id: main.id });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [main.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Web ✓', warehouseGroupId: group.id, fees: { shippingCharge: 4.5, perPackageFee: 1.25 } });
  customer = await post('/companies', { name: 'Ann "the buyer" \\ Co', payment_terms_days: 45 });
  bolt = await post('/products', { name: 'Bolt "M8"', sku: 'BOLT', retail_price: 0.000001 });
  nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT', retail_price: 123456.123456 });
  serum = await post('/products', { name: 'Serum \\ "lot"', sku: 'SERUM', lot_tracking: true, retail_price: 5 });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: bin.id, quantity: 500, unit_cost: 1.2345678901 },
      { product_id: nut.id, location_id: main.id, quantity: 333.3333333333, unit_cost: 7 },
      { product_id: serum.id, location_id: main.id, quantity: 10, unit_cost: 3, lot_number: 'LOT "A" \\ ☃', expiry_date: '2030-12-31' },
    ],
  });
}, 60_000);

describe('invoicing changes answered by one statement in their transaction', () => {
  let first: any;
  let partlyPaid: any;
  let paid: any;

  it('invoices: created (answered after the commit), the rest by default, and voided', async () => {
    first = await order(
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
    await ship(first.id, [{ sales_order_line_id: first.lines[1].id, quantity: 3 }]);
    const invoice = { record: (i: any) => `/invoices/${i.id}`, afterCommit: true };
    partlyPaid = await change('POST', `/sales-orders/${first.id}/invoices`, { shipment_ids: [shipped.id] }, invoice);
    paid = await change('POST', `/sales-orders/${first.id}/invoices`, {}, invoice);
    expect(partlyPaid.lines.map((l: any) => l.type)).toEqual(['product', 'product', 'shipping']);
    expect(paid.company).toEqual({ id: customer.id, name: 'Ann "the buyer" \\ Co' });

    // Without a company: invoiced, then voided.
    const second = await order([{ product_id: nut.id, quantity: 1.5 }]);
    await ship(second.id, [{ sales_order_line_id: second.lines[0].id, quantity: 1.5 }]);
    const voided = await change('POST', `/sales-orders/${second.id}/invoices`, undefined, invoice);
    expect(voided.company).toBeNull();
    const answer = await change('POST', `/invoices/${voided.id}/void`);
    expect(answer).toMatchObject({ status: 'void', balance_due: 0 });
  });

  it('payments: part of the balance, then the rest (the invoice paid), answered in the transaction', async () => {
    const schema = buildSchema();
    const decimal = schema.getType('Decimal') as GraphQLScalarType;
    const dateTime = schema.getType('DateTime') as GraphQLScalarType;
    const db = tenantClient(server.database.prisma, acme.companyId);
    const pay = async (invoice: any, body: { amount: number; paid_at: string; reference?: string }) => {
      const { result: res, log } = await logged(() => api('POST', `/invoices/${invoice.id}/payments`, body));
      expect(res.status, res.text).toBe(201);
      // One statement writes the answer, after the payment's writes and before its COMMIT.
      const json = log.flatMap((statement, index) => (writtenAsJson(statement) ? [index] : []));
      expect(json).toHaveLength(1);
      const at = json[0]!;
      const lastWrite = log.slice(0, at).reduce((found, s, i) => (/^\s*(INSERT|UPDATE|DELETE)\b/.test(s) && !/"RateLimitCounter"|"ApiToken"/.test(s) ? i : found), -1);
      expect(lastWrite).toBeGreaterThanOrEqual(0);
      expect(log.slice(lastWrite, at).some((s) => /COMMIT/.test(s))).toBe(false);
      expect(log.slice(at + 1).some((s) => /COMMIT/.test(s))).toBe(true);
      // The payment as its fields serialise its row (no query root reaches it), its invoice as read field by field after it.
      const answer = res.body.data;
      const row = await db.invoicePayment.findUniqueOrThrow({ where: byId(answer.id) });
      const expected = {
        id: row.id,
        amount: decimal.serialize(row.amount),
        paid_at: formatDateOnly(row.paidAt),
        reference: row.reference,
        created_at: dateTime.serialize(row.createdAt),
        invoice: await readFieldByField(`/invoices/${invoice.id}`),
      };
      expect(JSON.stringify(answer)).toBe(JSON.stringify(expected));
      return answer;
    };
    const part = await pay(partlyPaid, { amount: 0.01, paid_at: '2028-02-29', reference: 'TX "1" \\ ☃\nsecond line' });
    expect(part.invoice).toMatchObject({ status: 'open', amount_paid: 0.01 });
    const whole = await pay(paid, { amount: paid.total, paid_at: '2026-05-11' });
    expect(whole).toMatchObject({ reference: null, invoice: { status: 'paid', balance_due: 0 } });
  });

  it('customer returns: created, received (restocked and scrapped) and credited', async () => {
    const returned = { record: (r: any) => `/customer-returns/${r.id}` };
    const credit = { record: (note: any) => `/invoices/${note.id}` };
    const restocked = await change(
      'POST',
      '/customer-returns',
      {
        sales_order_id: first.id,
        reason: 'Tab\there "quoted" \\ back ☃\u0001',
        lines: [
          { sales_order_line_id: first.lines[2].id, quantity: 1, disposition: 'restock' },
          { sales_order_line_id: first.lines[0].id, quantity: 0.0000000001, disposition: 'scrap' },
          { sales_order_line_id: first.lines[1].id, quantity: 1.25, disposition: 'restock', location_id: bin.id },
        ],
      },
      returned,
    );
    expect(restocked.lines.map((l: any) => l.lot_number)).toEqual(['LOT "A" \\ ☃', null, null]);
    await change('POST', `/customer-returns/${restocked.id}/receive`);
    const note = await change('POST', `/customer-returns/${restocked.id}/credit`, undefined, credit);
    expect(note).toMatchObject({ kind: 'credit_note', customer_return_id: restocked.id, credited_invoice_id: partlyPaid.id });

    // Scrapped alone, without a reason: received without moving stock.
    const scrapped = await change('POST', '/customer-returns', { sales_order_id: first.id, lines: [{ sales_order_line_id: first.lines[1].id, quantity: 0.5, disposition: 'scrap' }] }, returned);
    expect(scrapped.reason).toBeNull();
    const received = await change('POST', `/customer-returns/${scrapped.id}/receive`);
    expect(received.status).toBe('received');
    await change('POST', `/customer-returns/${scrapped.id}/credit`, undefined, credit);
    expect((await readFieldByField(`/customer-returns/${scrapped.id}`)) as any).toMatchObject({ status: 'credited' });
  });

  it('a refused change writes no answer and answers its error', async () => {
    const refused = async (method: string, path: string, body: unknown, status: number) => {
      const { result, log } = await logged(() => api(method, path, body));
      expect(result.status, result.text).toBe(status);
      expect(log.filter(writtenAsJson)).toEqual([]);
      return result.body;
    };
    expect((await refused('POST', `/invoices/${paid.id}/void`, undefined, 422)).errors.status[0]).toMatch(/Only an open invoice can be voided; INV-\d+ is paid\./);
    expect((await refused('POST', `/invoices/${partlyPaid.id}/payments`, { amount: 1e9, paid_at: '2026-05-12' }, 422)).errors.amount[0]).toMatch(/is more than the balance due of/);
    expect((await refused('POST', `/invoices/${paid.id}/payments`, { amount: 1, paid_at: '2026-05-12' }, 422)).errors.status[0]).toMatch(/Only an open invoice can be paid/);
    expect((await refused('POST', `/sales-orders/${first.id}/invoices`, {}, 422)).errors.shipment_ids[0]).toMatch(/has nothing shipped that is not invoiced yet/);
    const returns = (await api('GET', `/customer-returns?sales_order_id=${first.id}&status=credited`)).body.data;
    expect((await refused('POST', `/customer-returns/${returns[0].id}/credit`, undefined, 409)).message).toMatch(/has been credited already \(credit note CN-\d+\)/);
    expect((await refused('POST', `/customer-returns/${returns[0].id}/receive`, undefined, 422)).errors.status[0]).toMatch(/Only a draft customer return can be received/);
    expect((await refused('POST', '/customer-returns', { sales_order_id: first.id, lines: [{ sales_order_line_id: first.lines[1].id, quantity: 99, disposition: 'scrap' }] }, 422)).errors['lines.0.quantity']).toBeDefined();
  });

  it('random selections of a created return over /graphql answer as the return read field by field after it', async () => {
    const schema = buildSchema();
    let round = 0;
    const property = fc.asyncProperty(randomSelection(schema, 'CustomerReturn', writableFields), async ({ text, fragments }) => {
      const input = {
        salesOrderId: first.id,
        reason: `Round "${round++}" \\ ☃`,
        lines: [
          { salesOrderLineId: first.lines[1].id, quantity: 0.0000000001, disposition: 'restock', locationId: bin.id },
          { salesOrderLineId: first.lines[2].id, quantity: 0.0000000002, disposition: 'scrap' },
        ],
      };
      const query = `mutation Create($input: CustomerReturnCreateInput!) { createCustomerReturn(input: $input) { id ${text} } } ${fragments.join(' ')}`;
      const { result: planned, log } = await logged(() => server.graphql(query, { input }, { token: acme.token, company: acme.slug }));
      expect(planned.body.errors, planned.text).toBeUndefined();
      expect(log.filter(writtenAsJson)).toHaveLength(1);
      const created = planned.body.data.createCustomerReturn;
      const read = await fieldByField(server, `query Read($id: Int!) { customerReturn(id: $id) { id ${text} } } ${fragments.join(' ')}`, { id: created.id }, acme);
      expect(read.body.errors, read.text).toBeUndefined();
      expect(JSON.stringify(created)).toBe(JSON.stringify(read.body.data.customerReturn));
    });
    await fc.assert(property, { numRuns: 10, seed: 20261201 });
  });
});
