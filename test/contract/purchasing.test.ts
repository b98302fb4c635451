// Contract sweep (issue 17 §9), purchasing and payables: one `describe` per operation of the contract's
// Endpoints section — POST /purchase-orders/{id}/push-inbound-shipment (against a fake warehouse system on
// loopback), POST /purchase-orders/{id}/payment-obligations/generate, DELETE /deals/{dealId}/purchase-orders/{id},
// GET /vendor-returns, POST /vendor-returns/{id}/generate-credit, DELETE /vendor-credits/{id}/applications/{id}
// and GET /vendors/{id}/statement — checking envelopes, field types, status codes and error bodies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { submittedPurchaseOrder } from '../support/seed.js';
import { authRequirement, dataOf, expectInvalid, expectMessageOnly, expectNotFound, expectShape, pageOf } from '../support/contract-shape.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let wms: http.Server;
let wmsUrl: string;
// Rows made in beforeAll for the tests below.
let supplier: any, warehouse: any, bolt: any;

const expectAuthRequired = authRequirement(() => ({ server, tenant: acme, stranger: globex }));
const submittedOrder = (warehouseId: number, quantity = 10, unitCost = 2) =>
  submittedPurchaseOrder(post, { supplier_id: supplier.id, warehouse_id: warehouseId, order_date: '2026-05-01', expected_date: '2026-06-01', lines: [{ product_id: bolt.id, quantity, unit_cost: unitCost }] });

beforeAll(async () => {
  let shipments = 0;
  wms = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      shipments += 1;
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `IS-${shipments}`, url: `https://wms.test/inbound/${shipments}` }));
    });
  });
  await new Promise<void>((resolve) => wms.listen(0, '127.0.0.1', resolve));
  wmsUrl = `http://127.0.0.1:${(wms.address() as AddressInfo).port}/api/`;

  supplier = await post('/suppliers', { name: 'Bolt Works' });
  warehouse = await post('/locations', { name: 'Main' });
  bolt = await post('/products', { name: 'Bolt', sku: 'B-1' });
});
afterAll(async () => {
  wms?.closeAllConnections();
  await new Promise((resolve) => wms?.close(resolve));
});

describe('POST /purchase-orders/{purchaseOrderId}/push-inbound-shipment', () => {
  let order: any;
  const push = (id: number, body?: unknown, tenant?: Tenant) => api('POST', `/purchase-orders/${id}/push-inbound-shipment`, body, tenant);

  beforeAll(async () => {
    const outsourced = await post('/locations', { name: 'Outsourced' });
    await post('/warehouse-groups', { name: '3PL', externally_managed: true, external_wms_url: wmsUrl, external_wms_api_key: 'k', warehouse_ids: [outsourced.id] });
    await post('/integration-mappings', { integration: 'wms', entity_type: 'product', internal_id: bolt.id, external_id: 'W-BOLT' });
    order = await submittedOrder(outsourced.id);
  });

  it('pushes and answers {data: inbound sync result}', async () => {
    const result = dataOf(await push(order.id, {}));
    expectShape(result, { purchase_order_id: 'integer', sync_status: 'string', last_synced_at: 'date-time', external_shipment_id: 'string', external_system_url: 'string', inbound_shipment: 'object' }, { exact: true, where: 'inbound sync result' });
    expect(result).toMatchObject({ purchase_order_id: order.id, sync_status: 'synced', external_shipment_id: 'IS-1' });
  });

  it('answers 409 {message} while synced and force is not true; force true pushes again', async () => {
    expectMessageOnly(await push(order.id), 409);
    expectMessageOnly(await push(order.id, { force: false }), 409);
    expect(dataOf(await push(order.id, { force: true }))).toMatchObject({ sync_status: 'synced', external_shipment_id: 'IS-2' });
    expectInvalid(await push(order.id, { force: 'yes' }), ['force']);
  });

  it('answers 422 for an order not delivered to an externally managed warehouse, 404 {message} and 401', async () => {
    const own = await submittedOrder(warehouse.id);
    expectInvalid(await push(own.id), ['warehouse_id']);
    expectNotFound(await push(999999));
    expectNotFound(await push(order.id, { force: true }, globex));
    await expectAuthRequired('POST', `/purchase-orders/${order.id}/push-inbound-shipment`);
  });
});

describe('POST /purchase-orders/{purchaseOrderId}/payment-obligations/generate', () => {
  it('takes no body and answers {data: object}', async () => {
    const order = await submittedOrder(warehouse.id, 3, 33.33);
    const result = dataOf(await api('POST', `/purchase-orders/${order.id}/payment-obligations/generate`));
    // The contract does not show the fields; these are the service's.
    expectShape(result, { purchase_order_id: 'integer', currency: 'string', total: 'number', obligations: 'array' }, { exact: true, where: 'generated obligations' });
    expect(result.total).toBe(99.99);
    expectInvalid(await api('POST', `/purchase-orders/${order.id}/payment-obligations/generate`, { split: 2 }), ['body']);
  });

  it('answers 422 for a draft order, 404 {message} for an unknown one and 401 without a token', async () => {
    const draft = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: bolt.id, quantity: 1, unit_cost: 1 }] });
    expectInvalid(await api('POST', `/purchase-orders/${draft.id}/payment-obligations/generate`), ['status']);
    expectNotFound(await api('POST', '/purchase-orders/999999/payment-obligations/generate'));
    expectNotFound(await api('POST', `/purchase-orders/${draft.id}/payment-obligations/generate`, undefined, globex));
    await expectAuthRequired('POST', `/purchase-orders/${draft.id}/payment-obligations/generate`);
  });
});

describe('DELETE /deals/{dealId}/purchase-orders/{purchaseOrderId}', () => {
  it('removes the link, keeps the order, and answers a body with message', async () => {
    const deal = await post('/deals', { name: 'Restock' });
    const order = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: bolt.id, quantity: 1, unit_cost: 1 }] });
    await post(`/deals/${deal.id}/purchase-orders/${order.id}`);
    const res = await api('DELETE', `/deals/${deal.id}/purchase-orders/${order.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(dataOf(await api('GET', `/purchase-orders/${order.id}`))).toMatchObject({ id: order.id, deals: [] });
    // No link any more, unknown ids, another company's: 404 {message}.
    expectNotFound(await api('DELETE', `/deals/${deal.id}/purchase-orders/${order.id}`));
    expectNotFound(await api('DELETE', `/deals/999999/purchase-orders/${order.id}`));
    expectNotFound(await api('DELETE', `/deals/${deal.id}/purchase-orders/999999`));
    expectNotFound(await api('DELETE', `/deals/${deal.id}/purchase-orders/${order.id}`, undefined, globex));
    await expectAuthRequired('DELETE', `/deals/${deal.id}/purchase-orders/${order.id}`);
  });
});

describe('vendor returns and credits', () => {
  let vendorReturn: any;
  let credit: any;

  beforeAll(async () => {
    const order = await submittedOrder(warehouse.id, 10, 2);
    await post(`/purchase-orders/${order.id}/receiving-reports`, { received_at: '2026-05-03T10:00:00Z', lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 10 }] });
    vendorReturn = await post('/vendor-returns', { supplier_id: supplier.id, location_id: warehouse.id, reason: 'Damaged', lines: [{ product_id: bolt.id, quantity: 2 }] });
  });

  describe('GET /vendor-returns', () => {
    it('answers a paginated list {data: [object], meta} with per_page at most 100', async () => {
      const list = pageOf(await api('GET', '/vendor-returns?per_page=100'));
      expect(list.map((r: any) => r.id)).toEqual([vendorReturn.id]);
      expectShape(list[0], { id: 'integer', status: 'string', lines: 'array', created_at: 'date-time', updated_at: 'date-time' }, { where: 'vendor return' });
      expectInvalid(await api('GET', '/vendor-returns?per_page=101'), ['per_page']);
      expectInvalid(await api('GET', '/vendor-returns?colour=red'), ['colour']);
      expect(pageOf(await api('GET', '/vendor-returns', undefined, globex))).toEqual([]);
      await expectAuthRequired('GET', '/vendor-returns');
    });
  });

  describe('POST /vendor-returns/{id}/generate-credit', () => {
    it('takes no body, creates a vendor credit from a shipped return and answers {data: object}', async () => {
      expectInvalid(await api('POST', `/vendor-returns/${vendorReturn.id}/generate-credit`), ['status']);
      await post(`/vendor-returns/${vendorReturn.id}/ship`);
      expectInvalid(await api('POST', `/vendor-returns/${vendorReturn.id}/generate-credit`, { amount: 1 }), ['body']);
      credit = dataOf(await api('POST', `/vendor-returns/${vendorReturn.id}/generate-credit`), 201);
      expectShape(credit, { id: 'integer', amount: 'number', currency: 'string', vendor_return_id: 'integer', applications: 'array' }, { where: 'vendor credit' });
      expect(credit).toMatchObject({ vendor_return_id: vendorReturn.id, amount: 4 });
      expectMessageOnly(await api('POST', `/vendor-returns/${vendorReturn.id}/generate-credit`), 409);
    });

    it('answers 404 {message} for an unknown or foreign return, and 401 without a token', async () => {
      expectNotFound(await api('POST', '/vendor-returns/999999/generate-credit'));
      expectNotFound(await api('POST', `/vendor-returns/${vendorReturn.id}/generate-credit`, undefined, globex));
      await expectAuthRequired('POST', `/vendor-returns/${vendorReturn.id}/generate-credit`);
    });
  });

  describe('DELETE /vendor-credits/{id}/applications/{applicationId}', () => {
    it('deletes an application and answers {data: object}', async () => {
      const draftBill = await post('/bills', { supplier_id: supplier.id, bill_number: 'INV-1', bill_date: '2026-06-01', lines: [{ description: 'Bolts', quantity: 1, unit_price: 10 }] });
      const bill = await post(`/bills/${draftBill.id}/approve`);
      const application = await post(`/vendor-credits/${credit.id}/applications`, { bill_id: bill.id, amount: 3 });
      const path = `/vendor-credits/${credit.id}/applications/${application.id}`;
      await expectAuthRequired('DELETE', path);
      expectNotFound(await api('DELETE', path, undefined, globex));
      const undone = dataOf(await api('DELETE', path));
      expectShape(undone, { id: 'integer', amount: 'number', amount_applied: 'number', remaining_amount: 'number', applications: 'array' }, { where: 'vendor credit' });
      expect(undone).toMatchObject({ id: credit.id, amount_applied: 0, remaining_amount: 4, applications: [] });
      expectNotFound(await api('DELETE', path));
      expectNotFound(await api('DELETE', `/vendor-credits/999999/applications/${application.id}`));
    });
  });
});

describe('GET /vendors/{id}/statement', () => {
  it('answers the JSON form {data: object}', async () => {
    const statement = dataOf(await api('GET', `/vendors/${supplier.id}/statement?from=2026-01-01&to=2026-12-31`));
    // The contract does not show the fields; these are the service's.
    expectShape(statement, {
      vendor: 'object', currency: 'string', from: 'date', to: 'date', opening_balance: 'number', lines: 'array', closing_balance: 'number', aging: 'object',
    }, { exact: true, where: 'statement' });
    expect(statement.vendor).toEqual({ id: supplier.id, name: 'Bolt Works' });
    expect(dataOf(await api('GET', `/vendors/${supplier.id}/statement?format=json`)).vendor.id).toBe(supplier.id);
  });

  it('answers the PDF form for format=pdf', async () => {
    const res = await server.call('GET', `/external/api/v1/vendors/${supplier.id}/statement?format=pdf`, { token: acme.token, company: acme.slug });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.text.startsWith('%PDF-')).toBe(true);
  });

  it('answers 422 {message, errors} for bad parameters, 404 {message} for an unknown vendor, 401 without a token', async () => {
    expectInvalid(await api('GET', `/vendors/${supplier.id}/statement?from=yesterday`), ['from']);
    expectInvalid(await api('GET', `/vendors/${supplier.id}/statement?format=xls`), ['format']);
    expectInvalid(await api('GET', `/vendors/${supplier.id}/statement?colour=red`), ['colour']);
    expectNotFound(await api('GET', '/vendors/999999/statement'));
    expectNotFound(await api('GET', `/vendors/${supplier.id}/statement`, undefined, globex));
    await expectAuthRequired('GET', `/vendors/${supplier.id}/statement`);
  });
});
