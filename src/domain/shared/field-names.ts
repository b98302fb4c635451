// Field names as the REST contract, the events and the audit log write them: GraphQL's camelCase in snake_case,
// digits as their own word (streetAddress1 → street_address_1). The domain's, so that the domain (event payloads,
// audit changes, import columns) and the REST layer (src/rest/casing.ts) share one rule.

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
