// The stock export through POST /graphql (inventoryStockExport): cursor paging with a small limit, hasMore on
// each page and past the end, and cursors that were tampered with or issued to another company refused
// with VALIDATION_FAILED on the cursor argument.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';

const { companies: { acme, globex }, gql } = serverForFile(['acme', 'globex']);
let productIds: number[];

const EXPORT = /* GraphQL */ `
  query Export($cursor: String, $limit: Int) {
    inventoryStockExport(cursor: $cursor, limit: $limit) { data { id sku qtyOnhand } nextCursor hasMore meta { rows } }
  }`;

/** One export page; fails the test on any GraphQL error. */
async function page(variables: Record<string, unknown>, tenant: Tenant = acme): Promise<any> {
  const res = await gql(EXPORT, variables, tenant);
  expect(res.status).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data.inventoryStockExport;
}

/** The cursor error a refused cursor must give: a VALIDATION_FAILED keyed by the cursor argument. */
async function expectCursorRefused(cursor: string, tenant: Tenant = acme): Promise<void> {
  const res = await gql(EXPORT, { cursor }, tenant);
  expect(res.body.data ?? null).toBeNull();
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: { cursor: [expect.stringMatching(/cursor is invalid/)] } });
}

beforeAll(async () => {
  productIds = [];
  for (const n of [1, 2, 3]) {
    const res = await gql('mutation($input: ProductCreateInput!) { createProduct(input: $input) { id } }', { input: { name: `Export ${n}`, sku: `GX-${n}` } });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    productIds.push(res.body.data.createProduct.id);
  }
  productIds.sort((a, b) => a - b);
}, 60_000);

describe('inventoryStockExport in GraphQL', () => {
  it('pages through 3 products two at a time with the cursor, hasMore false on the last page', async () => {
    const first = await page({ limit: 2 });
    expect(first.data).toEqual([
      { id: productIds[0], sku: 'GX-1', qtyOnhand: 0 },
      { id: productIds[1], sku: 'GX-2', qtyOnhand: 0 },
    ]);
    expect(first.hasMore).toBe(true);
    expect(first.meta).toEqual({ rows: 2 });
    expect(first.nextCursor).toEqual(expect.any(String));

    // No limit on the next page: the run keeps the first page's limit (2), and only one product is left.
    const second = await page({ cursor: first.nextCursor });
    expect(second.data).toEqual([{ id: productIds[2], sku: 'GX-3', qtyOnhand: 0 }]);
    expect(second.hasMore).toBe(false);
    expect(second.meta).toEqual({ rows: 1 });
    expect(second.nextCursor).toEqual(expect.any(String));

    // After the last page the cursor still resumes past the end: an empty page, still hasMore false.
    const past = await page({ cursor: second.nextCursor });
    expect(past).toMatchObject({ data: [], hasMore: false, meta: { rows: 0 } });

    // Exactly as many products as the limit: hasMore is false, not a promise of an empty next page.
    const all = await page({ limit: 3 });
    expect(all.data.map((r: any) => r.id)).toEqual(productIds);
    expect(all.hasMore).toBe(false);
  });

  it('refuses a tampered cursor with VALIDATION_FAILED', async () => {
    const { nextCursor } = await page({ limit: 1 });
    const [payload, sig] = nextCursor.split('.');

    // The payload rewritten (skip ahead past every product) but the old signature kept.
    const values = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    values[3] = productIds[2];
    await expectCursorRefused(`${Buffer.from(JSON.stringify(values)).toString('base64url')}.${sig}`);
    // One signature character changed, and plain garbage.
    const flipped = sig[0] === 'A' ? 'B' : 'A';
    await expectCursorRefused(`${payload}.${flipped}${sig.slice(1)}`);
    await expectCursorRefused('not-a-cursor');
    // The untouched cursor still works.
    expect((await page({ cursor: nextCursor })).data.map((r: any) => r.id)).toEqual([productIds[1]]);
  });

  it('refuses a cursor issued to another company', async () => {
    const { nextCursor } = await page({ limit: 1 });
    await expectCursorRefused(nextCursor, globex);
  });
});
