// Stock snapshot as of a moment: one row per product and location that held stock then.
//
// quantity  = the sum of the ledger movements of that product at that location with occurredAt ≤ as_of
//             (the ledger is immutable, so this is exact for any past moment).
// unit_cost = the product's average FIFO landed unit cost as of then: Σ(open layer quantity × landedUnitCost)
//             ÷ Σ(open layer quantity) over the layers open at as_of (fifo-as-of.ts); null when none was open.
// value     = quantity × unit_cost (0 when unit_cost is null).
// FIFO layers are kept per product across locations, so a product's value is spread over its locations in
// proportion to their quantities; stock in transit between locations is in the layers but at no location, so
// the rows of a product add up to its layer value minus what was in transit then.
import type { Prisma } from '../../../generated/prisma/client.js';
import type { TenantDb } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { pageMeta, pageWindow, type Page, type PageArgs } from '../../shared/pagination.js';
import { parseAsOf } from './as-of.js';
import { openLayersAsOf } from './fifo-as-of.js';

export interface StockSnapshotArgs extends PageArgs {
  asOf?: string | null;
  locationId?: number | null;
  productId?: number | null;
}

export interface StockSnapshotRow {
  productId: number;
  sku: string;
  productName: string;
  locationId: number;
  locationName: string;
  quantity: Decimal;
  unitCost: Decimal | null;
  value: Decimal;
  asOf: Date;
}

export async function stockSnapshot(db: TenantDb, args: StockSnapshotArgs): Promise<Page<StockSnapshotRow>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const asOf = parseAsOf(args.asOf, errors);
  errors.throwIfAny();

  const where: Prisma.StockMovementWhereInput = { occurredAt: { lte: asOf } };
  if (args.productId != null) where.productId = args.productId;
  if (args.locationId != null) {
    // A warehouse stands for itself and the locations inside it.
    const inside = await db.location.findMany({ where: { parentId: args.locationId }, select: { id: true } });
    where.locationId = { in: [args.locationId, ...inside.map((l) => l.id)] };
  }
  const having = { quantity: { _sum: { not: 0 } } };
  const orderBy = [{ productId: 'asc' as const }, { locationId: 'asc' as const }];
  const [keys, pageRows] = await Promise.all([
    // Total rows: the (product, location) keys only.
    db.stockMovement.groupBy({ by: ['productId', 'locationId'], where, having, orderBy }),
    db.stockMovement.groupBy({ by: ['productId', 'locationId'], where, having, orderBy, _sum: { quantity: true }, skip: window.skip, take: window.take }),
  ]);
  const total = keys.length;

  const productIds = [...new Set(pageRows.map((r) => r.productId))];
  const locationIds = [...new Set(pageRows.map((r) => r.locationId))];
  const [products, locations, layers] = await Promise.all([
    db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, sku: true, name: true } }),
    db.location.findMany({ where: { id: { in: locationIds } }, select: { id: true, name: true } }),
    openLayersAsOf(db, asOf, productIds),
  ]);
  const productBy = new Map(products.map((p) => [p.id, p]));
  const locationBy = new Map(locations.map((l) => [l.id, l]));
  const unitCosts = averageCosts(layers);

  const items = pageRows.map((row): StockSnapshotRow => {
    const quantity = row._sum.quantity ?? ZERO;
    const unitCost = unitCosts.get(row.productId) ?? null;
    return {
      productId: row.productId,
      sku: productBy.get(row.productId)?.sku ?? '',
      productName: productBy.get(row.productId)?.name ?? '',
      locationId: row.locationId,
      locationName: locationBy.get(row.locationId)?.name ?? '',
      quantity,
      unitCost,
      value: unitCost ? quantity.times(unitCost).toDecimalPlaces(10) : ZERO,
      asOf,
    };
  });
  return { items, meta: pageMeta(window, total, items.length) };
}

function averageCosts(layers: Array<{ productId: number; remaining: Decimal; landedUnitCost: Decimal }>): Map<number, Decimal> {
  const sums = new Map<number, { quantity: Decimal; value: Decimal }>();
  for (const layer of layers) {
    const sum = sums.get(layer.productId) ?? { quantity: ZERO, value: ZERO };
    sum.quantity = sum.quantity.plus(layer.remaining);
    sum.value = sum.value.plus(layer.remaining.times(layer.landedUnitCost));
    sums.set(layer.productId, sum);
  }
  const costs = new Map<number, Decimal>();
  for (const [productId, sum] of sums) costs.set(productId, sum.value.dividedBy(sum.quantity).toDecimalPlaces(10));
  return costs;
}
