// The lifecycle of a picklist, each step one transaction claimed with a conditional update on its status
// (a wrong state answers 422 on `status`): created → picking (its fulfillment orders too) → picked (short
// picks allowed; orders picked) → packing started → packed (orders packed). Before packed a picklist can be
// deleted: its picks are undone and its fulfillment orders are open again.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { ValidationError } from '../shared/errors.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { claimPicklist } from './picklists.js';

/** The picklist a change answers, read in its transaction. */
const reread = (tx: TenantTx, id: number, query: AnswerQuery) => readAnswer(tx, id, query, (q) => tx.picklist.findUniqueOrThrow({ ...q, where: byId(id) }));

async function ordersOf(tx: TenantTx, picklistId: number): Promise<number[]> {
  const links = await tx.picklistFulfillmentOrder.findMany({ where: { picklistId }, select: { fulfillmentOrderId: true } });
  return links.map((l) => l.fulfillmentOrderId);
}

async function moveOrders(tx: TenantTx, picklistId: number, from: string[], to: string): Promise<void> {
  await tx.fulfillmentOrder.updateMany({ where: { picklists: { some: { picklistId } }, status: { in: from } }, data: { status: to } });
}

export async function startPicking(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimPicklist(tx, id, ['created'], { status: 'picking', pickingStartedAt: new Date() }, 'only a created picklist can start picking');
    await moveOrders(tx, id, ['open'], 'picking');
    return reread(tx, id, query);
  });
}

export async function finishPicking(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimPicklist(tx, id, ['picking'], { status: 'picked', pickingEndedAt: new Date() }, 'only a picklist that is picking can finish picking');
    await moveOrders(tx, id, ['open', 'picking'], 'picked');
    return reread(tx, id, query);
  });
}

export async function startPacking(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimPicklist(tx, id, ['picked'], { packingStartedAt: new Date() }, 'only a picked picklist whose packing has not started can start packing', { packingStartedAt: null });
    return reread(tx, id, query);
  });
}

export async function finishPacking(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimPicklist(tx, id, ['picked'], { status: 'packed', packingEndedAt: new Date() }, 'only a picked picklist whose packing started can finish packing', { packingStartedAt: { not: null } });
    await moveOrders(tx, id, ['picked'], 'packed');
    return reread(tx, id, query);
  });
}

/**
 * Deletes a picklist that is not packed yet: status deleted, its FulfillmentPick rows removed and taken off
 * the lines' quantity picked, its fulfillment orders open again. Refused once one of its orders shipped.
 */
export async function deletePicklist(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const picklist = await claimPicklist(tx, id, ['created', 'picking', 'picked'], { status: 'deleted' }, 'only a picklist that is not packed can be deleted');
    const orderIds = await ordersOf(tx, id);
    const shipped = await tx.fulfillmentOrder.findFirst({ where: { id: { in: orderIds }, status: 'shipped' }, select: { id: true } });
    if (shipped) throw new ValidationError({ status: [`Fulfillment order ${shipped.id} of picklist ${id} has shipped; the picklist can no longer be deleted.`] });
    // Raw SQL bypasses the tenant client: the company comes from the picklist row read above.
    await tx.$executeRaw`
      UPDATE "FulfillmentOrderLine" AS l SET "quantityPicked" = GREATEST(l."quantityPicked" - t.q, 0), "updatedAt" = now()
      FROM (SELECT p."fulfillmentOrderLineId" AS id, sum(p."quantity") AS q
            FROM "FulfillmentPick" p JOIN "PicklistItem" i ON i."companyId" = p."companyId" AND i."id" = p."picklistItemId"
            WHERE p."companyId" = ${picklist.companyId} AND i."picklistId" = ${id}
            GROUP BY p."fulfillmentOrderLineId") AS t
      WHERE l."companyId" = ${picklist.companyId} AND l."id" = t.id`;
    await tx.fulfillmentPick.deleteMany({ where: { picklistItem: { picklistId: id } } });
    await tx.fulfillmentOrder.updateMany({ where: { id: { in: orderIds }, status: { in: ['open', 'picking', 'picked'] } }, data: { status: 'open' } });
    return reread(tx, id, query);
  });
}
