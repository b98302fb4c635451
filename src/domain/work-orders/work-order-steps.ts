// The routing steps of a work order: completed in part or whole ({quantity}; a step is completed once its
// completed quantity reaches its planned quantity) or skipped. Steps change only while the order is released
// or in progress and not on hold; the first one moves a released order to in_progress. With completion_trigger
// finish_step, completing the last open step produces what is still unproduced (from the BOM) and completes
// the order, in the same transaction.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDecimal, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { produce } from './work-order-completions.js';
import { claimWorkOrder, finishWorkOrder } from './work-order-transitions.js';
import { getWorkOrder, recordStatusEvent, type WorkOrderActor } from './work-orders.js';
import { recordEvent } from '../events/index.js';
import { workOrderEvent } from './work-order-events.js';

const OPEN_STEP = ['pending', 'in_progress'];

export async function listSteps(db: TenantDb, workOrderId: number, query: PassThroughQuery = {}) {
  await getWorkOrder(db, workOrderId);
  return db.workOrderStep.findMany({ ...query, where: { workOrderId }, orderBy: { sequence: 'asc' } });
}

/** Holds the order for a step change (released or in progress, not on hold) and finds the step. */
async function claimForStep(tx: TenantTx, workOrderId: number, stepId: number, actor: WorkOrderActor) {
  const order = await claimWorkOrder(tx, workOrderId, ['released', 'in_progress'], 'worked on', { status: 'in_progress', updatedBy: actor.tokenId }, false);
  if (order.status === 'released') await recordStatusEvent(tx, workOrderId, 'started', 'released', 'in_progress', actor);
  const step = await tx.workOrderStep.findFirst({ where: { id: stepId, workOrderId } });
  if (!step) throw new NotFoundError('Work order step', stepId);
  if (!OPEN_STEP.includes(step.status)) throw new ValidationError({ status: [`Step ${step.sequence} is ${step.status}.`] });
  return { order, step };
}

export async function completeStep(db: TenantDb, workOrderId: number, stepId: number, quantity: Decimal | null | undefined, actor: WorkOrderActor, query: AnswerQuery = {}) {
  const errors = new FieldErrorCollector();
  if (quantity == null) errors.add('quantity', 'The quantity field is required.');
  else checkDecimal(errors, 'quantity', quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
  errors.throwIfAny();
  return db.$transaction(
    async (tx) => {
      const { order, step } = await claimForStep(tx, workOrderId, stepId, actor);
      const done = step.completedQty.plus(quantity!);
      const finished = done.gte(step.plannedQty ?? order.plannedQty);
      await tx.workOrderStep.update({ where: byId(stepId), data: { completedQty: done, status: finished ? 'completed' : 'in_progress', completedAt: finished ? new Date() : null } });
      await recordEvent(tx, workOrderEvent('work_order.step_completed', order, 'in_progress', { step_id: stepId, completed_qty: Number(done.toString()), step_status: finished ? 'completed' : 'in_progress' }));
      if (finished && order.completionTrigger === 'finish_step') {
        const open = await tx.workOrderStep.count({ where: { workOrderId, status: { in: OPEN_STEP } } });
        if (open === 0) {
          const current = await getWorkOrder(tx, workOrderId);
          const remainder = current.plannedQty.minus(current.producedQty);
          if (remainder.gt(0)) await produce(tx, workOrderId, { quantity: remainder }, actor);
          await finishWorkOrder(tx, workOrderId, false, actor);
        }
      }
      return readAnswer(tx, stepId, query, (q) => tx.workOrderStep.findUniqueOrThrow({ ...q, where: byId(stepId) }));
    },
  );
}

export async function skipStep(db: TenantDb, workOrderId: number, stepId: number, actor: WorkOrderActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const { order } = await claimForStep(tx, workOrderId, stepId, actor);
    await tx.workOrderStep.update({ where: byId(stepId), data: { status: 'skipped', skippedBy: actor.tokenId, skippedAt: new Date() } });
    await recordEvent(tx, workOrderEvent('work_order.step_skipped', order, 'in_progress', { step_id: stepId }));
    return readAnswer(tx, stepId, query, (q) => tx.workOrderStep.findUniqueOrThrow({ ...q, where: byId(stepId) }));
  });
}
