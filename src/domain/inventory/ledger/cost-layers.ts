// FIFO valuation. Layers are kept per product across all its locations (moving stock between own locations
// does not change its cost). Every increase opens a layer: unit cost as given, else the product's unit
// cost, else 0; landed unit cost = unit cost + the product's landed cost per unit (0 when unset). Every
// decrease consumes the open layers oldest first (receivedAt, then id) and records what it took; the
// movement's unit cost is the weighted unit cost consumed. When a decrease (allowed negative stock) goes
// beyond the open layers, the part beyond consumes nothing and so carries no cost; the next increase first
// covers that deficit (recorded as consumed by the receipt's own movement), so the open layers always hold
// exactly the product's positive stock on hand.
import type { TenantTx } from '../../../db/tenant-client.js';
import { byId } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';

export interface LayerProduct {
  id: number;
  companyId: number;
  unitCost: Decimal | null;
  landedCost: Decimal | null;
}

export function receiptUnitCost(product: LayerProduct, given: Decimal | null | undefined): Decimal {
  return given ?? product.unitCost ?? ZERO;
}

export async function openCostLayer(
  tx: TenantTx,
  product: LayerProduct,
  movement: { id: number; locationId: number; lotId: number | null; occurredAt: Date; quantity: Decimal },
  unitCost: Decimal,
  /** Units issued earlier beyond the open layers (negative stock) that this receipt covers first. */
  deficit: Decimal = ZERO,
): Promise<void> {
  const covered = Decimal.min(Decimal.max(deficit, ZERO), movement.quantity);
  const layer = await tx.costLayer.create({
    data: {
      productId: product.id,
      locationId: movement.locationId,
      lotId: movement.lotId,
      movementId: movement.id,
      receivedAt: movement.occurredAt,
      originalQuantity: movement.quantity,
      remainingQuantity: movement.quantity.minus(covered),
      unitCost,
      landedUnitCost: unitCost.plus(product.landedCost ?? ZERO),
    } as any,
  });
  if (covered.gt(0)) {
    await tx.costLayerConsumption.create({ data: { layerId: layer.id, movementId: movement.id, quantity: covered, unitCost } as any });
  }
}

/**
 * Consumes `quantity` (> 0) from the product's open layers, oldest first, under row locks (FOR UPDATE), and
 * returns the weighted unit cost of what was consumed (null when no layer was open).
 */
export async function consumeCostLayers(
  tx: TenantTx,
  product: LayerProduct,
  movementId: number,
  quantity: Decimal,
): Promise<Decimal | null> {
  const layers = await tx.$queryRaw<Array<{ id: number; remainingQuantity: Decimal; unitCost: Decimal }>>`
    SELECT "id", "remainingQuantity", "unitCost" FROM "CostLayer"
    WHERE "companyId" = ${product.companyId} AND "productId" = ${product.id} AND "remainingQuantity" > 0
    ORDER BY "receivedAt", "id"
    FOR UPDATE`;
  let left = quantity;
  let consumed = ZERO;
  let cost = ZERO;
  for (const layer of layers) {
    if (left.lte(0)) break;
    const remaining = new Decimal(layer.remainingQuantity.toString());
    const unitCost = new Decimal(layer.unitCost.toString());
    const take = Decimal.min(remaining, left);
    await tx.costLayer.update({ where: byId(layer.id), data: { remainingQuantity: remaining.minus(take) } });
    await tx.costLayerConsumption.create({ data: { layerId: layer.id, movementId, quantity: take, unitCost } as any });
    left = left.minus(take);
    consumed = consumed.plus(take);
    cost = cost.plus(take.times(unitCost));
  }
  return consumed.gt(0) ? cost.dividedBy(consumed).toDecimalPlaces(10) : null;
}
