// The `from` / `to` period of the payables reports and the vendor statement: YYYY-MM-DD dates, both days
// included; `to` defaults to today (UTC) and `from` to the first day of the month of `to`.
import { formatDateOnly, todayUtc } from '../shared/dates.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkDateOnly } from '../shared/field-checks.js';

export interface ReportPeriod {
  from: Date;
  to: Date;
}

/** The period, or null with the problems collected under `from` / `to` (a from after the to is one on `from`). */
export function checkReportPeriod(errors: FieldErrorCollector, from: string | null | undefined, to: string | null | undefined): ReportPeriod | null {
  const end = to == null ? todayUtc() : checkDateOnly(errors, 'to', to);
  const start = from == null ? (end ? new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1)) : null) : checkDateOnly(errors, 'from', from);
  if (!start || !end) return null;
  if (start > end) {
    errors.add('from', `The from date ${formatDateOnly(start)} is after the to date ${formatDateOnly(end)}.`);
    return null;
  }
  return { from: start, to: end };
}
