// The one door every change of stock goes through (adjustments, transfers, receiving, shipping, returns,
// production). For each movement it resolves the lot (or splits a lot-less take across lots by the deduction
// strategy), updates the balances concurrency-safely (see balances.ts), refuses negative stock unless the
// warehouse group allows it, writes the immutable ledger rows and keeps the FIFO cost layers (see
// cost-layers.ts). Stock that arrives goes to the backorders of sales orders first (src/domain/sales/allocation.ts).
// It runs inside the caller's transaction and never opens its own, so a document posts all or nothing.
// Each posting writes one stock.moved event (src/domain/events) with its movements, in the same transaction.
//
// Set-based: the statements do not grow with the lines. Facts, lots, balance rows and cost layers are read
// (and locked) once for all lines; the lines are then played in order in memory against those locked
// quantities (a later line sees what an earlier one did); balances, movements, layers and consumptions are
// each written by one statement.
import type { Lot, StockMovement } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
import { Decimal, toDecimal, ZERO, type DecimalInput } from '../../shared/decimal.js';
import { ValidationError } from '../../shared/errors.js';
import { applyBalanceDeltas, balanceKeyText, lockBalanceRows } from './balances.js';
import { lockOpenLayers, receiptUnitCost, writeFifoBook, type FifoBook } from './cost-layers.js';
import { checkPostingLines, type CheckedLine } from './posting-facts.js';
import { loadPickableLots, pickLots, resolveNamedLots, takesFromLots } from './posting-lots.js';
import { allocateArrivals } from '../../sales/index.js';
import { recordEvent } from '../../events/index.js';

export interface MovementInput {
  productId: number;
  locationId: number;
  /** Signed change in the product's base unit; never zero. */
  quantity: DecimalInput;
  lotId?: number | null;
  /** Names the lot; on an increase a new number creates the lot with the dates below. */
  lotNumber?: string | null;
  productionDate?: Date | null;
  expiryDate?: Date | null;
  /** Cost per unit of an increase (else the product's unit cost, else 0). Ignored on decreases. */
  unitCost?: DecimalInput | null;
  /**
   * The unit cost already carries the landed costs of this receipt (purchase receipts): the layer's landed
   * unit cost is the unit cost, without the product's standard landed cost on top.
   */
  landedCostIncluded?: boolean;
  reason: string;
  /** ADJUSTMENT, TRANSFER_SHIPMENT, TRANSFER_RECEIPT, ... */
  sourceType: string;
  sourceId?: number | null;
  sourceLineId?: number | null;
  /** Prefix of the caller's field names for errors, with its trailing dot: `lines.0.` (default none). */
  field?: string;
  /**
   * `fifo` (default): increases open a cost layer, decreases consume layers. `none`: the movement leaves
   * the layers alone — for moves between own locations (transfers), since layers are per product.
   */
  valuation?: 'fifo' | 'none';
}

export interface PostingContext {
  tokenId?: number | null;
  userId?: number | null;
  occurredAt?: Date;
}

export interface PostedMovement extends StockMovement {
  /** Index of the MovementInput this row came from (a take split across lots gives several rows). */
  inputIndex: number;
  lot: Lot | null;
}

export async function postStockMovements(
  tx: TenantTx,
  movements: MovementInput[],
  context: PostingContext = {},
): Promise<PostedMovement[]> {
  if (movements.length === 0) return [];
  const occurredAt = context.occurredAt ?? new Date();
  const lines = await checkPostingLines(tx, movements);
  const companyId = lines[0]!.product.companyId;
  const namedLots = await resolveNamedLots(tx, lines);
  const locked = await lockBalanceRows(tx, companyId, lines.map((line) => ({ productId: line.product.id, locationId: line.location.id })));
  const pickable = await loadPickableLots(tx, lines, locked);
  for (const lot of namedLots.values()) pickable.byId.set(lot.id, lot);

  // The posting's balances as its lines change them, starting from the locked rows, and the lots held at
  // each product and location (for lot-less takes).
  const balances = new Map(locked.map((row) => [balanceKeyText(row), row.quantity]));
  const lotsAt = new Map<string, Set<number>>();
  const place = (productId: number, locationId: number) => lotsAt.get(`${productId}:${locationId}`) ?? lotsAt.set(`${productId}:${locationId}`, new Set()).get(`${productId}:${locationId}`)!;
  for (const row of locked) if (row.lotId !== null) place(row.productId, row.locationId).add(row.lotId);

  const parts: Part[] = [];
  for (const line of lines) {
    const key = { productId: line.product.id, locationId: line.location.id };
    const lineParts = takesFromLots(line)
      ? pickLots(
          line,
          pickable,
          [...place(key.productId, key.locationId)].map((lotId) => ({ lotId, quantity: balances.get(balanceKeyText({ ...key, lotId }))! })),
          (available) => shortage(line, null, available, line.quantity.negated()),
        )
      : [{ lot: line.product.lotTracking ? namedLots.get(line.index) ?? null : null, quantity: line.quantity }];
    for (const part of lineParts) {
      const balanceKey = balanceKeyText({ ...key, lotId: part.lot?.id ?? null });
      const before = balances.get(balanceKey) ?? ZERO;
      const after = before.plus(part.quantity);
      if (part.quantity.lt(0) && after.lt(0) && !line.allowNegative) throw shortage(line, part.lot, before, part.quantity.negated());
      balances.set(balanceKey, after);
      if (part.lot) place(key.productId, key.locationId).add(part.lot.id);
      parts.push({ line, lot: part.lot, quantity: part.quantity, unitCost: null });
    }
  }

  const book = await valueParts(tx, companyId, parts, occurredAt);
  await writeBalances(tx, companyId, parts);
  const ids = await insertMovements(tx, companyId, parts, context, occurredAt);
  await writeFifoBook(tx, companyId, book, ids);
  const posted = parts.map((part, index): PostedMovement => ({
    id: ids[index]!,
    companyId,
    productId: part.line.product.id,
    locationId: part.line.location.id,
    lotId: part.lot?.id ?? null,
    quantity: part.quantity,
    unitCost: part.unitCost,
    reason: part.line.input.reason,
    sourceType: part.line.input.sourceType,
    sourceId: part.line.input.sourceId ?? null,
    sourceLineId: part.line.input.sourceLineId ?? null,
    createdByTokenId: context.tokenId ?? null,
    createdByUserId: context.userId ?? null,
    occurredAt,
    inputIndex: part.line.index,
    lot: part.lot,
  }));
  // Stock that arrives fills the backorders of its product and warehouse in this same transaction.
  await allocateArrivals(tx, posted.filter((movement) => movement.quantity.gt(0)));
  await recordStockMoved(tx, posted);
  return posted;
}

/** One ledger row to be: a line, or the part of a lot-less take that comes from one lot. */
interface Part {
  line: CheckedLine;
  lot: Lot | null;
  quantity: Decimal;
  unitCost: Decimal | null;
}

/**
 * FIFO: locks the open layers the decreases may draw on and plays the parts against them in order (an increase
 * opens a layer at its cost and first covers stock issued below zero; a decrease consumes oldest first and
 * takes the weighted cost) — setting each part's unit cost. Answers the book, to be written with the movements.
 */
async function valueParts(tx: TenantTx, companyId: number, parts: Part[], occurredAt: Date): Promise<FifoBook> {
  const valued = (part: Part) => (part.line.input.valuation ?? 'fifo') === 'fifo';
  const valuedProducts = [...new Set(parts.filter(valued).map((part) => part.line.product.id))].sort((a, b) => a - b);
  // What the decreases may take from the stored layers, per product.
  const takes = new Map<number, Decimal>();
  for (const part of parts) {
    if (valued(part) && part.quantity.lt(0)) takes.set(part.line.product.id, (takes.get(part.line.product.id) ?? ZERO).minus(part.quantity));
  }
  const book = await lockOpenLayers(tx, companyId, [...takes].map(([productId, quantity]) => ({ productId, quantity })));
  // Stock on hand per product across locations before the posting (only receipts that are valued need it).
  const totals = parts.some((part) => valued(part) && part.quantity.gt(0)) ? await stockOnHand(tx, companyId, valuedProducts) : new Map<number, Decimal>();
  for (const [index, part] of parts.entries()) {
    const product = part.line.product;
    const before = totals.get(product.id) ?? ZERO;
    totals.set(product.id, before.plus(part.quantity));
    const input = part.line.input;
    if (part.quantity.gt(0)) {
      part.unitCost = receiptUnitCost(product, input.unitCost === undefined || input.unitCost === null ? null : toDecimal(input.unitCost));
      if (valued(part)) {
        const layerProduct = input.landedCostIncluded ? { ...product, landedCost: null } : product;
        book.open(layerProduct, { index, locationId: part.line.location.id, lotId: part.lot?.id ?? null, occurredAt, quantity: part.quantity }, part.unitCost, before.negated());
      }
    } else if (valued(part)) {
      part.unitCost = book.consume(product.id, index, part.quantity.negated());
    }
  }
  return book;
}

async function stockOnHand(tx: TenantTx, companyId: number, productIds: number[]): Promise<Map<number, Decimal>> {
  const rows = await tx.$queryRaw<Array<{ productId: number; quantity: unknown }>>`
    SELECT "productId", sum("quantity") AS "quantity" FROM "StockBalance"
    WHERE "companyId" = ${companyId} AND "productId" = ANY(${productIds}::int[])
    GROUP BY "productId"`;
  return new Map(rows.map((row) => [Number(row.productId), new Decimal(String(row.quantity))]));
}

/** Every balance change of the posting, summed per row, in one statement. */
async function writeBalances(tx: TenantTx, companyId: number, parts: Part[]): Promise<void> {
  const deltas = new Map<string, { productId: number; locationId: number; lotId: number | null; delta: Decimal }>();
  for (const part of parts) {
    const row = { productId: part.line.product.id, locationId: part.line.location.id, lotId: part.lot?.id ?? null };
    const key = balanceKeyText(row);
    const known = deltas.get(key);
    if (known) known.delta = known.delta.plus(part.quantity);
    else deltas.set(key, { ...row, delta: part.quantity });
  }
  const after = await applyBalanceDeltas(tx, companyId, [...deltas.values()]);
  // The quantities were decided under the rows' locks; a row below zero here means that rule was broken.
  for (const part of parts) {
    const quantity = after.get(balanceKeyText({ productId: part.line.product.id, locationId: part.line.location.id, lotId: part.lot?.id ?? null }));
    if (!part.line.allowNegative && quantity !== undefined && quantity.lt(0)) {
      throw new Error(`Balance of product ${part.line.product.id} at location ${part.line.location.id} would fall below zero.`);
    }
  }
}

/** The ledger rows, in one statement; answers their ids in the parts' order. */
async function insertMovements(tx: TenantTx, companyId: number, parts: Part[], context: PostingContext, occurredAt: Date): Promise<number[]> {
  const column = <T>(pick: (part: Part) => T) => parts.map(pick);
  const rows = await tx.$queryRaw<Array<{ id: number }>>`
    INSERT INTO "StockMovement" ("companyId", "productId", "locationId", "lotId", "quantity", "unitCost", "reason", "sourceType", "sourceId", "sourceLineId", "createdByTokenId", "createdByUserId", "occurredAt")
    SELECT ${companyId}, m.product_id, m.location_id, m.lot_id, m.quantity, m.unit_cost, m.reason, m.source_type, m.source_id, m.source_line_id,
           ${context.tokenId ?? null}::int, ${context.userId ?? null}::int, ${occurredAt}::timestamp
    FROM unnest(${column((p) => p.line.product.id)}::int[], ${column((p) => p.line.location.id)}::int[], ${column((p) => p.lot?.id ?? null)}::int[],
                ${column((p) => p.quantity.toString())}::numeric[], ${column((p) => p.unitCost?.toString() ?? null)}::numeric[],
                ${column((p) => p.line.input.reason)}::text[], ${column((p) => p.line.input.sourceType)}::text[],
                ${column((p) => p.line.input.sourceId ?? null)}::int[], ${column((p) => p.line.input.sourceLineId ?? null)}::int[])
         WITH ORDINALITY AS m(product_id, location_id, lot_id, quantity, unit_cost, reason, source_type, source_id, source_line_id, position)
    ORDER BY m.position
    RETURNING "id"`;
  // Ids come from one sequence in the order the rows were inserted (the ORDER BY): ascending is the parts' order.
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * The posting's stock.moved event: one for the whole posting (one statement however many movements), about
 * its source document (`purchase_receipt` 12, `sales_shipment` 7…), its movements in data.
 */
async function recordStockMoved(tx: TenantTx, posted: PostedMovement[]): Promise<void> {
  const first = posted[0];
  if (!first) return;
  await recordEvent(tx, {
    type: 'stock.moved',
    resourceType: first.sourceType.toLowerCase(),
    resourceId: first.sourceId ?? 'none',
    data: {
      source_type: first.sourceType,
      source_id: first.sourceId,
      occurred_at: first.occurredAt.toISOString(),
      movements: posted.map((movement) => ({
        id: movement.id,
        product_id: movement.productId,
        location_id: movement.locationId,
        lot_id: movement.lotId,
        lot_number: movement.lot?.lotNumber ?? null,
        quantity: Number(movement.quantity.toString()),
        unit_cost: movement.unitCost === null ? null : Number(movement.unitCost.toString()),
        reason: movement.reason,
        source_type: movement.sourceType,
        source_id: movement.sourceId,
        source_line_id: movement.sourceLineId,
      })),
    },
  });
}

function shortage(line: CheckedLine, lot: Lot | null, available: Decimal, requested: Decimal): ValidationError {
  const { product, location } = line;
  const where = `location "${location.name}" (id ${location.id})${lot ? `, lot ${lot.lotNumber}` : ''}`;
  const message =
    `Not enough stock of product ${product.sku} (id ${product.id}) at ${where}: ` +
    `${available.toString()} available, ${requested.toString()} requested.`;
  return new ValidationError({ [`${line.field}quantity`]: [message] });
}
