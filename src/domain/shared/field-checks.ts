// Per-field checks shared by the domain services: required text, length limits, codes and exact-decimal
// bounds. Each adds a message to the collector under the GraphQL input field name and never throws.
import { isCurrencyCode } from './currency-codes.js';
import { parseDateOnly } from './dates.js';
import { FieldErrorCollector } from './errors.js';
import { Decimal, toDecimal, type DecimalInput } from './decimal.js';

/** `streetAddress1` → `street address 1`, for messages. */
export function humanName(field: string): string {
  const last = field.split('.').filter((s) => !/^\d+$/.test(s)).pop() ?? field;
  return last
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/**
 * A text field that must hold something: on create it must be given; on update it may be left out but
 * not set to null or blank.
 */
export function checkRequiredText(
  errors: FieldErrorCollector,
  field: string,
  value: string | null | undefined,
  creating: boolean,
): void {
  if (value === undefined) {
    if (creating) errors.add(field, `The ${humanName(field)} field is required.`);
  } else if (value === null || value.trim() === '') {
    errors.add(field, creating ? `The ${humanName(field)} field is required.` : `The ${humanName(field)} may not be empty.`);
  }
}

export function checkMaxLength(errors: FieldErrorCollector, field: string, value: string | null | undefined, max: number): void {
  if (typeof value === 'string' && value.length > max) {
    errors.add(field, `The ${humanName(field)} may not be greater than ${max} characters.`);
  }
}

/** An address of another system the service calls: http or https with a host. */
export function checkHttpUrl(errors: FieldErrorCollector, field: string, value: string | null | undefined, label = humanName(field)): void {
  if (value != null && !/^https?:\/\/[^\s/]+/i.test(value)) errors.add(field, `The ${label} must be an http or https URL.`);
}

/** A currency is named by its ISO 4217 code: three uppercase letters of a currency that exists. */
export function checkCurrencyCode(errors: FieldErrorCollector, field: string, value: string | null | undefined): void {
  if (typeof value === 'string' && !isCurrencyCode(value)) {
    errors.add(field, `The ${humanName(field)} must be a 3-letter uppercase ISO 4217 code, such as USD.`);
  }
}

export function checkEmail(errors: FieldErrorCollector, field: string, value: string | null | undefined): void {
  if (typeof value === 'string' && value !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    errors.add(field, `The ${humanName(field)} must be a valid email address.`);
  }
}

export interface DecimalLimits {
  /** Smallest allowed value. */
  min?: DecimalInput;
  /** When true, `min` itself is refused (the value must be greater). */
  minExclusive?: boolean;
  /** Digits after the point the column keeps (NUMERIC(p, s): s). Default 6. */
  scale?: number;
  /** Total digits of the column (NUMERIC(p, s): p). Default 18. */
  precision?: number;
}

/**
 * A decimal that must fit its NUMERIC(p, s) column exactly: more decimals than the column keeps would be
 * rounded silently by the database, and too many integer digits would fail the write.
 */
export function checkDecimal(
  errors: FieldErrorCollector,
  field: string,
  value: Decimal | null | undefined,
  limits: DecimalLimits = {},
): void {
  if (value === null || value === undefined) return;
  // The checks run for every line of a large document: the field's name is made only for a message.
  const name = () => humanName(field);
  const scale = limits.scale ?? 6;
  const precision = limits.precision ?? 18;
  if (limits.min !== undefined) {
    const min = toDecimal(limits.min);
    if (limits.minExclusive ? value.lte(min) : value.lt(min)) {
      errors.add(field, limits.minExclusive ? `The ${name()} must be greater than ${min}.` : `The ${name()} must be at least ${min}.`);
      return;
    }
  }
  if (value.decimalPlaces() > scale) {
    errors.add(field, `The ${name()} may have at most ${scale} decimal places.`);
    return;
  }
  const limit = powerOfTen(precision - scale);
  if (value.abs().gte(limit)) errors.add(field, `The ${name()} must be less than ${limit.toFixed()} in size.`);
}

const powersOfTen = new Map<number, Decimal>();
const powerOfTen = (exponent: number): Decimal => powersOfTen.get(exponent) ?? powersOfTen.set(exponent, new Decimal(10).pow(exponent)).get(exponent)!;

/** The quantity and unit-cost columns of the ledger and its documents: NUMERIC(24, 10). */
export const LEDGER_DECIMAL = { scale: 10, precision: 24 } as const;
/** What those columns hold: every value is less than this in size. */
export const LEDGER_LIMIT = new Decimal(10).pow(LEDGER_DECIMAL.precision - LEDGER_DECIMAL.scale);
const BASE_QUANTITY_COLUMN = { scale: LEDGER_DECIMAL.scale, limit: LEDGER_LIMIT };

/**
 * A quantity the service converted into a product's own unit, made to fit its NUMERIC(24, 10) column:
 * rounded to the column's scale, or null (with the reason under `field`) when it is too large to store —
 * a valid quantity in a large unit can be.
 */
export function fitBaseQuantity(errors: FieldErrorCollector, field: string, converted: Decimal, holder: string): Decimal | null {
  const base = converted.toDecimalPlaces(BASE_QUANTITY_COLUMN.scale);
  if (base.abs().lt(BASE_QUANTITY_COLUMN.limit)) return base;
  errors.add(field, `In the product's unit the quantity is ${base.toFixed()}, more than the ${BASE_QUANTITY_COLUMN.limit.toFixed()} a ${holder} can hold.`);
  return null;
}

/** A calendar date given as YYYY-MM-DD: the date (UTC midnight), or null with the problem collected. */
export function checkDateOnly(errors: FieldErrorCollector, field: string, text: string): Date | null {
  const date = parseDateOnly(text);
  if (!date) errors.add(field, `The ${humanName(field)} must be a date in the form YYYY-MM-DD.`);
  return date;
}

/** One of a fixed list of upper-case values, matched without regard to case: the canonical value, or undefined (the problem collected). */
export function checkOneOf<T extends string>(errors: FieldErrorCollector, field: string, value: string | null | undefined, allowed: readonly T[]): T | undefined {
  if (value == null) return undefined;
  const match = allowed.find((candidate) => candidate === value.trim().toUpperCase());
  if (match === undefined) errors.add(field, `The ${humanName(field)} must be one of: ${allowed.join(', ')}.`);
  return match;
}
