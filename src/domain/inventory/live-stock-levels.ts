// Stock levels, live (the stockLevels subscription, issue 35): a few products' quantities per location (on hand,
// available, pending, incoming), as computeProductQuantities computes them for the stock export, first as they
// stand and then again after each round of the company's events that can change them, sending the products whose
// levels changed. The events come from the live feed (the committed outbox), so a change made through any process
// is seen.
import type { TenantDb } from '../../db/tenant-client.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import type { EventType, LiveFeed, Watcher } from '../events/index.js';
import { computeProductQuantities, warehouseQuantities, type WarehouseQuantities } from './quantities.js';

/** The events after which stock levels are read again: postings, reservations, and what is incoming. */
export const STOCK_LEVEL_EVENT_TYPES = [
  'stock.moved',
  'sales_order.confirmed',
  'sales_order.allocated',
  'sales_order.deallocated',
  'sales_order.cancelled',
  'sales_order.closed',
  'shipment.shipped',
  'purchase_order.submitted',
  'purchase_order.updated',
  'purchase_order.received',
  'purchase_order.receipt_voided',
  'purchase_order.cancelled',
  'purchase_order.closed',
  'work_order.released',
  'work_order.updated',
  'work_order.production_recorded',
  'work_order.cancelled',
  'work_order.completed',
  'cycle_count.posted',
] as const satisfies readonly EventType[];

export const MAX_WATCHED_PRODUCTS = 50;

/**
 * Levels read again after a round, shared by the subscribers of one live feed that watch the same products of
 * the same company after the same last event (a dashboard open in many browsers costs one read a round, not one
 * each). Kept a few seconds after they are read, for subscribers that take the round's batch later.
 */
const sharedReads = new WeakMap<LiveFeed, Map<string, Promise<StockLevels[]>>>();
const SHARED_READ_MS = 5_000;

function sharedRead(live: LiveFeed, key: string, read: () => Promise<StockLevels[]>): Promise<StockLevels[]> {
  let reads = sharedReads.get(live);
  if (!reads) sharedReads.set(live, (reads = new Map()));
  let levels = reads.get(key);
  if (!levels) {
    levels = read();
    reads.set(key, levels);
    const forget = () => setTimeout(() => reads.delete(key), SHARED_READ_MS).unref();
    levels.then(forget, forget);
  }
  return levels;
}

export interface LocationStockLevel {
  locationId: number;
  qtyOnhand: Decimal;
  qtyAvailable: Decimal;
  qtyPending: Decimal;
  qtyIncoming: Decimal;
}

export interface StockLevels {
  productId: number;
  /** The warehouse asked for, or null for every location. */
  warehouseId: number | null;
  locations: LocationStockLevel[];
  /** The same per warehouse (warehouseQuantities): the one asked for, or each with stock, reserved or incoming. */
  warehouses: WarehouseQuantities[];
}

export interface StockLevelsArgs {
  productIds: readonly number[];
  warehouseId?: number | null;
}

/** Checks the products and warehouse (422 naming the field), then streams their levels: now, then on change. */
export async function watchStockLevels(db: TenantDb, live: LiveFeed, watcher: Watcher, args: StockLevelsArgs, signal?: AbortSignal): Promise<AsyncGenerator<StockLevels>> {
  const errors = new FieldErrorCollector();
  const productIds = [...new Set(args.productIds)];
  if (productIds.length === 0 || productIds.length > MAX_WATCHED_PRODUCTS) errors.add('productIds', `Give from 1 to ${MAX_WATCHED_PRODUCTS} product ids.`);
  const found = await db.product.findMany({ where: { id: { in: productIds } }, select: { id: true } });
  const unknown = productIds.filter((id) => !found.some((p) => p.id === id));
  if (unknown.length > 0) errors.add('productIds', `No product ${unknown.join(', ')} in this company.`);
  const warehouseId = args.warehouseId ?? null;
  let locationIds: Set<number> | null = null;
  if (warehouseId !== null) {
    const locations = await db.location.findMany({ where: { OR: [{ id: warehouseId }, { parentId: warehouseId }] }, select: { id: true, parentId: true } });
    const warehouse = locations.find((l) => l.id === warehouseId);
    if (!warehouse || warehouse.parentId !== null) errors.add('warehouseId', `No warehouse ${warehouseId} in this company (a top-level location).`);
    locationIds = new Set(locations.map((l) => l.id));
  }
  errors.throwIfAny();

  const read = async (): Promise<StockLevels[]> => {
    const quantities = await computeProductQuantities(db, productIds);
    const perProduct = productIds.map((productId) =>
      (quantities.get(productId)?.locations ?? [])
        .filter((location) => locationIds === null || locationIds.has(location.locationId))
        .map(({ locationId, qtyOnhand, qtyAvailable, qtyPending, qtyIncoming }) => ({ locationId, qtyOnhand, qtyAvailable, qtyPending, qtyIncoming })),
    );
    // Locations nest one level under a warehouse (a top-level location).
    const ids = [...new Set(perProduct.flat().map((location) => location.locationId))];
    const parents = new Map((await db.location.findMany({ where: { id: { in: ids } }, select: { id: true, parentId: true } })).map((l) => [l.id, l.parentId]));
    const warehouseOf = (locationId: number) => parents.get(locationId) ?? locationId;
    return productIds.map((productId, index) => ({ productId, warehouseId, locations: perProduct[index]!, warehouses: warehouseQuantities(perProduct[index]!, warehouseOf) }));
  };
  // Watch from before the first read, so no change between the two is missed.
  const batches = await live.watch({ ...watcher, after: null, types: STOCK_LEVEL_EVENT_TYPES }, signal);
  const first = await read();
  return (async function* levels() {
    const sent = new Map<number, string>();
    const changed = (levels: StockLevels) => {
      const text = JSON.stringify(levels.locations);
      if (sent.get(levels.productId) === text) return false;
      sent.set(levels.productId, text);
      return true;
    };
    try {
      for (const levels of first) if (changed(levels)) yield levels;
      const watched = `${watcher.companyId}:${[...productIds].sort((a, b) => a - b).join(',')}:${warehouseId ?? ''}`;
      for await (const batch of batches) {
        const after = batch[batch.length - 1]!.id;
        for (const levels of await sharedRead(live, `${watched}:${after}`, read)) if (changed(levels)) yield levels;
      }
    } finally {
      await batches.return?.();
    }
  })();
}
