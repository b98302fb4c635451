// Postal addresses of customer companies (and of sales orders): {name?, street1, street2?, city, state?,
// zip?, country}, the country an ISO 3166-1 alpha-2 code (checked against i18n-iso-countries' list). Stored
// as JSON with the same camelCase keys the GraphQL type exposes.
import countries from 'i18n-iso-countries';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText, humanName } from '../shared/field-checks.js';

export interface AddressInput {
  name?: string | null;
  street1?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

export interface Address {
  name: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string | null;
  zip: string | null;
  country: string;
}

const ALPHA_2 = new Set(Object.keys(countries.getAlpha2Codes()));
const LIMITS: Record<keyof AddressInput, number> = { name: 255, street1: 255, street2: 255, city: 255, state: 255, zip: 32, country: 2 };

export function isCountryCode(code: string): boolean {
  return ALPHA_2.has(code);
}

/**
 * The address as stored, or null when `input` is null (no address); problems are collected under
 * `<field>.<key>` and the result is then null too. Text is trimmed and blank optional parts become null; the
 * country is accepted in any case and stored uppercase.
 */
export function checkAddress(errors: FieldErrorCollector, field: string, input: AddressInput | null | undefined): Address | null {
  if (input == null) return null;
  for (const key of ['street1', 'city', 'country'] as const) checkRequiredText(errors, `${field}.${key}`, input[key], true);
  for (const [key, max] of Object.entries(LIMITS)) {
    if (key !== 'country') checkMaxLength(errors, `${field}.${key}`, input[key as keyof AddressInput]?.trim(), max);
  }
  const country = input.country?.trim().toUpperCase();
  if (country && !isCountryCode(country)) {
    errors.add(`${field}.country`, `The ${humanName(`${field}.country`)} must be an ISO 3166-1 alpha-2 code, such as US or DE.`);
  }
  if (Object.keys(errors.errors).some((key) => key.startsWith(`${field}.`))) return null;
  const text = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());
  return {
    name: text(input.name),
    street1: input.street1!.trim(),
    street2: text(input.street2),
    city: input.city!.trim(),
    state: text(input.state),
    zip: text(input.zip),
    country: country!,
  };
}
