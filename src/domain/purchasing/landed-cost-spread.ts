// Spreading a cost over the lines of a receipt and booking each share into the stock it brought in: used by
// landed costs that arrive after a receipt (receiving.ts) and by freight bills of accounts payable
// (payables/bill-allocations.ts), so both follow one rule. revalueReceipt (the ledger) does the booking of
// one line: the open part of its FIFO layer takes the added cost, the issued part becomes cost adjustments.
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { shareOut } from '../currencies/index.js';
import { revalueReceipt } from '../inventory/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { LEDGER_DECIMAL, LEDGER_LIMIT } from '../shared/field-checks.js';

export const LANDED_COST_ALLOCATIONS = ['value', 'quantity', 'weight'] as const;
export type LandedCostAllocation = (typeof LANDED_COST_ALLOCATIONS)[number];

/** The include that loads a report's lines in spreading order (by id) with what the weights need. */
export const RECEIPT_LINES_FOR_SPREAD = { orderBy: { id: 'asc' as const }, include: { product: { select: { productWeightLb: true } } } };

export interface SpreadLine {
  id: number;
  movementId: number | null;
  baseQuantity: Decimal;
  purchaseUnitCost: Decimal;
  landedUnitCost: Decimal;
  unitCost: Decimal;
  product: { productWeightLb: Decimal | null };
}

/** Each line's share of an amount in base currency, by value, base quantity or weight; the shares add up to it exactly. */
export function spreadShares(lines: Pick<SpreadLine, 'baseQuantity' | 'purchaseUnitCost' | 'product'>[], amountBase: Decimal, allocation: LandedCostAllocation, baseCurrency: string): Decimal[] {
  const weights = lines.map((line) =>
    allocation === 'quantity'
      ? line.baseQuantity
      : allocation === 'weight'
        ? line.baseQuantity.mul(line.product.productWeightLb ?? ZERO)
        : line.baseQuantity.mul(line.purchaseUnitCost),
  );
  return shareOut(amountBase, weights, baseCurrency);
}

/**
 * Refuses, on `field`, shares that would lift a line's unit cost to what the ledger's NUMERIC(24, 10) columns
 * cannot hold: a huge cost spread over a small quantity would otherwise fail the write (a 500).
 */
export function checkSharesFit(errors: FieldErrorCollector, field: string, what: string, lines: Array<Pick<SpreadLine, 'baseQuantity' | 'unitCost'>>, shares: Decimal[]): void {
  const index = lines.findIndex((line, i) => line.unitCost.plus((shares[i] ?? ZERO).div(line.baseQuantity)).abs().gte(LEDGER_LIMIT));
  if (index >= 0) errors.add(field, `${what} would raise the unit cost of receipt line ${index + 1} to ${LEDGER_LIMIT.toFixed()} or more, beyond what the ledger keeps.`);
}

/**
 * Books each line's share (negative shares take an earlier one back): the ledger revalues the line's receipt
 * and the line's landed and total unit cost follow. Answers the part that went to stock already issued.
 */
export async function revalueReceiptLines(tx: TenantTx, lines: SpreadLine[], shares: Decimal[], source: { sourceType: string; sourceId: number }): Promise<Decimal> {
  let issued = ZERO;
  for (const [index, line] of lines.entries()) {
    const share = shares[index] ?? ZERO;
    if (share.isZero()) continue;
    issued = issued.plus((await revalueReceipt(tx, line.movementId!, share, source)).issuedAmount);
    const added = share.div(line.baseQuantity).toDecimalPlaces(LEDGER_DECIMAL.scale);
    await tx.receivingReportLine.update({
      where: byId(line.id),
      data: { landedUnitCost: line.landedUnitCost.plus(added), unitCost: line.unitCost.plus(added) },
    });
  }
  return issued;
}
