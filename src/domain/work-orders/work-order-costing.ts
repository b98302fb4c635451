// What making one unit costs besides its components: the service unit cost of the work order, from the
// WORK_ORDER cost rules when the company has the cost_rules feature (the rule resolution is kept on the order
// as cost_rule_resolution, null when no rule applies), else its service_unit_price; and the BOM's extra costs
// per unit.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { resolutionJson, resolveCostRule } from '../cost-rules/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { hasFeature } from '../tenancy/index.js';

interface CostedOrder {
  producedSkuId: number;
  plannedQty: Decimal;
  vendorId: number | null;
  productionWarehouseId: number;
  productionBatchId: number | null;
  serviceUnitPrice: Decimal | null;
}

/** The resolution JSON to keep on the order, or null when the feature is off or no rule applies. */
export async function workOrderResolution(db: TenantDb | TenantTx, order: CostedOrder): Promise<Record<string, unknown> | null> {
  if (!(await hasFeature(db, 'cost_rules'))) return null;
  const resolution = await resolveCostRule(db, {
    documentType: 'WORK_ORDER',
    vendorId: order.vendorId,
    productId: order.producedSkuId,
    quantity: order.plannedQty,
    warehouseId: order.productionWarehouseId,
    productionBatchId: order.productionBatchId,
    serviceUnitPrice: order.serviceUnitPrice,
  });
  return resolution.usedCostRule ? (resolutionJson(resolution) as Record<string, unknown>) : null;
}

/** The service cost per unit: the rule's resolved unit cost when one applied, else service_unit_price, else 0. */
export function serviceUnitCost(order: { costRuleResolution: unknown; serviceUnitPrice: Decimal | null }): Decimal {
  const resolved = (order.costRuleResolution as { resolved_unit_cost?: number | string | null } | null)?.resolved_unit_cost;
  if (resolved != null) return new Decimal(String(resolved));
  return order.serviceUnitPrice ?? ZERO;
}

/** The BOM's extra costs (their line totals) per unit made. */
export async function bomExtraCostPerUnit(db: TenantDb | TenantTx, bomId: number | null): Promise<Decimal> {
  if (bomId === null) return ZERO;
  const bom = await db.bom.findUnique({ where: byId(bomId), select: { extraCosts: { select: { lineTotal: true } } } });
  return (bom?.extraCosts ?? []).reduce((sum, cost) => sum.plus(cost.lineTotal), ZERO);
}
