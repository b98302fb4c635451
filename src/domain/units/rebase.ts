// Making another unit the base of its class. Every factor of the class is re-expressed relative to the new
// base N so that each conversion gives the same result as before: with f the factors to the old base B,
// f'(u) = f(u) / f(N); B itself gets f'(B) = 1 / f(N), and N needs no rule any more. Product rules are
// re-expressed the same way with the product's own factors fp, and where a product overrode N itself, the
// units it had no rule for get one, since the system factors no longer give fp(u) / fp(N) for them.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { ONE, type Decimal } from '../shared/decimal.js';
import { ValidationError } from '../shared/errors.js';
import { lockUnitClasses } from './class-lock.js';
import { unitFactorsOfClass } from './conversion.js';
import { derivedFactorProblem, storedFactor } from './factors.js';

/**
 * Makes the unit the base of its class and re-expresses the class's rules; does nothing when it already is.
 * @param field the input field errors are reported under.
 */
export async function makeBaseUnit(tx: TenantTx, uomId: number, field: string): Promise<void> {
  const { unitClassId: classId } = await tx.unitOfMeasure.findUniqueOrThrow({ where: byId(uomId), select: { unitClassId: true } });
  await lockUnitClasses(tx, classId);
  // Read after taking the lock: a concurrent change of the base has finished by now.
  const unit = await tx.unitOfMeasure.findUniqueOrThrow({ where: byId(uomId), select: { id: true, name: true, baseUnit: true } });
  if (unit.baseUnit) return;
  const oldBase = await tx.unitOfMeasure.findFirst({ where: { unitClassId: classId, baseUnit: true }, select: { id: true, name: true } });
  const names = new Map((await tx.unitOfMeasure.findMany({ where: { unitClassId: classId }, select: { id: true, name: true } })).map((u) => [u.id, u.name]));

  if (!oldBase) {
    // A class whose base was moved away: nothing is expressed relative to a base, so this unit simply becomes it.
    await tx.unitOfMeasure.update({ where: byId(uomId), data: { baseUnit: true } });
    return;
  }

  const system = await unitFactorsOfClass(tx, classId);
  const pivot = system.get(uomId);
  if (!pivot) {
    throw new ValidationError({
      [field]: [`The unit "${unit.name}" has no conversion factor to the base unit "${oldBase.name}"; give it one before making it the base.`],
    });
  }
  const problems: string[] = [];
  const rescale = (factors: Map<number, Decimal>, by: Decimal): Map<number, Decimal> => {
    const result = new Map<number, Decimal>();
    for (const [id, factor] of factors) {
      if (id === uomId) continue;
      const exact = factor.dividedBy(by);
      const problem = derivedFactorProblem(exact);
      if (problem) problems.push(`for "${names.get(id)}" ${problem}`);
      result.set(id, storedFactor(exact));
    }
    return result;
  };

  const newSystem = rescale(system, pivot);
  const productRules = await tx.unitConversionRule.findMany({
    where: { type: 'PRODUCT', convertedUnitOfMeasure: { unitClassId: classId } },
    select: { id: true, productId: true, convertedUnitOfMeasureId: true, status: true, alternateSkuLinks: { select: { alternateSkuId: true } } },
    orderBy: { id: 'asc' },
  });
  const productIds = [...new Set(productRules.map((r) => r.productId!))];
  const newProductFactors = new Map<number, Map<number, Decimal>>();
  for (const productId of productIds) {
    const own = await unitFactorsOfClass(tx, classId, productId);
    newProductFactors.set(productId, rescale(own, own.get(uomId) ?? pivot));
  }
  if (problems.length > 0) {
    throw new ValidationError(
      { [field]: [`"${unit.name}" cannot become the base unit: ${problems.join('; ')}.`] },
      `"${unit.name}" cannot become the base unit of its class without changing conversions.`,
    );
  }

  await tx.unitOfMeasure.update({ where: byId(oldBase.id), data: { baseUnit: false } });
  await tx.unitOfMeasure.update({ where: byId(uomId), data: { baseUnit: true } });

  const systemRules = await tx.unitConversionRule.findMany({
    where: { type: 'SYSTEM', convertedUnitOfMeasure: { unitClassId: classId } },
    select: { id: true, convertedUnitOfMeasureId: true, status: true },
  });
  for (const rule of systemRules) {
    const factor = newSystem.get(rule.convertedUnitOfMeasureId);
    if (rule.convertedUnitOfMeasureId === uomId) {
      await tx.unitConversionRule.delete({ where: byId(rule.id) });
    } else if (factor && rule.status === 'active') {
      await tx.unitConversionRule.update({ where: byId(rule.id), data: { baseUnitOfMeasureId: uomId, conversionFactor: factor } });
    } else {
      // An inactive rule, or one that leads to no factor: kept, but pointed at the new base so no rule
      // names a unit that is no longer the base.
      await tx.unitConversionRule.update({ where: byId(rule.id), data: { baseUnitOfMeasureId: uomId } });
    }
  }
  // The old base had no rule of its own (a base needs none); the loop above rewrote one if it somehow had.
  if (!systemRules.some((r) => r.convertedUnitOfMeasureId === oldBase.id && r.status === 'active')) {
    await tx.unitConversionRule.create({
      data: { type: 'SYSTEM', baseUnitOfMeasureId: uomId, convertedUnitOfMeasureId: oldBase.id, conversionFactor: newSystem.get(oldBase.id)! } as Prisma.UnitConversionRuleUncheckedCreateInput,
    });
  }

  for (const productId of productIds) {
    const factors = newProductFactors.get(productId)!;
    const rules = productRules.filter((r) => r.productId === productId);
    const covered = new Set(rules.map((r) => r.convertedUnitOfMeasureId));
    const pivotRule = rules.find((r) => r.convertedUnitOfMeasureId === uomId && r.status === 'active');
    for (const rule of rules) {
      if (rule.convertedUnitOfMeasureId === uomId) continue;
      const factor = factors.get(rule.convertedUnitOfMeasureId);
      await tx.unitConversionRule.update({
        where: byId(rule.id),
        data: { baseUnitOfMeasureId: uomId, ...(factor && rule.status === 'active' ? { conversionFactor: factor } : {}) },
      });
    }
    if (pivotRule) {
      // The product's own factor of N differs from the system's, so the system factors no longer fit this
      // product: give it its own rule for every unit it followed the system for, carrying the same SKU links.
      for (const [id, factor] of factors) {
        if (covered.has(id) || factor.eq(newSystem.get(id) ?? ONE.negated())) continue;
        await tx.unitConversionRule.create({
          data: {
            type: 'PRODUCT',
            productId,
            baseUnitOfMeasureId: uomId,
            convertedUnitOfMeasureId: id,
            conversionFactor: factor,
            alternateSkuLinks: { create: pivotRule.alternateSkuLinks.map(({ alternateSkuId }) => ({ alternateSkuId })) },
          } as Prisma.UnitConversionRuleUncheckedCreateInput,
        });
      }
    }
    for (const rule of rules.filter((r) => r.convertedUnitOfMeasureId === uomId)) {
      await tx.unitConversionRule.delete({ where: byId(rule.id) });
    }
  }
}
