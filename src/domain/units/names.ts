// Names of unit classes and units: required on create, never empty, at most 255 characters, trimmed.
import type { FieldErrorCollector } from '../shared/errors.js';

export const MAX_NAME_LENGTH = 255;

/** The trimmed name to store, or undefined when none was given or it is invalid (an error is then added). */
export function checkName(value: string | null | undefined, required: boolean, errors: FieldErrorCollector): string | undefined {
  if (value === undefined && !required) return undefined;
  const name = value?.trim() ?? '';
  if (name === '') {
    errors.add('name', required ? 'The name field is required.' : 'The name may not be empty.');
    return undefined;
  }
  if (name.length > MAX_NAME_LENGTH) {
    errors.add('name', `The name may not be greater than ${MAX_NAME_LENGTH} characters.`);
    return undefined;
  }
  return name;
}
