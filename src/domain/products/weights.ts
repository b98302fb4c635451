// Weight groups of a product: the entries as given ([{unit, value}]) and their totals in ounces and pounds.
// Pure arithmetic on decimals. The factors are the exact legal definitions: 1 lb = 16 oz = 453.59237 g and
// 1 oz = 28.349523125 g, so sums within one system are exact; converting grams to ounces divides by a
// number whose decimal expansion does not end, so each total is rounded once, at the end, to the scale its
// column keeps (10 decimal places, half up), never entry by entry.
import { Decimal, type DecimalInput } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';

/** Grams per unit, for the metric units. */
const GRAMS: Record<string, string> = { mg: '0.001', g: '1', kg: '1000', t: '1000000' };
/** Ounces per unit, for the avoirdupois units. */
const OUNCES: Record<string, string> = { oz: '1', lb: '16' };

export const WEIGHT_UNITS = ['g', 'kg', 'mg', 'oz', 'lb', 't'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const GRAMS_PER_OUNCE = new Decimal('28.349523125');
export const OUNCES_PER_POUND = new Decimal(16);
/** Decimal places kept by the `_oz` / `_lb` columns (NUMERIC(24, 10)). */
export const TOTAL_SCALE = 10;
/** Totals must stay below this to fit NUMERIC(24, 10). */
const TOTAL_LIMIT = new Decimal(10).pow(24 - TOTAL_SCALE);

// Enough significant digits that a division is exact to TOTAL_SCALE places for any total that fits.
const Wide = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

export const WEIGHT_GROUPS = [
  'productWeight',
  'dimensionalWeight',
  'boxWeight',
  'cartonWeight',
  'shippingWeight',
  'palletWeight',
] as const;
export type WeightGroup = (typeof WEIGHT_GROUPS)[number];

export interface WeightEntryInput {
  unit: string;
  value: DecimalInput;
}

/** How an entry is stored: the unit in lower case, the value as exact decimal text. */
export interface WeightEntry {
  unit: WeightUnit;
  value: string;
}

export interface WeightTotals {
  oz: Decimal | null;
  lb: Decimal | null;
}

export function isWeightUnit(unit: string): unit is WeightUnit {
  return (WEIGHT_UNITS as readonly string[]).includes(unit);
}

/**
 * Checks a group's entries (errors keyed `<field>.<index>.unit` / `.value`) and returns them normalised,
 * or null when any entry is invalid.
 */
export function normalizeWeightEntries(
  field: string,
  entries: readonly WeightEntryInput[],
  errors: FieldErrorCollector,
): WeightEntry[] | null {
  let valid = true;
  const normalized: WeightEntry[] = [];
  entries.forEach((entry, index) => {
    const unit = typeof entry.unit === 'string' ? entry.unit.trim().toLowerCase() : '';
    if (!isWeightUnit(unit)) {
      errors.add(`${field}.${index}.unit`, `The unit must be one of: ${WEIGHT_UNITS.join(', ')}.`);
      valid = false;
    }
    const value = new Decimal(String(entry.value));
    if (value.isNegative()) {
      errors.add(`${field}.${index}.value`, 'The value must be at least 0.');
      valid = false;
    } else if (value.decimalPlaces() > TOTAL_SCALE) {
      errors.add(`${field}.${index}.value`, `The value may have at most ${TOTAL_SCALE} decimal places.`);
      valid = false;
    }
    normalized.push({ unit: unit as WeightUnit, value: value.toFixed() });
  });
  if (!valid) return null;
  const totals = weightTotals(normalized);
  if (totals.oz !== null && totals.oz.gte(TOTAL_LIMIT)) {
    errors.add(field, `The total weight must be less than ${TOTAL_LIMIT.toFixed()} ounces.`);
    return null;
  }
  return normalized;
}

/** Totals of a group's entries; both null when the group has no entries. */
export function weightTotals(entries: readonly WeightEntry[]): WeightTotals {
  if (entries.length === 0) return { oz: null, lb: null };
  // Sum each system exactly, then convert the metric part once.
  let ounces = new Wide(0);
  let grams = new Wide(0);
  for (const { unit, value } of entries) {
    if (unit in OUNCES) ounces = ounces.plus(new Wide(value).times(OUNCES[unit]));
    else grams = grams.plus(new Wide(value).times(GRAMS[unit]));
  }
  const totalOz = ounces.plus(grams.dividedBy(GRAMS_PER_OUNCE.toString()));
  const totalLb = ounces.dividedBy(OUNCES_PER_POUND.toString()).plus(grams.dividedBy(new Wide(GRAMS_PER_OUNCE.toString()).times(16)));
  return {
    oz: new Decimal(totalOz.toDecimalPlaces(TOTAL_SCALE, Decimal.ROUND_HALF_UP).toFixed()),
    lb: new Decimal(totalLb.toDecimalPlaces(TOTAL_SCALE, Decimal.ROUND_HALF_UP).toFixed()),
  };
}
