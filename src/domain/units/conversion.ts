// Converting quantities between units. Within a unit class every unit has a factor to the class's base
// unit (1 unit = factor base units), held by SYSTEM conversion rules; a PRODUCT rule overrides the factor
// of one unit for one product. Converting A → B goes through the base: q × factor(A) / factor(B).
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';
import { ONE, toDecimal, type Decimal, type DecimalInput } from '../shared/decimal.js';

type Db = TenantDb | TenantTx;

export interface UnitFactor {
  unitClassId: number;
  /** 1 unit = factor base units of its class. */
  factor: Decimal;
}

/** The factor of a unit to its class's base unit, for one product when it has its own rule. */
export async function unitFactor(db: Db, uomId: number, productId: number | null = null): Promise<UnitFactor> {
  const unit = await db.unitOfMeasure.findUnique({ where: { id: uomId }, select: { id: true, unitClassId: true, baseUnit: true } });
  if (!unit) throw new NotFoundError('Unit of measure', uomId);
  if (unit.baseUnit) return { unitClassId: unit.unitClassId, factor: ONE };
  const rules = await db.unitConversionRule.findMany({
    where: {
      convertedUnitOfMeasureId: uomId,
      status: 'active',
      OR: [{ type: 'SYSTEM', productId: null }, ...(productId !== null ? [{ type: 'PRODUCT', productId }] : [])],
    },
    select: { type: true, conversionFactor: true, baseUnitOfMeasureId: true },
  });
  const rule = rules.find((r) => r.type === 'PRODUCT') ?? rules.find((r) => r.type === 'SYSTEM');
  if (!rule) {
    throw new ValidationError({ uomId: [`Unit ${uomId} has no conversion to the base unit of its class.`] });
  }
  if (rule.baseUnitOfMeasureId === uomId) return { unitClassId: unit.unitClassId, factor: toDecimal(rule.conversionFactor) };
  const base = await unitFactor(db, rule.baseUnitOfMeasureId, productId);
  return { unitClassId: unit.unitClassId, factor: toDecimal(rule.conversionFactor).times(base.factor) };
}

/** Converts a quantity between two units of one class (for a product, when it has its own rules). */
export async function convertQuantity(
  db: Db,
  quantity: DecimalInput,
  fromUomId: number,
  toUomId: number,
  productId: number | null = null,
): Promise<Decimal> {
  if (fromUomId === toUomId) return toDecimal(quantity);
  const [from, to] = await Promise.all([unitFactor(db, fromUomId, productId), unitFactor(db, toUomId, productId)]);
  if (from.unitClassId !== to.unitClassId) {
    throw new ValidationError({ uomId: [`Units ${fromUomId} and ${toUomId} belong to different unit classes and cannot be converted.`] });
  }
  return toDecimal(quantity).times(from.factor).dividedBy(to.factor);
}

/**
 * A quantity of a product given in some unit, expressed in the product's own unit (its default unit of
 * measure). With no unit given, or a product without a default unit, the quantity is taken as it is.
 */
export async function toProductBaseQuantity(
  db: Db,
  productId: number,
  uomId: number | null | undefined,
  quantity: DecimalInput,
): Promise<Decimal> {
  if (uomId === null || uomId === undefined) return toDecimal(quantity);
  const product = await db.product.findUnique({ where: { id: productId }, select: { defaultUomId: true } });
  if (!product) throw new NotFoundError('Product', productId);
  if (product.defaultUomId === null) return toDecimal(quantity);
  return convertQuantity(db, quantity, uomId, product.defaultUomId, productId);
}
