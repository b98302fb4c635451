// Bill lines: checked and priced, and matched three ways against the purchase order. A line tied to an order
// line compares the billed quantity with what was received on that order line and not yet billed on other
// approved bills, and its unit price with the order's unit cost (both in the entered unit and the order's
// currency, which a bill of an order shares). Billing more than that → quantity_mismatch; billing less is
// fine (partial billing). A different price → price_mismatch. A bill is quantity_mismatch if any line is,
// else price_mismatch if any line is, else matched.
import type { TenantTx } from '../../db/tenant-client.js';
import { lineAmounts } from '../purchasing/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { SETTLEABLE_BILL_STATUSES } from './bill-balance.js';

export const MATCH_STATUSES = ['matched', 'quantity_mismatch', 'price_mismatch'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export interface BillLineInput {
  purchaseOrderLineId?: number | null;
  productId?: number | null;
  description?: string | null;
  quantity?: Decimal | null;
  unitPrice?: Decimal | null;
  taxRate?: Decimal | null;
}

export interface BillLineRow {
  position: number;
  purchaseOrderLineId: number | null;
  productId: number | null;
  description: string | null;
  quantity: Decimal;
  unitPrice: Decimal;
  taxRate: Decimal;
  lineTotal: Decimal;
  taxAmount: Decimal;
}

export interface LineMatch {
  matchStatus: MatchStatus;
  matchedQuantity: Decimal | null;
  quantityVariance: Decimal | null;
  orderedUnitPrice: Decimal | null;
  priceVariance: Decimal | null;
}

/**
 * Checks the lines and prices them in the bill's currency; null (problems under `lines.N.field`) when any is
 * wrong. Order lines must belong to the bill's purchase order; a product given with one must be its product.
 */
export async function prepareBillLines(
  tx: TenantTx,
  lines: BillLineInput[],
  purchaseOrderId: number | null,
  currency: string | null,
  errors: FieldErrorCollector,
): Promise<BillLineRow[] | null> {
  const before = Object.keys(errors.errors).length;
  const at = (index: number, field: string) => `lines.${index}.${field}`;
  const orderLineIds = [...new Set(lines.map((line) => line.purchaseOrderLineId).filter((id): id is number => id != null))];
  const productIds = [...new Set(lines.map((line) => line.productId).filter((id): id is number => id != null))];
  const [orderLines, products] = await Promise.all([
    orderLineIds.length ? tx.purchaseOrderLine.findMany({ where: { id: { in: orderLineIds } }, select: { id: true, purchaseOrderId: true, productId: true } }) : [],
    productIds.length ? tx.product.findMany({ where: { id: { in: productIds } }, select: { id: true } }) : [],
  ]);
  const orderLineBy = new Map(orderLines.map((line) => [line.id, line]));
  const knownProducts = new Set(products.map((product) => product.id));

  const rows: BillLineRow[] = [];
  lines.forEach((line, index) => {
    if (line.quantity == null) errors.add(at(index, 'quantity'), 'The quantity field is required.');
    else checkDecimal(errors, at(index, 'quantity'), line.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
    if (line.unitPrice == null) errors.add(at(index, 'unitPrice'), 'The unit price field is required.');
    else checkDecimal(errors, at(index, 'unitPrice'), line.unitPrice, { ...LEDGER_DECIMAL, min: 0 });
    checkDecimal(errors, at(index, 'taxRate'), line.taxRate, { scale: 4, precision: 9, min: 0 });
    if (line.taxRate != null && line.taxRate.gt(100)) errors.add(at(index, 'taxRate'), 'The tax rate is a percentage from 0 to 100.');
    checkMaxLength(errors, at(index, 'description'), line.description, 255);

    let productId = line.productId ?? null;
    if (productId != null && !knownProducts.has(productId)) errors.add(at(index, 'productId'), `Product ${productId} does not exist.`);
    if (line.purchaseOrderLineId != null) {
      const orderLine = orderLineBy.get(line.purchaseOrderLineId);
      if (!orderLine) errors.add(at(index, 'purchaseOrderLineId'), `Purchase order line ${line.purchaseOrderLineId} does not exist.`);
      else if (purchaseOrderId == null) errors.add(at(index, 'purchaseOrderLineId'), 'A line tied to an order line needs the bill to name its purchase order (purchase_order_id).');
      else if (orderLine.purchaseOrderId !== purchaseOrderId) errors.add(at(index, 'purchaseOrderLineId'), `Purchase order line ${orderLine.id} is not a line of purchase order ${purchaseOrderId}.`);
      else if (productId != null && productId !== orderLine.productId) errors.add(at(index, 'productId'), `The order line is for product ${orderLine.productId}, not ${productId}.`);
      else productId = orderLine.productId;
    }
    const description = line.description?.trim() || null;
    if (line.purchaseOrderLineId == null && productId == null && !description) {
      errors.add(at(index, 'description'), 'A line needs a purchase order line, a product or a description.');
    }
    if (!currency || !line.quantity || !line.unitPrice) return;
    const taxRate = line.taxRate ?? ZERO;
    rows.push({
      position: index,
      purchaseOrderLineId: line.purchaseOrderLineId ?? null,
      productId,
      description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxRate,
      ...lineAmounts(line.quantity, line.unitPrice, taxRate, currency),
    });
  });
  return Object.keys(errors.errors).length === before && currency ? rows : null;
}

/**
 * The match of each line (in the given order) against its order line, excluding what this bill itself
 * billed from "billed on other bills". Two lines on one order line share what is left, in line order.
 */
export async function matchBillLines(
  tx: TenantTx,
  billId: number | null,
  lines: Pick<BillLineRow, 'purchaseOrderLineId' | 'quantity' | 'unitPrice'>[],
): Promise<{ lines: LineMatch[]; matchStatus: MatchStatus }> {
  const orderLineIds = [...new Set(lines.map((line) => line.purchaseOrderLineId).filter((id): id is number => id != null))];
  const [orderLines, billedElsewhere] = orderLineIds.length
    ? await Promise.all([
        tx.purchaseOrderLine.findMany({ where: { id: { in: orderLineIds } }, select: { id: true, quantityReceived: true, unitCost: true } }),
        tx.billLine.groupBy({
          by: ['purchaseOrderLineId'],
          where: { purchaseOrderLineId: { in: orderLineIds }, bill: { status: { in: SETTLEABLE_BILL_STATUSES }, ...(billId != null ? { id: { not: billId } } : {}) } },
          _sum: { quantity: true },
        }),
      ])
    : [[], []];
  const left = new Map(orderLines.map((line) => [line.id, line.quantityReceived]));
  for (const row of billedElsewhere) {
    if (row.purchaseOrderLineId != null) left.set(row.purchaseOrderLineId, (left.get(row.purchaseOrderLineId) ?? ZERO).minus(row._sum.quantity ?? 0));
  }
  const priceOf = new Map(orderLines.map((line) => [line.id, line.unitCost]));

  const matches = lines.map((line): LineMatch => {
    if (line.purchaseOrderLineId == null) {
      return { matchStatus: 'matched', matchedQuantity: null, quantityVariance: null, orderedUnitPrice: null, priceVariance: null };
    }
    const matchedQuantity = Decimal.max(left.get(line.purchaseOrderLineId) ?? ZERO, ZERO);
    left.set(line.purchaseOrderLineId, matchedQuantity.minus(line.quantity));
    const orderedUnitPrice = priceOf.get(line.purchaseOrderLineId) ?? ZERO;
    const quantityVariance = line.quantity.minus(matchedQuantity);
    const priceVariance = line.unitPrice.minus(orderedUnitPrice);
    const matchStatus: MatchStatus = quantityVariance.gt(0) ? 'quantity_mismatch' : priceVariance.isZero() ? 'matched' : 'price_mismatch';
    return { matchStatus, matchedQuantity, quantityVariance, orderedUnitPrice, priceVariance };
  });
  const statuses = new Set(matches.map((match) => match.matchStatus));
  const matchStatus: MatchStatus = statuses.has('quantity_mismatch') ? 'quantity_mismatch' : statuses.has('price_mismatch') ? 'price_mismatch' : 'matched';
  return { lines: matches, matchStatus };
}
