// The lines of a document that name products: each line names its product by id or by SKU (a product's own
// SKU or one of its alternate SKUs) and gives a quantity, optionally in another unit of the product's unit
// class; the quantity in the product's own unit is worked out for every line together, in a fixed number of
// queries. Problems are collected per line (`items.N.sku`, `lines.N.uomId`). BOM items and purchase order
// lines use it.
import type { TenantTx } from '../../db/tenant-client.js';
import { FieldErrorCollector, ValidationError } from '../shared/errors.js';
import { Decimal } from '../shared/decimal.js';
import { fitBaseQuantity } from '../shared/field-checks.js';
import { toProductBaseQuantities } from '../units/index.js';
import { ACTIVE } from './products.js';

export interface ProductLineInput {
  productId?: number | null;
  sku?: string | null;
  quantity?: Decimal | null;
  uomId?: number | null;
}

export interface ProductRef {
  id: number;
  sku: string;
  name: string;
  defaultUomId: number | null;
  unitCost: Decimal | null;
}

export interface ResolvedProductLine {
  /** Null when the line names no product that exists (the reason is collected). */
  product: ProductRef | null;
  /** The quantity in the product's own unit; null when the product, the quantity or the unit is wrong. */
  baseQuantity: Decimal | null;
}

/**
 * Resolves every line's product and base quantity. `path` is the list's field name (`items`, `lines`) and
 * `holder` names a line in messages ("BOM item").
 */
export async function resolveProductLines(
  tx: TenantTx,
  lines: ProductLineInput[],
  errors: FieldErrorCollector,
  options: { path: string; holder: string },
): Promise<ResolvedProductLine[]> {
  const at = (index: number, field: string) => `${options.path}.${index}.${field}`;
  const products = await resolveProducts(tx, lines, errors, at);
  const units = await loadUnits(tx, lines, errors, at);
  const converted = await convertToProductUnits(tx, lines, products, units);
  return lines.map((line, index) => {
    const product = products[index] ?? null;
    if (!product || !line.quantity) return { product, baseQuantity: null };
    return { product, baseQuantity: baseQuantityOf(product, line, units, converted.get(index), errors, at(index, 'uomId'), options.holder) };
  });
}

/** The product of each item (null where it could not be resolved, with the reason collected). */
async function resolveProducts(
  tx: TenantTx,
  items: ProductLineInput[],
  errors: FieldErrorCollector,
  at: (index: number, field: string) => string,
): Promise<Array<ProductRef | null>> {
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is number => typeof id === 'number'))];
  const skus = [...new Set(items.map((i) => i.sku).filter((s): s is string => typeof s === 'string' && s !== ''))];
  const select = { id: true, sku: true, name: true, defaultUomId: true, unitCost: true } as const;
  // Deactivated products are gone from the API: they cannot become BOM items. One query after the other:
  // a transaction client runs one query at a time.
  const byId = ids.length ? await tx.product.findMany({ where: { id: { in: ids }, status: ACTIVE }, select }) : [];
  const bySku = skus.length ? await tx.product.findMany({ where: { sku: { in: skus }, status: ACTIVE }, select }) : [];
  const byAlternate = skus.length
    ? await tx.productAlternateSku.findMany({ where: { sku: { in: skus }, product: { status: ACTIVE } }, select: { sku: true, product: { select } } })
    : [];
  const productById = new Map(byId.map((p) => [p.id, p]));
  // A SKU is unique per company across products and alternate SKUs; a product's own SKU is read first.
  const productBySku = new Map<string, ProductRef>(byAlternate.map((a) => [a.sku, a.product]));
  for (const p of bySku) productBySku.set(p.sku, p);

  return items.map((item, index) => {
    const hasId = item.productId !== undefined && item.productId !== null;
    const hasSku = item.sku !== undefined && item.sku !== null;
    if (!hasId && !hasSku) {
      errors.add(at(index, 'productId'), 'The product_id field is required when sku is not present.');
      return null;
    }
    let fromSku: ProductRef | undefined;
    if (hasSku) {
      fromSku = productBySku.get(item.sku!);
      if (!fromSku) {
        errors.add(at(index, 'sku'), `No product or alternate SKU "${item.sku}" exists.`);
        return null;
      }
    }
    if (!hasId) return fromSku!;
    const fromId = productById.get(item.productId!);
    if (!fromId) {
      errors.add(at(index, 'productId'), `The selected product ${item.productId} does not exist.`);
      return null;
    }
    if (fromSku && fromSku.id !== fromId.id) {
      errors.add(at(index, 'sku'), `The SKU "${item.sku}" belongs to product ${fromSku.id}, not to product_id ${fromId.id}.`);
      return null;
    }
    return fromId;
  });
}

async function loadUnits(
  tx: TenantTx,
  items: ProductLineInput[],
  errors: FieldErrorCollector,
  at: (index: number, field: string) => string,
): Promise<Map<number, number>> {
  const ids = [...new Set(items.map((i) => i.uomId).filter((id): id is number => typeof id === 'number'))];
  const found = ids.length ? await tx.unitOfMeasure.findMany({ where: { id: { in: ids } }, select: { id: true, unitClassId: true } }) : [];
  const classOf = new Map(found.map((u) => [u.id, u.unitClassId]));
  items.forEach((item, index) => {
    if (typeof item.uomId === 'number' && !classOf.has(item.uomId)) {
      errors.add(at(index, 'uomId'), `The selected unit of measure ${item.uomId} does not exist.`);
    }
  });
  return classOf;
}

type Conversion = Decimal | ValidationError | { otherClassThan: string };

/**
 * Each item's quantity in its product's default unit, by item index, for the items that give another unit
 * of a known class; all of them together in a fixed number of queries. An item whose unit is of another
 * class than the product's unit gets the name of that unit instead.
 */
async function convertToProductUnits(
  tx: TenantTx,
  items: ProductLineInput[],
  products: Array<ProductRef | null>,
  unitClassOf: Map<number, number>,
): Promise<Map<number, Conversion>> {
  const wanted = items.flatMap((item, index) => {
    const product = products[index];
    const uomId = item.uomId;
    if (!product || !item.quantity || uomId === undefined || uomId === null || uomId === product.defaultUomId) return [];
    if (!unitClassOf.has(uomId)) return []; // unknown unit: already reported
    return [{ index, product, uomId, quantity: item.quantity }];
  });
  const defaultUnitIds = [...new Set(wanted.map((w) => w.product.defaultUomId).filter((id): id is number => id !== null))];
  const defaultUnits = new Map(
    (defaultUnitIds.length
      ? await tx.unitOfMeasure.findMany({ where: { id: { in: defaultUnitIds } }, select: { id: true, unitClassId: true, name: true } })
      : []
    ).map((u) => [u.id, u]),
  );
  const answers = new Map<number, Conversion>();
  const convertible = wanted.filter((w) => {
    const productUnit = w.product.defaultUomId === null ? undefined : defaultUnits.get(w.product.defaultUomId);
    if (productUnit && productUnit.unitClassId !== unitClassOf.get(w.uomId)) {
      answers.set(w.index, { otherClassThan: productUnit.name });
      return false;
    }
    return true;
  });
  const results = await toProductBaseQuantities(
    tx,
    convertible.map((w) => ({ productId: w.product.id, uomId: w.uomId, quantity: w.quantity })),
  );
  convertible.forEach((w, i) => answers.set(w.index, results[i]!));
  return answers;
}

/** The quantity in the product's default unit; null (with the reason collected) when it cannot be had. */
function baseQuantityOf(
  product: ProductRef,
  item: ProductLineInput,
  unitClassOf: Map<number, number>,
  conversion: Conversion | undefined,
  errors: FieldErrorCollector,
  field: string,
  holder: string,
): Decimal | null {
  const uomId = item.uomId;
  if (uomId === undefined || uomId === null || uomId === product.defaultUomId) return item.quantity!;
  if (!unitClassOf.has(uomId) || conversion === undefined) return null; // unknown unit: already reported
  if (conversion instanceof ValidationError) {
    for (const messages of Object.values(conversion.fieldErrors)) for (const message of messages) errors.add(field, message);
    return null;
  }
  if ('otherClassThan' in conversion) {
    errors.add(field, `The unit of measure ${uomId} is not of the same unit class as the product's unit (${conversion.otherClassThan}), so the quantity cannot be converted.`);
    return null;
  }
  return fitBaseQuantity(errors, field, conversion, holder);
}
