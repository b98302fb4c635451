// Validation of the custom field values a record is written with, against the company's definitions for
// that entity type. Values are stored typed in the record's JSON: text and single_select as strings,
// number as a JSON number, boolean, date as a 'YYYY-MM-DD' string.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { MAX_TEXT_VALUE_LENGTH, type CustomFieldEntityType } from './custom-field-types.js';

export interface CustomFieldDefinitionRule {
  key: string;
  label: string;
  type: string;
  options: string[];
  required: boolean;
}

/**
 * Merges `values` into `existing` and returns the result, holding only keys that have a definition, in
 * definition order. In `values`, a key set to null removes its value, and `values` null removes them all.
 * Errors go to `<fieldPrefix>.<key>` (unknown keys, wrong types, required values missing).
 *
 * @param existing the record's stored values on update; undefined on create.
 *   An update that does not touch custom fields (`values` undefined) keeps them as they are, unchecked,
 *   so a definition made required later does not block unrelated changes to older records.
 */
export async function validateCustomFieldValues(
  db: TenantDb | TenantTx,
  entityType: CustomFieldEntityType,
  values: Record<string, unknown> | null | undefined,
  existing: Record<string, unknown> | undefined,
  errors: FieldErrorCollector,
  fieldPrefix = 'customFields',
): Promise<Record<string, unknown>> {
  const definitions = await loadCustomFieldDefinitions(db, entityType);
  return checkCustomFieldValues(definitions, entityType, values, existing, errors, fieldPrefix);
}

/** The company's definitions for an entity type, in definition order (read once, checked many times). */
export function loadCustomFieldDefinitions(db: TenantDb | TenantTx, entityType: CustomFieldEntityType): Promise<CustomFieldDefinitionRule[]> {
  return db.customFieldDefinition.findMany({
    where: { entityType },
    orderBy: { id: 'asc' },
    select: { key: true, label: true, type: true, options: true, required: true },
  });
}

/** validateCustomFieldValues against definitions already read. */
export function checkCustomFieldValues(
  definitions: readonly CustomFieldDefinitionRule[],
  entityType: CustomFieldEntityType,
  values: Record<string, unknown> | null | undefined,
  existing: Record<string, unknown> | undefined,
  errors: FieldErrorCollector,
  fieldPrefix = 'customFields',
): Record<string, unknown> {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const merged = new Map<string, unknown>();
  if (existing && values !== null) {
    for (const [key, value] of Object.entries(existing)) if (byKey.has(key) && value !== null) merged.set(key, value);
  }
  if (values === undefined && existing !== undefined) return ordered(definitions, merged);

  if (values !== null && values !== undefined) {
    if (typeof values !== 'object' || Array.isArray(values)) {
      errors.add(fieldPrefix, 'The custom fields must be an object keyed by custom field key.');
      return ordered(definitions, merged);
    }
    for (const [key, value] of Object.entries(values)) {
      const field = `${fieldPrefix}.${key}`;
      const definition = byKey.get(key);
      if (!definition) {
        errors.add(field, `There is no ${entityType} custom field with the key "${key}".`);
        continue;
      }
      if (value === null) {
        merged.delete(key);
        continue;
      }
      const typed = typedValue(definition, value);
      if (typed.ok) merged.set(key, typed.value);
      else errors.add(field, typed.error);
    }
  }

  for (const definition of definitions) {
    const value = merged.get(definition.key);
    const given = values && typeof values === 'object' ? (values as Record<string, unknown>)[definition.key] : undefined;
    const invalid = given !== undefined && given !== null && value === undefined;
    if (definition.required && !invalid && (value === undefined || value === '')) {
      errors.add(`${fieldPrefix}.${definition.key}`, `The ${definition.label} field is required.`);
    }
  }
  return ordered(definitions, merged);
}

/** The value as stored for its definition's type, or the reason it does not fit. */
type Typed = { ok: true; value: string | number | boolean } | { ok: false; error: string };

function typedValue(definition: CustomFieldDefinitionRule, value: unknown): Typed {
  const label = definition.label;
  const fail = (error: string): Typed => ({ ok: false, error });
  switch (definition.type) {
    case 'text':
      if (typeof value !== 'string') return fail(`The ${label} field must be a string.`);
      if (value.length > MAX_TEXT_VALUE_LENGTH) {
        return fail(`The ${label} field may not be greater than ${MAX_TEXT_VALUE_LENGTH} characters.`);
      }
      return { ok: true, value };
    case 'number':
      // JSON numbers are finite by construction; callers handing in NaN or Infinity are refused too.
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`The ${label} field must be a number.`);
      return { ok: true, value };
    case 'boolean':
      if (typeof value !== 'boolean') return fail(`The ${label} field must be true or false.`);
      return { ok: true, value };
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value)) {
        return fail(`The ${label} field must be a date in the format YYYY-MM-DD.`);
      }
      return { ok: true, value };
    case 'single_select':
      if (typeof value !== 'string' || !definition.options.includes(value)) {
        return fail(`The ${label} field must be one of: ${definition.options.join(', ')}.`);
      }
      return { ok: true, value };
    default:
      return fail(`The ${label} field has an unknown type "${definition.type}".`);
  }
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function ordered(definitions: readonly CustomFieldDefinitionRule[], values: Map<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const definition of definitions) if (values.has(definition.key)) result[definition.key] = values.get(definition.key);
  return result;
}
