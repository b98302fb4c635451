// The ledger check: rebuilds every balance from the movements (grouped by product, location and lot) and
// reports each difference with the stored balances; and checks the FIFO layers — each layer's remaining
// quantity equals its original minus what was consumed from it, stays within 0..original, and a product's
// open layers never hold more than its stock on hand across locations plus what is in transit between
// them (transfers move stock without consuming layers).
import type { TenantDb } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';

export interface LedgerDifference {
  kind: 'balance' | 'cost_layer' | 'cost_layers_exceed_stock';
  productId: number;
  locationId?: number;
  lotId?: number | null;
  layerId?: number;
  expected: string;
  actual: string;
  message: string;
}

const key = (productId: number, locationId: number, lotId: number | null) => `${productId}:${locationId}:${lotId ?? 0}`;

export async function verifyLedger(db: TenantDb): Promise<LedgerDifference[]> {
  const [ledger, balances, layers, consumptions, inTransit] = await Promise.all([
    db.stockMovement.groupBy({ by: ['productId', 'locationId', 'lotId'], _sum: { quantity: true } }),
    db.stockBalance.findMany({ select: { productId: true, locationId: true, lotId: true, quantity: true } }),
    db.costLayer.findMany({ select: { id: true, productId: true, originalQuantity: true, remainingQuantity: true } }),
    db.costLayerConsumption.groupBy({ by: ['layerId'], _sum: { quantity: true } }),
    db.transferOrderLine.findMany({
      where: { transferOrder: { status: { in: ['shipped', 'partially_received'] } } },
      select: { productId: true, shippedQuantity: true, receivedQuantity: true },
    }),
  ]);
  const differences: LedgerDifference[] = [];

  const expected = new Map<string, { productId: number; locationId: number; lotId: number | null; quantity: Decimal }>();
  for (const row of ledger) {
    expected.set(key(row.productId, row.locationId, row.lotId), { ...row, quantity: new Decimal(row._sum.quantity ?? 0) });
  }
  const stored = new Map(balances.map((row) => [key(row.productId, row.locationId, row.lotId), row]));
  for (const [k, want] of expected) {
    const have = stored.get(k)?.quantity ?? ZERO;
    if (!have.equals(want.quantity)) differences.push(balanceDifference(want, want.quantity, have));
  }
  for (const [k, row] of stored) {
    if (!expected.has(k) && !row.quantity.isZero()) differences.push(balanceDifference(row, ZERO, row.quantity));
  }

  const consumed = new Map(consumptions.map((row) => [row.layerId, new Decimal(row._sum.quantity ?? 0)]));
  const remainingByProduct = new Map<number, Decimal>();
  for (const layer of layers) {
    const want = layer.originalQuantity.minus(consumed.get(layer.id) ?? ZERO);
    if (!want.equals(layer.remainingQuantity) || layer.remainingQuantity.lt(0) || layer.remainingQuantity.gt(layer.originalQuantity)) {
      differences.push({
        kind: 'cost_layer',
        productId: layer.productId,
        layerId: layer.id,
        expected: want.toString(),
        actual: layer.remainingQuantity.toString(),
        message: `Cost layer ${layer.id} of product ${layer.productId}: remaining ${layer.remainingQuantity} but original minus consumed is ${want}.`,
      });
    }
    remainingByProduct.set(layer.productId, (remainingByProduct.get(layer.productId) ?? ZERO).plus(layer.remainingQuantity));
  }
  const onHand = new Map<number, Decimal>();
  for (const row of expected.values()) onHand.set(row.productId, (onHand.get(row.productId) ?? ZERO).plus(row.quantity));
  for (const line of inTransit) {
    onHand.set(line.productId, (onHand.get(line.productId) ?? ZERO).plus(line.shippedQuantity.minus(line.receivedQuantity)));
  }
  for (const [productId, remaining] of remainingByProduct) {
    const stock = Decimal.max(onHand.get(productId) ?? ZERO, ZERO);
    if (remaining.gt(stock)) {
      differences.push({
        kind: 'cost_layers_exceed_stock',
        productId,
        expected: `<= ${stock}`,
        actual: remaining.toString(),
        message: `Product ${productId}: open cost layers hold ${remaining} units but only ${stock} are on hand.`,
      });
    }
  }
  return differences;
}

function balanceDifference(
  at: { productId: number; locationId: number; lotId: number | null },
  want: Decimal,
  have: Decimal,
): LedgerDifference {
  return {
    kind: 'balance',
    productId: at.productId,
    locationId: at.locationId,
    lotId: at.lotId,
    expected: want.toString(),
    actual: have.toString(),
    message: `Balance of product ${at.productId} at location ${at.locationId}, lot ${at.lotId ?? 'none'}: ledger says ${want}, balance row says ${have}.`,
  };
}
