// Stock on hand per product, location and lot: now (from the balances), or as of a past moment (the sum of
// the ledger's movements that occurred at or before it — exact, since the ledger is never rewritten).
// Rows with zero quantity are left out in both cases, so the two answers agree for the same moment.
import type { TenantDb } from '../../../db/tenant-client.js';
import { Decimal } from '../../shared/decimal.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { pageMeta, pageWindow, type Page, type PageArgs } from '../../shared/pagination.js';

export interface StockQueryArgs extends PageArgs {
  productId?: number | null;
  locationId?: number | null;
  lotId?: number | null;
  asOf?: Date | null;
}

export interface StockRow {
  productId: number;
  locationId: number;
  lotId: number | null;
  quantity: Decimal;
}

export async function listStock(db: TenantDb, args: StockQueryArgs): Promise<Page<StockRow>> {
  const window = pageWindow(args, new FieldErrorCollector());
  const where = {
    ...(args.productId ? { productId: args.productId } : {}),
    ...(args.locationId ? { locationId: args.locationId } : {}),
    ...(args.lotId ? { lotId: args.lotId } : {}),
  };
  if (!args.asOf) {
    const current = { ...where, quantity: { not: 0 } };
    const [rows, total] = await db.$transaction([
      db.stockBalance.findMany({
        where: current,
        orderBy: [{ productId: 'asc' }, { locationId: 'asc' }, { lotKey: 'asc' }],
        skip: window.skip,
        take: window.take,
        select: { productId: true, locationId: true, lotId: true, quantity: true },
      }),
      db.stockBalance.count({ where: current }),
    ]);
    return { items: rows, meta: pageMeta(window, total, rows.length) };
  }
  // Grouped in the database; the groups of one company's filter are paged here.
  const groups = await db.stockMovement.groupBy({
    by: ['productId', 'locationId', 'lotId'],
    where: { ...where, occurredAt: { lte: args.asOf } },
    _sum: { quantity: true },
    orderBy: [{ productId: 'asc' }, { locationId: 'asc' }, { lotId: 'asc' }],
  });
  const rows = groups
    .map((group) => ({ productId: group.productId, locationId: group.locationId, lotId: group.lotId, quantity: new Decimal(group._sum.quantity ?? 0) }))
    .filter((row) => !row.quantity.isZero());
  const items = rows.slice(window.skip, window.skip + window.take);
  return { items, meta: pageMeta(window, rows.length, items.length) };
}
