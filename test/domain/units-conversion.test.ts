// convertQuantity and unitFactorsOfClass: system factors through the base unit, and a product's own rule
// overriding the system factor for that product only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertQuantity, toProductBaseQuantity, unitFactor, unitFactorsOfClass } from '../../src/domain/units/conversion.js';
import { createConversionRule } from '../../src/domain/units/conversion-rules.js';
import { Decimal } from '../../src/domain/shared/decimal.js';
import { ValidationError } from '../../src/domain/shared/errors.js';
import { createClassWithUnits, createProduct, openUnitsWorld, type UnitsWorld } from './units-support.js';

let world: UnitsWorld;
let count: { classId: number; ids: Record<string, number> };
let caseOf12: number;
let caseOf24: number;

beforeAll(async () => {
  world = await openUnitsWorld('units-conversion');
  count = await createClassWithUnits(world.db, 'Count', [['each', null], ['dozen', '12'], ['case', '12'], ['pallet', '480']]);
  caseOf12 = (await createProduct(world.db, 'SKU-12', count.ids.each)).id;
  const big = await createProduct(world.db, 'SKU-24', count.ids.case);
  caseOf24 = big.id;
  await createConversionRule(world.db, {
    baseUnitOfMeasureId: count.ids.each,
    convertedUnitOfMeasureId: count.ids.case,
    conversionFactor: new Decimal(24),
    productId: caseOf24,
  });
});
afterAll(() => world?.database.close());

describe('convertQuantity', () => {
  it('converts through the base unit with the system factors', async () => {
    expect((await convertQuantity(world.db, 3, count.ids.case, count.ids.each)).toString()).toBe('36');
    expect((await convertQuantity(world.db, 1, count.ids.pallet, count.ids.case)).toString()).toBe('40');
    expect((await convertQuantity(world.db, 6, count.ids.each, count.ids.dozen)).toString()).toBe('0.5');
    expect((await convertQuantity(world.db, '2.5', count.ids.dozen, count.ids.dozen)).toString()).toBe('2.5');
  });

  it('uses a product rule for that product only', async () => {
    expect((await convertQuantity(world.db, 3, count.ids.case, count.ids.each, caseOf24)).toString()).toBe('72');
    expect((await convertQuantity(world.db, 3, count.ids.case, count.ids.each, caseOf12)).toString()).toBe('36');
    // The pallet has no product rule: it keeps its system factor, and the case is 24 each for this product.
    expect((await convertQuantity(world.db, 1, count.ids.pallet, count.ids.case, caseOf24)).toString()).toBe('20');
    expect((await unitFactor(world.db, count.ids.case, caseOf24)).factor.toString()).toBe('24');
  });

  it('expresses quantities in the product\'s default unit', async () => {
    expect((await toProductBaseQuantity(world.db, caseOf24, count.ids.pallet, 2)).toString()).toBe('40');
    expect((await toProductBaseQuantity(world.db, caseOf12, count.ids.dozen, 2)).toString()).toBe('24');
    expect((await toProductBaseQuantity(world.db, caseOf12, null, 7)).toString()).toBe('7');
  });

  it('refuses units of different classes and units with no factor', async () => {
    const length = await createClassWithUnits(world.db, 'Length', [['m', null], ['furlong', null]]);
    await expect(convertQuantity(world.db, 1, length.ids.m, count.ids.each)).rejects.toBeInstanceOf(ValidationError);
    await expect(convertQuantity(world.db, 1, length.ids.furlong, length.ids.m)).rejects.toThrow(/no conversion to the base unit/);
  });
});

describe('unitFactorsOfClass', () => {
  it('gives every unit\'s factor at once, with product overrides, leaving out units without one', async () => {
    const system = await unitFactorsOfClass(world.db, count.classId);
    expect(Object.fromEntries([...system].map(([id, f]) => [id, f.toString()]))).toEqual({
      [count.ids.each]: '1', [count.ids.dozen]: '12', [count.ids.case]: '12', [count.ids.pallet]: '480',
    });
    const own = await unitFactorsOfClass(world.db, count.classId, caseOf24);
    expect(own.get(count.ids.case)!.toString()).toBe('24');
    expect(own.get(count.ids.dozen)!.toString()).toBe('12');
    const length = await world.db.unitClass.findFirstOrThrow({ where: { name: 'Length' } });
    expect([...(await unitFactorsOfClass(world.db, length.id)).keys()]).toHaveLength(1);
  });
});
