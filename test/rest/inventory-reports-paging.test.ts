// The stock snapshot, the inventory aging and the as-of on-hand stock page in the database: a page of 2 over
// 30 products runs the same statements as over 3, every statement that reads the ledger or the layers either
// counts or LIMITs, and no statement hands this process more rows than the page holds. Over real HTTP,
// walking every page gives exactly one big page, in a stable order, with and without filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { onhandAsOfSql } from '../../src/domain/inventory/reports/onhand-as-of.js';
import { openTestDatabase } from '../support/test-database.js';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';
import { recordStatements } from '../support/statement-log.js';

let server: TestServer;
let big: Tenant;
let small: Tenant;
const statements: string[] = [];
/** The number of rows each Prisma operation answered (arrays only). */
const rowsSeen: number[] = [];
const seeded = new Map<string, { w: any; bin: any; w2: any; products: any[]; lotted: any; T: string }>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const api = (path: string, tenant: Tenant = big, method = 'GET', body?: unknown) =>
  server.call(method, `/external/api/v1${path}`, { token: tenant.token, company: tenant.slug, body });
async function post(tenant: Tenant, path: string, body: unknown): Promise<any> {
  const res = await api(path, tenant, 'POST', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
async function get(path: string, tenant: Tenant = big): Promise<any> {
  const res = await api(path, tenant);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** `count` products with layers received before and after a moment T, some issued after it, one lot-tracked. */
async function seed(tenant: Tenant, count: number) {
  const w = await post(tenant, '/locations', { name: 'W' });
  const bin = await post(tenant, '/locations', { name: 'W bin', parent_id: w.id });
  const w2 = await post(tenant, '/locations', { name: 'W2' });
  const products = [];
  for (let i = 0; i < count; i++) products.push(await post(tenant, '/products', { name: `P${i}`, sku: `P${String(i).padStart(3, '0')}` }));
  const lotted = await post(tenant, '/products', { name: 'Lotted', sku: 'LOTTED', lot_tracking: true });
  const first = [];
  for (const [i, p] of products.entries()) {
    first.push({ product_id: p.id, location_id: w.id, quantity: 10, unit_cost: i + 1 });
    if (i % 3 === 0) first.push({ product_id: p.id, location_id: bin.id, quantity: 4, unit_cost: 2.5 });
    if (i % 4 === 0) first.push({ product_id: p.id, location_id: w2.id, quantity: 5, unit_cost: 3 });
  }
  first.push({ product_id: lotted.id, location_id: w.id, quantity: 5, unit_cost: 1, lot_number: 'L1' });
  first.push({ product_id: lotted.id, location_id: w.id, quantity: 3, unit_cost: 2, lot_number: 'L2' });
  await post(tenant, '/inventory/adjustments', { lines: first });
  await sleep(30);
  const T = new Date().toISOString();
  await sleep(30);
  const second = [];
  for (const [i, p] of products.entries()) {
    if (i % 2 === 0) second.push({ product_id: p.id, location_id: w.id, quantity: -7 });
    else if (i % 7 === 0) second.push({ product_id: p.id, location_id: w.id, quantity: -10 });
    else if (i % 5 === 0) second.push({ product_id: p.id, location_id: w.id, quantity: 3, unit_cost: 9 });
  }
  await post(tenant, '/inventory/adjustments', { lines: second });
  seeded.set(tenant.slug, { w, bin, w2, products, lotted, T });
}

beforeAll(async () => {
  const database = await openTestDatabase({ onQuery: recordStatements(statements) });
  const counting = database.prisma.$extends({
    query: {
      async $allOperations({ args, query }) {
        const result = await query(args);
        if (Array.isArray(result)) rowsSeen.push(result.length);
        return result;
      },
    },
  });
  server = await startTestServer({ database: { ...database, prisma: counting as unknown as typeof database.prisma } });
  big = await server.createTenant('big');
  small = await server.createTenant('small');
  await seed(big, 30);
  await seed(small, 3);
}, 120_000);
afterAll(() => server?.close());

/** A row without its as_of, which is the moment of the request when none is asked for. */
const withoutAsOf = ({ as_of: _asOf, ...row }: any) => row;

/** Every page of a report with `perPage`, concatenated, after checking each page's meta. */
async function allPages(path: string, query: string, perPage: number, tenant: Tenant = big): Promise<{ rows: any[]; total: number }> {
  const rows: any[] = [];
  const first = await get(`${path}?${query}&per_page=${perPage}&page=1`, tenant);
  const { total, last_page: lastPage } = first.meta;
  expect(lastPage).toBe(Math.max(1, Math.ceil(total / perPage)));
  for (let page = 1; page <= lastPage; page++) {
    const body = page === 1 ? first : await get(`${path}?${query}&per_page=${perPage}&page=${page}`, tenant);
    expect(body.meta).toMatchObject({ current_page: page, total, per_page: perPage, from: rows.length + 1, to: rows.length + body.data.length });
    expect(body.data.length).toBe(page < lastPage ? perPage : total - (lastPage - 1) * perPage);
    rows.push(...body.data.map(withoutAsOf));
  }
  return { rows, total };
}

/** The rows of every page of `perPage`, after checking they are those of one page holding all (100 at most). */
async function walkedLikeOnePage(path: string, query: string, perPage: number): Promise<any[]> {
  const one = await get(`${path}?${query}&per_page=100`);
  expect(one.meta.total).toBe(one.data.length);
  const { rows, total } = await allPages(path, query, perPage);
  expect(total).toBe(one.meta.total);
  expect(rows).toEqual(one.data.map(withoutAsOf));
  return rows;
}

/** What one request runs: its statements and the largest number of rows one of them handed back. */
async function measured(call: () => Promise<unknown>): Promise<{ statements: string[]; maxRows: number }> {
  const [s, r] = [statements.length, rowsSeen.length];
  await call();
  return { statements: statements.slice(s), maxRows: Math.max(0, ...rowsSeen.slice(r)) };
}

const reads = (sqls: string[]) => sqls.filter((sql) => /"(StockMovement|CostLayer|CostLayerConsumption)"/.test(sql));

describe('GET /reports/stock-snapshot pages in the database', () => {
  it('walks to exactly one big page, ordered by product then location, with and without filters', async () => {
    const { w, w2, products, T } = seeded.get('big')!;
    for (const asOf of [T, '']) {
      for (const filter of ['', `location_id=${w.id}`, `location_id=${w2.id}`, `product_id=${products[3].id}`]) {
        const rows = await walkedLikeOnePage('/reports/stock-snapshot', `as_of=${encodeURIComponent(asOf)}&${filter}`, 7);
        const keys = rows.map((r: any) => [r.product_id, r.location_id]);
        expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      }
    }
    // Spot checks against the seed: at T every product had 10 at W; the bin counts for its warehouse.
    const atT = await get(`/reports/stock-snapshot?as_of=${encodeURIComponent(T)}&location_id=${w.id}&per_page=100`);
    expect(atT.meta.total).toBe(30 + 10 + 1); // 30 at W, 10 in the bin, the lot-tracked product at W (lots add up)
    expect(atT.data.find((r: any) => r.product_id === products[1].id && r.location_id === w.id)).toMatchObject({ quantity: 10, unit_cost: 2, value: 20 });
    // P0 at T: 10 @ 1 + 4 @ 2.5 + 5 @ 3 = 35 over 19; now 7 were issued from the oldest layer: 3 @ 1 + 10 + 15 = 28 over 12.
    const p0 = (body: any) => body.data.filter((r: any) => r.product_id === products[0].id).map((r: any) => [r.quantity, r.unit_cost]);
    expect(p0(await get(`/reports/stock-snapshot?as_of=${encodeURIComponent(T)}&product_id=${products[0].id}`))).toEqual([[10, 1.8421052632], [4, 1.8421052632], [5, 1.8421052632]]);
    expect(p0(await get(`/reports/stock-snapshot?product_id=${products[0].id}`))).toEqual([[3, 2.3333333333], [4, 2.3333333333], [5, 2.3333333333]]);
  });

  it('runs the same statements for 30 products as for 3, each counting or LIMITed, and reads one page of rows', async () => {
    const ask = (tenant: Tenant) => measured(() => get('/reports/stock-snapshot?page=1&per_page=2', tenant));
    await ask(big); // warm-up (prepared statements, caches)
    const [many, few] = [await ask(big), await ask(small)];
    expect(many.statements.length).toBe(few.statements.length);
    const ledger = reads(many.statements);
    expect(ledger.length).toBeGreaterThan(0);
    for (const sql of ledger) expect(sql, sql).toMatch(/\bLIMIT\b|\bCOUNT\(/i);
    expect(many.maxRows).toBe(2); // the page's two rows (so raw results are counted)
  });
});

describe('GET /reports/inventory-aging pages in the database', () => {
  it('walks to exactly one big page, ordered by product, with and without filters', async () => {
    const { products, T } = seeded.get('big')!;
    const later = new Date(Date.now() + 45 * 86_400_000).toISOString();
    for (const asOf of [T, '', later]) {
      for (const filter of ['', `product_id=${products[5].id}`, 'buckets=10,40']) {
        const rows = await walkedLikeOnePage('/reports/inventory-aging', `as_of=${encodeURIComponent(asOf)}&${filter}`, 4);
        const ids = rows.map((r: any) => r.product_id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      }
    }
    // P7 issued its only layer (10 @ 8) after T: gone now, there at T.
    const now = await get('/reports/inventory-aging?per_page=100');
    expect(now.meta.total).toBe(30); // 29 products left with stock + the lot-tracked one (P7 issued its 10)
    expect(now.data.some((r: any) => r.product_id === products[7].id)).toBe(false);
    const atT = await get(`/reports/inventory-aging?as_of=${encodeURIComponent(T)}&product_id=${products[7].id}`);
    expect(atT.data[0]).toMatchObject({ quantity: 10, value: 80 });
    // P5: 10 @ 6 before T and 3 @ 9 after; 45 days on, both are in the open-ended bucket.
    const p5 = (await get(`/reports/inventory-aging?as_of=${encodeURIComponent(later)}&buckets=10,40&product_id=${products[5].id}`)).data[0];
    expect(p5).toMatchObject({ quantity: 13, value: 87 });
    expect(p5.buckets.map((b: any) => [b.label, b.quantity, b.value])).toEqual([['0-10', 0, 0], ['11-40', 0, 0], ['40+', 13, 87]]);
  });

  it('runs the same statements for 30 products as for 3, each counting or LIMITed, and reads one page of rows', async () => {
    const ask = (tenant: Tenant) => measured(() => get('/reports/inventory-aging?page=1&per_page=2', tenant));
    await ask(big);
    const [many, few] = [await ask(big), await ask(small)];
    expect(many.statements.length).toBe(few.statements.length);
    const ledger = reads(many.statements);
    expect(ledger.length).toBeGreaterThan(0);
    for (const sql of ledger) expect(sql, sql).toMatch(/\bLIMIT\b|\bCOUNT\(/i);
    expect(many.maxRows).toBeGreaterThanOrEqual(2);
    expect(many.maxRows).toBeLessThanOrEqual(2 * 4); // a product × bucket each
  });
});

describe('paging far past the end', () => {
  it('answers an empty page with the total, never a 500', async () => {
    for (const path of ['/reports/stock-snapshot', '/reports/inventory-aging']) {
      const body = await get(`${path}?page=2000000000&per_page=100`);
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ current_page: 2000000000, from: 0, to: 0 });
      expect(body.meta.total).toBeGreaterThan(0);
    }
  });
});

describe('on-hand stock as of a moment (onhand-as-of.ts)', () => {
  const source = (tenant: Tenant, filter: object, asOf: string) =>
    onhandAsOfSql(tenantClient(server.database.prisma, tenant.companyId), filter, new Date(asOf));
  const plain = (rows: any[]) => rows.map((r) => [r.productId, r.locationId, r.lotId, Number(r.quantity)]);

  it('pages to the rows GET /inventory/stock?as_of= answers, and finds lotless rows by key', async () => {
    const { w, lotted, products, T } = seeded.get('big')!;
    for (const [filter, query] of [[{}, ''], [{ locationId: w.id }, `&location_id=${w.id}`], [{ productId: lotted.id }, `&product_id=${lotted.id}`]] as const) {
      const http = await get(`/inventory/stock?as_of=${encodeURIComponent(T)}&per_page=100${query}`);
      const expected = http.data.map((r: any) => [r.product_id, r.location_id, r.lot_id, r.quantity]);
      const src = source(big, filter, T);
      expect(await src.count()).toBe(expected.length);
      const walked = [];
      for (let offset = 0; offset < expected.length; offset += 5) walked.push(...plain(await src.slice(offset, 5)));
      expect(walked).toEqual(expected);
    }
    const keys = [{ productId: products[0].id, locationId: w.id }, { productId: lotted.id, locationId: w.id }];
    expect(plain(await source(big, {}, T).lotless(keys))).toEqual([[products[0].id, w.id, null, 10]]);
    const lots = plain(await source(big, { productId: lotted.id }, T).slice(0, 10));
    expect(lots.map((r) => r[3])).toEqual([5, 3]);
    expect(plain(await source(big, { lotId: lots[1][2] as number }, T).slice(0, 10))).toEqual([lots[1]]);
  });

  it('reads a slice with LIMIT, and nothing of another company', async () => {
    const { T } = seeded.get('big')!;
    const m = await measured(() => source(big, {}, T).slice(0, 2));
    expect(m.statements).toHaveLength(1);
    expect(m.statements[0]).toMatch(/\bLIMIT\b/);
    expect(m.maxRows).toBe(2);
    const { products } = seeded.get('big')!;
    expect(await source(small, { productId: products[0].id }, T).count()).toBe(0);
  });
});
