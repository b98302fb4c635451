// Conversion factors as they are stored: NUMERIC(30, 15), so at most 15 integer digits and 15 decimals.
// Factors given by a caller are rounded to the stored scale and must stay greater than zero; factors the
// service derives (when the base unit of a class changes) must also keep their value to within
// MAX_RELATIVE_ROUNDING once rounded, or conversions would change.
import { Decimal, toDecimal, type DecimalInput } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';

export const FACTOR_DECIMALS = 15;
export const FACTOR_LIMIT = new Decimal('1e15');
export const MAX_RELATIVE_ROUNDING = new Decimal('1e-9');

/** The factor as it will be stored. */
export function storedFactor(value: DecimalInput): Decimal {
  return toDecimal(value).toDecimalPlaces(FACTOR_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** Checks a factor given by a caller; returns it rounded to the stored scale, or null after adding an error. */
export function checkGivenFactor(value: DecimalInput, field: string, errors: FieldErrorCollector): Decimal | null {
  const stored = storedFactor(value);
  if (stored.lte(0)) {
    errors.add(field, 'The conversion factor must be greater than 0.');
    return null;
  }
  if (stored.gte(FACTOR_LIMIT)) {
    errors.add(field, `The conversion factor must be less than ${FACTOR_LIMIT.toFixed()}.`);
    return null;
  }
  return stored;
}

/** Why a derived factor cannot be stored without changing conversions, or null when it can. */
export function derivedFactorProblem(exact: Decimal): string | null {
  if (exact.gte(FACTOR_LIMIT)) return `the factor ${exact.toSignificantDigits(6).toString()} is too large to store (the limit is ${FACTOR_LIMIT.toFixed()})`;
  const stored = storedFactor(exact);
  if (stored.isZero() || stored.minus(exact).abs().dividedBy(exact).gt(MAX_RELATIVE_ROUNDING)) {
    return `the factor ${exact.toSignificantDigits(6).toString()} is too small to store with ${FACTOR_DECIMALS} decimal places without changing conversions`;
  }
  return null;
}
