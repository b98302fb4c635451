// What keeps a unit of measure from being deleted, moved to another class, or losing its factor: products
// counted in it, kit and BOM items and purchase order lines measured in it, and conversion rules other than
// its own system rule.
import type { TenantTx } from '../../db/tenant-client.js';

export interface UnitUsage {
  products: number;
  kitItems: number;
  bomItems: number;
  /** Purchase order lines ordered in it (their base quantities were fixed with its factor). */
  orderLines: number;
  /** Product rules converting this unit, and rules of other units expressed in it. */
  rules: number;
}

export async function unitUsage(tx: TenantTx, uomId: number): Promise<UnitUsage> {
  const products = await tx.product.count({ where: { defaultUomId: uomId } });
  const kitItems = await tx.kitItem.count({ where: { uomId } });
  const bomItems = await tx.bomItem.count({ where: { uomId } });
  const orderLines = await tx.purchaseOrderLine.count({ where: { uomId } });
  const rules = await tx.unitConversionRule.count({
    where: {
      OR: [
        { convertedUnitOfMeasureId: uomId, NOT: { type: 'SYSTEM' } },
        { baseUnitOfMeasureId: uomId, NOT: { convertedUnitOfMeasureId: uomId } },
      ],
    },
  });
  return { products, kitItems, bomItems, orderLines, rules };
}

/** Measured quantities (products, kit and BOM items) rely on the unit's factor. */
export function measuresQuantities(usage: UnitUsage): boolean {
  return usage.products + usage.kitItems + usage.bomItems + usage.orderLines > 0;
}

export function isInUse(usage: UnitUsage): boolean {
  return measuresQuantities(usage) || usage.rules > 0;
}

/** "2 products' default unit, 1 kit item": the parts of the usage that are not zero. */
export function describeUsage(usage: UnitUsage, parts: Array<keyof UnitUsage> = ['products', 'kitItems', 'bomItems', 'orderLines', 'rules']): string {
  const labels: Record<keyof UnitUsage, [string, string]> = {
    products: ["product's default unit", "products' default unit"],
    kitItems: ['kit item', 'kit items'],
    bomItems: ['BOM item', 'BOM items'],
    orderLines: ['purchase order line', 'purchase order lines'],
    rules: ['conversion rule', 'conversion rules'],
  };
  return parts
    .filter((part) => usage[part] > 0)
    .map((part) => `${usage[part]} ${labels[part][usage[part] === 1 ? 0 : 1]}`)
    .join(', ');
}
