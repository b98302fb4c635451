// The unit cost PURCHASE_ORDER cost rules give purchase order lines that come without one, when the company
// has the cost_rules feature on. The order's supplier is the vendor; its date, delivery warehouse and
// currency meet the rules' dates and conditions. Rule amounts are read in the order's currency, per unit as
// entered (as the other default costs are). A line no rule prices gets null and keeps the usual default.
import type { TenantTx } from '../../db/tenant-client.js';
import { resolveCostRule } from '../cost-rules/index.js';
import { formatDateOnly } from '../shared/dates.js';
import type { Decimal } from '../shared/decimal.js';
import { hasFeature } from '../tenancy/index.js';

export interface RuleCostContext {
  supplierId: number;
  currency: string;
  orderDate: Date;
  warehouseId?: number | null;
}

/** One entry per line: a rule's unit cost, or null (a line with a unit cost or no product is not resolved). */
export async function costRuleUnitCosts(
  tx: TenantTx,
  lines: Array<{ productId: number | null; quantity?: Decimal | null; unitCost?: Decimal | null }>,
  context: RuleCostContext,
): Promise<Array<Decimal | null>> {
  const wanted = lines.map((line) => line.unitCost == null && line.productId !== null && line.quantity != null && line.quantity.gt(0));
  if (!wanted.some(Boolean) || !(await hasFeature(tx, 'cost_rules'))) return lines.map(() => null);
  const costs: Array<Decimal | null> = [];
  for (const [index, line] of lines.entries()) {
    if (!wanted[index]) {
      costs.push(null);
      continue;
    }
    const resolution = await resolveCostRule(tx, {
      documentType: 'PURCHASE_ORDER',
      vendorId: context.supplierId,
      productId: line.productId!,
      quantity: line.quantity!,
      date: formatDateOnly(context.orderDate),
      warehouseId: context.warehouseId ?? null,
      currency: context.currency,
    });
    costs.push(resolution.usedCostRule ? resolution.resolvedUnitCost : null);
  }
  return costs;
}
