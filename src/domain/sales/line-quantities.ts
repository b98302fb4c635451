// A sales order line's reserved and backordered quantities in the line's own unit, from its allocations and,
// for a kit, its components (demand.ts). The GraphQL line fields and the EDI 855 acknowledgement read them here.
import { Decimal, ZERO } from '../shared/decimal.js';
import { demandKey, lineAllocated, lineDemands, OPEN_ORDER_STATUSES } from './demand.js';

/** What a line's allocation fields need from the database. */
export const LINE_ALLOCATION_SELECT = {
  productId: true,
  baseQuantity: true,
  quantity: true,
  baseQuantityShipped: true,
  salesOrderId: true,
  id: true,
  salesOrder: { select: { status: true } },
  product: { select: { kitItems: { select: { productId: true, baseUomQuantity: true } } } },
  allocations: { select: { productId: true, warehouseId: true, quantity: true }, orderBy: { warehouseId: 'asc' } },
} as const;

export interface LineFacts {
  id: number;
  salesOrderId: number;
  productId: number;
  quantity: Decimal;
  baseQuantity: Decimal;
  baseQuantityShipped: Decimal;
  salesOrder: { status: string };
  product: { kitItems: Array<{ productId: number; baseUomQuantity: Decimal }> };
  allocations: Array<{ productId: number; warehouseId: number; quantity: Decimal }>;
}

/** The line's allocated share in its own unit (entered quantity / base quantity). */
export function allocatedInLineUnit(line: LineFacts): Decimal {
  const kits = new Map(line.product.kitItems.length ? [[line.productId, line.product.kitItems.map((k) => ({ productId: k.productId, perUnit: k.baseUomQuantity }))]] : []);
  const demands = lineDemands([{ ...line, baseQuantityShipped: ZERO }], kits);
  const sums = new Map<string, Decimal>();
  for (const a of line.allocations) sums.set(demandKey(line.id, a.productId), (sums.get(demandKey(line.id, a.productId)) ?? ZERO).plus(a.quantity));
  const base = lineAllocated(demands, (key) => sums.get(key) ?? ZERO);
  return base.mul(line.quantity).div(line.baseQuantity).toDecimalPlaces(10);
}

const toLineUnit = (line: LineFacts, base: Decimal) => base.mul(line.quantity).div(line.baseQuantity).toDecimalPlaces(10);

/** Neither shipped nor reserved while the order is open, in the line's unit; 0 otherwise. */
export function backorderedInLineUnit(line: LineFacts): Decimal {
  if (!OPEN_ORDER_STATUSES.includes(line.salesOrder.status)) return ZERO;
  const open = Decimal.max(line.quantity.minus(toLineUnit(line, line.baseQuantityShipped)), ZERO);
  return Decimal.max(open.minus(allocatedInLineUnit(line)), ZERO);
}
