// The items of a picklist: which location and lot each product is picked from (assigned when the picklist is
// made), and picking them: a pick writes FulfillmentPick rows for the fulfillment order lines of the product,
// which shipments of those orders then take (their locations and lots).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDecimal, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { isExpired, orderLots, type LotPickOrder } from '../inventory/index.js';
import { todayUtc } from '../shared/dates.js';
import { ACTIVE_PICKLIST_STATUSES, claimPicklist } from './picklists.js';

export interface PlannedItem {
  productId: number;
  locationId: number;
  lotId: number | null;
  quantity: Decimal;
  availableQuantity: Decimal;
}

export interface PickInput {
  quantity?: Decimal | null;
  locationId?: number | null;
  lotId?: number | null;
}

interface NeedLine {
  productId: number;
  quantity: Decimal;
  quantityPicked: Decimal;
}

/**
 * Per product, what the lines still have to pick (quantity − picked), assigned to stock in the warehouse and
 * its child locations: pick locations first, then lots in the deduction order (the product's strategy, else
 * the warehouse group's, else newest), never an expired lot. One item per product, location and lot, sorted
 * by location name (the walk order). Stock that active picklists still have to pick is promised to them and
 * not listed again. A shortfall is not listed. A fixed number of queries.
 */
export async function planItems(tx: TenantTx, warehouseId: number, lines: NeedLine[]): Promise<PlannedItem[]> {
  const need = new Map<number, Decimal>();
  for (const line of lines) {
    const open = new Decimal(line.quantity).minus(line.quantityPicked);
    if (open.gt(0)) need.set(line.productId, (need.get(line.productId) ?? ZERO).plus(open));
  }
  if (need.size === 0) return [];
  const productIds = [...need.keys()];
  const [products, warehouse, balances, promised] = await Promise.all([
    tx.product.findMany({ where: { id: { in: productIds } }, select: { id: true, lotDeductionStrategy: true } }),
    tx.location.findUniqueOrThrow({ where: byId(warehouseId), select: { warehouseGroup: { select: { lotDeductionStrategy: true } } } }),
    tx.stockBalance.findMany({
      where: { productId: { in: productIds }, quantity: { gt: 0 }, location: { OR: [{ id: warehouseId }, { parentId: warehouseId }] } },
      include: { lot: true, location: { select: { id: true, name: true, isPickLocation: true } } },
      orderBy: { id: 'asc' },
    }),
    tx.picklistItem.findMany({
      where: { productId: { in: productIds }, picklist: { warehouseId, status: { in: ACTIVE_PICKLIST_STATUSES } } },
      select: { productId: true, locationId: true, lotId: true, quantity: true, pickedQuantity: true },
    }),
  ]);
  const placeKey = (p: { productId: number; locationId: number; lotId: number | null }) => `${p.productId}:${p.locationId}:${p.lotId ?? 0}`;
  const promisedAt = new Map<string, Decimal>();
  for (const item of promised) promisedAt.set(placeKey(item), (promisedAt.get(placeKey(item)) ?? ZERO).plus(Decimal.max(item.quantity.minus(item.pickedQuantity), ZERO)));
  const today = todayUtc();
  const usable = balances.filter((b) => !b.lot || !isExpired(b.lot, today));
  const planned: Array<PlannedItem & { name: string; rank: number }> = [];
  for (const [productId, wanted] of need) {
    const product = products.find((p) => p.id === productId);
    const order = (product?.lotDeductionStrategy ?? warehouse.warehouseGroup?.lotDeductionStrategy ?? 'NEWEST') as LotPickOrder;
    const own = usable.filter((b) => b.productId === productId);
    const lots = orderLots([...new Map(own.filter((b) => b.lot).map((b) => [b.lot!.id, b.lot!])).values()], order);
    const rank = (lotId: number | null) => (lotId === null ? lots.length : lots.findIndex((l) => l.id === lotId));
    const candidates = [...own].sort(
      (a, b) =>
        Number(b.location.isPickLocation) - Number(a.location.isPickLocation) ||
        rank(a.lotId) - rank(b.lotId) ||
        compareText(a.location.name, b.location.name) ||
        a.locationId - b.locationId,
    );
    let left = wanted;
    for (const balance of candidates) {
      if (left.lte(0)) break;
      const free = new Decimal(balance.quantity).minus(promisedAt.get(placeKey(balance)) ?? ZERO);
      if (free.lte(0)) continue;
      const take = Decimal.min(free, left);
      planned.push({ productId, locationId: balance.locationId, lotId: balance.lotId, quantity: take, availableQuantity: new Decimal(balance.quantity), name: balance.location.name, rank: rank(balance.lotId) });
      left = left.minus(take);
    }
  }
  // Walk order: by location name; within a location, by product and then lot order.
  planned.sort((a, b) => compareText(a.name, b.name) || a.locationId - b.locationId || a.productId - b.productId || a.rank - b.rank);
  return planned.map(({ productId, locationId, lotId, quantity, availableQuantity }) => ({ productId, locationId, lotId, quantity, availableQuantity }));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Picks (part of) an item while the picklist is picking: from its location and lot, or from another location
 * (and lot) of the warehouse whose stock covers the quantity. An item's picks never exceed its quantity. The
 * quantity is spread over the product's fulfillment order lines in the picklist, oldest order first, up to
 * what each line has left to pick; each share is a FulfillmentPick row and raises the line's quantity picked.
 */
export async function pickItem(db: TenantDb, picklistId: number, itemId: number, input: PickInput, query: AnswerQuery = {}) {
  const errors = new FieldErrorCollector();
  if (input.quantity == null) errors.add('quantity', 'The quantity field is required.');
  else checkDecimal(errors, 'quantity', input.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
  errors.throwIfAny();
  const quantity = new Decimal(input.quantity!);
  return db.$transaction(async (tx) => {
    // Locks the picklist row: picks of one picklist queue behind each other.
    const picklist = await claimPicklist(tx, picklistId, ['picking'], {}, 'items are picked only while it is picking');
    const item = await tx.picklistItem.findFirst({ where: { id: itemId, picklistId } });
    if (!item) throw new NotFoundError('Picklist item', itemId);
    const locationId = input.locationId ?? item.locationId;
    const lotId = input.lotId !== undefined && input.lotId !== null ? input.lotId : item.lotId;
    const [location, lot, lines] = await Promise.all([
      locationId === item.locationId ? null : tx.location.findUnique({ where: byId(locationId), select: { id: true, parentId: true } }),
      lotId === null || lotId === item.lotId ? null : tx.lot.findUnique({ where: byId(lotId) }),
      tx.fulfillmentOrderLine.findMany({
        where: { productId: item.productId, fulfillmentOrder: { picklists: { some: { picklistId } } } },
        orderBy: [{ fulfillmentOrder: { createdAt: 'asc' } }, { fulfillmentOrderId: 'asc' }, { id: 'asc' }],
      }),
    ]);
    if (locationId !== item.locationId && (!location || (location.id !== picklist.warehouseId && location.parentId !== picklist.warehouseId))) {
      errors.add('locationId', `Location ${locationId} is not a location of the picklist's warehouse ${picklist.warehouseId}.`);
    }
    if (lotId !== null && lotId !== item.lotId) {
      if (!lot || lot.productId !== item.productId) errors.add('lotId', `Lot ${lotId} does not exist for product ${item.productId}.`);
      else if (isExpired(lot)) errors.add('lotId', `Lot ${lot.lotNumber} expired on ${lot.expiryDate!.toISOString().slice(0, 10)}.`);
    }
    const total = new Decimal(item.pickedQuantity).plus(quantity);
    if (total.gt(item.quantity)) errors.add('quantity', `Item ${itemId} has ${new Decimal(item.quantity).minus(item.pickedQuantity).toString()} left to pick; ${quantity.toString()} asked.`);
    errors.throwIfAny();
    if (locationId !== item.locationId || lotId !== item.lotId) {
      const balance = await tx.stockBalance.findFirst({ where: { productId: item.productId, locationId, lotKey: lotId ?? 0 } });
      const held = new Decimal(balance?.quantity ?? 0);
      if (held.lt(quantity)) {
        const field = input.locationId != null && locationId !== item.locationId ? 'locationId' : 'lotId';
        throw new ValidationError({ [field]: [`Location ${locationId}${lotId !== null ? ` (lot ${lotId})` : ''} holds ${held.toString()} of product ${item.productId}; ${quantity.toString()} asked.`] });
      }
    }
    const picks: Array<{ fulfillmentOrderLineId: number; quantity: Decimal }> = [];
    let left = quantity;
    for (const line of lines) {
      if (left.lte(0)) break;
      const open = new Decimal(line.quantity).minus(line.quantityPicked);
      if (open.lte(0)) continue;
      const take = Decimal.min(open, left);
      picks.push({ fulfillmentOrderLineId: line.id, quantity: take });
      left = left.minus(take);
    }
    if (left.gt(0)) throw new ValidationError({ quantity: [`The fulfillment orders of picklist ${picklistId} have only ${quantity.minus(left).toString()} of product ${item.productId} left to pick.`] });
    await tx.fulfillmentPick.createMany({
      data: picks.map((p) => ({ ...p, picklistItemId: item.id, locationId, lotId })) as Prisma.FulfillmentPickCreateManyInput[],
    });
    // Raw SQL bypasses the tenant client: the company comes from the picklist row read above.
    await tx.$executeRaw`
      UPDATE "FulfillmentOrderLine" AS l SET "quantityPicked" = l."quantityPicked" + t.q, "updatedAt" = now()
      FROM unnest(${picks.map((p) => p.fulfillmentOrderLineId)}::int[], ${picks.map((p) => p.quantity.toString())}::numeric[]) AS t(id, q)
      WHERE l."companyId" = ${picklist.companyId} AND l."id" = t.id`;
    await tx.picklistItem.update({ where: byId(item.id), data: { pickedQuantity: total } });
    return readAnswer(tx, picklistId, query, (q) => tx.picklist.findUniqueOrThrow({ ...q, where: byId(picklistId) }));
  });
}
