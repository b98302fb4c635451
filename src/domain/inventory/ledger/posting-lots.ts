// The lots of a posting, for all its lines at once: the lots lines name (by id or number), new lots for
// stock arriving under a new number (created with their dates), and the lots a lot-less take may be split
// across (the deduction strategy). A fixed number of statements whatever the number of lines.
import type { Lot } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';
import { ValidationError } from '../../shared/errors.js';
import { isExpired, orderLots, type LotPickOrder } from '../lots.js';
import { todayUtc } from '../../shared/dates.js';
import type { CheckedLine } from './posting-facts.js';

const lotNumberOf = (line: CheckedLine) => (line.input.lotNumber ?? '').trim();
const hasLotId = (line: CheckedLine) => line.input.lotId !== undefined && line.input.lotId !== null;
const numberKey = (productId: number, lotNumber: string) => `${productId}\u0000${lotNumber}`;

/** A lot-tracked line whose stock arrives, or a line that names its lot. */
function needsNamedLot(line: CheckedLine): boolean {
  return line.product.lotTracking && (line.quantity.gt(0) || line.namesLot);
}

/**
 * The lot of every line that names one or receives lot-tracked stock, by line index. A new lot number on an
 * increase creates the lot (ON CONFLICT DO NOTHING: a concurrent posting creating the same lot is waited for
 * and its row used, instead of failing on the unique index).
 */
export async function resolveNamedLots(tx: TenantTx, lines: CheckedLine[]): Promise<Map<number, Lot>> {
  const wanted = lines.filter(needsNamedLot);
  const resolved = new Map<number, Lot>();
  if (wanted.length === 0) return resolved;
  for (const line of wanted) {
    if (hasLotId(line) || line.quantity.lt(0)) continue;
    const lotNumber = lotNumberOf(line);
    if (lotNumber === '') {
      throw new ValidationError({ [`${line.field}lotNumber`]: ['The product is lot-tracked: a lot number is required for stock arriving.'] });
    }
    if (lotNumber.length > 255) throw new ValidationError({ [`${line.field}lotNumber`]: ['The lot number may not be greater than 255 characters.'] });
  }
  const byIdWanted = wanted.filter(hasLotId);
  const byNumberWanted = wanted.filter((line) => !hasLotId(line));
  const found = await tx.lot.findMany({
    where: {
      OR: [
        ...(byIdWanted.length > 0 ? [{ id: { in: byIdWanted.map((line) => line.input.lotId!) } }] : []),
        ...byNumberWanted.map((line) => ({ productId: line.product.id, lotNumber: lotNumberOf(line) })),
      ],
    },
  });
  const byId = new Map(found.map((lot) => [lot.id, lot]));
  const byNumber = new Map(found.map((lot) => [numberKey(lot.productId, lot.lotNumber), lot]));

  const missing = new Map<string, CheckedLine>();
  for (const line of wanted) {
    if (hasLotId(line)) {
      const lot = byId.get(line.input.lotId!);
      if (!lot || lot.productId !== line.product.id) {
        throw new ValidationError({ [`${line.field}lotId`]: [`Lot ${line.input.lotId} does not exist for product ${line.product.id}.`] });
      }
      resolved.set(line.index, lot);
      continue;
    }
    const key = numberKey(line.product.id, lotNumberOf(line));
    const lot = byNumber.get(key);
    if (lot) resolved.set(line.index, lot);
    else if (line.quantity.lt(0)) {
      throw new ValidationError({ [`${line.field}lotNumber`]: [`Lot "${lotNumberOf(line)}" does not exist for product ${line.product.id}.`] });
    } else if (!missing.has(key)) missing.set(key, line);
  }
  if (missing.size === 0) return resolved;

  // The first line naming a new lot gives its dates.
  const creating = [...missing.values()];
  await tx.lot.createMany({
    data: creating.map((line) => ({
      productId: line.product.id,
      lotNumber: lotNumberOf(line),
      productionDate: line.input.productionDate ?? null,
      expiryDate: line.input.expiryDate ?? null,
    })) as any,
    skipDuplicates: true,
  });
  const created = await tx.lot.findMany({ where: { OR: creating.map((line) => ({ productId: line.product.id, lotNumber: lotNumberOf(line) })) } });
  for (const lot of created) byNumber.set(numberKey(lot.productId, lot.lotNumber), lot);
  for (const line of wanted) {
    if (!resolved.has(line.index)) resolved.set(line.index, byNumber.get(numberKey(line.product.id, lotNumberOf(line)))!);
  }
  return resolved;
}

/** A lot-less take of a lot-tracked product: split across lots by the deduction strategy. */
export function takesFromLots(line: CheckedLine): boolean {
  return line.product.lotTracking && line.quantity.lt(0) && !line.namesLot;
}

/**
 * The lots lot-less takes may be split across: those with stock at the takes' locations (from the locked
 * balance rows) and, where negative stock is allowed, every lot of those products (a take beyond the stock
 * goes to the first candidate lot). One or two statements, none when no line takes that way.
 */
export async function loadPickableLots(
  tx: TenantTx,
  lines: CheckedLine[],
  balances: ReadonlyArray<{ productId: number; locationId: number; lotId: number | null }>,
): Promise<{ byId: Map<number, Lot>; ofProduct: Map<number, Lot[]> }> {
  const picking = lines.filter(takesFromLots);
  const byId = new Map<number, Lot>();
  const ofProduct = new Map<number, Lot[]>();
  if (picking.length === 0) return { byId, ofProduct };
  const places = new Set(picking.map((line) => `${line.product.id}:${line.location.id}`));
  const lotIds = [...new Set(balances.filter((row) => row.lotId !== null && places.has(`${row.productId}:${row.locationId}`)).map((row) => row.lotId!))];
  if (lotIds.length > 0) for (const lot of await tx.lot.findMany({ where: { id: { in: lotIds } } })) byId.set(lot.id, lot);
  const negativeProducts = [...new Set(picking.filter((line) => line.allowNegative).map((line) => line.product.id))];
  if (negativeProducts.length > 0) {
    for (const lot of await tx.lot.findMany({ where: { productId: { in: negativeProducts } } })) {
      (ofProduct.get(lot.productId) ?? ofProduct.set(lot.productId, []).get(lot.productId)!).push(lot);
      byId.set(lot.id, lot);
    }
  }
  return { byId, ofProduct };
}

/**
 * Splits a lot-less take across the lots at the location: the product's strategy, else the warehouse
 * group's, else the newest lot first. Expired lots are never picked. With negative stock allowed, what the
 * lots cannot cover is taken from the last lot picked (or the first candidate lot of the product).
 * `held` answers the stock of a lot at the location as the posting has it so far.
 */
export function pickLots(
  line: CheckedLine,
  lots: { byId: Map<number, Lot>; ofProduct: Map<number, Lot[]> },
  heldLots: Array<{ lotId: number; quantity: Decimal }>,
  shortage: (available: Decimal) => ValidationError,
): Array<{ lot: Lot | null; quantity: Decimal }> {
  const amount = line.quantity.negated();
  const order = (line.product.lotDeductionStrategy ?? line.location.group?.lotDeductionStrategy ?? 'NEWEST') as LotPickOrder;
  const today = todayUtc();
  const heldBy = new Map(heldLots.filter((row) => row.quantity.gt(0)).map((row) => [row.lotId, row.quantity]));
  const held = [...heldBy.keys()].map((id) => lots.byId.get(id)).filter((lot): lot is Lot => lot !== undefined);
  const candidates = orderLots(held.filter((lot) => !isExpired(lot, today)), order);

  const parts: Array<{ lot: Lot | null; quantity: Decimal }> = [];
  let left = amount;
  for (const lot of candidates) {
    if (left.lte(0)) break;
    const take = Decimal.min(heldBy.get(lot.id) ?? ZERO, left);
    parts.push({ lot, quantity: take.negated() });
    left = left.minus(take);
  }
  if (left.lte(0)) return parts;

  if (!line.allowNegative) throw shortage(amount.minus(left));
  if (parts.length > 0) {
    const last = parts[parts.length - 1]!;
    last.quantity = last.quantity.minus(left);
    return parts;
  }
  const productLots = orderLots((lots.ofProduct.get(line.product.id) ?? []).filter((lot) => !isExpired(lot, today)), order);
  if (productLots.length === 0) {
    throw new ValidationError({ [`${line.field}lotNumber`]: [`Product ${line.product.sku} has no lot to take from; name a lot.`] });
  }
  return [{ lot: productLots[0]!, quantity: left.negated() }];
}
