// Input rules shared by the tenancy commands (CLI, settings pages).
import { FieldErrorCollector } from '../shared/errors.js';

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

export function checkEmail(email: string, errors: FieldErrorCollector, field = 'email'): void {
  if (!EMAIL_PATTERN.test(email) || email.length > 255) errors.add(field, 'The email must be a valid email address.');
}

export function checkPassword(password: string, errors: FieldErrorCollector, field = 'password'): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    errors.add(field, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
