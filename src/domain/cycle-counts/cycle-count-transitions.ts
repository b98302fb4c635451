// The lifecycle of a cycle count session, each operation one transaction that first claims the session
// (claimSession: a conditional update on its status):
//   start          draft → in_progress: snapshot of the book quantity of every product, location and lot in scope
//   submit-review  in_progress → pending_review: variance totals and accuracy over the counted lines
//   reopen         pending_review → in_progress: the totals cleared
//   post           pending_review → posted: an inventory adjustment of each counted line's variance
//   cancel         draft, in_progress or pending_review → cancelled
//   reset-counts   in_progress → in_progress: every count cleared, found lines dropped
// Lines nobody counted change nothing when posted.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { postAdjustment, fifoUnitCosts } from '../inventory/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { ValidationError } from '../shared/errors.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { batchProductWhere, claimSession, sessionLocationIds } from './cycle-count-sessions.js';
import { recordEvent } from '../events/index.js';

/** Who changes a session: the API token of the request. */
export interface SessionActor {
  tokenId: number | null;
}

const reread = (tx: TenantTx, id: number, query: AnswerQuery) => readAnswer(tx, id, query, (q) => tx.cycleCountSession.findUniqueOrThrow({ ...q, where: byId(id) }));

export async function startSession(db: TenantDb, id: number, actor: SessionActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const session = await claimSession(tx, id, 'start', { startedBy: actor.tokenId, startedAt: now });
    const batch = await tx.cycleCountBatch.findUniqueOrThrow({ where: byId(session.batchId) });
    const locationIds = await sessionLocationIds(tx, session.warehouseId, batch.locationIds);
    const balances = await tx.stockBalance.findMany({
      where: { locationId: { in: locationIds }, quantity: { not: 0 }, product: batchProductWhere(batch) },
      select: { productId: true, locationId: true, quantity: true, lot: { select: { lotNumber: true } } },
    });
    await tx.cycleCountLine.createMany({
      data: balances.map((b) => ({ sessionId: id, productId: b.productId, locationId: b.locationId, lotNumber: b.lot?.lotNumber ?? '', snapshotQuantity: b.quantity })) as Prisma.CycleCountLineCreateManyInput[],
    });
    await tx.cycleCountSession.updateMany({ where: { id }, data: { skuCount: new Set(balances.map((b) => b.productId)).size } });
    return reread(tx, id, query);
  });
}

export async function submitSessionForReview(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimSession(tx, id, 'submit-review');
    const counted = await tx.cycleCountLine.findMany({ where: { sessionId: id, countedQuantity: { not: null } }, select: { varianceQuantity: true, varianceValue: true } });
    if (counted.length === 0) throw new ValidationError({ status: [`Session ${id} has no counts yet: count at least one line before review.`] });
    const exact = counted.filter((line) => line.varianceQuantity!.isZero()).length;
    await tx.cycleCountSession.updateMany({
      where: { id },
      data: {
        totalVarianceQty: counted.reduce((sum, line) => sum.plus(line.varianceQuantity!), ZERO),
        totalVarianceValue: counted.reduce((sum, line) => sum.plus(line.varianceValue!), ZERO),
        accuracyPercentage: new Decimal(exact).mul(100).div(counted.length).toDecimalPlaces(2),
      },
    });
    return reread(tx, id, query);
  });
}

export async function reopenSession(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimSession(tx, id, 'reopen', { totalVarianceQty: null, totalVarianceValue: null, accuracyPercentage: null });
    return reread(tx, id, query);
  });
}

/**
 * Posts the counted variances as one inventory adjustment (none when every count matched), and records the
 * book value of the stock in scope at posting (before the adjustment) at FIFO unit cost.
 */
export async function postSession(db: TenantDb, id: number, actor: SessionActor, query: AnswerQuery = {}) {
  return db.$transaction(
    async (tx) => {
      const now = new Date();
      const session = await claimSession(tx, id, 'post', { postedBy: actor.tokenId, postedAt: now });
      const batch = await tx.cycleCountBatch.findUniqueOrThrow({ where: byId(session.batchId) });
      const locationIds = await sessionLocationIds(tx, session.warehouseId, batch.locationIds);
      const [lines, stock] = await Promise.all([
        tx.cycleCountLine.findMany({ where: { sessionId: id, countedQuantity: { not: null }, varianceQuantity: { not: 0 } }, orderBy: { id: 'asc' } }),
        tx.stockBalance.groupBy({ by: ['productId'], where: { locationId: { in: locationIds }, product: batchProductWhere(batch) }, _sum: { quantity: true } }),
      ]);
      const costs = await fifoUnitCosts(tx, stock.map((row) => row.productId));
      const theoreticalValue = stock.reduce((sum, row) => sum.plus((row._sum.quantity ?? ZERO).mul(costs.get(row.productId) ?? ZERO)), ZERO).toDecimalPlaces(4);
      const adjustmentId =
        lines.length === 0
          ? null
          : await postAdjustment(
              tx,
              {
                reason: 'cycle count',
                notes: `Cycle count session ${id} (batch ${session.batchId}, warehouse ${session.warehouseId})`,
                lines: lines.map((line) => ({
                  productId: line.productId,
                  locationId: line.locationId,
                  quantity: line.varianceQuantity,
                  lotNumber: line.lotNumber || null,
                  // Found stock enters at the product's FIFO cost (else its default cost).
                  unitCost: line.varianceQuantity!.gt(0) ? (costs.get(line.productId) ?? null) : null,
                })),
              },
              { tokenId: actor.tokenId, occurredAt: now },
            );
      await tx.cycleCountSession.updateMany({ where: { id }, data: { adjustmentId, theoreticalValue } });
      await recordEvent(tx, {
        type: 'cycle_count.posted',
        resourceType: 'cycle_count_session',
        resourceId: id,
        data: {
          cycle_count_session_id: id,
          batch_id: session.batchId,
          warehouse_id: session.warehouseId,
          adjustment_id: adjustmentId,
          posted_at: now.toISOString(),
          lines_with_variance: lines.length,
          theoretical_value: Number(theoreticalValue.toString()),
        },
      });
      return reread(tx, id, query);
    },
  );
}

export async function cancelSession(db: TenantDb, id: number, actor: SessionActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimSession(tx, id, 'cancel', { cancelledBy: actor.tokenId, cancelledAt: new Date() });
    return reread(tx, id, query);
  });
}

export async function resetSessionCounts(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimSession(tx, id, 'reset-counts', { countedSkuCount: 0 });
    await tx.cycleCountLine.deleteMany({ where: { sessionId: id, snapshotQuantity: 0 } });
    await tx.cycleCountLine.updateMany({
      where: { sessionId: id },
      data: { expectedQuantity: null, countedQuantity: null, varianceQuantity: null, varianceValue: null, countedBy: null, countedAt: null },
    });
    return reread(tx, id, query);
  });
}
