// Filter values arrive as query-string text; each kind has one accepted spelling, parsed here so the
// `where` builders receive typed values (Decimal for floats: never binary floating point).
import { Decimal } from '../decimal.js';
import type { FilterFieldSpec } from './grammar.js';

export type FilterValue = string | number | boolean | Decimal | Date;

export type ParsedFilterValue = { ok: true; value: FilterValue } | { ok: false; problem: string };

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;

// PostgreSQL's numeric holds up to 131072 digits before the point and 16383 after; a filter value beyond
// that cannot even be compared (the statement would fail), and matches or excludes everything anyway.
const NUMERIC_MAX_EXPONENT = 131071;
const NUMERIC_MIN_EXPONENT = -16383;
const NUMERIC_RANGE = 'must be a number of at most 131072 digits before the decimal point and 16383 after it.';
const fitsNumeric = (number: Decimal) =>
  number.isZero() || (number.e <= NUMERIC_MAX_EXPONENT && number.e >= NUMERIC_MIN_EXPONENT && number.decimalPlaces() <= -NUMERIC_MIN_EXPONENT);

export function parseFilterValue(raw: string, spec: Pick<FilterFieldSpec<unknown>, 'kind' | 'enumValues'>): ParsedFilterValue {
  const text = spec.kind === 'string' ? raw : raw.trim();
  switch (spec.kind) {
    case 'string':
      return { ok: true, value: text };
    case 'integer': {
      const number = INTEGER.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(number) || number < INT_MIN || number > INT_MAX) return { ok: false, problem: 'must be an integer.' };
      return { ok: true, value: number };
    }
    case 'float': {
      if (!NUMBER.test(text)) return { ok: false, problem: 'must be a number.' };
      const number = new Decimal(text);
      if (!fitsNumeric(number)) return { ok: false, problem: NUMERIC_RANGE };
      return { ok: true, value: number };
    }
    case 'boolean': {
      const lowered = text.toLowerCase();
      if (lowered === 'true' || lowered === '1') return { ok: true, value: true };
      if (lowered === 'false' || lowered === '0') return { ok: true, value: false };
      return { ok: false, problem: 'must be true or false (or 1 or 0).' };
    }
    case 'enum': {
      const values = spec.enumValues ?? [];
      const match = values.find((v) => v.toLowerCase() === text.toLowerCase());
      if (match === undefined) return { ok: false, problem: `must be one of: ${values.join(', ')}.` };
      return { ok: true, value: match };
    }
    case 'datetime': {
      const date = parseUtcDateTime(text);
      if (!date) return { ok: false, problem: 'must be a date-time in the form YYYY-MM-DD HH:MM:SS (UTC) or a date YYYY-MM-DD.' };
      return { ok: true, value: date };
    }
  }
}

/** `YYYY-MM-DD HH:MM:SS` (a T may stand for the space) or `YYYY-MM-DD` (midnight), UTC; null when not a real time. */
export function parseUtcDateTime(text: string): Date | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 2024-02-30 over into March; a rolled value was not a real date.
  const real =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return real ? date : null;
}
