// Amounts stated in a currency: checking one (no more decimals than the currency's minor units) and
// splitting one into parts that add up to it exactly. Rounding itself is roundToCurrency (currency-codes.ts).
import { Decimal, ZERO } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal } from '../shared/field-checks.js';
import { minorUnits, roundToCurrency } from '../shared/currency-codes.js';

const MONEY = { scale: 4, precision: 20 } as const;

/** An amount stated in a currency: no more decimals than its minor units, and it fits the money columns. */
export function checkMoney(errors: FieldErrorCollector, field: string, amount: Decimal, currency: string): void {
  const digits = minorUnits(currency);
  if (amount.decimalPlaces() > digits) {
    errors.add(field, `The amount may have at most ${digits} decimal place${digits === 1 ? '' : 's'} in ${currency}.`);
    return;
  }
  checkDecimal(errors, field, amount, { ...MONEY, min: 0 });
}

/**
 * Splits an amount by weights, each share rounded to the currency's minor units and the rounding remainder on
 * the last share with weight, so the shares add up to the amount exactly. All-zero weights split evenly.
 */
export function shareOut(amount: Decimal, weights: Decimal[], currency: string): Decimal[] {
  const used = weights.some((w) => w.gt(0)) ? weights : weights.map(() => new Decimal(1));
  const total = used.reduce((sum, w) => sum.plus(w), ZERO);
  const last = used.map((w) => w.gt(0)).lastIndexOf(true);
  let given = ZERO;
  return used.map((weight, index) => {
    if (index === last) return amount.minus(given);
    const share = roundToCurrency(amount.mul(weight).div(total), currency);
    given = given.plus(share);
    return share;
  });
}
