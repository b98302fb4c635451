// Field-name casing between GraphQL (camelCase) and the REST contract (snake_case, digits as their own
// word: streetAddress1 ↔ street_address_1).
export type Casing = 'snake' | 'camel';

// Field names are few and asked for again and again (every line of a 1,000-line body): each is cased once.
const snakeNames = new Map<string, string>();

export function snakeCase(name: string): string {
  let cased = snakeNames.get(name);
  if (cased === undefined) {
    cased = name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Za-z])([0-9])/g, '$1_$2')
      .toLowerCase()
      // GS1 is a name, not a word and a number: gs1CompanyPrefix ↔ gs1_company_prefix.
      .replace(/(^|_)gs_1(?=_|$)/g, '$1gs1');
    // Bounded: some names come from callers (custom field keys), and those may be anything.
    if (snakeNames.size < 10_000) snakeNames.set(name, cased);
  }
  return cased;
}

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
