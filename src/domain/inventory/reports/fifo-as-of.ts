// FIFO cost layers as they stood at a past moment, rebuilt from the ledger: a layer existed when it was
// received at or before the moment, and what was left of it then is its remaining quantity now plus what
// movements that occurred after the moment consumed from it. Only activity since the moment is read, so
// "now" costs nothing extra.
import type { Prisma } from '../../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';

type Db = TenantDb | TenantTx;

export interface LayerAsOf {
  id: number;
  productId: number;
  receivedAt: Date;
  remaining: Decimal;
  landedUnitCost: Decimal;
}

/** layer id → quantity consumed by movements that occurred after `asOf`. */
async function consumedAfter(db: Db, asOf: Date): Promise<Map<number, Decimal>> {
  const later = await db.stockMovement.findMany({ where: { occurredAt: { gt: asOf } }, select: { id: true } });
  if (later.length === 0) return new Map();
  const groups = await db.costLayerConsumption.groupBy({
    by: ['layerId'],
    where: { movementId: { in: later.map((m) => m.id) } },
    _sum: { quantity: true },
  });
  return new Map(groups.map((g) => [g.layerId, g._sum.quantity ?? ZERO]));
}

/** Filter on CostLayer for the layers that may have been open at `asOf` (before the exact check). */
export function openAtFilter(asOf: Date, consumedLater: Map<number, Decimal>): Prisma.CostLayerWhereInput {
  return {
    receivedAt: { lte: asOf },
    OR: [{ remainingQuantity: { gt: 0 } }, ...(consumedLater.size > 0 ? [{ id: { in: [...consumedLater.keys()] } }] : [])],
  };
}

export interface OpenLayersAsOf {
  consumedLater: Map<number, Decimal>;
  /** The layers of the given products open at the moment, oldest first per product. */
  layers: LayerAsOf[];
}

export async function openLayersAsOf(db: Db, asOf: Date, productIds: number[], consumedLater?: Map<number, Decimal>): Promise<LayerAsOf[]> {
  const later = consumedLater ?? (await consumedAfter(db, asOf));
  if (productIds.length === 0) return [];
  const rows = await db.costLayer.findMany({
    where: { AND: [{ productId: { in: productIds } }, openAtFilter(asOf, later)] },
    select: { id: true, productId: true, receivedAt: true, remainingQuantity: true, landedUnitCost: true },
    orderBy: [{ productId: 'asc' }, { receivedAt: 'asc' }, { id: 'asc' }],
  });
  return rows
    .map((row) => ({
      id: row.id,
      productId: row.productId,
      receivedAt: row.receivedAt,
      remaining: row.remainingQuantity.plus(later.get(row.id) ?? ZERO),
      landedUnitCost: row.landedUnitCost,
    }))
    .filter((layer) => layer.remaining.gt(0));
}

export { consumedAfter };
