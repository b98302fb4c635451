// A cost that arrives after its goods (a landed cost added to a receipt, a freight bill): `amount` (base
// currency) is added to the stock one receipt movement brought in. The part of its FIFO layer still open
// takes the added cost per unit; the part already issued is recorded as a cost adjustment against each
// movement that consumed it. So inventory value plus cost of goods sold always equals everything paid.
import type { TenantTx } from '../../../db/tenant-client.js';
import { byId } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';
import { LEDGER_DECIMAL } from '../../shared/field-checks.js';

export interface Revaluation {
  /** Added to the open stock (the layer's remaining units). */
  openAmount: Decimal;
  /** Recorded against the movements that issued the rest. */
  issuedAmount: Decimal;
}

export async function revalueReceipt(
  tx: TenantTx,
  receiptMovementId: number,
  amount: Decimal,
  source: { sourceType: string; sourceId: number },
): Promise<Revaluation> {
  const layer = await tx.costLayer.findFirst({ where: { movementId: receiptMovementId } });
  if (!layer || amount.isZero()) return { openAmount: ZERO, issuedAmount: ZERO };
  const perUnit = amount.div(layer.originalQuantity);
  const consumptions = await tx.costLayerConsumption.findMany({ where: { layerId: layer.id }, orderBy: { id: 'asc' } });
  // Each issued part gets its share rounded to the ledger's scale; the open part takes the remainder, so the
  // parts add up to the amount exactly.
  let issued = ZERO;
  const adjustments = consumptions.map((consumption) => {
    const part = consumption.quantity.mul(perUnit).toDecimalPlaces(LEDGER_DECIMAL.scale);
    issued = issued.plus(part);
    return { movementId: consumption.movementId, layerId: layer.id, quantity: consumption.quantity, amount: part, ...source };
  });
  if (layer.remainingQuantity.isZero() && adjustments.length) {
    // Nothing is open: the issued parts take the whole amount, the last one the rounding remainder.
    adjustments[adjustments.length - 1]!.amount = adjustments[adjustments.length - 1]!.amount.plus(amount.minus(issued));
    issued = amount;
  }
  if (adjustments.length) await tx.costAdjustment.createMany({ data: adjustments as any });
  const openAmount = amount.minus(issued);
  if (layer.remainingQuantity.gt(0)) {
    const addedPerUnit = openAmount.div(layer.remainingQuantity).toDecimalPlaces(LEDGER_DECIMAL.scale);
    await tx.costLayer.update({
      where: byId(layer.id),
      data: { unitCost: layer.unitCost.plus(addedPerUnit), landedUnitCost: layer.landedUnitCost.plus(addedPerUnit) },
    });
  }
  return { openAmount, issuedAmount: issued };
}
