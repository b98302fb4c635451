// FIFO valuation. Layers are kept per product across all its locations (moving stock between own locations
// does not change its cost). Every increase opens a layer: unit cost as given, else the product's unit
// cost, else 0; landed unit cost = unit cost + the product's landed cost per unit (0 when unset). Every
// decrease consumes the open layers oldest first (receivedAt, then id) and records what it took; the
// movement's unit cost is the weighted unit cost consumed. When a decrease (allowed negative stock) goes
// beyond the open layers, the part beyond consumes nothing and so carries no cost; the next increase first
// covers that deficit (recorded as consumed by the receipt's own movement), so the open layers always hold
// exactly the product's positive stock on hand.
//
// A posting locks the oldest open layers that cover its products' decreases (FOR UPDATE, see lockOpenLayers),
// plays all its movements against them in memory (FifoBook), and writes the outcome in at most three statements: new layers, consumptions, and
// the remaining quantities of the layers it drew on.
import type { TenantTx } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';

export interface LayerProduct {
  id: number;
  companyId: number;
  unitCost: Decimal | null;
  landedCost: Decimal | null;
}

export function receiptUnitCost(product: LayerProduct, given: Decimal | null | undefined): Decimal {
  return given ?? product.unitCost ?? ZERO;
}

interface OpenLayer {
  /** The stored layer's id, or null for a layer this posting opens. */
  id: number | null;
  /** Index into FifoBook.opened for a layer this posting opens. */
  openedIndex: number | null;
  receivedAt: Date;
  remaining: Decimal;
  unitCost: Decimal;
}

export interface OpenedLayer {
  productId: number;
  locationId: number;
  lotId: number | null;
  /** Index of the posting's movement that opened it. */
  movementIndex: number;
  receivedAt: Date;
  originalQuantity: Decimal;
  remaining: Decimal;
  unitCost: Decimal;
  landedUnitCost: Decimal;
}

export interface Consumption {
  /** A stored layer (layerId) or one this posting opens (openedIndex). */
  layerId: number | null;
  openedIndex: number | null;
  movementIndex: number;
  quantity: Decimal;
  unitCost: Decimal;
}

/** The open layers of a posting's products, played forward in memory, movement by movement. */
export class FifoBook {
  readonly opened: OpenedLayer[] = [];
  readonly consumptions: Consumption[] = [];
  private readonly layers = new Map<number, OpenLayer[]>();
  private readonly originalRemaining = new Map<number, Decimal>();
  private readonly storedRemaining = new Map<number, { layer: OpenLayer }>();

  constructor(stored: Array<{ id: number; productId: number; receivedAt: Date; remainingQuantity: Decimal; unitCost: Decimal }>) {
    for (const row of stored) {
      const layer: OpenLayer = { id: row.id, openedIndex: null, receivedAt: row.receivedAt, remaining: row.remainingQuantity, unitCost: row.unitCost };
      this.layersOf(row.productId).push(layer);
      this.originalRemaining.set(row.id, row.remainingQuantity);
      this.storedRemaining.set(row.id, { layer });
    }
  }

  /**
   * An increase of `quantity` at `unitCost`. `deficit` is what was issued beyond the open layers before it
   * (negative stock on hand): the receipt covers that first, as consumed by its own movement.
   */
  open(product: LayerProduct, movement: { index: number; locationId: number; lotId: number | null; occurredAt: Date; quantity: Decimal }, unitCost: Decimal, deficit: Decimal): void {
    const covered = Decimal.min(Decimal.max(deficit, ZERO), movement.quantity);
    const openedIndex = this.opened.length;
    this.opened.push({
      productId: product.id,
      locationId: movement.locationId,
      lotId: movement.lotId,
      movementIndex: movement.index,
      receivedAt: movement.occurredAt,
      originalQuantity: movement.quantity,
      remaining: movement.quantity.minus(covered),
      unitCost,
      landedUnitCost: unitCost.plus(product.landedCost ?? ZERO),
    });
    const layers = this.layersOf(product.id);
    const layer: OpenLayer = { id: null, openedIndex, receivedAt: movement.occurredAt, remaining: movement.quantity.minus(covered), unitCost };
    // Oldest first by receivedAt; a layer opened now comes after stored layers of the same moment (higher id).
    const at = layers.findIndex((other) => other.receivedAt.getTime() > layer.receivedAt.getTime());
    layers.splice(at === -1 ? layers.length : at, 0, layer);
    if (covered.gt(0)) this.consumptions.push({ layerId: null, openedIndex, movementIndex: movement.index, quantity: covered, unitCost });
  }

  /** A decrease: consumes oldest first; answers the weighted unit cost consumed (null when no layer was open). */
  consume(productId: number, movementIndex: number, quantity: Decimal): Decimal | null {
    let left = quantity;
    let consumed = ZERO;
    let cost = ZERO;
    for (const layer of this.layersOf(productId)) {
      if (left.lte(0)) break;
      if (layer.remaining.lte(0)) continue;
      const take = Decimal.min(layer.remaining, left);
      layer.remaining = layer.remaining.minus(take);
      if (layer.openedIndex !== null) this.opened[layer.openedIndex]!.remaining = layer.remaining;
      this.consumptions.push({ layerId: layer.id, openedIndex: layer.openedIndex, movementIndex, quantity: take, unitCost: layer.unitCost });
      left = left.minus(take);
      consumed = consumed.plus(take);
      cost = cost.plus(take.times(layer.unitCost));
    }
    return consumed.gt(0) ? cost.dividedBy(consumed).toDecimalPlaces(10) : null;
  }

  /** Stored layers whose remaining quantity changed. */
  changedStoredLayers(): Array<{ id: number; remaining: Decimal }> {
    return [...this.storedRemaining.entries()]
      .filter(([id, { layer }]) => !layer.remaining.eq(this.originalRemaining.get(id)!))
      .map(([id, { layer }]) => ({ id, remaining: layer.remaining }));
  }

  private layersOf(productId: number): OpenLayer[] {
    return this.layers.get(productId) ?? this.layers.set(productId, []).get(productId)!;
  }
}

/** What a posting will take from a product's stored layers at most: the sum of its valued decreases. */
export interface LayerNeed {
  productId: number;
  quantity: Decimal;
}

type LockedLayerRow = { id: number; productId: number; receivedAt: Date; remainingQuantity: unknown; unitCost: unknown };

/**
 * Locks (FOR UPDATE) the oldest open layers of each product that together cover what the posting may take,
 * and answers them as the posting's book. Only those: a product with many open receipts keeps its later
 * layers unlocked and unread, and a product the posting only increases locks none (its new layer is
 * inserted). The layers are chosen in the statement's snapshot and locked in one fixed order (product,
 * received, id). When the locked layers hold less than a product needs — another posting consumed some
 * between the snapshot and the lock, or the product is going below zero — the layers after those held are
 * chosen and locked the same way, in a new snapshot, until covered or none are left; so an uncontended
 * posting within its stock locks its layers in one statement.
 */
export async function lockOpenLayers(tx: TenantTx, companyId: number, needs: LayerNeed[]): Promise<FifoBook> {
  const locked: LockedLayerRow[] = [];
  let short = needs.filter((need) => need.quantity.gt(0));
  while (short.length > 0) {
    const { rows, chosen } = await lockCoveringLayers(tx, companyId, short, locked.map((row) => Number(row.id)));
    if (chosen === 0) break;
    locked.push(...rows);
    short = stillShort(short, rows);
  }
  locked.sort((a, b) => Number(a.productId) - Number(b.productId) || new Date(a.receivedAt).getTime() - new Date(b.receivedAt).getTime() || Number(a.id) - Number(b.id));
  return new FifoBook(
    locked.map((row) => ({
      id: Number(row.id),
      productId: Number(row.productId),
      receivedAt: new Date(row.receivedAt),
      remainingQuantity: new Decimal(String(row.remainingQuantity)),
      unitCost: new Decimal(String(row.unitCost)),
    })),
  );
}

/**
 * Locks the open layers, oldest first, whose earlier layers (in the snapshot) hold less than each product
 * needs. Answers them with how many the snapshot chose: fewer locked than chosen means some were used up
 * meanwhile, and the caller looks again (a new statement, a new snapshot); none chosen means none are left.
 */
async function lockCoveringLayers(tx: TenantTx, companyId: number, needs: LayerNeed[], held: number[]): Promise<{ rows: LockedLayerRow[]; chosen: number }> {
  // Chosen by walking each product's open layers oldest first (one index probe per layer, on
  // CostLayer_open_idx) until what is walked covers the need: a product's later layers are never read.
  const rows = await tx.$queryRaw<Array<LockedLayerRow & { chosen: number | null }>>`
    WITH RECURSIVE walk AS (
      SELECT n.product_id, n.quantity AS need, first."id", first."receivedAt", first."remainingQuantity"::numeric AS walked
      FROM unnest(${needs.map((need) => need.productId)}::int[], ${needs.map((need) => need.quantity.toString())}::numeric[]) AS n(product_id, quantity)
      CROSS JOIN LATERAL (
        SELECT c."id", c."receivedAt", c."remainingQuantity" FROM "CostLayer" c
        WHERE c."companyId" = ${companyId} AND c."productId" = n.product_id AND c."remainingQuantity" > 0 AND c."id" <> ALL(${held}::int[])
        ORDER BY c."receivedAt", c."id" LIMIT 1
      ) AS first
      UNION ALL
      SELECT walk.product_id, walk.need, next."id", next."receivedAt", (walk.walked + next."remainingQuantity")::numeric
      FROM walk
      CROSS JOIN LATERAL (
        SELECT c."id", c."receivedAt", c."remainingQuantity" FROM "CostLayer" c
        WHERE c."companyId" = ${companyId} AND c."productId" = walk.product_id AND c."remainingQuantity" > 0 AND c."id" <> ALL(${held}::int[])
          AND (c."receivedAt", c."id") > (walk."receivedAt", walk."id")
        ORDER BY c."receivedAt", c."id" LIMIT 1
      ) AS next
      WHERE walk.walked < walk.need
    ), locked AS (
      SELECT l."id", l."productId", l."receivedAt", l."remainingQuantity", l."unitCost"
      FROM "CostLayer" l JOIN walk ON l."companyId" = ${companyId} AND l."id" = walk."id"
      WHERE l."remainingQuantity" > 0
      ORDER BY l."productId", l."receivedAt", l."id"
      FOR UPDATE OF l
    )
    SELECT "id", "productId", "receivedAt", "remainingQuantity", "unitCost", NULL::int AS chosen FROM locked
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, count(*)::int FROM walk`;
  const summary = rows.find((row) => row.chosen !== null)!;
  return { rows: rows.filter((row) => row.chosen === null), chosen: Number(summary.chosen) };
}

/** The products whose newly locked layers hold less than they need, each with what is left uncovered. */
function stillShort(needs: LayerNeed[], rows: LockedLayerRow[]): LayerNeed[] {
  const held = new Map<number, Decimal>();
  for (const row of rows) held.set(Number(row.productId), (held.get(Number(row.productId)) ?? ZERO).plus(new Decimal(String(row.remainingQuantity))));
  return needs
    .map((need) => ({ productId: need.productId, quantity: need.quantity.minus(held.get(need.productId) ?? ZERO) }))
    .filter((need) => need.quantity.gt(0));
}

/** Writes what the book recorded: new layers, consumptions, changed remaining quantities (≤ 3 statements). */
export async function writeFifoBook(tx: TenantTx, companyId: number, book: FifoBook, movementIds: number[]): Promise<void> {
  let openedIds: number[] = [];
  if (book.opened.length > 0) {
    const layers = book.opened;
    const rows = await tx.$queryRaw<Array<{ id: number }>>`
      INSERT INTO "CostLayer" ("companyId", "productId", "locationId", "lotId", "movementId", "receivedAt", "originalQuantity", "remainingQuantity", "unitCost", "landedUnitCost")
      SELECT ${companyId}, l.product_id, l.location_id, l.lot_id, l.movement_id, l.received_at, l.original, l.remaining, l.unit_cost, l.landed_unit_cost
      FROM unnest(${layers.map((l) => l.productId)}::int[], ${layers.map((l) => l.locationId)}::int[], ${layers.map((l) => l.lotId)}::int[],
                  ${layers.map((l) => movementIds[l.movementIndex]!)}::int[], ${layers.map((l) => l.receivedAt.toISOString())}::timestamptz[],
                  ${layers.map((l) => l.originalQuantity.toString())}::numeric[], ${layers.map((l) => l.remaining.toString())}::numeric[],
                  ${layers.map((l) => l.unitCost.toString())}::numeric[], ${layers.map((l) => l.landedUnitCost.toString())}::numeric[])
           WITH ORDINALITY AS l(product_id, location_id, lot_id, movement_id, received_at, original, remaining, unit_cost, landed_unit_cost, position)
      ORDER BY l.position
      RETURNING "id"`;
    openedIds = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }
  if (book.consumptions.length > 0) {
    const taken = book.consumptions;
    await tx.$executeRaw`
      INSERT INTO "CostLayerConsumption" ("companyId", "layerId", "movementId", "quantity", "unitCost")
      SELECT ${companyId}, c.layer_id, c.movement_id, c.quantity, c.unit_cost
      FROM unnest(${taken.map((c) => c.layerId ?? openedIds[c.openedIndex!]!)}::int[], ${taken.map((c) => movementIds[c.movementIndex]!)}::int[],
                  ${taken.map((c) => c.quantity.toString())}::numeric[], ${taken.map((c) => c.unitCost.toString())}::numeric[])
           WITH ORDINALITY AS c(layer_id, movement_id, quantity, unit_cost, position)
      ORDER BY c.position`;
  }
  const changed = book.changedStoredLayers();
  if (changed.length > 0) {
    await tx.$executeRaw`
      UPDATE "CostLayer" AS l SET "remainingQuantity" = v.remaining
      FROM unnest(${changed.map((c) => c.id)}::int[], ${changed.map((c) => c.remaining.toString())}::numeric[]) AS v(id, remaining)
      WHERE l."companyId" = ${companyId} AND l."id" = v.id`;
  }
}
