// The weight totals of a product: exact sums per system, one rounding at 10 decimals for metric → ounces.
import { describe, expect, it } from 'vitest';
import { FieldErrorCollector } from '../../src/domain/shared/errors.js';
import { normalizeWeightEntries, weightTotals, type WeightEntry } from '../../src/domain/products/weights.js';

const totals = (entries: Array<[string, string]>) => {
  const { oz, lb } = weightTotals(entries.map(([unit, value]) => ({ unit, value }) as WeightEntry));
  return { oz: oz?.toFixed(10) ?? null, lb: lb?.toFixed(10) ?? null };
};

describe('weightTotals', () => {
  it('is null for no entries', () => {
    expect(weightTotals([])).toEqual({ oz: null, lb: null });
  });

  it('converts between ounces and pounds exactly (1 lb = 16 oz)', () => {
    expect(totals([['lb', '1']])).toEqual({ oz: '16.0000000000', lb: '1.0000000000' });
    expect(totals([['oz', '8']])).toEqual({ oz: '8.0000000000', lb: '0.5000000000' });
    expect(totals([['lb', '2'], ['oz', '4']])).toEqual({ oz: '36.0000000000', lb: '2.2500000000' });
    expect(totals([['oz', '1']])).toEqual({ oz: '1.0000000000', lb: '0.0625000000' });
  });

  it('uses the exact gram definitions (1 oz = 28.349523125 g, 1 lb = 453.59237 g)', () => {
    expect(totals([['g', '28.349523125']])).toEqual({ oz: '1.0000000000', lb: '0.0625000000' });
    expect(totals([['g', '453.59237']])).toEqual({ oz: '16.0000000000', lb: '1.0000000000' });
    expect(totals([['kg', '0.45359237']])).toEqual({ oz: '16.0000000000', lb: '1.0000000000' });
    expect(totals([['mg', '453592.37']])).toEqual({ oz: '16.0000000000', lb: '1.0000000000' });
    expect(totals([['t', '0.00045359237']])).toEqual({ oz: '16.0000000000', lb: '1.0000000000' });
  });

  it('rounds a non-terminating conversion once, half up, at 10 decimals', () => {
    // 1000 / 28.349523125 = 35.27396194958041...; / 16 = 2.20462262184877...
    expect(totals([['kg', '1']])).toEqual({ oz: '35.2739619496', lb: '2.2046226218' });
    // Summing before converting: 3 × 1 g is not 3 × round(1 g).
    expect(totals([['g', '1'], ['g', '1'], ['g', '1']])).toEqual(totals([['g', '3']]));
  });

  it('adds entries of mixed units', () => {
    // 1 lb + 100 g = 16 oz + 3.5273961949580... oz
    expect(totals([['lb', '1'], ['g', '100']])).toEqual({ oz: '19.5273961950', lb: '1.2204622622' });
  });
});

describe('normalizeWeightEntries', () => {
  it('lower-cases units and keeps values as exact text', () => {
    const errors = new FieldErrorCollector();
    expect(normalizeWeightEntries('productWeight', [{ unit: 'LB', value: '1.50' }, { unit: ' kg ', value: 2 }], errors)).toEqual([
      { unit: 'lb', value: '1.5' },
      { unit: 'kg', value: '2' },
    ]);
    expect(errors.empty).toBe(true);
  });

  it('keys errors by group, index and field', () => {
    const errors = new FieldErrorCollector();
    expect(normalizeWeightEntries('boxWeight', [{ unit: 'stone', value: 1 }, { unit: 'g', value: -1 }, { unit: 'g', value: '0.00000000001' }], errors)).toBeNull();
    expect(errors.errors).toEqual({
      'boxWeight.0.unit': ['The unit must be one of: g, kg, mg, oz, lb, t.'],
      'boxWeight.1.value': ['The value must be at least 0.'],
      'boxWeight.2.value': ['The value may have at most 10 decimal places.'],
    });
  });

  it('refuses a total that the column cannot hold', () => {
    const errors = new FieldErrorCollector();
    expect(normalizeWeightEntries('palletWeight', [{ unit: 't', value: '100000000000' }], errors)).toBeNull();
    expect(Object.keys(errors.errors)).toEqual(['palletWeight']);
  });
});
