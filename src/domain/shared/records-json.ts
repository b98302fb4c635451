// Records of one table written as JSON by PostgreSQL in one statement, in the order of the ids given, for each
// of several selections (a GraphQL query may ask for the same list twice under two keys). The rows' fields and
// their related rows come from JSON SQL catalogues (selection-json-sql.ts), and each related list is read once
// for all the records (one grouped read per relation), so a page of 100 orders with their lines, products and
// allocations is one statement, however many relations it asks for; with the page's own ids and total read in it
// (ofPage), a list's page is that one statement.
import type { SqlRunner } from '../../db/sql-runner.js';
import { companyIdOf, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import type { PageStatement } from './pass-through-query.js';
import { quoteName } from './prisma-where-sql.js';
import { objectJsonSql, type JsonSelection, type JsonSqlTypes, type PageRelations } from './selection-json-sql.js';

type Describe = { types: JsonSqlTypes; typeName: string; table: string };

/**
 * Writes records of one table as JSON for a fixed set of selections. The statement's text is built once, when a
 * query is planned; a request only runs it, or for a list's page puts the page's own SQL in front of it.
 */
export interface RecordsWriter {
  /** The JSON array text of the company's records with these ids, in their order, for each selection. */
  ofIds(sql: Pick<SqlRunner, 'queryPrepared'>, companyId: number, ids: readonly number[]): Promise<string[]>;
  /** recordsWriter's ofIds inside a change's transaction (its answer sees the change; nothing is prepared there). */
  ofIdsInTransaction(tx: TenantDb | TenantTx, ids: readonly number[]): Promise<string[]>;
  /**
   * A list's page read and written in one statement: the page's ids and total as the domain's list wrote them
   * (listPage), and the JSON array of those records for each selection. Without a selection, the ids and total alone.
   */
  ofPage(sql: Pick<SqlRunner, 'queryPrepared'>, page: PageStatement): Promise<{ ids: number[]; total: number; arrays: string[] }>;
}

// The ids given ($2), in their order.
const PAGE_OF_IDS = 'page AS MATERIALIZED (SELECT id, n FROM unnest($2::int[]) WITH ORDINALITY AS page(id, n))';
const PAGE_OF_LISTED = 'page AS MATERIALIZED (SELECT id, n FROM listed_page, unnest(listed_page.ids) WITH ORDINALITY AS page(id, n))';

export function recordsWriter(describe: Describe, selections: readonly JsonSelection[]): RecordsWriter {
  const { ctes, arrays } = selectionsSql(describe, selections);
  const statement = (pageCtes: string[], columns: string[]) => `WITH ${[...pageCtes, ...ctes].join(',\n  ')}
    SELECT ${[...columns, ...arrays].join(',\n    ')}`;
  const ofIdsStatement = statement([PAGE_OF_IDS], []);
  const arraysOf = (row: Record<string, unknown>) => selections.map((_, index) => row[`items_${index}`] as string);
  const ofIds: RecordsWriter['ofIds'] = async (sql, companyId, ids) => {
    if (selections.length === 0) return [];
    const [row] = await sql.queryPrepared<Record<string, string>>(ofIdsStatement, [companyId, [...ids]]);
    return arraysOf(row!);
  };
  return {
    ofIds,
    ofIdsInTransaction(tx, ids) {
      const sql = { queryPrepared: <T>(text: string, params: unknown[] = []) => tx.$queryRawUnsafe<T[]>(text, ...params) };
      return ofIds(sql, companyIdOf(tx), ids);
    },
    async ofPage(sql, page) {
      const listed = `SELECT ARRAY(${page.ids}) AS ids, (${page.total}) AS total`;
      const text =
        selections.length === 0
          ? listed
          : statement([`listed_page AS MATERIALIZED (${listed})`, PAGE_OF_LISTED], ['(SELECT ids FROM listed_page) AS ids', '(SELECT total FROM listed_page) AS total']);
      const [row] = await sql.queryPrepared<Record<string, any>>(text, page.params);
      return { ids: row!.ids, total: row!.total, arrays: arraysOf(row!) };
    },
  };
}

/** The JSON array text of the company's rows of `table` with these ids, in their order, for each selection. */
export const recordsJson = (sql: Pick<SqlRunner, 'queryPrepared'>, companyId: number, ids: readonly number[], describe: Describe, selections: readonly JsonSelection[]) =>
  recordsWriter(describe, selections).ofIds(sql, companyId, ids);

/** Each selection's JSON array over the CTE `page` (id, n), and the CTEs of their grouped reads that follow it. */
function selectionsSql(describe: Describe, selections: readonly JsonSelection[]): { ctes: string[]; arrays: string[] } {
  const table = quoteName(describe.table);
  // The catalogues read the company as $1.
  const ctes: string[] = [];
  const arrays = selections.map((selection, index) => {
    // Each selection's aliases start with its own letter, so two selections' grouped reads never share a name.
    const row = `r${index}`;
    const relations: PageRelations = { ids: 'SELECT id FROM page', joins: [], ctes };
    const json = objectJsonSql(describe.types, describe.typeName, selection, row, relations);
    return `(SELECT '[' || coalesce(string_agg((${json})::text, ',' ORDER BY page.n), '') || ']'
      FROM page JOIN ${table} ${row} ON ${row}."companyId" = $1::int AND ${row}.id = page.id
      ${relations.joins.join('\n      ')}) AS items_${index}`;
  });
  return { ctes, arrays };
}
