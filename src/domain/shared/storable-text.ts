// Text PostgreSQL cannot store: a NUL character (refused in text and jsonb) or half of a UTF-16 surrogate
// pair (not valid Unicode). Input holding either is refused up front with a message naming where it is,
// instead of failing deep in the database.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unstorableTextProblem(text: string): string | null {
  const match = UNSTORABLE.exec(text);
  if (!match) return null;
  return match[0] === '\u0000' ? 'contains a NUL character, which cannot be stored' : 'contains half of a UTF-16 surrogate pair (not valid Unicode)';
}

/** The first string (or object key) in a parsed JSON value that cannot be stored, with its dotted path. */
export function findUnstorableText(value: unknown, path: string[] = []): { path: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    return problem ? { path: path.join('.'), problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = unstorableTextProblem(key);
      if (keyProblem) return { path: [...path, key].join('.'), problem: `has a name that ${keyProblem}` };
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
