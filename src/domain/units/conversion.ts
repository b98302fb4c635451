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
  const rule = chooseRule(rules);
  if (!rule) {
    throw new ValidationError({ uomId: [`Unit ${uomId} has no conversion to the base unit of its class.`] });
  }
  if (rule.baseUnitOfMeasureId === uomId) return { unitClassId: unit.unitClassId, factor: toDecimal(rule.conversionFactor) };
  const base = await unitFactor(db, rule.baseUnitOfMeasureId, productId);
  return { unitClassId: unit.unitClassId, factor: toDecimal(rule.conversionFactor).times(base.factor) };
}

/** A product's own rule wins over the system rule; the rules given are those that may apply. */
function chooseRule<R extends { type: string }>(rules: R[]): R | undefined {
  return rules.find((r) => r.type === 'PRODUCT') ?? rules.find((r) => r.type === 'SYSTEM');
}

/**
 * The factor of every unit of a class to the class's base unit (for one product when it has its own
 * rules), loaded in two queries — what unitFactor gives unit by unit. Units with no conversion to the base
 * are left out of the map.
 */
export async function unitFactorsOfClass(db: Db, unitClassId: number, productId: number | null = null): Promise<Map<number, Decimal>> {
  // One query after the other: a transaction client runs one query at a time.
  const units = await db.unitOfMeasure.findMany({ where: { unitClassId }, select: { id: true, baseUnit: true } });
  const rules = await db.unitConversionRule.findMany({
    where: {
      convertedUnitOfMeasure: { unitClassId },
      status: 'active',
      OR: [{ type: 'SYSTEM', productId: null }, ...(productId !== null ? [{ type: 'PRODUCT', productId }] : [])],
    },
    select: { type: true, conversionFactor: true, baseUnitOfMeasureId: true, convertedUnitOfMeasureId: true },
  });
  const isBase = new Map(units.map((u) => [u.id, u.baseUnit]));
  const factors = new Map<number, Decimal>();
  const resolve = (uomId: number, seen: Set<number>): Decimal | undefined => {
    if (isBase.get(uomId)) return ONE;
    const known = factors.get(uomId);
    if (known) return known;
    if (seen.has(uomId)) return undefined; // a cycle of rules names no factor
    const rule = chooseRule(rules.filter((r) => r.convertedUnitOfMeasureId === uomId));
    if (!rule) return undefined;
    const base = rule.baseUnitOfMeasureId === uomId ? ONE : resolve(rule.baseUnitOfMeasureId, new Set(seen).add(uomId));
    if (!base) return undefined;
    const factor = toDecimal(rule.conversionFactor).times(base);
    factors.set(uomId, factor);
    return factor;
  };
  for (const unit of units) {
    const factor = resolve(unit.id, new Set());
    if (factor) factors.set(unit.id, factor);
  }
  return factors;
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
  // Sequential: a transaction client runs one query at a time, and pg warns about overlapping ones.
  const from = await unitFactor(db, fromUomId, productId);
  const to = await unitFactor(db, toUomId, productId);
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
