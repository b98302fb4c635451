// Converting quantities between units. Within a unit class every unit has a factor to the class's base
// unit (1 unit = factor base units), held by SYSTEM conversion rules; a PRODUCT rule overrides the factor
// of one unit for one product. Converting A → B goes through the base: q × factor(A) / factor(B).
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
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
  const unit = await db.unitOfMeasure.findUnique({ where: byId(uomId), select: { id: true, unitClassId: true, baseUnit: true } });
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

interface FactorRule {
  type: string;
  conversionFactor: DecimalInput;
  baseUnitOfMeasureId: number;
  convertedUnitOfMeasureId: number;
}

/** The rules that may apply to units of these classes: the system's, and those of these products. */
function rulesWhere(unitClassIds: number[], productIds: number[]) {
  return {
    convertedUnitOfMeasure: { unitClassId: { in: unitClassIds } },
    status: 'active',
    OR: [{ type: 'SYSTEM', productId: null }, ...(productIds.length > 0 ? [{ type: 'PRODUCT', productId: { in: productIds } }] : [])],
  };
}
const RULE_SELECT = { type: true, conversionFactor: true, baseUnitOfMeasureId: true, convertedUnitOfMeasureId: true, productId: true } as const;

/**
 * The factor of each unit to its class's base unit, worked out from loaded units and rules (the rules being
 * the system's and, when a product is given, that product's own, which win). What unitFactor gives unit by
 * unit. Units with no conversion to the base are left out.
 */
function resolveFactors(
  units: Array<{ id: number; baseUnit: boolean }>,
  rules: Array<FactorRule & { productId?: number | null }>,
  productId: number | null,
): Map<number, Decimal> {
  const applicable = rules.filter((r) => r.type === 'SYSTEM' || (productId !== null && r.productId === productId));
  const isBase = new Map(units.map((u) => [u.id, u.baseUnit]));
  const factors = new Map<number, Decimal>();
  const resolve = (uomId: number, seen: Set<number>): Decimal | undefined => {
    if (isBase.get(uomId)) return ONE;
    const known = factors.get(uomId);
    if (known) return known;
    if (seen.has(uomId)) return undefined; // a cycle of rules names no factor
    const rule = chooseRule(applicable.filter((r) => r.convertedUnitOfMeasureId === uomId));
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

/**
 * The factor of every unit of a class to the class's base unit (for one product when it has its own
 * rules), loaded in two queries — what unitFactor gives unit by unit. Units with no conversion to the base
 * are left out of the map.
 */
export async function unitFactorsOfClass(db: Db, unitClassId: number, productId: number | null = null): Promise<Map<number, Decimal>> {
  // One query after the other: a transaction client runs one query at a time.
  const units = await db.unitOfMeasure.findMany({ where: { unitClassId }, select: { id: true, baseUnit: true } });
  const rules = await db.unitConversionRule.findMany({ where: rulesWhere([unitClassId], productId !== null ? [productId] : []), select: RULE_SELECT });
  return resolveFactors(units, rules, productId);
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
  const [answer] = await toProductBaseQuantities(db, [{ productId, uomId, quantity }]);
  if (answer instanceof ValidationError) throw answer;
  return answer!;
}

export interface ProductQuantity {
  productId: number;
  /** The unit the quantity is given in; none means the product's own unit. */
  uomId: number | null | undefined;
  quantity: DecimalInput;
}

/**
 * toProductBaseQuantity for many quantities at once, in a fixed number of queries whatever their count.
 * Each answer is the converted quantity, or the ValidationError toProductBaseQuantity would have thrown
 * (an unknown product or unit still throws NotFoundError: callers check those first).
 */
export async function toProductBaseQuantities(db: Db, requests: ProductQuantity[]): Promise<Array<Decimal | ValidationError>> {
  const given = requests.filter((r) => r.uomId !== null && r.uomId !== undefined);
  const productIds = [...new Set(given.map((r) => r.productId))];
  // One query after the other: a transaction client runs one query at a time.
  const products = productIds.length
    ? await db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, defaultUomId: true } })
    : [];
  const defaultUnitOf = new Map(products.map((p) => [p.id, p.defaultUomId]));
  const toConvert = given.filter((r) => {
    const target = defaultUnitOf.get(r.productId);
    return target !== null && target !== undefined && target !== r.uomId;
  });
  const unitIds = [...new Set(toConvert.flatMap((r) => [r.uomId!, defaultUnitOf.get(r.productId)!]))];
  const units = unitIds.length ? await db.unitOfMeasure.findMany({ where: { id: { in: unitIds } }, select: { id: true, unitClassId: true } }) : [];
  const classOf = new Map(units.map((u) => [u.id, u.unitClassId]));
  const classIds = [...new Set(units.map((u) => u.unitClassId))];
  const convertingProducts = [...new Set(toConvert.map((r) => r.productId))];
  const [classUnits, rules] = classIds.length
    ? [
        await db.unitOfMeasure.findMany({ where: { unitClassId: { in: classIds } }, select: { id: true, baseUnit: true, unitClassId: true } }),
        await db.unitConversionRule.findMany({ where: rulesWhere(classIds, convertingProducts), select: RULE_SELECT }),
      ]
    : [[], []];
  const factorsOf = new Map<number | null, Map<number, Decimal>>();
  const factorsFor = (productId: number) => {
    let factors = factorsOf.get(productId);
    if (!factors) factorsOf.set(productId, (factors = resolveFactors(classUnits, rules, productId)));
    return factors;
  };

  return requests.map((request) => {
    const target = request.uomId === null || request.uomId === undefined ? undefined : defaultUnitOf.get(request.productId);
    if (request.uomId === null || request.uomId === undefined || target === null) return toDecimal(request.quantity);
    if (target === undefined) throw new NotFoundError('Product', request.productId);
    if (target === request.uomId) return toDecimal(request.quantity);
    const fromClass = classOf.get(request.uomId);
    const toClass = classOf.get(target);
    if (fromClass === undefined) throw new NotFoundError('Unit of measure', request.uomId);
    if (toClass === undefined) throw new NotFoundError('Unit of measure', target);
    if (fromClass !== toClass) {
      return new ValidationError({ uomId: [`Units ${request.uomId} and ${target} belong to different unit classes and cannot be converted.`] });
    }
    const factors = factorsFor(request.productId);
    const from = factors.get(request.uomId);
    const to = factors.get(target);
    if (!from) return new ValidationError({ uomId: [`Unit ${request.uomId} has no conversion to the base unit of its class.`] });
    if (!to) return new ValidationError({ uomId: [`Unit ${target} has no conversion to the base unit of its class.`] });
    return toDecimal(request.quantity).times(from).dividedBy(to);
  });
}
