// The server a fuzz file runs against: a test server with one company seeded with a few records of each
// kind (so the ids the cases use, 1 to 3, often name something), a raw HTTP sender, the errors the server
// logged during the last request (the cause of a 500), and the company's data fingerprint.
import http from 'node:http';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';
import { fingerprintReader, type Fingerprint } from './data-fingerprint.js';

export const BASE = '/external/api/v1';

export interface WireRequest {
  method: string;
  /** Path and query string, as sent. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  status: number;
  text: string;
}

export interface FuzzServer {
  server: TestServer;
  acme: Tenant;
  send(request: WireRequest): Promise<Answer>;
  /** Reads the company's data fingerprint. */
  fingerprint(): Promise<Fingerprint>;
  /**
   * The fingerprint as of now: the last one read, while no request other than a GET has been sent since (a GET
   * changes no company data), or else read anew. A refused write's "after" is so the next case's "before", which
   * halves the reads. Should a GET change data after all, the next refused write would show it as its own
   * change: the check can only get stricter.
   */
  fingerprintNow(): Promise<Fingerprint>;
  /** Errors logged since the last call (each with message, error and stack); clears the list. */
  takeLoggedErrors(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startFuzzServer(): Promise<FuzzServer> {
  let logged: Array<Record<string, unknown>> = [];
  const server = await startTestServer({
    logger: { log: (level, message, fields) => void (level === 'error' && logged.push({ message, ...fields })) },
  });
  const acme = await server.createTenant('acme');

  /** One request over a fresh connection; a stream of events is read only up to its status. */
  const send = (request: WireRequest): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...request.headers, host: `${acme.slug}.localhost:${server.port}`, authorization: `Bearer ${acme.token}` };
      if (request.body) headers['content-length'] = String(request.body.length);
      const req = http.request({ host: '127.0.0.1', port: server.port, method: request.method, path: request.target, headers, agent: false }, (res) => {
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          res.destroy();
          return resolve({ status: res.statusCode ?? 0, text: '' });
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.setTimeout(30_000, () => req.destroy(new Error(`no answer within 30 s to ${request.method} ${request.target.slice(0, 200)}`)));
      req.on('error', reject);
      req.end(request.body);
    });

  await seedFixtures(send);
  const fingerprint = await fingerprintReader(server.database.sql, acme.companyId, server.database.url);
  let lastRead: Fingerprint | null = null;
  const read = async () => (lastRead = await fingerprint.read());
  return {
    server,
    acme,
    send: (request) => {
      if (request.method !== 'GET') lastRead = null;
      return send(request);
    },
    fingerprint: read,
    fingerprintNow: () => (lastRead ? Promise.resolve(lastRead) : read()),
    takeLoggedErrors: () => {
      const taken = logged;
      logged = [];
      return taken;
    },
    close: async () => {
      await fingerprint.close();
      await server.close();
    },
  };
}

async function seedFixtures(send: (request: WireRequest) => Promise<Answer>): Promise<void> {
  const post = async (path: string, body: unknown = {}) => {
    const res = await send({ method: 'POST', target: `${BASE}${path}`, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) });
    if (res.status >= 300) throw new Error(`fixture POST ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return JSON.parse(res.text).data;
  };
  const north = await post('/locations', { name: 'North' });
  const south = await post('/locations', { name: 'South' });
  const bin = await post('/locations', { name: 'North bin', parent_id: north.id });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT-1', retail_price: 3 });
  const nut = await post('/products', { name: 'Nut', sku: 'NUT-1', retail_price: 1 });
  await post('/inventory/adjustments', { lines: [{ product_id: bolt.id, location_id: north.id, quantity: 50 }, { product_id: nut.id, location_id: south.id, quantity: 20 }] });
  const supplier = await post('/suppliers', { name: 'Bolt Works' });
  const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: north.id, lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 2 }] });
  await post('/bills', { supplier_id: supplier.id, bill_number: 'B-1', bill_date: '2026-05-10', lines: [{ description: 'Bolts', quantity: 1, unit_price: 20 }] });
  const customer = await post('/companies', { name: 'Initech' });
  await post('/tags', { name: 'Fragile' });
  await post('/categories', { name: 'Hardware' });
  await post('/boms', { name: 'Bolt kit', items: [{ product_id: nut.id, quantity: 2 }] });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [north.id, south.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Web shop', warehouseGroupId: group.id });
  const order = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 2 }] });
  // More kinds of record, each on its own: one whose shape changes must not stop the suite (the cases fall back to ids 1 to 3).
  const optional: Array<() => Promise<unknown>> = [
    () => post('/transfer-orders', { source_location_id: north.id, destination_location_id: south.id, lines: [{ product_id: bolt.id, quantity: 1 }] }),
    () => post('/contacts', { company_id: customer.id, first_name: 'Peter', last_name: 'Gibbons' }),
    () => post('/currency/rates', { from: 'USD', to: 'EUR', rate: 0.9, as_of: '2026-01-01' }),
    () => post('/deals', { name: 'Spring restock', supplier_id: supplier.id, amount: 5000, expected_close_date: '2026-04-30' }),
    () => post('/custom-fields', { entity_type: 'product', key: 'color', label: 'Color', type: 'text' }),
    () => post('/priority-lists', { name: 'North first', warehouse_ids: [north.id, south.id] }),
    () => post('/supplier-skus', { supplier_id: supplier.id, product_id: nut.id, supplier_sku: 'NUT-S' }),
    () => post('/vendor-credits', { supplier_id: supplier.id, amount: 40, currency: 'USD', credit_date: '2026-06-02', reason: 'Price correction' }),
    () => post('/production-batches', { name: 'First run' }),
    () => post('/integration-mappings', { integration: 'wms', entity_type: 'product', internal_id: bolt.id, external_id: 'W-BOLT' }),
    () => post('/pickflow/cycle-count-batches', { name: 'Count North', warehouse_ids: [north.id] }),
    () => post('/work-orders', { produced_sku_id: bolt.id, planned_qty: 5, production_warehouse_id: north.id, destination_warehouse_id: north.id }),
    async () => {
      const submitted = await post(`/purchase-orders/${po.id}/submit`);
      await post(`/purchase-orders/${po.id}/receiving-reports`, { received_at: '2026-04-02T10:00:00.000Z', location_id: bin.id, lines: [{ purchase_order_line_id: submitted.lines[0].id, quantity: 4 }] });
    },
    async () => {
      const confirmed = await post(`/sales-orders/${order.id}/confirm`);
      const shipped = await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: confirmed.lines[0].id, quantity: 1, location_id: north.id }] });
      await post(`/shipments/${shipped.id}/ship`);
      await post(`/sales-orders/${order.id}/invoices`, { shipment_ids: [shipped.id] });
      await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: confirmed.lines[0].id, quantity: 1, location_id: north.id }] });
    },
  ];
  for (const create of optional) await create().catch((error: Error) => console.warn(`fuzz fixture skipped: ${error.message}`));
}

export function describeExchange(title: string, wire: WireRequest, answer: Answer, logged: Array<Record<string, unknown>>): string {
  const body = wire.body ? (wire.body.length > 300 ? `${wire.body.subarray(0, 300).toString('utf8')}…(${wire.body.length} bytes)` : wire.body.toString('utf8')) : '';
  return [
    title,
    `  ${wire.method} ${wire.target.slice(0, 300)} ${JSON.stringify(wire.headers)}`,
    body && `  body: ${JSON.stringify(body)}`,
    `  → ${answer.status} ${answer.text.slice(0, 300)}`,
    ...logged.map((e) => `  logged: ${String(e.message)}: ${String(e.error)}\n${String(e.stack ?? '').split('\n').slice(0, 6).join('\n')}`),
  ].filter(Boolean).join('\n');
}
