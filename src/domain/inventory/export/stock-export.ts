// GET /inventory/stocks/export: every active product (status > 0) in ascending id order, a page at a time,
// with its quantities per location and lot. The run is anchored to the cutoff of its first request (see
// cursor.ts): products created after it never appear, and quantities are those of the ledger at the cutoff
// even when stock moves between pages.
//
// Cost and memory per page are bounded by the page: keyset pagination (id > last id ORDER BY id LIMIT n+1,
// never OFFSET) and a fixed number of queries per page, each restricted to the page's products.
//
// PostgreSQL caveat: the cutoff is the highest movement id visible when the run starts. A transaction still
// in flight at that moment may have drawn a lower id from the sequence and commit afterwards; its movements
// then count in pages computed after the commit. The window is the length of one posting transaction.
import type { TenantDb } from '../../../db/tenant-client.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { computeProductQuantities } from '../quantities.js';
import { signCursor, verifyCursor, type ExportCursor } from './cursor.js';
import { buildExportRows, type ExportProduct, type StockExportRow } from './export-rows.js';

export const EXPORT_DEFAULT_LIMIT = 100;
export const EXPORT_MAX_LIMIT = 1000;

export interface StockExportArgs {
  cursor?: string | null;
  limit?: number | null;
}

export interface StockExportPage {
  data: StockExportRow[];
  /** Always a cursor: after the last page it resumes past the end of the run (an empty page). */
  nextCursor: string;
  hasMore: boolean;
  meta: { rows: number };
}

export async function exportStocks(
  db: TenantDb,
  companyId: number,
  secretKey: string,
  args: StockExportArgs,
): Promise<StockExportPage> {
  const { run, limit } = await openRun(db, companyId, secretKey, args);
  const products = await db.product.findMany({
    where: { status: { gt: 0 }, id: { gt: run.lastProductId, lte: run.cutoffProductId } },
    orderBy: { id: 'asc' },
    take: limit + 1,
    select: EXPORT_PRODUCT_SELECT,
  });
  const hasMore = products.length > limit;
  const page = hasMore ? products.slice(0, limit) : products;
  const data = await buildRowsAsOf(db, run, page);
  const lastProductId = page.length > 0 ? page[page.length - 1].id : run.lastProductId;
  return {
    data,
    nextCursor: signCursor({ ...run, lastProductId }, secretKey),
    hasMore,
    meta: { rows: data.length },
  };
}

export const EXPORT_PRODUCT_SELECT = {
  id: true,
  sku: true,
  name: true,
  type: true,
  categoryId: true,
  subcategoryId: true,
  updatedAt: true,
  category: { select: { name: true } },
  subcategory: { select: { name: true } },
} as const;

/** The rows of the given products (in id order) with their quantities as of the run's cutoff. */
export async function buildRowsAsOf(db: TenantDb, run: ExportCursor, products: ExportProduct[]): Promise<StockExportRow[]> {
  const quantities = await computeProductQuantities(
    db,
    products.map((p) => p.id),
    { asOfMovementId: run.cutoffMovementId, asOfTime: new Date(run.cutoffAt) },
  );
  return buildExportRows(db, products, quantities);
}

/** Checks the arguments (422 on a bad limit or cursor) and gives the run: the cursor's, or a new one. */
export async function openRun(
  db: TenantDb,
  companyId: number,
  secretKey: string,
  args: StockExportArgs,
): Promise<{ run: ExportCursor; limit: number }> {
  const errors = new FieldErrorCollector();
  if (args.limit != null && (!Number.isInteger(args.limit) || args.limit < 1 || args.limit > EXPORT_MAX_LIMIT)) {
    errors.add('limit', `The limit must be between 1 and ${EXPORT_MAX_LIMIT}.`);
  }
  let position: ExportCursor | null = null;
  if (args.cursor != null) {
    position = verifyCursor(args.cursor, secretKey, companyId);
    if (!position) errors.add('cursor', 'The cursor is invalid: pass next_cursor exactly as a previous page of this export returned it.');
  }
  errors.throwIfAny();
  const run = position ?? (await startRun(db, companyId, args.limit ?? EXPORT_DEFAULT_LIMIT));
  return { run, limit: args.limit ?? run.limit };
}

/** The first request of a run fixes its cutoff: the newest movement and the newest product at this moment. */
async function startRun(db: TenantDb, companyId: number, limit: number): Promise<ExportCursor> {
  const [movements, products] = await Promise.all([
    db.stockMovement.aggregate({ _max: { id: true } }),
    db.product.aggregate({ _max: { id: true } }),
  ]);
  return {
    companyId,
    cutoffMovementId: movements._max.id ?? 0,
    cutoffProductId: products._max.id ?? 0,
    lastProductId: 0,
    limit,
    cutoffAt: Date.now(),
  };
}
