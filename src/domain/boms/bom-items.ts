// Turns the `items` of a BOM request into rows: each item names its product by id or by SKU (a product's
// own SKU or one of its alternate SKUs), its quantity is kept as given, and `baseQuantity` holds the same
// quantity in the product's default unit. Problems are collected per item (`items.N.field`).
import type { TenantTx } from '../../db/tenant-client.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import type { Decimal } from '../shared/decimal.js';
import { checkDecimal } from '../shared/field-checks.js';
import { resolveProductLines } from '../products/index.js';

export const CONSUMPTION_BASES = ['planned', 'actual'] as const;
export const DEFAULT_CONSUMPTION_BASIS = 'planned';

export interface BomItemInput {
  productId?: number | null;
  sku?: string | null;
  quantity?: Decimal | null;
  note?: string | null;
  uomId?: number | null;
  order?: number | null;
  consumptionBasis?: string | null;
}

export interface BomItemRow {
  productId: number;
  quantity: Decimal;
  baseQuantity: Decimal;
  note: string | null;
  uomId: number | null;
  order: number;
  consumptionBasis: string;
}

/**
 * Validates and resolves the items. Returns the rows, in request order, when every item is valid; the
 * product of each item (also when other items failed) is in `productIds` for the cycle check.
 */
export async function resolveBomItems(
  tx: TenantTx,
  items: BomItemInput[],
  errors: FieldErrorCollector,
): Promise<{ rows: BomItemRow[] | null; productIds: Array<number | null> }> {
  const before = Object.keys(errors.errors).length;
  const resolved = await resolveProductLines(tx, items, errors, { path: 'items', holder: 'BOM item' });

  const rows: BomItemRow[] = [];
  for (const [index, item] of items.entries()) {
    const at = (field: string) => `items.${index}.${field}`;
    if (item.quantity === undefined || item.quantity === null) errors.add(at('quantity'), 'The quantity field is required.');
    else checkDecimal(errors, at('quantity'), item.quantity, { min: 0, minExclusive: true });
    if (item.order !== undefined && item.order !== null && item.order < 0) errors.add(at('order'), 'The order must be at least 0.');
    const basis = item.consumptionBasis ?? DEFAULT_CONSUMPTION_BASIS;
    if (!(CONSUMPTION_BASES as readonly string[]).includes(basis)) {
      errors.add(at('consumptionBasis'), `The consumption basis must be one of: ${CONSUMPTION_BASES.join(', ')}.`);
    }

    const { product, baseQuantity } = resolved[index]!;
    if (!product || !baseQuantity) continue;
    const uomId = item.uomId ?? product.defaultUomId;
    rows.push({
      productId: product.id,
      quantity: item.quantity!,
      baseQuantity,
      note: item.note ?? null,
      uomId,
      order: item.order ?? index,
      consumptionBasis: basis,
    });
  }
  const productIds = resolved.map((line) => line.product?.id ?? null);
  return { rows: Object.keys(errors.errors).length === before ? rows : null, productIds };
}

