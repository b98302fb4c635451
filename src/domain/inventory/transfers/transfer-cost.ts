// The unit cost a transfer carries to its destination. FIFO layers are kept per product across locations
// and a transfer moves stock between own locations, so it posts with `valuation: 'none'` (the layers, their
// receipt dates and the FIFO order stay as they are). What the transfer carries is the FIFO cost of the units
// it shipped, taken at the moment of shipping: the product's oldest open layers as they stood at the
// shipment's ledger cutoff, walked oldest first (receivedAt, then id) in the order of the order's lines.
// That cost is recorded as the unit cost of the receipt (and cancellation) movements.
import type { TenantTx } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';

interface ShippedLine {
  id: number;
  productId: number;
  shippedQuantity: Decimal;
}

/** line id → weighted FIFO unit cost of its shipped units at shipping (null when no layer covered them). */
export async function carriedUnitCosts(tx: TenantTx, transferOrderId: number, lines: ShippedLine[]): Promise<Map<number, Decimal | null>> {
  const costs = new Map<number, Decimal | null>();
  const shipment = await tx.stockMovement.aggregate({
    where: { sourceType: 'TRANSFER_SHIPMENT', sourceId: transferOrderId },
    _max: { id: true },
  });
  const cutoff = shipment._max.id;
  if (cutoff === null) return costs;
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const layers = await tx.costLayer.findMany({
    where: { productId: { in: productIds }, movementId: { lte: cutoff } },
    select: { id: true, productId: true, remainingQuantity: true, unitCost: true },
    orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }],
  });
  // Remaining at the cutoff = remaining now + what movements after the cutoff consumed.
  const later = await tx.costLayerConsumption.groupBy({
    by: ['layerId'],
    where: { layerId: { in: layers.map((layer) => layer.id) }, movementId: { gt: cutoff } },
    _sum: { quantity: true },
  });
  const consumedLater = new Map(later.map((g) => [g.layerId, g._sum.quantity ?? ZERO]));
  const queues = new Map<number, Array<{ remaining: Decimal; unitCost: Decimal }>>();
  for (const layer of layers) {
    const remaining = layer.remainingQuantity.plus(consumedLater.get(layer.id) ?? ZERO);
    if (remaining.lte(0)) continue;
    const queue = queues.get(layer.productId) ?? [];
    queue.push({ remaining, unitCost: layer.unitCost });
    queues.set(layer.productId, queue);
  }
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    const queue = queues.get(line.productId) ?? [];
    let left = line.shippedQuantity;
    let taken = ZERO;
    let cost = ZERO;
    while (left.gt(0) && queue.length > 0) {
      const head = queue[0];
      const take = Decimal.min(head.remaining, left);
      taken = taken.plus(take);
      cost = cost.plus(take.times(head.unitCost));
      left = left.minus(take);
      head.remaining = head.remaining.minus(take);
      if (head.remaining.lte(0)) queue.shift();
    }
    costs.set(line.id, taken.gt(0) ? cost.dividedBy(taken).toDecimalPlaces(10) : null);
  }
  return costs;
}
