// The exchange rate a money document keeps: base-currency units per unit of its currency on its date.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { formatDateOnly } from '../shared/dates.js';
import type { Decimal } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { effectiveRate } from './exchange-rates.js';

/**
 * The rate from `currency` to the base currency in force on `date` (15 decimals), or null after adding an
 * error under `field` when no stored rate leads there. `dateName` says which date it was ("the bill date").
 */
export async function rateToBase(
  db: TenantDb | TenantTx,
  errors: FieldErrorCollector,
  field: string,
  currency: string,
  baseCurrency: string,
  date: Date,
  dateName: string,
): Promise<Decimal | null> {
  const found = await effectiveRate(db, currency, baseCurrency, date, baseCurrency);
  if (!found) {
    errors.add(field, `No exchange rate leads from ${currency} to the base currency ${baseCurrency} on or before ${dateName} ${formatDateOnly(date)}.`);
    return null;
  }
  return found.rate.toDecimalPlaces(15);
}
