// A sales order line's reserved and backordered quantities in the line's own unit, from its allocations and,
// for a kit, its components (demand.ts). The GraphQL line fields and the EDI 855 acknowledgement read them here.
import { sqlTextList } from '../shared/json-sql.js';
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

// The same quantities as SQL over a line row (`line`, the company as $1), for answers PostgreSQL writes whole
// (src/graphql/shared/compiled-records.ts). Numeric division keeps at least 16 decimals before the rounding to 10,
// as Decimal's 20 significant digits do for the quantities a line holds.

/**
 * lineAllocated in the product's base unit: for a kit (a product with kit items) the smallest share over its
 * components, else what is reserved of the product itself (min over no kit items is NULL: the second branch).
 */
const allocatedBaseSql = (line: string) => {
  const reserved = (product: string) =>
    `(SELECT sum(a.quantity) FROM "SalesOrderAllocation" a WHERE a."companyId" = $1::int AND a."salesOrderLineId" = ${line}.id AND a."productId" = ${product})`;
  return `coalesce(
    (SELECT trunc(min(coalesce(${reserved('k."productId"')}, 0) / k."baseUomQuantity"), 10) FROM "KitItem" k WHERE k."companyId" = $1::int AND k."kitId" = ${line}."productId"),
    coalesce(${reserved(`${line}."productId"`)}, 0))`;
};

const toLineUnitSql = (line: string, base: string) => `round(${base} * ${line}.quantity / ${line}."baseQuantity", 10)`;

/** What the line's quantity fields compute once per line (read as `${line}_shared."name"`). */
export const LINE_SHARED_SQL = {
  allocated_base: allocatedBaseSql,
  order_status: (line: string) => `(SELECT o.status FROM "SalesOrder" o WHERE o."companyId" = $1::int AND o.id = ${line}."salesOrderId")`,
} as const;

/** allocatedInLineUnit as SQL (reads LINE_SHARED_SQL). */
export const allocatedInLineUnitSql = (line: string) => toLineUnitSql(line, `${line}_shared.allocated_base`);

/** What was shipped of the line, in its unit, as SQL. */
export const shippedInLineUnitSql = (line: string) => toLineUnitSql(line, `${line}."baseQuantityShipped"`);

/** backorderedInLineUnit as SQL (reads LINE_SHARED_SQL). */
export const backorderedInLineUnitSql = (line: string) => `CASE WHEN ${line}_shared.order_status IN (${sqlTextList(OPEN_ORDER_STATUSES)})
  THEN greatest(greatest(${line}.quantity - ${shippedInLineUnitSql(line)}, 0) - ${allocatedInLineUnitSql(line)}, 0)
  ELSE 0 END`;

/** The line's reservations summed per warehouse, as rows (warehouseId, quantity) of `related`, by warehouse. */
export const allocationsByWarehouseSql = (line: string, related: string) => ({
  from: `(SELECT a."warehouseId", sum(a.quantity) AS quantity FROM "SalesOrderAllocation" a
    WHERE a."companyId" = $1::int AND a."salesOrderLineId" = ${line}.id GROUP BY a."warehouseId") ${related}`,
  where: 'true',
  order: `${related}."warehouseId"`,
});
