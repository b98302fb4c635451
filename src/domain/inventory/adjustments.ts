// Inventory adjustments: a document of signed quantity changes that posts at once. The whole document is
// one transaction: the header, its lines and every movement they post — any failing line and nothing is
// written. A decrease without a lot on a lot-tracked product may be split across lots by the deduction
// strategy; the line then shows no single lot (lotId null) and its movements show where the stock came from.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId, companyIdOf } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { checkDecimal, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { postStockMovements, type PostingContext } from './ledger/post-movements.js';
import { reserveIds } from '../../db/reserve-ids.js';
import { balanceKeyText, lockBalanceRows } from './ledger/balances.js';
import { parseDateOnly } from '../shared/dates.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { ADJUSTMENT_SOURCE } from './adjustment-source.js';
import { listPage } from '../shared/list-page.js';

export interface AdjustmentLineInput {
  productId: number;
  locationId: number;
  /** Signed change in the product's base unit; or give countedQuantity instead. */
  quantity?: Decimal | null;
  /** What was counted at the location (and lot): the change is counted − on hand, read under lock. */
  countedQuantity?: Decimal | null;
  unitCost?: Decimal | null;
  lotId?: number | null;
  lotNumber?: string | null;
  /** YYYY-MM-DD, used when the lot number is new. */
  productionDate?: string | null;
  expiryDate?: string | null;
  reason?: string | null;
}

export interface AdjustmentInput {
  reason?: string | null;
  notes?: string | null;
  lines: AdjustmentLineInput[];
}

export type AdjustmentQuery = PassThroughQuery;

export { ADJUSTMENT_SOURCE };
const SORTABLE = { id: 'id', created_at: 'createdAt', posted_at: 'postedAt' };

export async function listAdjustments(db: TenantDb, args: PageArgs & { sort?: string | null }, query: AdjustmentQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  return listPage(db, 'inventoryAdjustment', query, { orderBy, window });
}

export async function getAdjustment(db: TenantDb, id: number, query: AdjustmentQuery = {}) {
  const adjustment = await db.inventoryAdjustment.findUnique({ ...query, where: byId(id) });
  if (!adjustment) throw new NotFoundError('Inventory adjustment', id);
  return adjustment;
}

/**
 * Posts the adjustment and reads the answer in the same transaction (as JSON written by one statement when the
 * query asks for it, readAnswer): a failing read posts nothing.
 */
export async function createAdjustment(db: TenantDb, input: AdjustmentInput, context: PostingContext, query: AnswerQuery = {}) {
  // Under load many posts queue for a pooled connection and the balance row locks: the client's transaction
  // limits (src/db/database.ts) let them wait rather than fail.
  return db.$transaction(async (tx) => {
    const id = await postAdjustment(tx, input, context);
    return readAnswer(tx, id, query, (q) => tx.inventoryAdjustment.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/**
 * A line's movements in SQL (alias `movement`; the company as $1), as its resolver reads them: the ledger rows it
 * posted, oldest first, by document and line (StockMovement's source index).
 */
export const lineMovementsSql = (line: string, movement: string) => ({
  from: `"StockMovement" ${movement}`,
  where:
    `${movement}."companyId" = $1::int AND ${movement}."sourceType" = '${ADJUSTMENT_SOURCE}' ` +
    `AND ${movement}."sourceId" = ${line}."adjustmentId" AND ${movement}."sourceLineId" = ${line}.id`,
  order: `${movement}.id`,
});

/** Checks and posts an adjustment inside the caller's transaction (a cycle count posts one); answers its id. */
export async function postAdjustment(tx: TenantTx, input: AdjustmentInput, context: PostingContext): Promise<number> {
  const dates = checkAdjustmentInput(input);
  await checkReferences(tx, input.lines);
  const changes = await resolveChanges(tx, input.lines);
  const postedAt = context.occurredAt ?? new Date();
  const adjustment = await tx.inventoryAdjustment.create({
    data: { reason: input.reason ?? null, notes: input.notes ?? null, status: 'posted', postedAt } as any,
  });
  const lineIds = await reserveIds(tx, 'InventoryAdjustmentLine', input.lines.length);
  // A count that matches the stock changes nothing: its line is kept, without a movement.
  const moving = input.lines.map((line, index) => ({ line, index })).filter(({ index }) => !changes[index]!.isZero());
  const posted = await postStockMovements(
    tx,
    moving.map(({ line, index }) => ({
      productId: line.productId,
      locationId: line.locationId,
      quantity: changes[index]!,
      unitCost: line.unitCost ?? null,
      lotId: line.lotId ?? null,
      lotNumber: line.lotNumber ?? null,
      productionDate: dates[index]!.productionDate,
      expiryDate: dates[index]!.expiryDate,
      reason: line.reason ?? input.reason ?? 'adjustment',
      sourceType: ADJUSTMENT_SOURCE,
      sourceId: adjustment.id,
      sourceLineId: lineIds[index]!,
      field: `lines.${index}.`,
    })),
    { ...context, occurredAt: postedAt },
  );
  // Each moving line records its lot (when one), its first movement and its cost.
  const byInput = new Map<number, typeof posted>();
  for (const movement of posted) (byInput.get(movement.inputIndex) ?? byInput.set(movement.inputIndex, []).get(movement.inputIndex)!).push(movement);
  const postedOf = new Map(
    moving.map(({ index }, position) => {
      const parts = byInput.get(position)!;
      const lotIds = new Set(parts.map((movement) => movement.lotId));
      return [index, { lotId: lotIds.size === 1 ? parts[0]!.lotId : null, movementId: parts[0]!.id, unitCost: weightedUnitCost(parts) }];
    }),
  );
  await insertLines(tx, adjustment.companyId, adjustment.id, input.lines.map((line, index) => ({ line, id: lineIds[index]!, change: changes[index]!, ...postedOf.get(index) })));
  return adjustment.id;
}

/** Every line's product (active: deleted products take no new adjustments) and location exist (checked before any row is written, so errors name them all). */
async function checkReferences(tx: TenantTx, lines: AdjustmentLineInput[]): Promise<void> {
  const errors = new FieldErrorCollector();
  const companyId = companyIdOf(tx);
  const [products, locations] = await Promise.all([
    tx.$queryRaw<Array<{ id: number }>>`
      SELECT "id" FROM "Product" WHERE "companyId" = ${companyId} AND "status" = 1 AND "id" = ANY(${lines.map((line) => line.productId)}::int[])`,
    tx.$queryRaw<Array<{ id: number }>>`
      SELECT "id" FROM "Location" WHERE "companyId" = ${companyId} AND "id" = ANY(${lines.map((line) => line.locationId)}::int[])`,
  ]);
  const productIds = new Set(products.map((row) => Number(row.id)));
  const locationIds = new Set(locations.map((row) => Number(row.id)));
  lines.forEach((line, index) => {
    if (!productIds.has(line.productId)) errors.add(`lines.${index}.productId`, `Product ${line.productId} does not exist.`);
    if (!locationIds.has(line.locationId)) errors.add(`lines.${index}.locationId`, `Location ${line.locationId} does not exist.`);
  });
  errors.throwIfAny();
}

/** The document's lines, complete, in one statement. */
async function insertLines(
  tx: TenantTx,
  companyId: number,
  adjustmentId: number,
  rows: Array<{ line: AdjustmentLineInput; id: number; change: Decimal; lotId?: number | null; movementId?: number; unitCost?: Decimal | null }>,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "InventoryAdjustmentLine" ("companyId", "id", "adjustmentId", "productId", "locationId", "lotId", "quantity", "countedQuantity", "reason", "movementId", "unitCost")
    SELECT ${companyId}, l.id, ${adjustmentId}, l.product_id, l.location_id, l.lot_id, l.quantity, l.counted, l.reason, l.movement_id, l.unit_cost
    FROM unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.line.productId)}::int[], ${rows.map((r) => r.line.locationId)}::int[],
                ${rows.map((r) => r.lotId ?? null)}::int[], ${rows.map((r) => r.change.toString())}::numeric[],
                ${rows.map((r) => r.line.countedQuantity?.toString() ?? null)}::numeric[], ${rows.map((r) => r.line.reason ?? null)}::text[],
                ${rows.map((r) => r.movementId ?? null)}::int[], ${rows.map((r) => r.unitCost?.toString() ?? null)}::numeric[])
         AS l(id, product_id, location_id, lot_id, quantity, counted, reason, movement_id, unit_cost)`;
}

/** The line's cost per unit across its movements (a split take may consume layers of several costs). */
function weightedUnitCost(parts: Array<{ quantity: Decimal; unitCost: Decimal | null }>): Decimal | null {
  const costed = parts.filter((part) => part.unitCost !== null);
  if (costed.length === 0) return null;
  const quantity = costed.reduce((sum, part) => sum.plus(part.quantity.abs()), ZERO);
  const cost = costed.reduce((sum, part) => sum.plus(part.quantity.abs().times(part.unitCost!)), ZERO);
  return quantity.isZero() ? null : cost.dividedBy(quantity).toDecimalPlaces(10);
}

function checkAdjustmentInput(input: AdjustmentInput): Array<{ productionDate: Date | null; expiryDate: Date | null }> {
  const errors = new FieldErrorCollector();
  checkMaxLength(errors, 'reason', input.reason, 255);
  if (!input.lines || input.lines.length === 0) errors.add('lines', 'The lines field must have at least 1 item.');
  const dates = (input.lines ?? []).map((line, index) => {
    const field = `lines.${index}.`;
    const hasChange = line.quantity !== undefined && line.quantity !== null;
    const hasCount = line.countedQuantity !== undefined && line.countedQuantity !== null;
    if (hasChange === hasCount) {
      errors.add(`${field}quantity`, 'Give either quantity (the signed change) or counted_quantity (what was counted), not both.');
    }
    // Exact to the columns' 10 decimals: the database would round more away silently (a tiny change to 0).
    if (hasChange && line.quantity!.isZero()) errors.add(`${field}quantity`, 'The quantity may not be 0.');
    else checkDecimal(errors, `${field}quantity`, line.quantity, LEDGER_DECIMAL);
    checkDecimal(errors, `${field}countedQuantity`, line.countedQuantity, { ...LEDGER_DECIMAL, min: 0 });
    if (line.unitCost !== undefined && line.unitCost !== null) {
      checkDecimal(errors, `${field}unitCost`, line.unitCost, { ...LEDGER_DECIMAL, min: 0 });
      if (hasChange && line.quantity!.lt(0)) errors.add(`${field}unitCost`, 'The unit cost applies to increases only; decreases are valued from the FIFO cost layers.');
    }
    checkMaxLength(errors, `${field}reason`, line.reason, 255);
    const parse = (name: 'productionDate' | 'expiryDate') => {
      const text = line[name];
      if (text === undefined || text === null || text === '') return null;
      const date = parseDateOnly(text);
      if (!date) errors.add(`${field}${name}`, `The ${name === 'productionDate' ? 'production' : 'expiry'} date must be a date in the form YYYY-MM-DD.`);
      return date;
    };
    return { productionDate: parse('productionDate'), expiryDate: parse('expiryDate') };
  });
  errors.throwIfAny();
  return dates;
}

/**
 * The signed change of every line: given, or for a counted line the count minus what is on hand at that
 * location and lot, read after locking the balance rows so no other posting moves them in between.
 */
async function resolveChanges(tx: TenantTx, lines: AdjustmentLineInput[]): Promise<Decimal[]> {
  const counted = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.countedQuantity !== undefined && line.countedQuantity !== null);
  if (counted.length === 0) return lines.map((line) => line.quantity!);
  const products = new Map(
    (await tx.product.findMany({ where: { id: { in: counted.map(({ line }) => line.productId) } }, select: { id: true, companyId: true, lotTracking: true } })).map(
      (product) => [product.id, product],
    ),
  );
  const errors = new FieldErrorCollector();
  const companyId = products.values().next().value!.companyId;
  const onHand = new Map((await lockBalanceRows(tx, companyId, counted.map(({ line }) => line))).map((row) => [balanceKeyText(row), row.quantity]));
  const lotCounts = counted.filter(({ line }) => products.get(line.productId)!.lotTracking);
  const lots =
    lotCounts.length === 0
      ? []
      : await tx.lot.findMany({
          where: { OR: lotCounts.map(({ line }) => ({ productId: line.productId, ...(line.lotId ? { id: line.lotId } : { lotNumber: (line.lotNumber ?? '').trim() }) })) },
          select: { id: true, productId: true, lotNumber: true },
        });
  const lotById = new Map(lots.map((lot) => [lot.id, lot]));
  const lotByNumber = new Map(lots.map((lot) => [`${lot.productId}:${lot.lotNumber}`, lot]));
  const changes = lines.map((line) => line.quantity ?? ZERO);
  for (const { line, index } of counted) {
    const product = products.get(line.productId)!;
    let lotId: number | null = null;
    if (product.lotTracking) {
      if ((line.lotId ?? null) === null && (line.lotNumber ?? '').trim() === '') {
        errors.add(`lines.${index}.lotNumber`, 'A count of a lot-tracked product names the lot that was counted.');
        continue;
      }
      const named = line.lotId ? lotById.get(line.lotId) : lotByNumber.get(`${product.id}:${line.lotNumber!.trim()}`);
      const lot = named?.productId === product.id ? named : undefined;
      if (!lot && line.lotId) {
        errors.add(`lines.${index}.lotId`, `Lot ${line.lotId} does not exist for this product.`);
        continue;
      }
      if (!lot) {
        changes[index] = line.countedQuantity!; // a lot not seen before: everything counted is new
        continue;
      }
      lotId = lot.id;
    }
    changes[index] = line.countedQuantity!.minus(onHand.get(balanceKeyText({ productId: product.id, locationId: line.locationId, lotId })) ?? ZERO);
  }
  errors.throwIfAny();
  return changes;
}
