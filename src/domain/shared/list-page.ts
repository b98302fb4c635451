// A page of a company's list: its rows and the total its filter matches. When the caller wants ids only and
// gave a reader for them (idsOnlyQuery: the one-statement pages of src/graphql/shared/compiled-records.ts, which
// read them inside the statement writing the page's JSON), and the filter and order are on the table's own
// columns, the page is written as SQL: no Prisma query compiled on the request's thread, and no round trip of its
// own. Otherwise Prisma reads the rows and the total, side by side.
import { companyIdOf, TENANT_MODELS, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import { pageMeta, rowsAndTotal, type Page, type PageWindow } from './pagination.js';
import { pageReaderOf, type PageStatement, type PassThroughQuery } from './pass-through-query.js';
import { orderBySql, quoteName, StatementParameters, whereSql } from './prisma-where-sql.js';
import type { SortOrder } from './sorting.js';

export interface ListRead {
  where?: unknown;
  orderBy: SortOrder;
  window: PageWindow;
}

/** `delegate`: the Prisma client's name for the model (`salesOrder` for SalesOrder). */
export async function listPage(db: TenantDb | TenantTx, delegate: string, query: PassThroughQuery, read: ListRead): Promise<Page<any>> {
  const { where, orderBy, window } = read;
  const readPage = pageReaderOf(query);
  const statement = readPage && pageStatement(companyIdOf(db), delegate, read);
  if (statement) {
    const { ids, total } = await readPage!(statement);
    const items = ids.map((id) => ({ id }));
    return { items, meta: pageMeta(window, total, items.length) };
  }
  const model = (db as unknown as Record<string, { findMany(args: unknown): Promise<any[]>; count(args: unknown): Promise<number> }>)[delegate]!;
  const [items, total] = await rowsAndTotal(model.findMany({ ...query, where, orderBy, skip: window.skip, take: window.take }), model.count({ where }));
  return { items, meta: pageMeta(window, total, items.length) };
}

/** The SQL of the page's ids in order and of the total, or null when the read is not one it can write. */
function pageStatement(companyId: number, delegate: string, read: ListRead): PageStatement | null {
  const model = delegate.charAt(0).toUpperCase() + delegate.slice(1);
  // Company-owned tables are keyed (companyId, id) (prisma/schema.prisma).
  if (!TENANT_MODELS.has(model)) return null;
  const params = new StatementParameters([companyId, read.window.take, read.window.skip]);
  const condition = whereSql(model, read.where, 'listed', params);
  const order = orderBySql(model, read.orderBy, 'listed');
  if (condition === null || order === null) return null;
  const rows = `FROM ${quoteName(model)} listed WHERE listed."companyId" = $1::int AND ${condition}`;
  return { ids: `SELECT listed.id ${rows} ORDER BY ${order} LIMIT $2::int OFFSET $3::int`, total: `SELECT count(*)::int ${rows}`, params: params.values };
}
