// Text PostgreSQL cannot store: a NUL character (refused in text and jsonb) or half of a UTF-16 surrogate
// pair (not valid Unicode). Input holding either is refused up front with a message naming where it is,
// instead of failing deep in the database.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unstorableTextProblem(text: string): string | null {
  const match = UNSTORABLE.exec(text);
  if (!match) return null;
  return match[0] === '\u0000' ? 'contains a NUL character, which cannot be stored' : 'contains half of a UTF-16 surrogate pair (not valid Unicode)';
}

/**
 * The first string (or object key) in a parsed JSON value that cannot be stored, with its dotted path.
 * Walked with an explicit stack (in document order, each key before its value): a body nested thousands
 * of levels deep must be answered, not overflow the call stack.
 */
export function findUnstorableText(value: unknown, path: string[] = []): { path: string; problem: string } | null {
  interface Step { value: unknown; key: string | null; parent: Step | null; keyOnly?: boolean }
  const pathOf = (step: Step): string => {
    const keys: string[] = [];
    for (let at: Step | null = step; at; at = at.parent) if (at.key !== null) keys.push(at.key);
    return [...path, ...keys.reverse()].join('.');
  };
  const pending: Step[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    if (step.keyOnly) {
      const keyProblem = unstorableTextProblem(step.key!);
      if (keyProblem) return { path: pathOf(step), problem: `has a name that ${keyProblem}` };
    } else if (typeof step.value === 'string') {
      const problem = unstorableTextProblem(step.value);
      if (problem) return { path: pathOf(step), problem };
    } else if (step.value !== null && typeof step.value === 'object') {
      const isArray = Array.isArray(step.value);
      const entries = isArray ? (step.value as unknown[]).map((item, index) => [String(index), item] as const) : Object.entries(step.value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        pending.push({ value: item, key, parent: step });
        if (!isArray) pending.push({ value: undefined, key, parent: step, keyOnly: true });
      }
    }
  }
  return null;
}
