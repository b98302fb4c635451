// GET /inventory/stocks/export over real HTTP: the whole export walked page by page against what was
// posted, the exact row shape, limit and parameter checks, signed cursors, and the run's cutoff.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient, type TenantDb } from '../../src/db/tenant-client.js';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { StockPoster } from './inventory-export-posting.js';
import { byId } from '../../src/db/tenant-client.js';

const { server, companies: { acme, other }, api } = serverForFile(['acme', 'other']);
let db: TenantDb;
let poster: StockPoster;
let warehouse1: any;
let bin: any;
let warehouse2: any;
let activeIds: number[];
let inactiveId: number;
let categorized: number;
let category: { id: number; name: string };
let subcategory: { id: number; name: string };

const PRODUCTS = 120;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ROW_KEYS = [
  'id', 'sku', 'name', 'type', 'category_id', 'category_name', 'sub_category_id', 'sub_category_name', 'qty_onhand',
  'qty_incoming', 'qty_available', 'qty_pending', 'qty_backordered', 'qty_available_via_assembly',
  'qty_recoverable_via_disassembly', 'qty_outstanding', 'current_landed_unit_cost', 'updated_at', 'location_stocks',
].sort();
const LOCATION_STOCK_KEYS = [
  'id', 'warehouse', 'location', 'qty_onhand', 'qty_incoming', 'qty_pending', 'qty_available', 'qty_available_via_assembly',
  'qty_recoverable_via_disassembly', 'current_landed_unit_cost', 'lot_stocks',
].sort();
const PLACE_KEYS = ['id', 'status', 'name', 'parent_id', 'parent', 'is_pick_location', 'created_at', 'updated_at'].sort();
const LOT_KEYS = ['lot_id', 'location_id', 'lot_number', 'production_date', 'expiry_date', 'qty_onhand'].sort();

const get = (path: string, tenant: Tenant = acme) => api('GET', path, undefined, tenant);

/** Walks a whole run; returns every page's body. */
async function walk(limit: number | null, between?: (pageIndex: number) => Promise<void>): Promise<any[]> {
  const pages: any[] = [];
  let cursor: string | null = null;
  for (;;) {
    const params = new URLSearchParams();
    if (limit !== null) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const res = await get(`/inventory/stocks/export?${params}`);
    expect(res.status, res.text).toBe(200);
    pages.push(res.body);
    if (!res.body.has_more) return pages;
    cursor = res.body.next_cursor;
    await between?.(pages.length);
  }
}

beforeAll(async () => {
  db = tenantClient(server.database.prisma, acme.companyId);
  poster = new StockPoster(server, acme);

  // Created directly (not over HTTP), like the products below: only stock goes through the API here.
  const location = (data: object) => db.location.create({ data: data as any });
  warehouse1 = await location({ name: 'Main' });
  bin = await location({ name: 'Bin A', parentId: warehouse1.id, isPickLocation: true });
  warehouse2 = await location({ name: 'Second' });

  category = await db.productCategory.create({ data: { name: 'Tools' } as any });
  subcategory = await db.productCategory.create({ data: { name: 'Hammers', parentId: category.id } as any });
  const created = await db.product.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: PRODUCTS }, (_, n) => ({
      name: `Export ${n}`,
      sku: `EXP-${String(n).padStart(4, '0')}`,
      type: n % 10 === 9 ? 'KIT' : 'PRODUCT',
      lotTracking: n % 4 === 0,
      ...(n === 1 ? { categoryId: category.id, subcategoryId: subcategory.id } : {}),
    })) as any,
  });
  const ids = created.map((p) => p.id).sort((a, b) => a - b);
  inactiveId = ids[3];
  categorized = ids[1];
  activeIds = ids.filter((id) => id !== inactiveId);

  // Stock on about half the products, across warehouses, a location and lots; some taken back out.
  const lines = [];
  for (const [n, productId] of ids.entries()) {
    if (n % 2 === 1 && n !== 1) continue;
    if (n % 4 === 0) {
      lines.push({ productId, locationId: bin.id, quantity: 5 + n, lotNumber: `L${n}-A`, productionDate: '2026-01-15', expiryDate: '2027-06-30' });
      lines.push({ productId, locationId: bin.id, quantity: 2, lotNumber: `L${n}-B` });
      lines.push({ productId, locationId: warehouse2.id, quantity: 3, lotNumber: `L${n}-A` });
    } else {
      lines.push({ productId, locationId: warehouse1.id, quantity: 10 + n, unitCost: 2.5 });
      lines.push({ productId, locationId: warehouse2.id, quantity: 4 });
      lines.push({ productId, locationId: warehouse2.id, quantity: -1 });
    }
  }
  await poster.post(lines);
  // A product deactivated after it had stock must not show anywhere.
  await poster.post([{ productId: inactiveId, locationId: warehouse1.id, quantity: 9 }]);
  await db.product.update({ where: byId(inactiveId), data: { status: 0 } });
}, 120_000);

describe('GET /inventory/stocks/export', () => {
  it('walks every active product in id order, with the posted stock per location and lot', async () => {
    const pages = await walk(7);
    const rows = pages.flatMap((p) => p.data);
    expect(rows.map((r: any) => r.id)).toEqual(activeIds);
    for (const [i, page] of pages.entries()) {
      expect(Object.keys(page).sort()).toEqual(['data', 'has_more', 'meta', 'next_cursor']);
      expect(page.meta).toEqual({ rows: page.data.length });
      expect(typeof page.next_cursor).toBe('string');
      expect(page.has_more).toBe(i < pages.length - 1);
      expect(page.data.length).toBe(i < pages.length - 1 ? 7 : activeIds.length - 7 * (pages.length - 1));
    }

    const expected = poster.expected();
    for (const row of rows) {
      const want = expected.get(row.id) ?? new Map();
      const total = [...want.values()].reduce((s, l) => s + l.total, 0);
      expect(row.qty_onhand, `product ${row.id}`).toBe(total);
      expect(row.qty_available).toBe(Math.max(total, 0));
      expect(row.location_stocks.map((ls: any) => ls.id)).toEqual([...want.keys()].sort((a, b) => a - b));
      for (const ls of row.location_stocks) {
        const loc = want.get(ls.id)!;
        expect(ls.qty_onhand).toBe(loc.total);
        expect(ls.location.id).toBe(ls.id);
        expect(Object.fromEntries(ls.lot_stocks.map((l: any) => [l.lot_number, l.qty_onhand]))).toEqual(Object.fromEntries(loc.lots));
      }
    }
  });

  it('answers the contract row shape with warehouse, location and lot objects', async () => {
    const res = await get('/inventory/stocks/export?limit=5');
    expect(res.status).toBe(200);
    // Written inside PostgreSQL, and exactly as JSON.stringify writes the same answer (no `"key" : value`).
    expect(res.text).toBe(JSON.stringify(res.body));
    const [first, second] = res.body.data;
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(ROW_KEYS);
    expect(first).toMatchObject({
      id: activeIds[0], sku: 'EXP-0000', name: 'Export 0', type: 'PRODUCT', category_id: null, category_name: null,
      sub_category_id: null, sub_category_name: null, qty_onhand: 10, qty_incoming: 0, qty_available: 10, qty_pending: 0,
      qty_backordered: 0, qty_available_via_assembly: 0, qty_recoverable_via_disassembly: 0, qty_outstanding: 0,
      current_landed_unit_cost: 1,
    });
    expect(first.updated_at).toMatch(ISO);
    expect(second).toMatchObject({ id: categorized, category_id: category.id, category_name: 'Tools', sub_category_id: subcategory.id, sub_category_name: 'Hammers', current_landed_unit_cost: 2.5 });

    const [atBin, atSecond] = first.location_stocks;
    for (const ls of first.location_stocks) {
      expect(Object.keys(ls).sort()).toEqual(LOCATION_STOCK_KEYS);
      expect(Object.keys(ls.warehouse).sort()).toEqual(PLACE_KEYS);
      expect(Object.keys(ls.location).sort()).toEqual(PLACE_KEYS);
    }
    // Stock in a location: the warehouse is its parent.
    expect(atBin).toMatchObject({ id: bin.id, qty_onhand: 7, qty_available: 7, qty_incoming: 0, qty_pending: 0, current_landed_unit_cost: 1 });
    expect(atBin.location).toMatchObject({ id: bin.id, name: 'Bin A', parent_id: warehouse1.id, is_pick_location: true, status: 'active' });
    expect(atBin.location.parent).toMatchObject({ id: warehouse1.id, name: 'Main', parent_id: null, parent: null });
    expect(atBin.location.created_at).toMatch(ISO);
    expect(atBin.warehouse).toMatchObject({ id: warehouse1.id, name: 'Main', parent_id: null, parent: null, is_pick_location: false });
    // Stock held directly at a warehouse: warehouse and location are the warehouse itself.
    expect(atSecond.warehouse).toEqual(atSecond.location);
    expect(atSecond.warehouse).toMatchObject({ id: warehouse2.id, parent: null });

    const lotA = atBin.lot_stocks.find((l: any) => l.lot_number === 'L0-A');
    for (const lot of atBin.lot_stocks) expect(Object.keys(lot).sort()).toEqual(LOT_KEYS);
    expect(lotA).toEqual({ lot_id: expect.any(Number), location_id: bin.id, lot_number: 'L0-A', production_date: '2026-01-15', expiry_date: '2027-06-30', qty_onhand: 5 });
    expect(atBin.lot_stocks.find((l: any) => l.lot_number === 'L0-B')).toMatchObject({ production_date: null, expiry_date: null, qty_onhand: 2 });
  });

  it('pages 100 products by default, keeps the first page\'s limit, and accepts 1 to 1000', async () => {
    const first = await get('/inventory/stocks/export');
    expect(first.body.data).toHaveLength(100);
    expect(first.body.has_more).toBe(true);
    const second = await get(`/inventory/stocks/export?cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data).toHaveLength(activeIds.length - 100);
    expect(second.body.has_more).toBe(false);

    const small = await get('/inventory/stocks/export?limit=3');
    const next = await get(`/inventory/stocks/export?cursor=${encodeURIComponent(small.body.next_cursor)}`);
    expect(next.body.data.map((r: any) => r.id)).toEqual(activeIds.slice(3, 6));
    const wider = await get(`/inventory/stocks/export?limit=4&cursor=${encodeURIComponent(small.body.next_cursor)}`);
    expect(wider.body.data.map((r: any) => r.id)).toEqual(activeIds.slice(3, 7));

    expect((await get('/inventory/stocks/export?limit=1')).body.data).toHaveLength(1);
    const all = await get('/inventory/stocks/export?limit=1000');
    expect(all.body).toMatchObject({ has_more: false, meta: { rows: activeIds.length } });
  });

  it('refuses a limit outside 1..1000 with 422', async () => {
    for (const limit of ['0', '1001', '-5', 'abc', '2.5']) {
      const res = await get(`/inventory/stocks/export?limit=${limit}`);
      expect(res.status, limit).toBe(422);
      expect(res.body).toEqual({ message: expect.any(String), errors: { limit: [expect.any(String)] } });
    }
  });

  it('refuses any other query parameter with 422, but ignores q', async () => {
    const res = await get('/inventory/stocks/export?page=2');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.any(String), errors: { page: [expect.stringMatching(/Unknown query parameter/)] } });
    const q = await get('/inventory/stocks/export?q=anything&limit=2');
    expect(q.status).toBe(200);
    expect(q.body.data.map((r: any) => r.id)).toEqual(activeIds.slice(0, 2));
  });

  it('after the last page: has_more false, and its next_cursor resumes past the end', async () => {
    const last = await get('/inventory/stocks/export?limit=1000');
    expect(last.body.has_more).toBe(false);
    const after = await get(`/inventory/stocks/export?cursor=${encodeURIComponent(last.body.next_cursor)}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ data: [], next_cursor: expect.any(String), has_more: false, meta: { rows: 0 } });
  });

  it('refuses a modified cursor, garbage, or a cursor issued to another company with 422', async () => {
    const page = await get('/inventory/stocks/export?limit=2');
    const cursor: string = page.body.next_cursor;
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const dot = cursor.indexOf('.');
    for (const bad of [flip(cursor, 0), flip(cursor, dot - 1), flip(cursor, dot + 1), flip(cursor, cursor.length - 1), cursor + 'x', 'garbage', '']) {
      const res = await get(`/inventory/stocks/export?cursor=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(422);
      expect(res.body).toEqual({ message: expect.any(String), errors: { cursor: [expect.stringMatching(/cursor is invalid/)] } });
    }
    const foreign = await get(`/inventory/stocks/export?cursor=${encodeURIComponent(cursor)}`, other);
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['cursor']);
    // The other company's own run sees none of acme's products.
    expect((await get('/inventory/stocks/export', other)).body).toEqual({ data: [], next_cursor: expect.any(String), has_more: false, meta: { rows: 0 } });
  });

  it('needs a token', async () => {
    const res = await server.call('GET', '/external/api/v1/inventory/stocks/export', { company: 'acme' });
    expect(res.status).toBe(401);
  });

  it('is anchored to the cutoff of its first request: later stock moves and products are not seen', async () => {
    const target = activeIds[11]; // EXP-0012: lot-tracked, on page 2 at limit 10
    const before = (await get('/inventory/stocks/export?limit=1000')).body.data.find((r: any) => r.id === target);
    let newProduct = 0;
    const pages = await walk(10, async (pageIndex) => {
      if (pageIndex !== 1) return;
      await poster.post([
        { productId: target, locationId: warehouse1.id, quantity: 50, lotNumber: 'LATE' },
        { productId: target, locationId: bin.id, quantity: 6, lotNumber: 'LATE' },
      ]);
      newProduct = (await db.product.create({ data: { name: 'After cutoff', sku: 'EXP-LATE' } as any })).id;
    });
    const rows = pages.flatMap((p) => p.data);
    expect(rows.map((r: any) => r.id)).toEqual(activeIds);
    expect(rows.find((r: any) => r.id === target)).toEqual(before);

    // A new run sees the new state and the new product.
    const fresh = (await walk(1000)).flatMap((p) => p.data);
    expect(fresh.map((r: any) => r.id)).toEqual([...activeIds, newProduct]);
    const now = fresh.find((r: any) => r.id === target);
    expect(now.qty_onhand).toBe(before.qty_onhand + 56);
    expect(now.location_stocks.map((ls: any) => ls.id)).toEqual([...new Set([...before.location_stocks.map((ls: any) => ls.id), warehouse1.id, bin.id])].sort((a, b) => a - b));
  });
});
