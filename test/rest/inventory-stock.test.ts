// Stock queries over real HTTP: per product, location and lot, and as of a past moment (from the ledger).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';

let server: TestServer;
let acme: Tenant;

beforeAll(async () => {
  server = await startTestServer();
  acme = await server.createTenant('acme');
});
afterAll(() => server?.close());

const api = (method: string, path: string, body?: unknown) =>
  server.call(method, `/external/api/v1${path}`, { token: acme.token, company: 'acme', body });

async function post(path: string, body: unknown): Promise<any> {
  const res = await api('POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /inventory/stock', () => {
  it('answers per product, location and lot, now and as of earlier moments', async () => {
    const w = await post('/locations', { name: 'W' });
    const bin = await post('/locations', { name: 'Bin', parent_id: w.id });
    const plain = await post('/products', { name: 'Plain', sku: 'PLAIN' });
    const lotted = await post('/products', { name: 'Lotted', sku: 'LOTTED', lot_tracking: true });

    const first = await post('/inventory/adjustments', {
      lines: [
        { product_id: plain.id, location_id: w.id, quantity: 10 },
        { product_id: plain.id, location_id: bin.id, quantity: 3 },
        { product_id: lotted.id, location_id: w.id, quantity: 5, lot_number: 'L1' },
      ],
    });
    await sleep(20);
    const t1 = new Date().toISOString();
    await sleep(20);
    await post('/inventory/adjustments', {
      lines: [
        { product_id: plain.id, location_id: w.id, quantity: -4 },
        { product_id: lotted.id, location_id: w.id, quantity: 2, lot_number: 'L2' },
        { product_id: plain.id, location_id: bin.id, quantity: -3 },
      ],
    });
    const l1 = first.lines[2].lot_id;

    const all = await api('GET', '/inventory/stock');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(['data', 'meta']);
    expect(Object.keys(all.body.data[0]).sort()).toEqual(['location_id', 'lot_id', 'product_id', 'quantity']);
    const rows = (res: any) => res.body.data.map((r: any) => [r.product_id, r.location_id, r.lot_id, r.quantity]);
    const l2 = all.body.data.find((r: any) => r.lot_id && r.lot_id !== l1).lot_id;
    expect(rows(all)).toEqual([
      [plain.id, w.id, null, 6],
      [lotted.id, w.id, l1, 5],
      [lotted.id, w.id, l2, 2],
    ]);
    expect(rows(await api('GET', `/inventory/stock?product_id=${lotted.id}&lot_id=${l2}`))).toEqual([[lotted.id, w.id, l2, 2]]);
    expect(rows(await api('GET', `/inventory/stock?location_id=${bin.id}`))).toEqual([]);

    const before = await api('GET', `/inventory/stock?as_of=${encodeURIComponent(t1)}`);
    expect(before.status).toBe(200);
    expect(rows(before)).toEqual([
      [plain.id, w.id, null, 10],
      [plain.id, bin.id, null, 3],
      [lotted.id, w.id, l1, 5],
    ]);
    expect(rows(await api('GET', `/inventory/stock?as_of=2000-01-01T00:00:00Z`))).toEqual([]);
    const now = await api('GET', `/inventory/stock?as_of=${encodeURIComponent(new Date().toISOString())}`);
    expect(rows(now)).toEqual(rows(all));
    expect(now.body.meta).toMatchObject({ total: 3, per_page: 25 });
  });

  it('refuses a malformed as_of and unknown parameters', async () => {
    expect((await api('GET', '/inventory/stock?as_of=yesterday')).status).toBe(422);
    expect((await api('GET', '/inventory/stock?warehouse=1')).status).toBe(422);
  });
});
