// Reverses receipts whose stock is untouched (a voided purchase receipt): each receipt movement gets an
// opposite movement at the same location and lot, and the cost layer the receipt opened is consumed by it in
// full, so the value leaves at exactly the cost it came in at (not at the oldest layers' cost, as an issue
// would). A receipt whose layer was already drawn on cannot be reversed: its stock has moved on.
import type { TenantTx } from '../../../db/tenant-client.js';
import { byId } from '../../../db/tenant-client.js';
import { ValidationError } from '../../shared/errors.js';
import { postStockMovements, type PostingContext } from './post-movements.js';

export interface ReversalSource {
  sourceType: string;
  sourceId: number;
  reason: string;
}

export async function reverseReceiptMovements(tx: TenantTx, movementIds: number[], source: ReversalSource, context: PostingContext = {}): Promise<void> {
  const receipts = await tx.stockMovement.findMany({ where: { id: { in: movementIds } }, orderBy: { id: 'asc' } });
  const layers = await tx.costLayer.findMany({ where: { movementId: { in: movementIds } } });
  const layerOf = new Map(layers.map((layer) => [layer.movementId, layer]));
  const used = receipts.filter((receipt) => {
    const layer = layerOf.get(receipt.id);
    return !layer || !layer.remainingQuantity.equals(layer.originalQuantity);
  });
  if (used.length > 0) {
    throw new ValidationError({
      id: [`The stock received by movement${used.length > 1 ? 's' : ''} ${used.map((m) => m.id).join(', ')} has been issued or valued since; it cannot be reversed.`],
    });
  }
  const reversals = await postStockMovements(
    tx,
    receipts.map((receipt) => ({
      productId: receipt.productId,
      locationId: receipt.locationId,
      lotId: receipt.lotId,
      quantity: receipt.quantity.negated(),
      reason: source.reason,
      sourceType: source.sourceType,
      sourceId: source.sourceId,
      sourceLineId: receipt.sourceLineId,
      valuation: 'none',
    })),
    context,
  );
  for (const [index, receipt] of receipts.entries()) {
    const layer = layerOf.get(receipt.id)!;
    const reversal = reversals.find((movement) => movement.inputIndex === index)!;
    await tx.costLayer.update({ where: byId(layer.id), data: { remainingQuantity: 0 } });
    await tx.costLayerConsumption.create({
      data: { layerId: layer.id, movementId: reversal.id, quantity: layer.originalQuantity, unitCost: layer.unitCost } as any,
    });
    await tx.stockMovement.update({ where: byId(reversal.id), data: { unitCost: layer.unitCost } });
  }
}
