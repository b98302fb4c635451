// The components of a kit: each names an active product, a positive quantity in some unit (the component's
// default unit when none is given) and a price. The service fills in the quantity in the component's base
// unit and the component's retail price at the time (`originalPrice`); the price defaults to it. A kit may
// not contain itself, directly or through kits it contains.
import type { TenantTx } from '../../db/tenant-client.js';
import { toProductBaseQuantities } from '../units/index.js';
import type { Decimal } from '../shared/decimal.js';
import { ValidationError, type FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal, fitBaseQuantity } from '../shared/field-checks.js';
import type { KitItemInput } from './product-input.js';
import { decimalSql } from '../shared/json-sql.js';

export interface KitItemRow {
  productId: number;
  uomId: number | null;
  quantity: Decimal;
  baseUomQuantity: Decimal;
  price: Decimal | null;
  originalPrice: Decimal | null;
}

/** Checks the items of kit `kitId` (null while the kit is being created) and returns the rows to store. */
export async function prepareKitItems(
  tx: TenantTx,
  kitId: number | null,
  items: KitItemInput[],
  errors: FieldErrorCollector,
): Promise<KitItemRow[]> {
  if (items.length === 0) return [];
  const componentIds = [...new Set(items.map((item) => item.productId))];
  const components = new Map(
    (
      await tx.product.findMany({
        where: { id: { in: componentIds }, status: 1 },
        select: { id: true, type: true, retailPrice: true, defaultUomId: true },
      })
    ).map((c) => [c.id, c]),
  );
  const uomIds = [...new Set(items.map((item) => item.uomId).filter((id): id is number => typeof id === 'number'))];
  const units = new Set((await tx.unitOfMeasure.findMany({ where: { id: { in: uomIds } }, select: { id: true } })).map((u) => u.id));
  const containers = kitId === null ? new Set<number>() : await kitsContaining(tx, kitId);

  const accepted: Array<{ index: number; item: KitItemInput; uomId: number | null; originalPrice: Decimal | null }> = [];
  for (const [index, item] of items.entries()) {
    const key = (field: string) => `kitItems.${index}.${field}`;
    const component = components.get(item.productId);
    let ok = true;
    if (!component) {
      errors.add(key('productId'), `The selected product ${item.productId} does not exist.`);
      ok = false;
    } else if (item.productId === kitId) {
      errors.add(key('productId'), 'A kit cannot contain itself.');
      ok = false;
    } else if (component.type === 'KIT' && containers.has(item.productId)) {
      errors.add(key('productId'), `Kit ${item.productId} contains this kit, so this kit cannot contain it.`);
      ok = false;
    }
    const before = Object.keys(errors.errors).length;
    checkDecimal(errors, key('quantity'), item.quantity, { min: 0, minExclusive: true });
    checkDecimal(errors, key('price'), item.price, { min: 0 });
    if (typeof item.uomId === 'number' && !units.has(item.uomId)) {
      errors.add(key('uomId'), `The selected unit of measure ${item.uomId} does not exist.`);
    }
    if (!ok || Object.keys(errors.errors).length > before) continue;
    accepted.push({ index, item, uomId: item.uomId ?? component!.defaultUomId, originalPrice: component!.retailPrice });
  }

  const baseQuantities = await toProductBaseQuantities(
    tx,
    accepted.map(({ item, uomId }) => ({ productId: item.productId, uomId, quantity: item.quantity })),
  );
  const rows: KitItemRow[] = [];
  accepted.forEach(({ index, item, uomId, originalPrice }, i) => {
    const baseUomQuantity = baseQuantities[i]!;
    if (baseUomQuantity instanceof ValidationError) {
      // The conversion names its own fields; here the unit belongs to this item.
      for (const messages of Object.values(baseUomQuantity.fieldErrors)) {
        for (const message of messages) errors.add(`kitItems.${index}.uomId`, message);
      }
      return;
    }
    const fitted = fitBaseQuantity(errors, `kitItems.${index}.uomId`, baseUomQuantity, 'kit item');
    if (!fitted) return;
    rows.push({
      productId: item.productId,
      uomId,
      quantity: item.quantity,
      baseUomQuantity: fitted,
      price: item.price ?? originalPrice,
      originalPrice,
    });
  });
  return rows;
}

/** The kits that contain product `target`, directly or through the kits they contain: one query per level. */
async function kitsContaining(tx: TenantTx, target: number): Promise<Set<number>> {
  const containers = new Set<number>();
  let frontier = [target];
  while (frontier.length > 0) {
    const rows = await tx.kitItem.findMany({ where: { productId: { in: frontier } }, select: { kitId: true } });
    frontier = [...new Set(rows.map((row) => row.kitId))].filter((id) => !containers.has(id) && id !== target);
    frontier.forEach((id) => containers.add(id));
  }
  return containers;
}

/** kitItemTotal in SQL, of a kit item row: exact, as numeric and Decimal products both are. */
export const kitItemTotalSql = (item: string) => decimalSql(`${item}.quantity * ${item}.price`);

/** What a kit item costs in the kit: quantity × price, none without a price. */
export function kitItemTotal(item: { quantity: Decimal; price: Decimal | null }): Decimal | null {
  return item.price === null ? null : item.quantity.times(item.price);
}
