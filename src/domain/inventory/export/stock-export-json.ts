// The stock export page as the contract's JSON text, for the REST route (rest-mapping/inventory-export.ts),
// which sends it as it is. Same run, cursor and checks as exportStocks (the GraphQL field); the rows come
// from one SQL statement (page-sql.ts), except the few products documents or structure refer to, whose rows
// the object path computes (a fixed number of statements more, only on pages that have such products).
//
// Why not the GraphQL execution the other routes use: resolving ~150 fields per row for 1,000 rows and
// converting every quantity to a Decimal and back cost more than the whole page's SQL.
import type { TenantDb } from '../../../db/tenant-client.js';
import type { SqlRunner } from '../../../db/sql-runner.js';
import { signCursor } from './cursor.js';
import { readPage, ROW_SEPARATOR } from './page-sql.js';
import { rowJson } from './row-json.js';
import { javascriptNumbers } from '../../shared/json-numbers.js';
import { buildRowsAsOf, EXPORT_PRODUCT_SELECT, openRun, type StockExportArgs } from './stock-export.js';

/** The response body in parts, to be written one after another (no single string of the whole page). */
export async function exportStocksJson(db: TenantDb, sql: SqlRunner, companyId: number, secretKey: string, args: StockExportArgs): Promise<string[]> {
  const { run, limit } = await openRun(db, companyId, secretKey, args);
  const chunks = await readPage(sql, {
    companyId,
    afterProductId: run.lastProductId,
    cutoffProductId: run.cutoffProductId,
    cutoffMovementId: run.cutoffMovementId,
    limit,
  });
  const touched = chunks.flatMap((c) => c.touched);
  const exact = new Map<number, string>();
  if (touched.length > 0) {
    const products = await db.product.findMany({ where: { id: { in: touched } }, orderBy: { id: 'asc' }, select: EXPORT_PRODUCT_SELECT });
    for (const row of await buildRowsAsOf(db, run, products)) exact.set(row.id, rowJson(row));
  }

  const body = ['{"data":['];
  chunks.forEach((chunk, i) => {
    if (i > 0) body.push(',');
    if (chunk.touched.length === 0) return body.push(javascriptNumbers(chunk.rows.replaceAll(ROW_SEPARATOR, ',')));
    const rows = chunk.rows.split(ROW_SEPARATOR);
    chunk.touched.forEach((id, k) => {
      rows[chunk.touchedAt[k]] = exact.get(id) ?? rows[chunk.touchedAt[k]];
    });
    body.push(javascriptNumbers(rows.join(',')));
  });
  const count = chunks.reduce((n, c) => n + c.count, 0);
  const last = chunks.at(-1);
  const nextCursor = signCursor({ ...run, lastProductId: last ? last.lastId : run.lastProductId }, secretKey);
  // Keys in the order of the route's selection: data, next_cursor, has_more, meta.
  body.push(`],"next_cursor":${JSON.stringify(nextCursor)},"has_more":${last?.hasMore ?? false},"meta":{"rows":${count}}}`);
  return body;
}
