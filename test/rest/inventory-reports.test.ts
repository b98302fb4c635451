// Stock snapshot and inventory aging over real HTTP, against hand-computed expectations. Postings happen
// "now", so the moments between them are taken as the clock enters its next second, after one posting and before
// the next (as_of has second precision in its `YYYY-MM-DD HH:MM:SS` form); aging looks at those postings from a
// moment in the future.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';

const { companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex']);
let w1: any;
let w2: any;
let a: any;
let c: any;
// Moments between the postings: T1 after the first receipt, T2 after the second, T3 after the issue.
let T1: Date;
let T2: Date;
const DAY = 86_400_000;

/**
 * The moment the clock enters its next whole second: after a posting, a moment that, rounded down to the second
 * (as `sqlTime` writes it), still comes after the posting, and before the next posting.
 */
async function nextSecond(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
  return new Date();
}
/** `YYYY-MM-DD HH:MM:SS` (UTC) of a moment, rounded down to the second. */
const sqlTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const adjust = (productId: number, locationId: number, quantity: number, unitCost?: number) =>
  post('/inventory/adjustments', { lines: [{ product_id: productId, location_id: locationId, quantity, ...(unitCost === undefined ? {} : { unit_cost: unitCost }) }] });

async function snapshot(query: string, tenant: Tenant = acme) {
  const res = await api('GET', `/reports/stock-snapshot?${query}`, undefined, tenant);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const rows = (body: any) => body.data.map((r: any) => [r.product_id, r.location_id, r.quantity, r.unit_cost, r.value]);

beforeAll(async () => {
  w1 = await post('/locations', { name: 'W1' });
  w2 = await post('/locations', { name: 'W2' });
  a = await post('/products', { name: 'Alpha', sku: 'ALPHA' });
  c = await post('/products', { name: 'Charlie', sku: 'CHARLIE' });

  await adjust(a.id, w1.id, 10, 5); // layer 1: 10 @ 5
  T1 = await nextSecond();
  await adjust(a.id, w2.id, 6, 8); // layer 2: 6 @ 8
  T2 = await nextSecond();
  await adjust(a.id, w1.id, -8); // consumes 8 of layer 1
  // Charlie: 5 @ 4 at W1, then all of it shipped to W2 and still in transit.
  await adjust(c.id, w1.id, 5, 4);
  const transfer = await post('/transfer-orders', { source_location_id: w1.id, destination_location_id: w2.id, lines: [{ product_id: c.id, quantity: 5 }] });
  expect((await api('POST', `/transfer-orders/${transfer.id}/ship`)).status).toBe(200);
}, 60_000);

describe('GET /reports/stock-snapshot', () => {
  it('answers {data, meta} with one row per product and location', async () => {
    const body = await snapshot(`as_of=${encodeURIComponent(sqlTime(T1))}`);
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(Object.keys(body.data[0]).sort()).toEqual(['as_of', 'location_id', 'location_name', 'product_id', 'product_name', 'quantity', 'sku', 'unit_cost', 'value']);
    expect(body.data[0]).toMatchObject({ sku: 'ALPHA', product_name: 'Alpha', location_name: 'W1' });
    expect(body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 25, to: 1, total: 1 });
  });

  it('quantity = movements up to as_of; value = quantity × average FIFO landed cost of the layers open then', async () => {
    // T1: only layer 1.
    expect(rows(await snapshot(`as_of=${encodeURIComponent(sqlTime(T1))}`))).toEqual([[a.id, w1.id, 10, 5, 50]]);
    // T2: 10 @ 5 and 6 @ 8 → (50 + 48) / 16 = 6.125; W1 10 × 6.125, W2 6 × 6.125 — unchanged by the later issue.
    expect(rows(await snapshot(`as_of=${T2.toISOString()}`))).toEqual([
      [a.id, w1.id, 10, 6.125, 61.25],
      [a.id, w2.id, 6, 6.125, 36.75],
    ]);
    // Now: 2 @ 5 + 6 @ 8 = 58 over 8 → 7.25. Charlie is in transit: in no location, so no row.
    expect(rows(await snapshot(''))).toEqual([
      [a.id, w1.id, 2, 7.25, 14.5],
      [a.id, w2.id, 6, 7.25, 43.5],
    ]);
    // A date means the end of that day; before anything was posted there is nothing.
    expect(rows(await snapshot(`as_of=${T2.toISOString().slice(0, 10)}`))).toHaveLength(2);
    expect((await snapshot('as_of=2000-01-01')).data).toEqual([]);
  });

  it('filters by location (a warehouse includes its locations) and product, and pages', async () => {
    expect(rows(await snapshot(`location_id=${w2.id}`))).toEqual([[a.id, w2.id, 6, 7.25, 43.5]]);
    expect(rows(await snapshot(`product_id=${c.id}`))).toEqual([]);
    const bin = await post('/locations', { name: 'W2 bin', parent_id: w2.id });
    await adjust(c.id, bin.id, 1, 4);
    expect(rows(await snapshot(`location_id=${w2.id}&product_id=${c.id}`))).toEqual([[c.id, bin.id, 1, 4, 4]]);
    await adjust(c.id, bin.id, -1);
    const page2 = await snapshot('per_page=1&page=2');
    expect(rows(page2)).toEqual([[a.id, w2.id, 6, 7.25, 43.5]]);
    expect(page2.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
  });

  it('validates as_of, paging and unknown parameters (422)', async () => {
    for (const bad of ['2026-13-01', '2026-02-30', 'yesterday', '2026-01-01 25:00:00']) {
      const res = await api('GET', `/reports/stock-snapshot?as_of=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['as_of']);
    }
    expect((await api('GET', '/reports/stock-snapshot?per_page=101')).status).toBe(422);
    expect((await api('GET', '/reports/stock-snapshot?lot=1')).status).toBe(422);
  });

  it('shows nothing of another company', async () => {
    expect((await snapshot('', globex)).data).toEqual([]);
    expect((await snapshot(`product_id=${a.id}`, globex)).data).toEqual([]);
  });
});

describe('GET /reports/inventory-aging', () => {
  const aging = async (query: string, tenant: Tenant = acme) => {
    const res = await api('GET', `/reports/inventory-aging?${query}`, undefined, tenant);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const buckets = (row: any) => row.buckets.map((b: any) => [b.label, b.quantity, b.value]);

  it('splits open layers by age from their receipt dates into 0-30, 31-60, 61-90, 90+ days', async () => {
    // 31 days after T1: layer 1 (received before T1) is 31 days old, layer 2 (after T1) is 30.
    const asOf = new Date(T1.getTime() + 31 * DAY);
    const body = await aging(`as_of=${asOf.toISOString()}`);
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(body.meta).toMatchObject({ total: 2, current_page: 1 });
    const [alpha, charlie] = body.data;
    expect(Object.keys(alpha).sort()).toEqual(['as_of', 'buckets', 'product_id', 'product_name', 'quantity', 'sku', 'value']);
    expect(Object.keys(alpha.buckets[0]).sort()).toEqual(['label', 'max_days', 'min_days', 'quantity', 'value']);
    expect(alpha).toMatchObject({ product_id: a.id, sku: 'ALPHA', quantity: 8, value: 58 });
    expect(buckets(alpha)).toEqual([['0-30', 6, 48], ['31-60', 2, 10], ['61-90', 0, 0], ['90+', 0, 0]]);
    expect(alpha.buckets.map((b: any) => [b.min_days, b.max_days])).toEqual([[0, 30], [31, 60], [61, 90], [91, null]]);
    // Stock in transit stays in its FIFO layer, with its original receipt date.
    expect(charlie).toMatchObject({ product_id: c.id, quantity: 5, value: 20 });
    expect(buckets(charlie)).toEqual([['0-30', 5, 20], ['31-60', 0, 0], ['61-90', 0, 0], ['90+', 0, 0]]);
  });

  it('takes other buckets, and looks at the layers as they stood at a past as_of', async () => {
    const later = new Date(T1.getTime() + 100 * DAY).toISOString();
    const custom = (await aging(`as_of=${later}&buckets=1,45&product_id=${a.id}`)).data;
    expect(custom).toHaveLength(1);
    expect(buckets(custom[0])).toEqual([['0-1', 0, 0], ['2-45', 0, 0], ['45+', 8, 58]]);
    // At T2 nothing had been issued yet: 10 @ 5 + 6 @ 8, all 0 days old.
    const past = (await aging(`as_of=${encodeURIComponent(sqlTime(T2))}&product_id=${a.id}`)).data[0];
    expect(past).toMatchObject({ quantity: 16, value: 98 });
    expect(buckets(past)[0]).toEqual(['0-30', 16, 98]);
    // Before any receipt: no product.
    expect((await aging('as_of=2000-01-01')).data).toEqual([]);
  });

  it('pages by product, validates buckets and as_of, and isolates tenants', async () => {
    const page = await aging('per_page=1&page=2');
    expect(page.data.map((r: any) => r.product_id)).toEqual([c.id]);
    expect(page.meta).toMatchObject({ current_page: 2, last_page: 2, total: 2, per_page: 1 });
    for (const bad of ['60,30', '0,10', 'a,b', '30,30']) {
      const res = await api('GET', `/reports/inventory-aging?buckets=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['buckets']);
    }
    expect(Object.keys((await api('GET', '/reports/inventory-aging?as_of=nope')).body.errors)).toEqual(['as_of']);
    expect((await aging('', globex)).data).toEqual([]);
  });
});

describe('GraphQL', () => {
  it('serves both reports', async () => {
    const res = await gql(
      `query { stockSnapshot(productId: ${a.id}) { items { locationId quantity value } meta { total } }
               inventoryAging(productId: ${a.id}) { items { quantity value buckets { label quantity } } } }`,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.stockSnapshot.items).toEqual([
      { locationId: w1.id, quantity: 2, value: 14.5 },
      { locationId: w2.id, quantity: 6, value: 43.5 },
    ]);
    expect(res.body.data.inventoryAging.items[0]).toMatchObject({ quantity: 8, value: 58 });
  });
});
