// The states of a purchase order and the commands that move it, each one transaction that first claims the
// order with a conditional update on its status (two concurrent transitions serialise; the loser gets a 422
// naming the state):
//   draft → submitted (POST /submit): the open quantities become incoming at the delivery warehouse;
//   draft / submitted with nothing received → cancelled (POST /cancel);
//   submitted / partially_received / received → closed (POST /close): what is still open is short-closed and
//     no longer incoming.
// Receipts move submitted → partially_received → received. Each transition writes purchase_order.<verb>.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { ValidationError } from '../shared/errors.js';
import { recordEvent } from '../events/index.js';
import { purchaseOrderEvent } from './purchase-order-events.js';
import { getPurchaseOrder, type PurchaseOrderStatus } from './purchase-orders.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';

interface Transition {
  verb: 'submitted' | 'cancelled' | 'closed';
  from: PurchaseOrderStatus[];
  to: PurchaseOrderStatus;
  stamp: 'submittedAt' | 'cancelledAt' | 'closedAt';
}

const SUBMIT: Transition = { verb: 'submitted', from: ['draft'], to: 'submitted', stamp: 'submittedAt' };
const CANCEL: Transition = { verb: 'cancelled', from: ['draft', 'submitted'], to: 'cancelled', stamp: 'cancelledAt' };
const CLOSE: Transition = { verb: 'closed', from: ['submitted', 'partially_received', 'received'], to: 'closed', stamp: 'closedAt' };

export const submitPurchaseOrder = (db: TenantDb, id: number, query: AnswerQuery = {}) => transition(db, id, SUBMIT, query);
export const closePurchaseOrder = (db: TenantDb, id: number, query: AnswerQuery = {}) => transition(db, id, CLOSE, query);

/** Cancels an order that has received nothing. */
export const cancelPurchaseOrder = (db: TenantDb, id: number, query: AnswerQuery = {}) =>
  transition(db, id, CANCEL, query, async (tx) => {
    const received = await tx.purchaseOrderLine.count({ where: { purchaseOrderId: id, quantityReceived: { gt: 0 } } });
    if (received > 0) throw new ValidationError({ status: ['A purchase order that has received stock cannot be cancelled; close it instead.'] });
  });

async function transition(
  db: TenantDb,
  id: number,
  step: Transition,
  query: AnswerQuery,
  check?: (tx: TenantTx) => Promise<void>,
) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.purchaseOrder.updateMany({
      where: { id, status: { in: step.from } },
      data: { status: step.to, [step.stamp]: new Date() },
    });
    const order = await getPurchaseOrder(tx, id);
    if (claimed.count === 0) {
      throw new ValidationError({ status: [`A ${order.status} purchase order cannot be ${step.verb}; only ${step.from.join(' or ')} ones can.`] });
    }
    await check?.(tx);
    await recordEvent(tx, purchaseOrderEvent(`purchase_order.${step.verb}`, order));
    return readAnswer(tx, id, query, (q) => tx.purchaseOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}
