// Invoicing and customer returns run a fixed number of SQL statements whatever the number of lines: an
// invoice of a 2-line and of a 12-line shipment, a payment, a PDF, a page of invoices; a return of 2 and of 12
// lines created, received (restocked through the set-based ledger) and credited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.js';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';
import { restClient } from '../support/rest-client.js';
import { statementCounter } from '../support/statement-log.js';

let server: TestServer;
let acme: Tenant;
const counter = statementCounter();
let channel: any;
let warehouse: any;
let small: any;
let large: any;

const { api, post } = restClient(() => ({ server, tenant: acme }));

const counted = counter.of;

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
  server = await startTestServer({ database: await openTestDatabase({ onQuery: counter.onQuery }) });
  acme = await server.createTenant('acme');
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
afterAll(() => server?.close());

describe('statements of invoices and customer returns', () => {
  it('are the same for 2 and 12 lines: invoice, payment, PDF, list', async () => {
    let smallInvoice: any;
    let largeInvoice: any;
    const create = [
      await counted(async () => (smallInvoice = (await api('POST', `/sales-orders/${small.id}/invoices`, {})).body.data)),
      await counted(async () => (largeInvoice = (await api('POST', `/sales-orders/${large.id}/invoices`, {})).body.data)),
    ];
    expect(smallInvoice.lines.length).toBeGreaterThanOrEqual(2);
    expect(largeInvoice.lines.length).toBe(smallInvoice.lines.length + 10);
    expect(create[1]).toBe(create[0]);

    const pay = [
      await counted(() => api('POST', `/invoices/${smallInvoice.id}/payments`, { amount: 1, paid_at: '2026-05-06' })),
      await counted(() => api('POST', `/invoices/${largeInvoice.id}/payments`, { amount: 1, paid_at: '2026-05-06' })),
    ];
    expect(pay[1]).toBe(pay[0]);

    const get = [
      await counted(() => api('GET', `/invoices/${smallInvoice.id}`)),
      await counted(() => api('GET', `/invoices/${largeInvoice.id}`)),
    ];
    expect(get[1]).toBe(get[0]);
    const pdf = [
      await counted(() => api('GET', `/invoices/${smallInvoice.id}?format=pdf`)),
      await counted(() => api('GET', `/invoices/${largeInvoice.id}?format=pdf`)),
    ];
    expect(pdf[1]).toBe(pdf[0]);
    const page = [await counted(() => api('GET', '/invoices?per_page=1')), await counted(() => api('GET', '/invoices?per_page=50'))];
    expect(page[1]).toBe(page[0]);
  });

  it('are the same for returns of 2 and 12 lines: create, receive, credit, get', async () => {
    const returnOf = (order: any) => ({
      sales_order_id: order.id,
      lines: order.lines.map((l: any) => ({ sales_order_line_id: l.id, quantity: 1, disposition: 'restock' })),
    });
    let smallReturn: any;
    let largeReturn: any;
    const create = [
      await counted(async () => (smallReturn = (await api('POST', '/customer-returns', returnOf(small))).body.data)),
      await counted(async () => (largeReturn = (await api('POST', '/customer-returns', returnOf(large))).body.data)),
    ];
    expect(largeReturn.lines).toHaveLength(12);
    expect(create[1]).toBe(create[0]);
    const receive = [
      await counted(() => api('POST', `/customer-returns/${smallReturn.id}/receive`)),
      await counted(() => api('POST', `/customer-returns/${largeReturn.id}/receive`)),
    ];
    expect(receive[1]).toBe(receive[0]);
    let largeNote: any;
    const credit = [
      await counted(() => api('POST', `/customer-returns/${smallReturn.id}/credit`)),
      await counted(async () => (largeNote = (await api('POST', `/customer-returns/${largeReturn.id}/credit`)).body.data)),
    ];
    expect(largeNote.lines).toHaveLength(12);
    expect(credit[1]).toBe(credit[0]);
    const get = [
      await counted(() => api('GET', `/customer-returns/${smallReturn.id}`)),
      await counted(() => api('GET', `/customer-returns/${largeReturn.id}`)),
    ];
    expect(get[1]).toBe(get[0]);
  });
});
