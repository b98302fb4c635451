// ISO 4217 currency codes and their minor units (JPY 0, USD 2, KWD 3), from the `currency-codes` package,
// and the rounding of a stated amount to them. Unit costs and rates keep their precision; only amounts that
// are stated in a currency are rounded, half away from zero.
import currencyCodes from 'currency-codes';
import { Decimal } from './decimal.js';

export const DEFAULT_BASE_CURRENCY = 'USD';

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencyCodes.code(code) !== undefined;
}

/** Digits after the point of the currency's minor unit; 2 when ISO gives none (funds, precious metals). */
export function minorUnits(code: string): number {
  const digits = currencyCodes.code(code)?.digits;
  return typeof digits === 'number' ? digits : 2;
}

export function roundToCurrency(amount: Decimal, code: string): Decimal {
  return amount.toDecimalPlaces(minorUnits(code), Decimal.ROUND_HALF_UP);
}
