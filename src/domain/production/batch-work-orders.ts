// Which work orders a production batch holds. `work_order_ids` replaces the batch's set as a whole: the orders
// listed get the batch (an order of another batch moves here), the batch's other orders are let go.
// Only open orders (draft, released, in_progress) may join: a completed or cancelled order has run its course.
// An order already in the batch stays whatever its status, and letting go works for any status (deleting a
// batch lets go of every order), so a batch holding a completed order can still be edited.
import type { TenantTx } from '../../db/tenant-client.js';
import { type Decimal, ZERO } from '../shared/decimal.js';
import { type FieldErrorCollector, ValidationError } from '../shared/errors.js';

export const JOINABLE_STATUSES = ['draft', 'released', 'in_progress'];

/**
 * The ids to set, or undefined when not given (or invalid, with the problems collected at workOrderIds.N).
 * One query whatever their number.
 */
export async function checkWorkOrderIds(
  tx: TenantTx,
  ids: number[] | null | undefined,
  batchId: number | null,
  errors: FieldErrorCollector,
): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  if (ids === null) {
    errors.add('workOrderIds', 'The work order ids may not be null: send [] to empty the batch.');
    return undefined;
  }
  const orders = ids.length
    ? await tx.workOrder.findMany({ where: { id: { in: ids } }, select: { id: true, workOrderNumber: true, status: true, productionBatchId: true } })
    : [];
  const byId = new Map(orders.map((order) => [order.id, order]));
  const seen = new Set<number>();
  const before = Object.keys(errors.errors).length;
  ids.forEach((id, index) => {
    const field = `workOrderIds.${index}`;
    const order = byId.get(id);
    if (!order) errors.add(field, `The work order ${id} does not exist.`);
    else if (seen.has(id)) errors.add(field, `The work order ${id} is listed twice.`);
    else if ((batchId === null || order.productionBatchId !== batchId) && !JOINABLE_STATUSES.includes(order.status)) {
      errors.add(field, `The work order ${order.workOrderNumber} is ${order.status}; only ${JOINABLE_STATUSES.join(', ')} work orders can join a batch.`);
    }
    seen.add(id);
  });
  return Object.keys(errors.errors).length === before ? ids : undefined;
}

/** Makes the batch's work orders exactly `ids` (checked by checkWorkOrderIds): two statements whatever their number. */
export async function assignWorkOrders(tx: TenantTx, batchId: number, ids: number[]): Promise<void> {
  await tx.workOrder.updateMany({ where: { productionBatchId: batchId, id: { notIn: ids } }, data: { productionBatchId: null } });
  if (ids.length === 0) return;
  // Conditional, so an order completed or cancelled since the check does not join.
  const joined = await tx.workOrder.updateMany({
    where: { id: { in: ids }, OR: [{ productionBatchId: batchId }, { status: { in: JOINABLE_STATUSES } }] },
    data: { productionBatchId: batchId },
  });
  if (joined.count !== ids.length) {
    throw new ValidationError({ workOrderIds: ['A work order was completed or cancelled while the batch was saved; try again.'] });
  }
}

/** The PRODUCTION_RUN_TOTAL rule: the planned quantities of the orders, cancelled ones left out. */
export function runTotalOf(orders: ReadonlyArray<{ status: string; plannedQty: Decimal }>): Decimal {
  return orders.filter((order) => order.status !== 'cancelled').reduce((sum, order) => sum.plus(order.plannedQty), ZERO);
}
