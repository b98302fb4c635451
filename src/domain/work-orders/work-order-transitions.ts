// The moves of a work order, each one transaction that first claims the order with a conditional update on
// its status (and hold), so concurrent moves take turns and the loser gets a 422 naming the state:
//   release   draft → released
//   cancel    draft, released or in_progress → cancelled (cancel_reason)
//   hold      sets is_on_hold (with reason, when and who) on an open order; resume clears it
//   complete  released or in_progress → completed. Without force: not on hold, every step completed or
//             skipped, produced at least planned_qty — each failed check listed in the 422. With force the
//             checks are bypassed: the unproduced remainder is recorded and nothing is produced.
// The first production entry moves a released order to in_progress (work-order-completions.ts).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, ValidationError } from '../shared/errors.js';
import { checkMaxLength } from '../shared/field-checks.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { getWorkOrder, recordStatusEvent, type WorkOrderActor } from './work-orders.js';
import { recordEvent } from '../events/index.js';
import { workOrderEvent } from './work-order-events.js';

export const OPEN_WORK_ORDER_STATUSES = ['draft', 'released', 'in_progress'];

/** Claims the order in one of `from` (and, with `onHold`, in that hold state); answers it as it was. */
export async function claimWorkOrder(tx: TenantTx, id: number, from: readonly string[], verb: string, data: Prisma.WorkOrderUncheckedUpdateManyInput, onHold?: boolean) {
  const order = await getWorkOrder(tx, id);
  const claimed = await tx.workOrder.updateMany({ where: { id, status: { in: [...from] }, ...(onHold !== undefined ? { isOnHold: onHold } : {}) }, data });
  if (claimed.count === 0) {
    const now = await getWorkOrder(tx, id);
    if (!from.includes(now.status)) throw new ValidationError({ status: [`Work order ${now.workOrderNumber} is ${now.status}: it cannot be ${verb} (only from ${from.join(', ')}).`] });
    throw new ValidationError({ isOnHold: [now.isOnHold ? `Work order ${now.workOrderNumber} is on hold (${now.holdReason ?? 'no reason given'}): resume it first.` : `Work order ${now.workOrderNumber} is not on hold.`] });
  }
  return order;
}

const reread = (tx: TenantTx, id: number, query: AnswerQuery) => readAnswer(tx, id, query, (q) => tx.workOrder.findUniqueOrThrow({ ...q, where: byId(id) }));

function checkReason(reason: string | null | undefined, required: boolean): string | null {
  const errors = new FieldErrorCollector();
  if (required && (reason == null || reason.trim() === '')) errors.add('reason', 'The reason field is required.');
  checkMaxLength(errors, 'reason', reason, 65_535);
  errors.throwIfAny();
  return reason?.trim() || null;
}

export async function releaseWorkOrder(db: TenantDb, id: number, actor: WorkOrderActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const order = await claimWorkOrder(tx, id, ['draft'], 'released', { status: 'released', updatedBy: actor.tokenId });
    await recordStatusEvent(tx, id, 'released', 'draft', 'released', actor);
    await recordEvent(tx, workOrderEvent('work_order.released', order, 'released'));
    return reread(tx, id, query);
  });
}

export async function cancelWorkOrder(db: TenantDb, id: number, reason: string | null | undefined, actor: WorkOrderActor, query: AnswerQuery = {}) {
  const why = checkReason(reason, false);
  return db.$transaction(async (tx) => {
    const order = await claimWorkOrder(tx, id, OPEN_WORK_ORDER_STATUSES, 'cancelled', { status: 'cancelled', cancelReason: why, isOnHold: false, updatedBy: actor.tokenId });
    await recordStatusEvent(tx, id, 'cancelled', order.status, 'cancelled', actor, why);
    await recordEvent(tx, workOrderEvent('work_order.cancelled', order, 'cancelled', { reason: why }));
    return reread(tx, id, query);
  });
}

export async function holdWorkOrder(db: TenantDb, id: number, reason: string | null | undefined, actor: WorkOrderActor, query: AnswerQuery = {}) {
  const why = checkReason(reason, true);
  return db.$transaction(async (tx) => {
    const order = await claimWorkOrder(tx, id, OPEN_WORK_ORDER_STATUSES, 'held', { isOnHold: true, holdReason: why, heldAt: new Date(), heldBy: actor.tokenId, updatedBy: actor.tokenId }, false);
    await recordStatusEvent(tx, id, 'held', order.status, order.status, actor, why);
    await recordEvent(tx, workOrderEvent('work_order.held', order, order.status, { is_on_hold: true, reason: why }));
    return reread(tx, id, query);
  });
}

export async function resumeWorkOrder(db: TenantDb, id: number, actor: WorkOrderActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const order = await claimWorkOrder(tx, id, OPEN_WORK_ORDER_STATUSES, 'resumed', { isOnHold: false, holdReason: null, heldAt: null, heldBy: null, updatedBy: actor.tokenId }, true);
    await recordStatusEvent(tx, id, 'resumed', order.status, order.status, actor);
    await recordEvent(tx, workOrderEvent('work_order.resumed', order, order.status, { is_on_hold: false }));
    return reread(tx, id, query);
  });
}

export async function completeWorkOrder(db: TenantDb, id: number, force: boolean, actor: WorkOrderActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await finishWorkOrder(tx, id, force, actor);
    return reread(tx, id, query);
  });
}

/** Completes the order inside the caller's transaction (a last step of a finish_step order does too). */
export async function finishWorkOrder(tx: TenantTx, id: number, force: boolean, actor: WorkOrderActor): Promise<void> {
  const order = await getWorkOrder(tx, id, { include: { steps: { select: { sequence: true, status: true } } } });
  const steps = (order as typeof order & { steps: Array<{ sequence: number; status: string }> }).steps;
  if (order.status === 'draft') throw new ValidationError({ status: [`Work order ${order.workOrderNumber} is a draft: release it before completing it.`] });
  if (!force) {
    const problems: Record<string, string[]> = {};
    if (order.isOnHold) problems.isOnHold = [`The work order is on hold (${order.holdReason ?? 'no reason given'}).`];
    const open = steps.filter((s) => s.status !== 'completed' && s.status !== 'skipped').map((s) => s.sequence);
    if (open.length > 0) problems.steps = [`Step${open.length > 1 ? 's' : ''} ${open.join(', ')} ${open.length > 1 ? 'are' : 'is'} neither completed nor skipped.`];
    if (order.producedQty.lt(order.plannedQty)) problems.producedQty = [`Produced ${order.producedQty.toString()} of the ${order.plannedQty.toString()} planned.`];
    if (Object.keys(problems).length > 0) throw new ValidationError(problems, `Work order ${order.workOrderNumber} cannot be completed: ${Object.values(problems).flat().join(' ')} Complete with force to close it as it stands.`);
  }
  const unproduced = Decimal.max(order.plannedQty.minus(order.producedQty), ZERO);
  await claimWorkOrder(tx, id, ['released', 'in_progress'], 'completed', {
    status: 'completed',
    completedAt: new Date(),
    isOnHold: false,
    unproducedQty: unproduced.gt(0) ? unproduced : null,
    updatedBy: actor.tokenId,
  });
  await recordStatusEvent(tx, id, 'completed', order.status, 'completed', actor, force ? `Completed with force${unproduced.gt(0) ? `; ${unproduced.toString()} not produced` : ''}.` : null);
  await recordEvent(tx, {
    type: 'work_order.completed',
    resourceType: 'work_order',
    resourceId: id,
    data: {
      work_order_id: id,
      work_order_number: order.workOrderNumber,
      produced_sku_id: order.producedSkuId,
      destination_warehouse_id: order.destinationWarehouseId,
      planned_qty: Number(order.plannedQty.toString()),
      produced_qty: Number(order.producedQty.toString()),
      unproduced_qty: unproduced.gt(0) ? Number(unproduced.toString()) : null,
      forced: force,
    },
  });
}
