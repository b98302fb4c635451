// Inventory aging: the on-hand quantity and value of each product by age, from the receipt dates of its
// open FIFO layers (fifo-as-of.ts) at `as_of` (default now).
//
// age of a layer = whole days from its receivedAt to as_of (floor). With bucket limits 30,60,90 the buckets are
// 0–30, 31–60, 61–90 and 91+ days (labels "0-30", "31-60", "61-90", "90+"); a layer falls in the first
// bucket whose upper limit is ≥ its age. quantity = the layers' open quantity; value = Σ open quantity ×
// landedUnitCost. FIFO layers are per product (across locations), so the report is per product. Stock
// in transit between own locations stays in its layers and so is counted, with its original receipt date.
// Paginated by product (ascending id), over the products with an open layer at as_of. Paged in PostgreSQL:
// one statement counts those products, one picks the page's and sums their layers per bucket, so only the
// page's rows (a product × bucket each) reach this process.
import { companyIdOf, type TenantDb } from '../../../db/tenant-client.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { pageMeta, pageWindow, type Page, type PageArgs } from '../../shared/pagination.js';
import { parseAsOf } from './as-of.js';
import { openLayersSql, productsIn, productsOf, sqlMoment } from './fifo-as-of.js';

export const DEFAULT_BUCKETS = [30, 60, 90];

export interface InventoryAgingArgs extends PageArgs {
  asOf?: string | null;
  /** Comma-separated ascending upper limits in days, e.g. "30,60,90". */
  buckets?: string | null;
  productId?: number | null;
}

export interface AgingBucket {
  label: string;
  minDays: number;
  /** null for the last, open-ended bucket. */
  maxDays: number | null;
  quantity: Decimal;
  value: Decimal;
}

export interface InventoryAgingRow {
  productId: number;
  sku: string;
  productName: string;
  quantity: Decimal;
  value: Decimal;
  buckets: AgingBucket[];
  asOf: Date;
}

export function parseBuckets(text: string | null | undefined, errors: FieldErrorCollector): number[] {
  if (text === undefined || text === null || text.trim() === '') return DEFAULT_BUCKETS;
  const parts = text.split(',').map((p) => p.trim());
  const limits = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  const ascending = limits.every((n, i) => Number.isInteger(n) && n > 0 && (i === 0 || n > limits[i - 1]));
  if (!ascending || limits.length > 20) {
    errors.add('buckets', 'The buckets must be up to 20 comma-separated whole numbers of days above 0, in ascending order (e.g. 30,60,90).');
  }
  return limits;
}

export async function inventoryAging(db: TenantDb, args: InventoryAgingArgs): Promise<Page<InventoryAgingRow>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const asOf = parseAsOf(args.asOf, errors);
  const limits = parseBuckets(args.buckets, errors);
  errors.throwIfAny();

  // Raw SQL bypasses the tenant client: every table below is filtered by this company.
  const companyId = companyIdOf(db);
  const open = openLayersSql(companyId, asOf, productsIn(args.productId != null ? [args.productId] : null));
  const [counted, rows] = await Promise.all([
    db.$queryRaw<Array<{ total: number }>>`SELECT COUNT(DISTINCT o."productId")::int AS "total" FROM (${open}) o`,
    db.$queryRaw<BucketRow[]>`
      WITH page AS (SELECT DISTINCT o."productId" FROM (${open}) o ORDER BY o."productId" LIMIT ${window.take} OFFSET ${window.skip}),
      sums AS (
        SELECT o."productId", ${bucketIndex(limits, asOf)} AS "bucket",
          SUM(o."remaining") AS "quantity", SUM(o."remaining" * o."landedUnitCost") AS "value"
        FROM (${openLayersSql(companyId, asOf, productsOf(Prisma.sql`SELECT "productId" FROM page`))}) o
        GROUP BY 1, 2
      )
      SELECT page."productId", p."sku", p."name" AS "productName", sums."bucket", sums."quantity", sums."value"
      FROM page
      JOIN "Product" p ON p."companyId" = ${companyId} AND p."id" = page."productId"
      LEFT JOIN sums ON sums."productId" = page."productId"
      ORDER BY page."productId", sums."bucket"`,
  ]);

  const byProduct = new Map<number, InventoryAgingRow>();
  for (const row of rows) {
    const productId = Number(row.productId);
    let item = byProduct.get(productId);
    if (!item) {
      item = { productId, sku: row.sku, productName: row.productName, quantity: ZERO, value: ZERO, buckets: emptyBuckets(limits), asOf };
      byProduct.set(productId, item);
    }
    if (row.bucket === null) continue;
    const quantity = new Decimal(String(row.quantity));
    const value = new Decimal(String(row.value));
    const bucket = item.buckets[row.bucket];
    bucket.quantity = quantity;
    bucket.value = value;
    item.quantity = item.quantity.plus(quantity);
    item.value = item.value.plus(value);
  }
  const items = [...byProduct.values()];
  return { items, meta: pageMeta(window, counted[0]?.total ?? 0, items.length) };
}

interface BucketRow {
  productId: number;
  sku: string;
  productName: string;
  /** Index into the buckets; null for a product without open layers (not expected: the page holds only those). */
  bucket: number | null;
  quantity: unknown;
  value: unknown;
}

/** The index of a layer's bucket: the first whose upper limit is ≥ its age in whole days (the last when none is). */
function bucketIndex(limits: number[], asOf: Date): Prisma.Sql {
  const age = Prisma.sql`GREATEST(0, FLOOR(EXTRACT(EPOCH FROM (${sqlMoment(asOf)} - o."receivedAt")) / 86400))`;
  const whens = limits.map((max, index) => Prisma.sql`WHEN ${age} <= ${max}::int THEN ${index}::int`);
  return Prisma.sql`(CASE ${Prisma.join(whens, ' ')} ELSE ${limits.length}::int END)`;
}

function emptyBuckets(limits: number[]): AgingBucket[] {
  const buckets: AgingBucket[] = [];
  let min = 0;
  for (const max of limits) {
    buckets.push({ label: `${min}-${max}`, minDays: min, maxDays: max, quantity: ZERO, value: ZERO });
    min = max + 1;
  }
  buckets.push({ label: `${limits[limits.length - 1]}+`, minDays: min, maxDays: null, quantity: ZERO, value: ZERO });
  return buckets;
}
