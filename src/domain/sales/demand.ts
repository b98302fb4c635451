// What an open sales order line asks of the stock: its demand per product. A line of a product asks for that
// product; a line of a kit asks for the kit's components (a kit holds no stock of its own), each at the kit's
// quantity times the component's base quantity per kit. What is shipped no longer asks; what is allocated is
// reserved; the rest is backordered. Allocation (allocation.ts) and the quantities (qty_pending,
// qty_backordered in src/domain/inventory/quantities.ts) both read demand from here.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';

/** Orders whose lines still ask for stock. */
export const OPEN_ORDER_STATUSES = ['confirmed', 'partially_shipped'];

export interface DemandLine {
  id: number;
  salesOrderId: number;
  productId: number;
  baseQuantity: Decimal;
  baseQuantityShipped: Decimal;
}

export interface Demand {
  lineId: number;
  salesOrderId: number;
  /** The product reserved: the line's own, or a component of its kit. */
  productId: number;
  /** Still to ship, in the product's base unit. */
  quantity: Decimal;
  /** Units of the product per unit of the line (1 for a product line). */
  perUnit: Decimal;
}

type KitComponents = Map<number, Array<{ productId: number; perUnit: Decimal }>>;

/** The components of the kits among the given products (one query). */
export async function kitComponents(db: TenantDb | TenantTx, productIds: number[]): Promise<KitComponents> {
  const items = productIds.length
    ? await db.kitItem.findMany({ where: { kitId: { in: [...new Set(productIds)] } }, select: { kitId: true, productId: true, baseUomQuantity: true }, orderBy: { id: 'asc' } })
    : [];
  const components: KitComponents = new Map();
  for (const item of items) {
    const list = components.get(item.kitId) ?? [];
    list.push({ productId: item.productId, perUnit: item.baseUomQuantity });
    components.set(item.kitId, list);
  }
  return components;
}

/** Each line's demand per product, for lines of open orders. */
export function lineDemands(lines: DemandLine[], kits: KitComponents): Demand[] {
  return lines.flatMap((line) => {
    const open = Decimal.max(line.baseQuantity.minus(line.baseQuantityShipped), ZERO);
    const parts = kits.get(line.productId) ?? [{ productId: line.productId, perUnit: new Decimal(1) }];
    return parts.map((part) => ({ lineId: line.id, salesOrderId: line.salesOrderId, productId: part.productId, quantity: open.mul(part.perUnit), perUnit: part.perUnit }));
  });
}

/** The key of an allocation or a demand: a line and the product it reserves. */
export const demandKey = (lineId: number, productId: number) => `${lineId}:${productId}`;

/**
 * How much of a line is allocated, in the line's unit: for a kit the kits its components cover (the smallest
 * share over the components, which may be a fraction of a kit), for a product what is reserved.
 */
export function lineAllocated(demands: Demand[], allocatedOf: (key: string) => Decimal): Decimal {
  if (demands.length === 0) return ZERO;
  return Decimal.min(...demands.map((demand) => allocatedOf(demandKey(demand.lineId, demand.productId)).div(demand.perUnit))).toDecimalPlaces(10, Decimal.ROUND_DOWN);
}
