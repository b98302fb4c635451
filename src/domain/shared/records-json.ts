// Records of one table written as JSON by PostgreSQL in one statement, in the order of the ids given, for each
// of several selections (a GraphQL query may ask for the same list twice under two keys). The rows' fields and
// their related rows come from JSON SQL catalogues (selection-json-sql.ts), and each related list is read once
// for all the records (one grouped read per relation), so a page of 100 orders with their lines, products and
// allocations is one statement, however many relations it asks for; with the page's own ids and total read in it
// (pageRecordsJson), a list's page is that one statement.
import type { SqlRunner } from '../../db/sql-runner.js';
import { companyIdOf, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import type { PageStatement } from './pass-through-query.js';
import { quoteName } from './prisma-where-sql.js';
import { objectJsonSql, type JsonSelection, type JsonSqlTypes, type PageRelations } from './selection-json-sql.js';

type Describe = { types: JsonSqlTypes; typeName: string; table: string };

/** The JSON array text of the company's rows of `table` with these ids, in their order, for each selection. */
export async function recordsJson(
  sql: Pick<SqlRunner, 'queryPrepared'>,
  companyId: number,
  ids: readonly number[],
  describe: Describe,
  selections: readonly JsonSelection[],
): Promise<string[]> {
  if (selections.length === 0) return [];
  // $2 is the ids, whose order the page keeps.
  const statement = recordsStatement(describe, selections, ['page AS MATERIALIZED (SELECT id, n FROM unnest($2::int[]) WITH ORDINALITY AS page(id, n))'], []);
  const [row] = await sql.queryPrepared<Record<string, string>>(statement, [companyId, [...ids]]);
  return selections.map((_, index) => row![`items_${index}`]!);
}

/**
 * A list's page read and written in one statement: the page's ids and total as the domain's list wrote them
 * (listPage), and the JSON array of those records for each selection. Without a selection, the ids and total alone.
 */
export async function pageRecordsJson(
  sql: Pick<SqlRunner, 'queryPrepared'>,
  page: PageStatement,
  describe: Describe,
  selections: readonly JsonSelection[],
): Promise<{ ids: number[]; total: number; arrays: string[] }> {
  const listed = `SELECT ARRAY(${page.ids}) AS ids, (${page.total}) AS total`;
  const statement =
    selections.length === 0
      ? listed
      : recordsStatement(
          describe,
          selections,
          [`listed_page AS MATERIALIZED (${listed})`, 'page AS MATERIALIZED (SELECT id, n FROM listed_page, unnest(listed_page.ids) WITH ORDINALITY AS page(id, n))'],
          ['(SELECT ids FROM listed_page) AS ids', '(SELECT total FROM listed_page) AS total'],
        );
  const [row] = await sql.queryPrepared<Record<string, any>>(statement, page.params);
  return { ids: row!.ids, total: row!.total, arrays: selections.map((_, index) => row![`items_${index}`] as string) };
}

/** The statement writing each selection's JSON array over the CTE `page` (id, n), which `pageCtes` define. */
function recordsStatement(describe: Describe, selections: readonly JsonSelection[], pageCtes: string[], columns: string[]): string {
  const table = quoteName(describe.table);
  // The catalogues read the company as $1.
  const ctes = [...pageCtes];
  const arrays = selections.map((selection, index) => {
    // Each selection's aliases start with its own letter, so two selections' grouped reads never share a name.
    const row = `r${index}`;
    const relations: PageRelations = { ids: 'SELECT id FROM page', joins: [], ctes };
    const json = objectJsonSql(describe.types, describe.typeName, selection, row, relations);
    return `(SELECT '[' || coalesce(string_agg((${json})::text, ',' ORDER BY page.n), '') || ']'
      FROM page JOIN ${table} ${row} ON ${row}."companyId" = $1::int AND ${row}.id = page.id
      ${relations.joins.join('\n      ')}) AS items_${index}`;
  });
  return `WITH ${ctes.join(',\n  ')}
    SELECT ${[...columns, ...arrays].join(',\n    ')}`;
}

/** recordsJson inside a change's transaction (its answer sees the change; nothing is prepared there). */
export function recordsJsonInTransaction(
  tx: TenantDb | TenantTx,
  ids: readonly number[],
  describe: Describe,
  selections: readonly JsonSelection[],
): Promise<string[]> {
  const sql = { queryPrepared: <T>(statement: string, params: unknown[] = []) => tx.$queryRawUnsafe<T[]>(statement, ...params) };
  return recordsJson(sql, companyIdOf(tx), ids, describe, selections);
}
