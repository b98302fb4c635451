// Inventory aging: the on-hand quantity and value of each product by age, from the receipt dates of its
// open FIFO layers (fifo-as-of.ts) at `as_of` (default now).
//
// age of a layer = whole days from its receivedAt to as_of (floor). With bucket limits 30,60,90 the buckets are
// 0–30, 31–60, 61–90 and 91+ days (labels "0-30", "31-60", "61-90", "90+"); a layer falls in the first
// bucket whose upper limit is ≥ its age. quantity = the layers' open quantity; value = Σ open quantity ×
// landedUnitCost. FIFO layers are per product (across locations), so the report is per product. Stock
// in transit between own locations stays in its layers and so is counted, with its original receipt date.
// Paginated by product (ascending id), over the products with an open layer at as_of.
import type { TenantDb } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { pageMeta, pageWindow, type Page, type PageArgs } from '../../shared/pagination.js';
import { parseAsOf } from './as-of.js';
import { consumedAfter, openAtFilter, openLayersAsOf } from './fifo-as-of.js';

export const DEFAULT_BUCKETS = [30, 60, 90];
const DAY = 86_400_000;

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

  const later = await consumedAfter(db, asOf);
  // Candidate products (a layer that may have been open then); the exact check follows per page. A candidate
  // whose layers were all used up by then shows with zero quantity rather than shifting the pages.
  const where = { AND: [openAtFilter(asOf, later), ...(args.productId != null ? [{ productId: args.productId }] : [])] };
  const [keys, pageKeys] = await Promise.all([
    db.costLayer.groupBy({ by: ['productId'], where, orderBy: { productId: 'asc' } }),
    db.costLayer.groupBy({ by: ['productId'], where, orderBy: { productId: 'asc' }, skip: window.skip, take: window.take }),
  ]);
  const productIds = pageKeys.map((k) => k.productId);
  const [products, layers] = await Promise.all([
    db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, sku: true, name: true } }),
    openLayersAsOf(db, asOf, productIds, later),
  ]);
  const productBy = new Map(products.map((p) => [p.id, p]));

  const rows = new Map<number, InventoryAgingRow>();
  for (const productId of productIds) {
    rows.set(productId, {
      productId,
      sku: productBy.get(productId)?.sku ?? '',
      productName: productBy.get(productId)?.name ?? '',
      quantity: ZERO,
      value: ZERO,
      buckets: emptyBuckets(limits),
      asOf,
    });
  }
  for (const layer of layers) {
    const row = rows.get(layer.productId)!;
    const age = Math.max(0, Math.floor((asOf.getTime() - layer.receivedAt.getTime()) / DAY));
    const bucket = row.buckets.find((b) => b.maxDays === null || age <= b.maxDays)!;
    const value = layer.remaining.times(layer.landedUnitCost);
    bucket.quantity = bucket.quantity.plus(layer.remaining);
    bucket.value = bucket.value.plus(value);
    row.quantity = row.quantity.plus(layer.remaining);
    row.value = row.value.plus(value);
  }
  const items = [...rows.values()];
  return { items, meta: pageMeta(window, keys.length, items.length) };
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
