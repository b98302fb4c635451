// Reverses receipts whose stock is untouched (a voided purchase receipt): each receipt movement gets an
// opposite movement at the same location and lot, and the cost layer the receipt opened is consumed by it in
// full, so the value leaves at exactly the cost it came in at (not at the oldest layers' cost, as an issue
// would). A receipt whose layer was already drawn on cannot be reversed: its stock has moved on.
import type { TenantTx } from '../../../db/tenant-client.js';
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
  // Each reversal consumes its receipt's whole layer at the layer's cost: three statements for all of them.
  const reversalOf = new Map(reversals.map((movement) => [movement.inputIndex, movement]));
  const pairs = receipts.map((receipt, index) => ({ layer: layerOf.get(receipt.id)!, reversal: reversalOf.get(index)! }));
  if (pairs.length === 0) return;
  const companyId = pairs[0]!.layer.companyId;
  await tx.costLayer.updateMany({ where: { id: { in: pairs.map(({ layer }) => layer.id) } }, data: { remainingQuantity: 0 } });
  await tx.costLayerConsumption.createMany({
    data: pairs.map(({ layer, reversal }) => ({ layerId: layer.id, movementId: reversal.id, quantity: layer.originalQuantity, unitCost: layer.unitCost })) as any,
  });
  await tx.$executeRaw`
    UPDATE "StockMovement" AS m SET "unitCost" = v.unit_cost
    FROM unnest(${pairs.map(({ reversal }) => reversal.id)}::int[], ${pairs.map(({ layer }) => layer.unitCost.toString())}::numeric[]) AS v(id, unit_cost)
    WHERE m."companyId" = ${companyId} AND m."id" = v.id`;
}
