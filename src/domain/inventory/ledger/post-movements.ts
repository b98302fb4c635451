// The one door every change of stock goes through (adjustments, transfers, later receiving and shipping).
// For each movement it resolves the lot (or splits a lot-less take across lots by the deduction strategy),
// updates the balances concurrency-safely (see balances.ts), refuses negative stock unless the warehouse
// group allows it, writes the immutable ledger rows and keeps the FIFO cost layers (see cost-layers.ts).
// Stock that arrives goes to the backorders of sales orders first (src/domain/sales/allocation.ts).
// It runs inside the caller's transaction and never opens its own, so a document posts all or nothing.
// Each posting writes one stock.moved event (src/domain/events) with its movements, in the same transaction.
import type { Lot, StockMovement, WarehouseGroup } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
import { byId } from '../../../db/tenant-client.js';
import { Decimal, toDecimal, ZERO, type DecimalInput } from '../../shared/decimal.js';
import { ValidationError } from '../../shared/errors.js';
import { findNamedLot, findOrCreateLot, isExpired, orderLots, todayUtc, type LotPickOrder } from '../lots.js';
import { balanceQuantity, decreaseBalance, increaseBalance, lockBalanceRows, lockLotBalances, type BalanceKey } from './balances.js';
import { consumeCostLayers, openCostLayer, receiptUnitCost, type LayerProduct } from './cost-layers.js';
import { allocateArrivals } from '../../sales/allocation.js';
import { recordEvent } from '../../events/outbox.js';

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

interface ProductFacts extends LayerProduct {
  sku: string;
  lotTracking: boolean;
  lotDeductionStrategy: string | null;
}

interface LocationFacts {
  id: number;
  name: string;
  group: WarehouseGroup | null;
}

export async function postStockMovements(
  tx: TenantTx,
  movements: MovementInput[],
  context: PostingContext = {},
): Promise<PostedMovement[]> {
  const occurredAt = context.occurredAt ?? new Date();
  const products = new Map<number, ProductFacts>();
  const locations = new Map<number, LocationFacts>();
  const posted: PostedMovement[] = [];

  if (movements.length > 1) {
    const first = await loadProduct(tx, products, movements[0].productId, movements[0].field ?? '');
    await lockBalanceRows(tx, first.companyId, movements);
  }

  for (const [inputIndex, input] of movements.entries()) {
    const field = input.field ?? '';
    const product = await loadProduct(tx, products, input.productId, field);
    const location = await loadLocation(tx, locations, input.locationId, field);
    const quantity = toDecimal(input.quantity);
    if (quantity.isZero()) throw new ValidationError({ [`${field}quantity`]: ['The quantity may not be 0.'] });
    const namesLot = (input.lotId ?? null) !== null || (input.lotNumber ?? '').trim() !== '';
    if (!product.lotTracking && namesLot) {
      throw new ValidationError({ [`${field}lotNumber`]: [`Product ${product.sku} is not lot-tracked; its stock moves without a lot.`] });
    }
    const allowNegative = location.group?.allowNegativeStock ?? false;
    const key = { companyId: product.companyId, productId: product.id, locationId: location.id };

    let parts: Array<{ lot: Lot | null; quantity: Decimal }>;
    if (quantity.gt(0)) {
      parts = [{ lot: product.lotTracking ? await findOrCreateLot(tx, product.id, input, field) : null, quantity }];
    } else if (!product.lotTracking || namesLot) {
      parts = [{ lot: namesLot ? await findNamedLot(tx, product.id, input, field) : null, quantity }];
    } else {
      parts = await pickLots(tx, product, location, quantity.negated(), allowNegative, field);
    }

    for (const part of parts) {
      const balanceKey: BalanceKey = { ...key, lotId: part.lot?.id ?? null };
      if (part.quantity.gt(0)) {
        await increaseBalance(tx, balanceKey, part.quantity);
      } else if ((await decreaseBalance(tx, balanceKey, part.quantity.negated(), allowNegative)) === null) {
        const available = await balanceQuantity(tx, balanceKey);
        throw shortage(product, location, part.lot, available, part.quantity.negated(), field);
      }
      const valued = (input.valuation ?? 'fifo') === 'fifo';
      const receiptCost = part.quantity.gt(0)
        ? receiptUnitCost(product, input.unitCost === undefined || input.unitCost === null ? null : toDecimal(input.unitCost))
        : null;
      let movement = await tx.stockMovement.create({
        data: {
          productId: product.id,
          locationId: location.id,
          lotId: part.lot?.id ?? null,
          quantity: part.quantity,
          unitCost: receiptCost,
          reason: input.reason,
          sourceType: input.sourceType,
          sourceId: input.sourceId ?? null,
          sourceLineId: input.sourceLineId ?? null,
          createdByTokenId: context.tokenId ?? null,
          createdByUserId: context.userId ?? null,
          occurredAt,
        } as any,
      });
      if (valued && receiptCost) {
        // Stock on hand across locations before this receipt; below zero, the receipt covers that first.
        const total = await tx.stockBalance.aggregate({ where: { productId: product.id }, _sum: { quantity: true } });
        const before = new Decimal(total._sum.quantity ?? 0).minus(part.quantity);
        await openCostLayer(tx, input.landedCostIncluded ? { ...product, landedCost: null } : product, movement, receiptCost, before.negated());
      } else if (valued) {
        const unitCost = await consumeCostLayers(tx, product, movement.id, part.quantity.negated());
        if (unitCost) movement = await tx.stockMovement.update({ where: byId(movement.id), data: { unitCost } });
      }
      posted.push({ ...movement, inputIndex, lot: part.lot });
    }
  }
  // Stock that arrives fills the backorders of its product and warehouse in this same transaction.
  await allocateArrivals(tx, posted.filter((movement) => movement.quantity.gt(0)));
  await recordStockMoved(tx, posted);
  return posted;
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

/**
 * Splits a lot-less take across the lots at the location: the product's strategy, else the warehouse
 * group's, else the newest lot first. Expired lots are never picked. With negative stock allowed, what the
 * lots cannot cover is taken from the last lot picked (or the first candidate lot of the product).
 */
async function pickLots(
  tx: TenantTx,
  product: ProductFacts,
  location: LocationFacts,
  amount: Decimal,
  allowNegative: boolean,
  field: string,
): Promise<Array<{ lot: Lot | null; quantity: Decimal }>> {
  const order = (product.lotDeductionStrategy ?? location.group?.lotDeductionStrategy ?? 'NEWEST') as LotPickOrder;
  const held = await lockLotBalances(tx, { companyId: product.companyId, productId: product.id, locationId: location.id });
  const heldBy = new Map(held.map((row) => [row.lotId, row.quantity]));
  const today = todayUtc();
  const lots = held.length > 0 ? await tx.lot.findMany({ where: { id: { in: held.map((row) => row.lotId) } } }) : [];
  const candidates = orderLots(lots.filter((lot) => !isExpired(lot, today)), order);

  const parts: Array<{ lot: Lot | null; quantity: Decimal }> = [];
  let left = amount;
  for (const lot of candidates) {
    if (left.lte(0)) break;
    const take = Decimal.min(heldBy.get(lot.id) ?? ZERO, left);
    parts.push({ lot, quantity: take.negated() });
    left = left.minus(take);
  }
  if (left.lte(0)) return parts;

  const available = amount.minus(left);
  if (!allowNegative) throw shortage(product, location, null, available, amount, field);
  if (parts.length > 0) {
    const last = parts[parts.length - 1];
    last.quantity = last.quantity.minus(left);
    return parts;
  }
  const productLots = orderLots((await tx.lot.findMany({ where: { productId: product.id } })).filter((lot) => !isExpired(lot, today)), order);
  if (productLots.length === 0) {
    throw new ValidationError({ [`${field}lotNumber`]: [`Product ${product.sku} has no lot to take from; name a lot.`] });
  }
  return [{ lot: productLots[0], quantity: left.negated() }];
}

function shortage(
  product: ProductFacts,
  location: LocationFacts,
  lot: Lot | null,
  available: Decimal,
  requested: Decimal,
  field: string,
): ValidationError {
  const where = `location "${location.name}" (id ${location.id})${lot ? `, lot ${lot.lotNumber}` : ''}`;
  const message =
    `Not enough stock of product ${product.sku} (id ${product.id}) at ${where}: ` +
    `${available.toString()} available, ${requested.toString()} requested.`;
  return new ValidationError({ [`${field}quantity`]: [message] });
}

async function loadProduct(tx: TenantTx, cache: Map<number, ProductFacts>, id: number, field: string): Promise<ProductFacts> {
  const cached = cache.get(id);
  if (cached) return cached;
  const product = await tx.product.findUnique({
    where: byId(id),
    select: { id: true, companyId: true, sku: true, type: true, lotTracking: true, lotDeductionStrategy: true, unitCost: true, landedCost: true },
  });
  if (!product) throw new ValidationError({ [`${field}productId`]: [`Product ${id} does not exist.`] });
  if (product.type !== 'PRODUCT') {
    throw new ValidationError({ [`${field}productId`]: [`Product ${id} is a kit; kits hold no stock of their own.`] });
  }
  cache.set(id, product);
  return product;
}

async function loadLocation(tx: TenantTx, cache: Map<number, LocationFacts>, id: number, field: string): Promise<LocationFacts> {
  const cached = cache.get(id);
  if (cached) return cached;
  const location = await tx.location.findUnique({
    where: byId(id),
    select: { id: true, name: true, warehouseGroup: true, parent: { select: { warehouseGroup: true } } },
  });
  if (!location) throw new ValidationError({ [`${field}locationId`]: [`Location ${id} does not exist.`] });
  // A location's settings are those of its warehouse's group.
  const facts = { id: location.id, name: location.name, group: location.parent ? location.parent.warehouseGroup : location.warehouseGroup };
  cache.set(id, facts);
  return facts;
}
