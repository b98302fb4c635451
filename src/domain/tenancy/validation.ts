// Input rules shared by the tenancy commands (CLI, settings pages).
import { FieldErrorCollector } from '../shared/errors.js';
import { checkEmail, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const MIN_PASSWORD_LENGTH = 8;

/** A sign-in email: required, at most 255 characters, and shaped like an address (the shared check). */
export function checkUserEmail(email: string, errors: FieldErrorCollector, field = 'email'): void {
  checkRequiredText(errors, field, email, true);
  checkMaxLength(errors, field, email, 255);
  checkEmail(errors, field, email);
}

export function checkPassword(password: string, errors: FieldErrorCollector, field = 'password'): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    errors.add(field, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
