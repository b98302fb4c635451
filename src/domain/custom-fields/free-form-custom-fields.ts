// Free-form custom fields of a record (customer companies, work orders): checked and merged the same way everywhere.
import type { FieldErrorCollector } from '../shared/errors.js';

const MAX_CUSTOM_TEXT = 65535;
const CUSTOM_KEY = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_CUSTOM_FIELDS = 100;

/**
 * Free-form custom fields: an object of snake_case keys (at most 64 characters) holding text, numbers or
 * booleans. On update the given keys merge into the stored ones; a key set to null is removed, and
 * `custom_fields: null` removes them all.
 */
export function checkCustomFields(errors: FieldErrorCollector, values: unknown, existing: Record<string, unknown>, owner: string): Record<string, unknown> {
  if (values === null || values === undefined) return {};
  if (typeof values !== 'object' || Array.isArray(values)) {
    errors.add('customFields', 'The custom fields must be an object keyed by field name.');
    return existing;
  }
  const merged: Record<string, unknown> = { ...existing };
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    const field = `customFields.${key}`;
    if (!CUSTOM_KEY.test(key)) {
      errors.add('customFields', `The key "${key}" is not snake_case: lowercase letters, digits and underscores, starting with a letter, at most 64 characters.`);
      continue;
    }
    if (value === null) {
      delete merged[key];
    } else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
      merged[key] = value;
    } else if (typeof value === 'string') {
      if (value.length > MAX_CUSTOM_TEXT) errors.add(field, `The ${key} field may not be greater than ${MAX_CUSTOM_TEXT} characters.`);
      else merged[key] = value;
    } else {
      errors.add(field, `The ${key} field must be text, a number or true/false.`);
    }
  }
  if (Object.keys(merged).length > MAX_CUSTOM_FIELDS) errors.add('customFields', `${owner} holds at most ${MAX_CUSTOM_FIELDS} custom fields.`);
  return merged;
}
