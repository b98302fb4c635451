// Field-name casing between GraphQL (camelCase) and the REST contract (snake_case, digits as their own
// word: streetAddress1 ↔ street_address_1).
import { snakeCase } from '../domain/shared/field-names.js';

export { snakeCase };
export type Casing = 'snake' | 'camel';

/** Renames each segment of a dotted field path (`items.0.productId` → `items.0.product_id`). */
export function restFieldPath(path: string, casing: Casing): string {
  if (casing === 'camel') return path;
  return path
    .split('.')
    .map((segment) => (/^\d+$/.test(segment) ? segment : snakeCase(segment)))
    .join('.');
}

export function restName(name: string, casing: Casing): string {
  return casing === 'snake' ? snakeCase(name) : name;
}
