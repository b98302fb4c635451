// The state changes of a sales order, each one transaction that first claims the order with a conditional
// update on its status (claimOrder), so concurrent transitions serialise and the loser gets a 422 naming the
// state; a locked channel refuses every one (403).
//   draft → confirmed: the lines reserve stock (allocation.ts); what cannot be reserved is backordered.
//   confirmed | partially_shipped: allocate retries the backorders; deallocate releases every reservation.
//   draft | confirmed → cancelled: reservations released, and the freed stock goes to other backorders.
//   partially_shipped | shipped → closed: nothing more will ship; reservations released likewise.
// (partially_shipped and shipped follow from shipments.)
// Each writes its event: sales_order.confirmed / allocated / deallocated / cancelled / closed.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { allocateArrivals, allocateOrders, releaseAllocations } from './allocation.js';
import { OPEN_ORDER_STATUSES } from './demand.js';
import { claimOrder } from './sales-orders.js';
import { recordEvent } from '../events/index.js';
import { salesOrderEvent } from './sales-order-events.js';

export async function confirmSalesOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimOrder(tx, id, ['draft'], 'confirmed');
    const order = await tx.salesOrder.update({ where: byId(id), data: { status: 'confirmed', confirmedAt: new Date() } });
    await allocateOrders(tx, [id]);
    await recordEvent(tx, salesOrderEvent('sales_order.confirmed', order));
    return readAnswer(tx, id, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function allocateSalesOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const order = await claimOrder(tx, id, OPEN_ORDER_STATUSES, 'allocated');
    await allocateOrders(tx, [id]);
    await recordEvent(tx, salesOrderEvent('sales_order.allocated', order));
    return readAnswer(tx, id, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deallocateSalesOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const order = await claimOrder(tx, id, OPEN_ORDER_STATUSES, 'deallocated');
    await releaseAllocations(tx, [id]);
    await recordEvent(tx, salesOrderEvent('sales_order.deallocated', order));
    return readAnswer(tx, id, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function cancelSalesOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimOrder(tx, id, ['draft', 'confirmed'], 'cancelled');
    const order = await tx.salesOrder.update({ where: byId(id), data: { status: 'cancelled', cancelledAt: new Date() } });
    await passOnReleased(tx, id);
    await recordEvent(tx, salesOrderEvent('sales_order.cancelled', order));
    return readAnswer(tx, id, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function closeSalesOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimOrder(tx, id, ['partially_shipped', 'shipped'], 'closed');
    const order = await tx.salesOrder.update({ where: byId(id), data: { status: 'closed', closedAt: new Date() } });
    await passOnReleased(tx, id);
    await recordEvent(tx, salesOrderEvent('sales_order.closed', order));
    return readAnswer(tx, id, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Releases the order's reservations and lets the backorders of other orders take the freed stock. */
async function passOnReleased(tx: TenantTx, id: number): Promise<void> {
  const freed = await releaseAllocations(tx, [id]);
  await allocateArrivals(tx, freed.map((place) => ({ productId: place.productId, locationId: place.warehouseId })));
}
