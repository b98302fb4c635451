// Stock per product, location and lot: now (from the balances), or as of a past moment (the sum of the
// ledger's movements that occurred at or before it — exact, since the ledger is never rewritten), with the
// quantities incoming and reserved (quantities.ts) beside it.
//
// A row is a (product, location, lot) with stock on hand, incoming or reserved. Incoming stock has no lot yet
// (the lot of goods on their way is known only when they arrive) and sales orders reserve stock per warehouse,
// so both sit on the row without a lot (of the warehouse, for reservations); a product only incoming or
// reserved at a location gets a row with quantity 0. Rows with none are left out, in both modes, so the two
// answers agree for the same moment. Reservations are read as the sales orders stand now, also with as_of.
// Rows are ordered by product, location, then lot (no lot first).
import type { TenantDb } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { pageMeta, pageWindow, type Page, type PageArgs, type PageWindow } from '../../shared/pagination.js';
import { namedBySku } from '../../products/index.js';
import { onhandAsOfSql } from '../reports/onhand-as-of.js';
import { availableFrom, incomingByLocation, pendingByLocation, type QuantityOptions } from '../quantities.js';

export interface StockQueryArgs extends PageArgs {
  productId?: number | null;
  /** The product's SKU or one of its alternate SKUs: an unknown one gives an empty page. */
  sku?: string | null;
  locationId?: number | null;
  lotId?: number | null;
  asOf?: Date | null;
}

export interface StockRow {
  productId: number;
  locationId: number;
  lotId: number | null;
  quantity: Decimal;
  qtyIncoming: Decimal;
  /** Reserved by sales orders (on the warehouse's row without a lot). */
  qtyPending: Decimal;
  /** max(quantity − qtyPending, 0). */
  qtyAvailable: Decimal;
}

type OnhandRow = Omit<StockRow, 'qtyIncoming' | 'qtyPending' | 'qtyAvailable'>;

/** On-hand rows in stock order: the total, and a slice of them by offset. */
interface OnhandSource {
  count(): Promise<number>;
  slice(offset: number, limit: number): Promise<OnhandRow[]>;
  /** The rows without a lot at the given product/locations (to merge incoming into). */
  lotless(keys: Array<{ productId: number; locationId: number }>): Promise<OnhandRow[]>;
}

export async function listStock(db: TenantDb, queryArgs: StockQueryArgs): Promise<Page<StockRow>> {
  const window = pageWindow(queryArgs, new FieldErrorCollector());
  let args = queryArgs;
  if (args.sku) {
    const product = await db.product.findFirst({ where: { ...namedBySku(args.sku), ...(args.productId ? { id: args.productId } : {}) }, select: { id: true } });
    if (!product) return { items: [], meta: pageMeta(window, 0, 0) };
    args = { ...args, productId: product.id };
  }
  const where = {
    ...(args.productId ? { productId: args.productId } : {}),
    ...(args.locationId ? { locationId: args.locationId } : {}),
    ...(args.lotId ? { lotId: args.lotId } : {}),
  };
  const onhand = args.asOf ? onhandAsOfSql(db, where, args.asOf) : currentOnhand(db, where);
  const lotless = args.lotId ? [] : await lotlessRows(db, args);
  return mergePage(onhand, lotless, window);
}

/** Incoming and reserved per product and location, as rows without a lot (quantity 0 until merged). */
async function lotlessRows(db: TenantDb, args: StockQueryArgs): Promise<StockRow[]> {
  const options: QuantityOptions = {};
  if (args.asOf) {
    // Documents as they stood at the last movement at or before the moment.
    const last = await db.stockMovement.findFirst({ where: { occurredAt: { lte: args.asOf } }, orderBy: { id: 'desc' }, select: { id: true } });
    options.asOfMovementId = last?.id ?? 0;
    options.asOfTime = args.asOf;
  }
  const products = args.productId ? [args.productId] : null;
  const [incoming, pending] = [await incomingByLocation(db, products, options), await pendingByLocation(db, products)];
  const rows = new Map<string, StockRow>();
  const rowAt = (productId: number, locationId: number) => {
    const key = `${productId}:${locationId}`;
    if (!rows.has(key)) rows.set(key, { productId, locationId, lotId: null, quantity: ZERO, qtyIncoming: ZERO, qtyPending: ZERO, qtyAvailable: ZERO });
    return rows.get(key)!;
  };
  for (const row of incoming) rowAt(row.productId, row.locationId).qtyIncoming = row.quantity;
  for (const row of pending) rowAt(row.productId, row.locationId).qtyPending = row.quantity;
  return [...rows.values()].filter((row) => !args.locationId || row.locationId === args.locationId).sort(compareRows);
}

function currentOnhand(db: TenantDb, where: object): OnhandSource {
  const current = { ...where, quantity: { not: 0 } };
  const select = { productId: true, locationId: true, lotId: true, quantity: true } as const;
  return {
    count: () => db.stockBalance.count({ where: current }),
    slice: (offset, limit) =>
      db.stockBalance.findMany({ where: current, orderBy: [{ productId: 'asc' }, { locationId: 'asc' }, { lotKey: 'asc' }], skip: offset, take: limit, select }),
    lotless: (keys) =>
      keys.length === 0
        ? Promise.resolve([])
        : db.stockBalance.findMany({ where: { ...current, lotKey: 0, OR: keys.map((k) => ({ productId: k.productId, locationId: k.locationId })) }, select }),
  };
}

function compareRows(a: OnhandRow, b: OnhandRow): number {
  return a.productId - b.productId || a.locationId - b.locationId || (a.lotId ?? 0) - (b.lotId ?? 0);
}

/**
 * Pages the union of the on-hand rows (paged by the source) and the lotless incoming/reserved rows (few: open
 * documents only) without reading every on-hand row. An on-hand row at offset s sits at s + (incoming-only
 * rows before it); an incoming-only row j sits at j + (on-hand rows before it). Reading the on-hand rows from
 * skip − |incoming-only| on therefore covers every row of the page and places each exactly.
 */
async function mergePage(onhand: OnhandSource, incoming: StockRow[], window: PageWindow): Promise<Page<StockRow>> {
  const key = (row: { productId: number; locationId: number }) => `${row.productId}:${row.locationId}`;
  const incomingAt = new Map(incoming.map((row) => [key(row), row]));
  const [total, lotless] = await Promise.all([onhand.count(), onhand.lotless(incoming)]);
  const merged = new Set(lotless.map(key));
  const incomingOnly = incoming.filter((row) => !merged.has(key(row)));

  const start = Math.max(0, window.skip - incomingOnly.length);
  const fetched = await onhand.slice(start, window.skip + window.take - start);
  const placed: Array<{ position: number; row: StockRow }> = [];
  fetched.forEach((row, index) => {
    const before = incomingOnly.filter((other) => compareRows(other, row) < 0).length;
    const extra = row.lotId === null ? incomingAt.get(key(row)) : undefined;
    const qtyPending = extra?.qtyPending ?? ZERO;
    placed.push({ position: start + index + before, row: { ...row, qtyIncoming: extra?.qtyIncoming ?? ZERO, qtyPending, qtyAvailable: availableFrom(row.quantity, qtyPending) } });
  });
  incomingOnly.forEach((row, j) => {
    if (start > 0 && (fetched.length === 0 || compareRows(row, fetched[0]) < 0)) return; // before the page
    placed.push({ position: j + start + fetched.filter((other) => compareRows(other, row) < 0).length, row });
  });
  const items = placed
    .filter((entry) => entry.position >= window.skip && entry.position < window.skip + window.take)
    .sort((a, b) => a.position - b.position)
    .map((entry) => entry.row);
  return { items, meta: pageMeta(window, total + incomingOnly.length, items.length) };
}
