// The products page's total without a filter comes from ProductStatusCount, which triggers on Product keep in
// the statement that changes products (issue 16). Over real HTTP: the total follows creates, deletes and
// deactivations, each company's own; a filtered page still counts its matches. Below the API, every kind of
// statement keeps the counts equal to a count of the products: many rows at once, status changes both ways,
// updates that change no status, upserts, a rolled-back transaction. Concurrent creates lose no count (this
// matters on PostgreSQL, where they run at once).
import { describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);

const create = (tenant: Tenant, body: Record<string, unknown>): Promise<{ id: number }> => post('/products', body, tenant);

async function total(tenant: Tenant, query = ''): Promise<number> {
  const res = await api('GET', `/products?per_page=1${query}`, undefined, tenant);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.meta.total;
}

/** The kept counts and a count of the products themselves, per company and status. */
async function countsAndProducts() {
  const read = (sql: string) => server.database.sql.query<{ companyId: number; status: number; count: number }>(sql);
  const kept = await read(`SELECT "companyId", status, count FROM "ProductStatusCount" WHERE count <> 0 ORDER BY 1, 2`);
  const counted = await read(`SELECT "companyId", status, count(*)::int AS count FROM "Product" GROUP BY 1, 2 ORDER BY 1, 2`);
  return { kept, counted };
}

async function expectCountsKept() {
  const { kept, counted } = await countsAndProducts();
  expect(kept).toEqual(counted);
}

describe('the products page total', () => {
  it('follows creates, deletes and deactivations, per company', async () => {
    expect(await total(acme)).toBe(0);
    const screw = await create(acme, { name: 'Screw', sku: 'SCREW' });
    const part = await create(acme, { name: 'Part', sku: 'PART' });
    await create(acme, { name: 'Kit', sku: 'KIT', type: 'KIT', kit_items: [{ product_id: part.id, quantity: 2 }] });
    await create(globex, { name: 'Other company', sku: 'OTHER' });
    expect(await total(acme)).toBe(3);
    expect(await total(globex)).toBe(1);

    // No history: deleted. A kit names the part: deactivated (status 0), and gone from the total all the same.
    expect((await api('DELETE', `/products/${screw.id}`)).status).toBe(200);
    expect((await api('DELETE', `/products/${part.id}`)).status).toBe(200);
    expect(await total(acme)).toBe(1);
    expect(await total(globex)).toBe(1);
    await expectCountsKept();
  });

  it('counts the matches of a filtered page, not the catalogue', async () => {
    await create(acme, { name: 'Red hose', sku: 'HOSE-RED' });
    await create(acme, { name: 'Blue hose', sku: 'HOSE-BLUE' });
    const all = await total(acme);
    expect(await total(acme, '&sku=HOSE-RED')).toBe(1);
    expect(await total(acme, '&name[contains]=hose')).toBe(2);
    const page = await api('GET', '/products?per_page=2&page=2');
    expect(page.body.meta).toMatchObject({ total: all, current_page: 2, per_page: 2, last_page: Math.ceil(all / 2) });
  });
});

describe('the kept counts', () => {
  it('stay equal to the products after every kind of statement', async () => {
    const db = tenantClient(server.database.prisma, globex.companyId);
    // Many rows in one statement, with another company's rows in the same statement.
    await server.database.sql.query(
      `INSERT INTO "Product" ("companyId", name, sku, status, "updatedAt")
       SELECT c, 'Bulk ' || n, 'BULK-' || c || '-' || n, CASE WHEN n % 5 = 0 THEN 0 ELSE 1 END, now()
       FROM generate_series(1, 40) AS n, unnest($1::int[]) AS c`,
      [[acme.companyId, globex.companyId]],
    );
    await expectCountsKept();
    // Status changes both ways in one statement, and updates that change no status (which touch no count).
    await db.product.updateMany({ where: { sku: { startsWith: 'BULK-' } }, data: { status: { set: 0 } } });
    await server.database.sql.query(`UPDATE "Product" SET status = 1 - status WHERE "companyId" = $1 AND sku LIKE 'BULK-%'`, [acme.companyId]);
    await db.product.updateMany({ where: { sku: { startsWith: 'BULK-' } }, data: { description: 'touched' } });
    await expectCountsKept();
    // An upsert that inserts one row and updates another.
    await server.database.sql.query(
      `INSERT INTO "Product" ("companyId", name, sku, status, "updatedAt") VALUES ($1, 'Up', 'BULK-${globex.companyId}-1', 1, now()), ($1, 'New', 'UPSERT-NEW', 1, now())
       ON CONFLICT ("companyId", sku) DO UPDATE SET status = 1`,
      [globex.companyId],
    );
    await expectCountsKept();
    // Deleted in bulk; and a transaction rolled back leaves the counts as they were.
    await db.product.deleteMany({ where: { sku: { startsWith: 'BULK-' }, status: 0 } });
    const before = await countsAndProducts();
    await expect(
      server.database.prisma.$transaction(async (tx) => {
        await tx.product.deleteMany({ where: { companyId: acme.companyId, sku: { startsWith: 'BULK-' } } });
        await tx.product.updateMany({ where: { companyId: globex.companyId }, data: { status: 0 } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countsAndProducts()).toEqual(before);
    await expectCountsKept();
    expect(await total(globex)).toBe(before.counted.find((row) => row.companyId === globex.companyId && row.status === 1)!.count);
  });

  it('lose no count when products are created at once', async () => {
    const start = await total(globex);
    const created = await Promise.all(Array.from({ length: 24 }, (_, i) => api('POST', '/products', { name: `Parallel ${i}`, sku: `PAR-${i}` }, globex)));
    expect(created.map((res) => res.status)).toEqual(created.map(() => 201));
    expect(await total(globex)).toBe(start + 24);
    await expectCountsKept();
  });
});
