// Invoicing and customer returns run a fixed number of SQL statements whatever the number of lines: an
// invoice of a 2-line and of a 12-line shipment, a payment, a PDF, a page of invoices; a return of 2 and of 12
// lines created, received (restocked through the set-based ledger) and credited.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
let channel: any;
let warehouse: any;
let small: any;
let large: any;

const counted = counter.of;

/** Runs `request` for the small case, then for the large one, expects both to run as many statements, and answers both results. */
async function sameStatementsFor<Case, Result>(cases: [Case, Case], request: (one: Case) => Promise<Result>): Promise<[Result, Result]> {
  const results: Result[] = [];
  const counts: number[] = [];
  for (const one of cases) counts.push(await counted(async () => results.push(await request(one))));
  expect(counts[1]).toBe(counts[0]);
  return [results[0]!, results[1]!];
}

/** A confirmed order of `lineCount` products, fully shipped. */
async function shippedOrder(lineCount: number): Promise<any> {
  const products = [];
  for (let i = 0; i < lineCount; i++) {
    const product = await post('/products', { name: `P${lineCount}-${i}`, sku: `P${lineCount}-${i}`, retail_price: 5 });
    await post('/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: 10, unit_cost: 1 }] });
    products.push(product);
  }
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: products.map((p) => ({ product_id: p.id, quantity: 4, tax_rate: 10 })) });
  const order = await post(`/sales-orders/${draft.id}/confirm`);
  const shipment = await post(`/sales-orders/${order.id}/shipments`, { lines: order.lines.map((l: any) => ({ sales_order_line_id: l.id, quantity: 4 })) });
  await post(`/shipments/${shipment.id}/ship`);
  return order;
}

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [warehouse.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Counted', warehouseGroupId: group.id, fees: { shippingCharge: 4.5 } });
  small = await shippedOrder(2);
  large = await shippedOrder(12);
  // Warm-up: the first invoice, return and credit note of a company also start its number sequences.
  const warm = await shippedOrder(1);
  await post(`/sales-orders/${warm.id}/invoices`, {});
  const rma = await post('/customer-returns', { sales_order_id: warm.id, lines: [{ sales_order_line_id: warm.lines[0].id, quantity: 1, disposition: 'restock' }] });
  await post(`/customer-returns/${rma.id}/receive`);
  await post(`/customer-returns/${rma.id}/credit`);
}, 120_000);

describe('statements of invoices and customer returns', () => {
  it('are the same for 2 and 12 lines: invoice, payment, PDF, list', async () => {
    const invoices = await sameStatementsFor([small, large], async (order) => (await api('POST', `/sales-orders/${order.id}/invoices`, {})).body.data);
    const [smallInvoice, largeInvoice] = invoices;
    expect(smallInvoice.lines.length).toBeGreaterThanOrEqual(2);
    expect(largeInvoice.lines.length).toBe(smallInvoice.lines.length + 10);
    await sameStatementsFor(invoices, (invoice) => api('POST', `/invoices/${invoice.id}/payments`, { amount: 1, paid_at: '2026-05-06' }));
    await sameStatementsFor(invoices, (invoice) => api('GET', `/invoices/${invoice.id}`));
    await sameStatementsFor(invoices, (invoice) => api('GET', `/invoices/${invoice.id}?format=pdf`));
    await sameStatementsFor([1, 50], (perPage) => api('GET', `/invoices?per_page=${perPage}`));
  });

  it('are the same for returns of 2 and 12 lines: create, receive, credit, get', async () => {
    const returnOf = (order: any) => ({
      sales_order_id: order.id,
      lines: order.lines.map((l: any) => ({ sales_order_line_id: l.id, quantity: 1, disposition: 'restock' })),
    });
    const returns = await sameStatementsFor([small, large], async (order) => (await api('POST', '/customer-returns', returnOf(order))).body.data);
    expect(returns[1].lines).toHaveLength(12);
    await sameStatementsFor(returns, (rma) => api('POST', `/customer-returns/${rma.id}/receive`));
    const [, largeNote] = await sameStatementsFor(returns, async (rma) => (await api('POST', `/customer-returns/${rma.id}/credit`)).body.data);
    expect(largeNote.lines).toHaveLength(12);
    await sameStatementsFor(returns, (rma) => api('GET', `/customer-returns/${rma.id}`));
  });
});
