// Prisma filter objects for one condition on one column, by kind. Field tables combine them with their
// own relation paths (`{ category: { is: { name: stringFilter(op, v) } } }`).
import type { Decimal } from '../decimal.js';
import type { FilterOperator } from './grammar.js';
import type { FilterValue } from './values.js';

const SECOND_MS = 1000;

/**
 * Strings compare case-insensitively: eq is equality, contains a substring. On PostgreSQL Prisma runs both
 * insensitive forms as ILIKE without escaping the value, so LIKE's wildcards and escape character are
 * escaped here: `50%` means "50%", `a_b` does not match "axb".
 */
export function stringFilter(operator: FilterOperator, value: FilterValue) {
  const text = escapeLike(String(value));
  return operator === 'contains'
    ? { contains: text, mode: 'insensitive' as const }
    : { equals: text, mode: 'insensitive' as const };
}

/** PostgreSQL's LIKE: backslash (the default escape character) before %, _ and itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** Numbers, enums and booleans: eq is equality, the others compare. */
export function comparisonFilter<T extends number | boolean | string | Decimal>(operator: FilterOperator, value: T) {
  switch (operator) {
    case 'gt':
      return { gt: value };
    case 'gte':
      return { gte: value };
    case 'lt':
      return { lt: value };
    case 'lte':
      return { lte: value };
    default:
      return { equals: value };
  }
}

/**
 * Date-times are given to the second while stored to the millisecond, so a condition compares whole
 * seconds: eq matches any instant within that second, gt starts after it, lte ends with it. The second's end
 * is its last millisecond, not the next second, which for 9999-12-31 23:59:59 is past what a date-time holds.
 */
export function dateTimeFilter(operator: FilterOperator, value: FilterValue) {
  const start = value as Date;
  const end = lastMillisecondOf(start);
  switch (operator) {
    case 'gt':
      return { gt: end };
    case 'gte':
      return { gte: start };
    case 'lt':
      return { lt: start };
    case 'lte':
      return { lte: end };
    default:
      return { gte: start, lte: end };
  }
}

/** The last stored instant (millisecond) of the second that starts at `start`. */
export const lastMillisecondOf = (start: Date) => new Date(start.getTime() + SECOND_MS - 1);
