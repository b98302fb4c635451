// Production entries (completions): in one transaction through the ledger, the components leave the production
// warehouse (WORK_ORDER_CONSUMPTION at FIFO cost; lots by the deduction strategy unless named) and the output
// enters the destination warehouse (WORK_ORDER_OUTPUT). Components are the BOM's (base quantity × quantity)
// unless the entry lists what was actually consumed. Each component is taken from the production warehouse's
// locations holding most of it first; not enough in the warehouse → 422 naming the component and the warehouse.
// The output's unit cost = (components' cost + the BOM's extra costs + the service cost) / quantity.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { postStockMovements, type MovementInput } from '../inventory/index.js';
import { parseDateOnly } from '../shared/dates.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, ValidationError } from '../shared/errors.js';
import { checkDateOnly, checkDecimal, checkMaxLength, LEDGER_DECIMAL, LEDGER_LIMIT } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { bomExtraCostPerUnit, serviceUnitCost } from './work-order-costing.js';
import { claimWorkOrder } from './work-order-transitions.js';
import { getWorkOrder, recordStatusEvent, type WorkOrderActor } from './work-orders.js';
import { recordEvent } from '../events/index.js';
import { workOrderEvent } from './work-order-events.js';

export const WORK_ORDER_CONSUMPTION = 'WORK_ORDER_CONSUMPTION';
/** Also read by the quantities (src/domain/inventory/quantities.ts: incoming as of a cutoff). */
export const WORK_ORDER_OUTPUT = 'WORK_ORDER_OUTPUT';

/** A consumed component as a completion keeps it (from its ledger movement). */
export interface ConsumedComponent {
  productId: number;
  locationId: number;
  lotId: number | null;
  quantity: string;
  unitCost: string;
}

export interface ComponentInput {
  productId?: number | null;
  quantity?: Decimal | null;
  lotNumber?: string | null;
}

export interface CompletionInput {
  quantity?: Decimal | null;
  lotNumber?: string | null;
  productionDate?: string | null;
  expiryDate?: string | null;
  components?: ComponentInput[] | null;
}

export async function createCompletion(db: TenantDb, workOrderId: number, input: CompletionInput, actor: WorkOrderActor, query: AnswerQuery = {}) {
  return db.$transaction(
    async (tx) => {
      const id = await produce(tx, workOrderId, input, actor);
      return readAnswer(tx, id, query, (q) => tx.workOrderCompletion.findUniqueOrThrow({ ...q, where: byId(id) }));
    },
  );
}

export async function listCompletions(db: TenantDb, workOrderId: number, query: PassThroughQuery = {}) {
  await getWorkOrder(db, workOrderId);
  return db.workOrderCompletion.findMany({ ...query, where: { workOrderId }, orderBy: { id: 'asc' } });
}

/**
 * Refuses, on the quantity, an entry whose costs the ledger's NUMERIC(24, 10) columns cannot hold: a tiny quantity
 * carrying its components' whole cost would otherwise fail the write (a 500). The transaction is rolled back.
 */
function checkCostsFit(costs: Record<string, Decimal>): void {
  const errors = new FieldErrorCollector();
  for (const [name, cost] of Object.entries(costs)) {
    if (cost.abs().gte(LEDGER_LIMIT)) {
      errors.add('quantity', `For this quantity the output's ${name} would be ${cost.toSignificantDigits(6).toString()}, beyond what the ledger keeps (less than ${LEDGER_LIMIT.toFixed()}).`);
    }
  }
  errors.throwIfAny();
}

/** Posts a production entry inside the caller's transaction; answers the completion's id. */
export async function produce(tx: TenantTx, workOrderId: number, input: CompletionInput, actor: WorkOrderActor): Promise<number> {
  const dates = checkCompletionInput(input);
  const quantity = input.quantity!;
  const order = await claimWorkOrder(tx, workOrderId, ['released', 'in_progress'], 'produced', { status: 'in_progress', producedQty: { increment: quantity }, updatedBy: actor.tokenId }, false);
  if (order.status === 'released') await recordStatusEvent(tx, workOrderId, 'started', 'released', 'in_progress', actor);

  const wanted = await componentsToConsume(tx, order, input, quantity);
  const [produced, warehouse] = await Promise.all([
    tx.product.findUniqueOrThrow({ where: byId(order.producedSkuId), select: { sku: true, lotTracking: true } }),
    tx.location.findUniqueOrThrow({ where: byId(order.productionWarehouseId), select: { name: true } }),
  ]);
  if (produced.lotTracking && !input.lotNumber?.trim()) throw new ValidationError({ lotNumber: [`${produced.sku} is lot-tracked: give the lot_number of what was made.`] });
  const takes = await placeTakes(tx, order.productionWarehouseId, warehouse.name, wanted);

  const completion = await tx.workOrderCompletion.create({
    data: { workOrderId, quantity, lotNumber: input.lotNumber?.trim() || null, productionDate: dates.productionDate, expiryDate: dates.expiryDate, unitCost: ZERO, componentsCost: ZERO, extraCost: ZERO, serviceCost: ZERO, createdBy: actor.tokenId } as Prisma.WorkOrderCompletionUncheckedCreateInput,
  });
  const movement = (fields: Omit<MovementInput, 'reason' | 'sourceType' | 'sourceId' | 'sourceLineId'> & { sourceType: string }): MovementInput => ({
    ...fields,
    reason: `work order ${order.workOrderNumber}`,
    sourceId: workOrderId,
    sourceLineId: completion.id,
  });
  const consumed = await postStockMovements(
    tx,
    takes.map((take) => movement({ productId: take.productId, locationId: take.locationId, quantity: take.quantity.negated(), lotNumber: take.lotNumber, sourceType: WORK_ORDER_CONSUMPTION, field: take.field })),
    { tokenId: actor.tokenId },
  );
  const componentsCost = consumed.reduce((sum, m) => sum.plus(m.quantity.negated().mul(m.unitCost ?? ZERO)), ZERO);
  const extraCost = (await bomExtraCostPerUnit(tx, order.bomId)).mul(quantity);
  const serviceCost = serviceUnitCost(order).mul(quantity);
  const unitCost = componentsCost.plus(extraCost).plus(serviceCost).div(quantity).toDecimalPlaces(LEDGER_DECIMAL.scale);
  checkCostsFit({ 'unit cost': unitCost, 'components cost': componentsCost, 'extra cost': extraCost, 'service cost': serviceCost });
  await postStockMovements(
    tx,
    [movement({ productId: order.producedSkuId, locationId: order.destinationWarehouseId, quantity, unitCost, landedCostIncluded: true, lotNumber: input.lotNumber?.trim() || null, productionDate: dates.productionDate, expiryDate: dates.expiryDate, sourceType: WORK_ORDER_OUTPUT })],
    { tokenId: actor.tokenId },
  );
  await tx.workOrderCompletion.update({
    where: byId(completion.id),
    data: {
      unitCost,
      componentsCost: componentsCost.toDecimalPlaces(LEDGER_DECIMAL.scale),
      extraCost,
      serviceCost,
      // Exact decimal text: the JSON column must not round quantities or costs.
      components: consumed.map((m): ConsumedComponent => ({ productId: m.productId, locationId: m.locationId, lotId: m.lotId, quantity: m.quantity.negated().toString(), unitCost: (m.unitCost ?? ZERO).toString() })) as unknown as Prisma.InputJsonArray,
    },
  });
  await recordEvent(tx, workOrderEvent('work_order.production_recorded', order, 'in_progress', { completion_id: completion.id, quantity: Number(quantity.toString()), unit_cost: Number(unitCost.toString()) }));
  return completion.id;
}

function checkCompletionInput(input: CompletionInput): { productionDate: Date | null; expiryDate: Date | null } {
  const errors = new FieldErrorCollector();
  if (input.quantity == null) errors.add('quantity', 'The quantity field is required.');
  else checkDecimal(errors, 'quantity', input.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
  checkMaxLength(errors, 'lotNumber', input.lotNumber, 255);
  if (input.productionDate != null) checkDateOnly(errors, 'productionDate', input.productionDate);
  if (input.expiryDate != null) checkDateOnly(errors, 'expiryDate', input.expiryDate);
  (input.components ?? []).forEach((component, index) => {
    const at = (field: string) => `components.${index}.${field}`;
    if (component.productId == null) errors.add(at('productId'), 'The product id field is required.');
    if (component.quantity == null) errors.add(at('quantity'), 'The quantity field is required.');
    else checkDecimal(errors, at('quantity'), component.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
    checkMaxLength(errors, at('lotNumber'), component.lotNumber, 255);
  });
  if (input.components != null && input.components.length === 0) errors.add('components', 'List at least one component, or leave components out to consume the BOM.');
  errors.throwIfAny();
  return { productionDate: input.productionDate ? parseDateOnly(input.productionDate) : null, expiryDate: input.expiryDate ? parseDateOnly(input.expiryDate) : null };
}

interface Wanted {
  productId: number;
  sku: string;
  quantity: Decimal;
  lotNumber: string | null;
  /** Error key prefix: `components.0.` or `bom.items.1.` */
  field: string;
}

async function componentsToConsume(tx: TenantTx, order: { bomId: number | null; workOrderNumber: string }, input: CompletionInput, quantity: Decimal): Promise<Wanted[]> {
  if (input.components != null) {
    const products = await tx.product.findMany({ where: { id: { in: input.components.map((c) => c.productId!) } }, select: { id: true, sku: true, status: true, type: true } });
    const errors = new FieldErrorCollector();
    const wanted = input.components.map((component, index) => {
      const product = products.find((p) => p.id === component.productId);
      if (!product) errors.add(`components.${index}.productId`, `Product ${component.productId} does not exist.`);
      else if (product.type !== 'PRODUCT') errors.add(`components.${index}.productId`, `${product.sku} is a kit: list its components.`);
      return { productId: component.productId!, sku: product?.sku ?? '', quantity: component.quantity!, lotNumber: component.lotNumber?.trim() || null, field: `components.${index}.` };
    });
    errors.throwIfAny();
    return wanted;
  }
  if (order.bomId === null) throw new ValidationError({ components: [`Work order ${order.workOrderNumber} has no BOM: list the components consumed.`] });
  const items = await tx.bomItem.findMany({ where: { bomId: order.bomId }, orderBy: [{ order: 'asc' }, { id: 'asc' }], select: { productId: true, baseQuantity: true, product: { select: { sku: true } } } });
  if (items.length === 0) throw new ValidationError({ components: [`BOM ${order.bomId} has no items: list the components consumed.`] });
  return items.map((item, index) => ({ productId: item.productId, sku: item.product.sku, quantity: item.baseQuantity.mul(quantity).toDecimalPlaces(LEDGER_DECIMAL.scale), lotNumber: null, field: `bom.items.${index}.` }));
}

interface Take {
  productId: number;
  locationId: number;
  quantity: Decimal;
  lotNumber: string | null;
  field: string;
}

/** Splits each component over the production warehouse's locations, fullest first (one query for all). */
async function placeTakes(tx: TenantTx, warehouseId: number, warehouseName: string, wanted: Wanted[]): Promise<Take[]> {
  const balances = await tx.stockBalance.findMany({
    where: { productId: { in: wanted.map((w) => w.productId) }, quantity: { gt: 0 }, location: { OR: [{ id: warehouseId }, { parentId: warehouseId }] } },
    select: { productId: true, locationId: true, quantity: true, lot: { select: { lotNumber: true } } },
  });
  const errors = new FieldErrorCollector();
  const takes: Take[] = [];
  for (const want of wanted) {
    // Per location: what it holds of the product (of the named lot, when one is named).
    const held = new Map<number, Decimal>();
    for (const b of balances) {
      if (b.productId !== want.productId || (want.lotNumber !== null && b.lot?.lotNumber !== want.lotNumber)) continue;
      held.set(b.locationId, (held.get(b.locationId) ?? ZERO).plus(b.quantity));
    }
    const total = [...held.values()].reduce((sum, q) => sum.plus(q), ZERO);
    // Quantities already planned from the same places by an earlier component line.
    for (const take of takes) if (take.productId === want.productId && held.has(take.locationId)) held.set(take.locationId, held.get(take.locationId)!.minus(take.quantity));
    const available = [...held.values()].reduce((sum, q) => sum.plus(Decimal.max(q, ZERO)), ZERO);
    if (available.lt(want.quantity)) {
      errors.add(`${want.field}quantity`, `Not enough ${want.sku}${want.lotNumber ? ` (lot ${want.lotNumber})` : ''} in ${warehouseName}: needs ${want.quantity.toString()}, holds ${Decimal.min(available, total).toString()}.`);
      continue;
    }
    let left = want.quantity;
    for (const [locationId, quantity] of [...held.entries()].sort((a, b) => b[1].comparedTo(a[1]) || a[0] - b[0])) {
      if (left.lte(0)) break;
      const take = Decimal.min(left, quantity);
      if (take.lte(0)) continue;
      takes.push({ productId: want.productId, locationId, quantity: take, lotNumber: want.lotNumber, field: want.field });
      left = left.minus(take);
    }
  }
  errors.throwIfAny();
  return takes;
}
