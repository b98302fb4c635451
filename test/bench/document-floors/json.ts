// What the document floors share: values written as the service writes them (ISO times in UTC with milliseconds,
// dates as YYYY-MM-DD, numerics without their column's trailing zeros), a related row as a small object, and a
// page of the newest rows of a table as `{data, meta: {total}}`. Every read names the company first, as the
// service's reads do (its keys and indexes are company-first).

export const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
export const num = (expression: string) => `trim_scale(${expression})`;

/** One related row of `table` by `idColumn` (the owner's column) as `{columns}`, null when there is none. */
export const one = (companyId: number, table: string, columns: string, idColumn: string) =>
  `(SELECT json_build_object(${columns}) FROM "${table}" x WHERE x."companyId" = ${companyId} AND x.id = ${idColumn})`;

/** The rows of `from` (alias x) that `where` picks, as a JSON array in `order`; [] when none. */
export const list = (from: string, columns: string, where: string, order: string) =>
  `coalesce((SELECT json_agg(json_build_object(${columns}) ORDER BY ${order}) FROM ${from} WHERE ${where}), '[]'::json)`;

/** The newest `perPage` rows of `table` (alias `alias`) as a JSON array of `element`, newest first. */
export const newestJson = (companyId: number, table: string, alias: string, element: string, perPage: number) =>
  `coalesce((SELECT json_agg(${element} ORDER BY ${alias}.id DESC)
    FROM (SELECT * FROM "${table}" WHERE "companyId" = ${companyId} ORDER BY id DESC LIMIT ${perPage}) ${alias}), '[]'::json)`;

export const countOf = (companyId: number, table: string) => `(SELECT count(*) FROM "${table}" WHERE "companyId" = ${companyId})`;

/** A page as the service answers a list: `{data: [...], meta: {total}}`, as one statement with a `body` text column. */
export const pageStatement = (companyId: number, table: string, data: string) => `
    SELECT json_build_object('data', ${data}, 'meta', json_build_object('total', ${countOf(companyId, table)}))::text AS body`;

/** A company id as it goes into SQL text (only ever an integer). */
export function companyKey(companyId: number): number {
  if (!Number.isSafeInteger(companyId)) throw new Error(`not a company id: ${companyId}`);
  return companyId;
}
