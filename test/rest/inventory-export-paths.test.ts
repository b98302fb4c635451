// The REST stock export writes its rows from one SQL statement (src/domain/inventory/export/page-sql.ts) and
// recomputes only the products documents or structure refer to with the object path (quantities.ts), which the
// GraphQL field uses for every row. Here the two answer the same: the route's own GraphQL operation through
// /graphql, snake-cased, equals the REST body page by page, for stock in warehouses, a bin and lots, stock taken
// out again, a kit and its component, and a product on a submitted purchase order. And a page runs the same
// number of statements for 10 products as for 100.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { inventoryExportRoutes } from '../../rest-mapping/inventory-export.js';
import { openTestDatabase } from '../support/test-database.js';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';
import { StockPoster, type StockLine } from './inventory-export-posting.js';
import { recordStatements } from '../support/statement-log.js';

let server: TestServer;
let small: Tenant;
let large: Tenant;
const statements: string[] = [];

const snake = (value: any): any =>
  Array.isArray(value)
    ? value.map(snake)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snake(v)]))
      : value;

async function post(tenant: Tenant, path: string, body: unknown): Promise<any> {
  const res = await server.call('POST', `/external/api/v1${path}`, { token: tenant.token, company: tenant.slug, body });
  expect([200, 201], res.text).toContain(res.status);
  return res.body.data;
}

/** A company of `size` products: stock in a warehouse, a bin (with lots) and a second warehouse, a kit, a purchase order. */
async function companyOf(slug: string, size: number): Promise<Tenant> {
  const tenant = await server.createTenant(slug);
  const db = tenantClient(server.database.prisma, tenant.companyId);
  // Names that JSON must escape: the rows' text is put together around them.
  const warehouse = await db.location.create({ data: { name: 'Main "A" \\ ü' } as any });
  const bin = await db.location.create({ data: { name: 'Bin\t1 ✓', parentId: warehouse.id, isPickLocation: true } as any });
  const second = await db.location.create({ data: { name: 'Second' } as any });
  const ids = (
    await db.product.createManyAndReturn({
      select: { id: true },
      data: Array.from({ length: size }, (_, n) => ({ name: `P "${n}" \\`, sku: `${slug}-${n}`, type: n === 2 ? 'KIT' : 'PRODUCT', lotTracking: n % 3 === 0 })) as any,
    })
  ).map((p) => p.id).sort((a, b) => a - b);
  const lines = ids.flatMap((productId, n): StockLine[] =>
    n === 2
      ? []
      : n % 3 === 0
      ? [{ productId, locationId: bin.id, quantity: 4 + n, lotNumber: `L"${n}`, productionDate: '2026-01-15', expiryDate: '2027-06-30' }, { productId, locationId: second.id, quantity: 2, lotNumber: `M${n}` }]
      : [{ productId, locationId: warehouse.id, quantity: 10 + n, unitCost: 1.25 }, { productId, locationId: second.id, quantity: 3, unitCost: 2 }],
  );
  const poster = new StockPoster(server, tenant);
  await poster.post(lines);
  await poster.post([{ productId: ids[1], locationId: warehouse.id, quantity: -4 }]);
  // The kit (ids[2]) holds two of ids[1]: both rows depend on the structure.
  await db.kitItem.create({ data: { kitId: ids[2], productId: ids[1], quantity: '2', baseUomQuantity: '2', price: '1', originalPrice: '1' } as any });
  const supplier = await post(tenant, '/suppliers', { name: 'Supplier' });
  const po = await post(tenant, '/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: ids[4], quantity: 6, unit_cost: 1 }] });
  await post(tenant, `/purchase-orders/${po.id}/submit`, undefined);
  return tenant;
}

beforeAll(async () => {
  server = await startTestServer({ database: await openTestDatabase({ onQuery: recordStatements(statements) }) });
  small = await companyOf('small', 10);
  large = await companyOf('large', 100);
}, 180_000);
afterAll(() => server?.close());

const rest = (tenant: Tenant, query: string) =>
  server.call('GET', `/external/api/v1/inventory/stocks/export?${query}`, { token: tenant.token, company: tenant.slug });

describe('the REST stock export and the object path', () => {
  it('answer the same rows, page by page', async () => {
    const operation = inventoryExportRoutes[0].graphql;
    let restCursor: string | null = null;
    let gqlCursor: string | null = null;
    let pages = 0;
    for (;;) {
      const res = await rest(large, `limit=7${restCursor ? `&cursor=${encodeURIComponent(restCursor)}` : ''}`);
      expect(res.status, res.text).toBe(200);
      const gql = await server.graphql(operation, { limit: 7, cursor: gqlCursor }, { company: large.slug, token: large.token });
      expect(gql.body.errors, JSON.stringify(gql.body.errors)).toBeUndefined();
      const page = gql.body.data.inventoryStockExport;
      expect(res.body.data).toEqual(snake(page.data));
      expect({ has_more: res.body.has_more, meta: res.body.meta }).toEqual({ has_more: page.hasMore, meta: page.meta });
      pages++;
      if (!res.body.has_more) break;
      restCursor = res.body.next_cursor;
      gqlCursor = page.nextCursor;
    }
    expect(pages).toBe(15);
  });

  it('runs the same number of statements per page for 10 products as for 100', async () => {
    const count = async (tenant: Tenant) => {
      const before = statements.length;
      const res = await rest(tenant, 'limit=1000');
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.some((row: any) => row.qty_incoming > 0)).toBe(true);
      return statements.length - before;
    };
    expect(await count(small)).toBe(await count(large));
  });
});
