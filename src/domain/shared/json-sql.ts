// SQL expressions that write values the way the GraphQL scalars do, for statements that build a response's
// JSON inside PostgreSQL (the stock export's page, the products page).

/** ISO 8601 in UTC with milliseconds, as the DateTime scalar writes it (the columns hold UTC without a zone). */
export const isoSql = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A jsonb value of any shape as JSON.stringify writes what JSON.parse reads of it (NULL stays NULL): jsonb's text
 * without its spaces. jsonb writes ": " after a key and ", " between members and elements and no other space outside
 * strings, and escapes strings as JSON.stringify does, so removing each space outside a string (the pattern skips
 * strings whole) leaves JSON.stringify's text, keys in jsonb's order, which JSON.parse keeps (JavaScript would put
 * integer-like keys such as "1" first: for documents with named keys). Numbers keep their digits, which
 * javascriptNumbers (json-numbers.ts) rewrites the JavaScript way in a REST answer.
 */
export const compactJsonSql = (expression: string) => `regexp_replace((${expression})::text, '("(?:[^"\\\\]|\\\\.)*")| ', '\\1', 'g')::json`;

/** Text values as a SQL list for `IN (…)`: each quoted as a literal. */
export const sqlTextList = (values: readonly string[]) => values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');

/** A calendar date as YYYY-MM-DD, as formatDateOnly writes it. NULL stays NULL. */
export const dateOnlySql = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** A decimal as the Decimal scalar's JSON number: without the column's trailing zeros. NULL stays NULL. */
export const decimalSql = (expression: string) => `trim_scale(${expression})`;

/**
 * A jsonb object of scalars (custom fields) written without spaces, as JSON.stringify writes it: PostgreSQL
 * writes jsonb as `{"key": value, ...}`. Its keys in jsonb's order, which is the order Prisma's answer has too.
 */
export const compactFlatObjectSql = (column: string) =>
  `(SELECT coalesce('{' || string_agg(to_json(e.key)::text || ':' || e.value::text, ',' ORDER BY e.n) || '}', '{}') FROM jsonb_each(${column}) WITH ORDINALITY AS e(key, value, n))::json`;
