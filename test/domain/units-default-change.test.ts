// Changing the base (default) unit of a class re-expresses every factor, so that every conversion between
// two units, for the system and for products with their own rules, gives the same result before and after.
//
// Why "equal to 1e-9 relative" and not exact equality: factors are stored as NUMERIC(30, 15), and some
// re-expressed factors are not finite decimals (with inches as the base, 1 mm = 1/25.4 in =
// 0.0393700787401574803149606...), so they are rounded to 15 decimal places. A conversion that went
// through exact factors before (mm → km = 0.000001) then goes through rounded ones, and can differ in the
// 14th significant digit. The service refuses a base change whose rounding would move a factor by more
// than 1e-9 relative, so 1e-9 is the promise being tested.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertQuantity } from '../../src/domain/units/conversion.js';
import { createConversionRule } from '../../src/domain/units/conversion-rules.js';
import { setDefaultUnitOfMeasure } from '../../src/domain/units/unit-classes.js';
import { createUnitOfMeasure, updateUnitOfMeasure } from '../../src/domain/units/units-of-measure.js';
import { Decimal } from '../../src/domain/shared/decimal.js';
import type { TenantDb } from '../../src/db/tenant-client.js';
import { createClassWithUnits, createProduct, openUnitsWorld, type UnitsWorld } from './units-support.js';

let world: UnitsWorld;
beforeAll(async () => {
  world = await openUnitsWorld('units-default');
});
afterAll(() => world?.database.close());

const LENGTH: Array<[string, string | null]> = [['mm', null], ['cm', '10'], ['m', '1000'], ['km', '1000000'], ['in', '25.4'], ['ft', '304.8']];
const QUANTITY = new Decimal('7.25');

/** quantity converted from → to, for every ordered pair of units (and product, when given). */
async function allConversions(db: TenantDb, ids: Record<string, number>, productId: number | null = null): Promise<Map<string, Decimal>> {
  const result = new Map<string, Decimal>();
  for (const [from, fromId] of Object.entries(ids)) {
    for (const [to, toId] of Object.entries(ids)) {
      if (from === to) continue; // trivially the quantity itself
      result.set(`${from}→${to}`, await convertQuantity(db, QUANTITY, fromId, toId, productId));
    }
  }
  return result;
}

function expectSameConversions(before: Map<string, Decimal>, after: Map<string, Decimal>): void {
  expect([...after.keys()]).toEqual([...before.keys()]);
  const off: string[] = [];
  for (const [pair, was] of before) {
    const now = after.get(pair)!;
    const relative = now.minus(was).abs().dividedBy(was);
    if (relative.gt('1e-9')) off.push(`${pair}: ${was.toString()} became ${now.toString()}`);
  }
  expect(off).toEqual([]);
}

async function baseOf(db: TenantDb, classId: number): Promise<string> {
  return (await db.unitOfMeasure.findFirstOrThrow({ where: { unitClassId: classId, baseUnit: true } })).name;
}

describe('changing the base unit of a class', () => {
  it('keeps every conversion between two units, pair by pair, through several base changes', async () => {
    const { classId, ids } = await createClassWithUnits(world.db, 'Length A', LENGTH);
    const original = await allConversions(world.db, ids);
    expect(original.get('km→mm')!.toString()).toBe('7250000');
    expect(original.get('ft→in')!.toString()).toBe('87');

    for (const next of ['in', 'km', 'mm']) {
      await setDefaultUnitOfMeasure(world.db, classId, ids[next]);
      expect(await baseOf(world.db, classId)).toBe(next);
      expect(await world.db.unitOfMeasure.count({ where: { unitClassId: classId, baseUnit: true } })).toBe(1);
      expectSameConversions(original, await allConversions(world.db, ids));
    }
  });

  it('re-expresses the system rules relative to the new base: one rule per other unit, none for the base', async () => {
    const { classId, ids } = await createClassWithUnits(world.db, 'Length B', LENGTH);
    await setDefaultUnitOfMeasure(world.db, classId, ids.cm);
    const rules = await world.db.unitConversionRule.findMany({ where: { type: 'SYSTEM', convertedUnitOfMeasure: { unitClassId: classId } } });
    const byUnit = Object.fromEntries(rules.map((r) => [Object.keys(ids).find((n) => ids[n] === r.convertedUnitOfMeasureId)!, r]));
    expect(Object.keys(byUnit).sort()).toEqual(['ft', 'in', 'km', 'm', 'mm']);
    for (const rule of rules) expect(rule.baseUnitOfMeasureId).toBe(ids.cm);
    expect(byUnit.mm.conversionFactor.toString()).toBe('0.1');
    expect(byUnit.m.conversionFactor.toString()).toBe('100');
    expect(byUnit.km.conversionFactor.toString()).toBe('100000');
    expect(byUnit.in.conversionFactor.toString()).toBe('2.54');
  });

  it('does the same through an update with baseUnit: true, and keeps product overrides for their product', async () => {
    const { classId, ids } = await createClassWithUnits(world.db, 'Length C', LENGTH);
    // This product's "foot" is 300 mm and its "in" is 25 mm: both override the system factors.
    const product = await createProduct(world.db, 'ROD-1', ids.mm, ['ROD-1-ALT']);
    await createConversionRule(world.db, { baseUnitOfMeasureId: ids.mm, convertedUnitOfMeasureId: ids.ft, conversionFactor: new Decimal(300), productId: product.id });
    await createConversionRule(world.db, {
      baseUnitOfMeasureId: ids.mm, convertedUnitOfMeasureId: ids.in, conversionFactor: new Decimal(25), productId: product.id,
      productAlternateSkuIds: [product.alternateSkus[0].id],
    });
    const system = await allConversions(world.db, ids);
    const own = await allConversions(world.db, ids, product.id);
    expect(own.get('ft→mm')!.toString()).toBe('2175');
    expect(own.get('in→cm')!.toString()).toBe('18.125');

    // First to a unit the product has no rule for, then to one it overrides (its own "in").
    for (const next of ['m', 'in']) {
      await updateUnitOfMeasure(world.db, ids[next], { baseUnit: true });
      expect(await baseOf(world.db, classId)).toBe(next);
      expectSameConversions(system, await allConversions(world.db, ids));
      expectSameConversions(own, await allConversions(world.db, ids, product.id));
    }
    const productRules = await world.db.unitConversionRule.findMany({ where: { productId: product.id }, include: { alternateSkuLinks: true } });
    for (const rule of productRules) expect(rule.baseUnitOfMeasureId).toBe(ids.in);
    // The rules derived from the product's own "in" carry its alternate SKU link.
    expect(productRules.some((r) => r.alternateSkuLinks.length === 1)).toBe(true);
  });

  it('keeps a unit without a factor without one, and refuses to make it the base', async () => {
    const { classId, ids } = await createClassWithUnits(world.db, 'Length D', [['mm', null], ['cm', '10'], ['league', null]]);
    await expect(setDefaultUnitOfMeasure(world.db, classId, ids.league)).rejects.toThrow(/no conversion factor/);
    await setDefaultUnitOfMeasure(world.db, classId, ids.cm);
    expect(await world.db.unitConversionRule.count({ where: { convertedUnitOfMeasureId: ids.league } })).toBe(0);
    expect((await convertQuantity(world.db, 3, ids.mm, ids.cm)).toString()).toBe('0.3');
  });

  it('refuses a base whose re-expressed factors could not be stored without changing conversions', async () => {
    const { classId, ids } = await createClassWithUnits(world.db, 'Length E', [['nm', null], ['thou', '25400'], ['ly', '9460730472580800000000000'.slice(0, 15)]]);
    await expect(setDefaultUnitOfMeasure(world.db, classId, ids.ly)).rejects.toThrow(/cannot become the base unit/);
    expect(await baseOf(world.db, classId)).toBe('nm');
  });

  it('makes a new unit the base at creation when it comes with its factor', async () => {
    const { classId, ids } = await createClassWithUnits(world.db, 'Length F', [['mm', null], ['cm', '10']]);
    const before = await convertQuantity(world.db, 5, ids.cm, ids.mm);
    const m = await createUnitOfMeasure(world.db, { unitClassId: classId, name: 'm', baseUnit: true, conversionFactor: new Decimal(1000) });
    expect(m.baseUnit).toBe(true);
    expect((await convertQuantity(world.db, 5, ids.cm, ids.mm)).toString()).toBe(before.toString());
    expect((await convertQuantity(world.db, 2, m.id, ids.cm)).toString()).toBe('200');
  });
});
