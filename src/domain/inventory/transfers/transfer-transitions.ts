// The stock side of a transfer order, each transition one transaction posted through the ledger
// (postStockMovements), never by writing ledger rows here:
//   draft → shipped: negative TRANSFER_SHIPMENT movements at the source (the stock is then in transit);
//   shipped / partially_received → partially_received / received: positive TRANSFER_RECEIPT movements at the
//     destination, in the very lots that were shipped (the shipment movements record them per line), with
//     the FIFO cost carried from shipping (transfer-cost.ts);
//   draft → cancelled; shipped with nothing received → cancelled with TRANSFER_CANCELLATION movements that
//     put the stock back at the source, lot by lot.
// Each transition first claims the order with a conditional update on its status, which takes the row lock:
// two concurrent transitions serialise and the second sees the first's status.
import type { TenantDb, TenantTx } from '../../../db/tenant-client.js';
import { byId } from '../../../db/tenant-client.js';
import { Decimal, toDecimal, ZERO, type DecimalInput } from '../../shared/decimal.js';
import { checkDecimal, LEDGER_DECIMAL } from '../../shared/field-checks.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../../shared/errors.js';
import { postStockMovements, type MovementInput, type PostingContext } from '../ledger/post-movements.js';
import { carriedUnitCosts } from './transfer-cost.js';
import { readAnswer, type AnswerQuery } from '../../shared/pass-through-query.js';

export interface ReceiveLineInput {
  lineId?: number | null;
  quantity?: DecimalInput | null;
}

const REASON = 'transfer';

export async function shipTransferOrder(db: TenantDb, id: number, context: PostingContext, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.transferOrder.updateMany({ where: { id, status: 'draft' }, data: { status: 'shipped', shippedAt: now } });
    const order = await loadOrder(tx, id);
    if (claimed.count === 0) throw statusError('shipped', order.status);
    await postStockMovements(
      tx,
      order.lines.map((line, index): MovementInput => ({
        productId: line.productId,
        locationId: order.sourceLocationId,
        quantity: line.quantity.negated(),
        lotId: line.lotId,
        reason: REASON,
        sourceType: 'TRANSFER_SHIPMENT',
        sourceId: order.id,
        sourceLineId: line.id,
        field: `lines.${index}.`,
        valuation: 'none',
      })),
      { ...context, occurredAt: now },
    );
    await tx.$executeRaw`
      UPDATE "TransferOrderLine" SET "shippedQuantity" = "quantity"
      WHERE "companyId" = ${order.companyId} AND "transferOrderId" = ${order.id}`;
    return readAnswer(tx, id, query, (q) => tx.transferOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function receiveTransferOrder(
  db: TenantDb,
  id: number,
  lines: ReceiveLineInput[] | null | undefined,
  context: PostingContext,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.transferOrder.updateMany({
      where: { id, status: { in: ['shipped', 'partially_received'] } },
      data: { updatedAt: now },
    });
    const order = await loadOrder(tx, id);
    if (claimed.count === 0) throw statusError('received', order.status);

    const requests = pickReceipts(order.lines, lines);
    const costs = await carriedUnitCosts(tx, order.id, order.lines);
    const inTransit = await inTransitLots(tx, order.id);
    const movements: MovementInput[] = [];
    await claimOutstanding(tx, order.companyId, requests);
    for (const { line, quantity, field } of requests) {
      for (const part of inTransit.take(line.id, quantity)) {
        movements.push({
          productId: line.productId,
          locationId: order.destinationLocationId,
          quantity: part.quantity,
          lotId: part.lotId,
          unitCost: costs.get(line.id) ?? null,
          reason: REASON,
          sourceType: 'TRANSFER_RECEIPT',
          sourceId: order.id,
          sourceLineId: line.id,
          field,
          valuation: 'none',
        });
      }
    }
    await postStockMovements(tx, movements, { ...context, occurredAt: now });

    const after = await tx.transferOrderLine.findMany({ where: { transferOrderId: id }, select: { shippedQuantity: true, receivedQuantity: true } });
    const complete = after.every((line) => line.receivedQuantity.gte(line.shippedQuantity));
    await tx.transferOrder.update({
      where: byId(id),
      data: complete ? { status: 'received', receivedAt: now } : { status: 'partially_received' },
    });
    return readAnswer(tx, id, query, (q) => tx.transferOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function cancelTransferOrder(db: TenantDb, id: number, context: PostingContext, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const draft = await tx.transferOrder.updateMany({ where: { id, status: 'draft' }, data: { status: 'cancelled', cancelledAt: now } });
    if (draft.count === 0) {
      // Shipped means nothing was received yet (a receipt moves the order on): the stock goes back to the source.
      const shipped = await tx.transferOrder.updateMany({ where: { id, status: 'shipped' }, data: { status: 'cancelled', cancelledAt: now } });
      const order = await loadOrder(tx, id);
      if (shipped.count === 0) {
        const why = order.status === 'partially_received' ? ' part of it has already been received' : ` it is ${order.status}`;
        throw new ValidationError({ status: [`This transfer order cannot be cancelled:${why}. Only a draft or a shipped order with nothing received can be.`] });
      }
      const costs = await carriedUnitCosts(tx, order.id, order.lines);
      const inTransit = await inTransitLots(tx, order.id);
      const movements: MovementInput[] = [];
      for (const [index, line] of order.lines.entries()) {
        for (const part of inTransit.take(line.id, line.shippedQuantity)) {
          movements.push({
            productId: line.productId,
            locationId: order.sourceLocationId,
            quantity: part.quantity,
            lotId: part.lotId,
            unitCost: costs.get(line.id) ?? null,
            reason: REASON,
            sourceType: 'TRANSFER_CANCELLATION',
            sourceId: order.id,
            sourceLineId: line.id,
            field: `lines.${index}.`,
            valuation: 'none',
          });
        }
      }
      await postStockMovements(tx, movements, { ...context, occurredAt: now });
    }
    return readAnswer(tx, id, query, (q) => tx.transferOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/**
 * Adds what is received to the lines, in one statement that is conditional on what is still outstanding
 * (under the lines' row locks), so concurrent receipts can never over-receive a line.
 */
async function claimOutstanding(tx: TenantTx, companyId: number, requests: Array<{ line: OrderLine; quantity: Decimal; field: string }>): Promise<void> {
  const perLine = new Map<number, Decimal>();
  for (const { line, quantity } of requests) perLine.set(line.id, (perLine.get(line.id) ?? ZERO).plus(quantity));
  const updated = await tx.$queryRaw<Array<{ id: number }>>`
    UPDATE "TransferOrderLine" AS l SET "receivedQuantity" = l."receivedQuantity" + v.quantity
    FROM unnest(${[...perLine.keys()]}::int[], ${[...perLine.values()].map((q) => q.toString())}::numeric[]) AS v(id, quantity)
    WHERE l."companyId" = ${companyId} AND l."id" = v.id AND l."receivedQuantity" + v.quantity <= l."shippedQuantity"
    RETURNING l."id"`;
  const done = new Set(updated.map((row) => Number(row.id)));
  const refused = requests.find(({ line }) => !done.has(line.id));
  if (refused) {
    throw new ValidationError({ [`${refused.field}quantity`]: [`Line ${refused.line.id} no longer has ${perLine.get(refused.line.id)!.toString()} outstanding to receive.`] });
  }
}

async function loadOrder(tx: TenantTx, id: number) {
  const order = await tx.transferOrder.findUnique({ where: byId(id), include: { lines: { orderBy: { id: 'asc' } } } });
  if (!order) throw new NotFoundError('Transfer order', id);
  return order;
}

function statusError(verb: string, status: string): ValidationError {
  return new ValidationError({ status: [`This transfer order cannot be ${verb}: it is ${status}.`] });
}

type OrderLine = { id: number; productId: number; shippedQuantity: Decimal; receivedQuantity: Decimal };

/** What to receive: the lines asked for (checked against what is outstanding), or everything outstanding. */
function pickReceipts(orderLines: OrderLine[], asked: ReceiveLineInput[] | null | undefined) {
  const byId = new Map(orderLines.map((line) => [line.id, line]));
  const requests: Array<{ line: OrderLine; quantity: Decimal; field: string }> = [];
  if (!asked || asked.length === 0) {
    for (const [index, line] of orderLines.entries()) {
      const outstanding = line.shippedQuantity.minus(line.receivedQuantity);
      if (outstanding.gt(0)) requests.push({ line, quantity: outstanding, field: `lines.${index}.` });
    }
    if (requests.length === 0) throw new ValidationError({ lines: ['Nothing is outstanding on this transfer order.'] });
    return requests;
  }
  const errors = new FieldErrorCollector();
  const askedSoFar = new Map<number, Decimal>();
  for (const [index, entry] of asked.entries()) {
    const field = `lines.${index}.`;
    const line = entry.lineId == null ? undefined : byId.get(entry.lineId);
    if (entry.lineId == null) errors.add(`${field}lineId`, 'The line id field is required.');
    else if (!line) errors.add(`${field}lineId`, `Line ${entry.lineId} is not a line of this transfer order.`);
    if (entry.quantity == null) {
      errors.add(`${field}quantity`, 'The quantity field is required.');
      continue;
    }
    const quantity = toDecimal(entry.quantity);
    if (!quantity.gt(0)) {
      errors.add(`${field}quantity`, 'The quantity must be greater than 0.');
      continue;
    }
    const before = Object.keys(errors.errors).length;
    checkDecimal(errors, `${field}quantity`, quantity, LEDGER_DECIMAL);
    if (Object.keys(errors.errors).length > before) continue;
    if (!line) continue;
    const total = (askedSoFar.get(line.id) ?? ZERO).plus(quantity);
    askedSoFar.set(line.id, total);
    const outstanding = line.shippedQuantity.minus(line.receivedQuantity);
    if (total.gt(outstanding)) {
      errors.add(`${field}quantity`, `Only ${outstanding.toString()} of line ${line.id} is outstanding; ${total.toString()} cannot be received.`);
      continue;
    }
    requests.push({ line, quantity, field });
  }
  errors.throwIfAny();
  return requests;
}

/**
 * What is still in transit per line and lot: shipped, less what receipts and a cancellation put back. Read
 * once per transition from the order's movements; `take` then splits quantities over it in memory, so
 * several requests for one line in the same call each get the lots the earlier ones left.
 */
async function inTransitLots(tx: TenantTx, orderId: number) {
  const moved = await tx.stockMovement.findMany({
    where: { sourceId: orderId, sourceType: { in: ['TRANSFER_SHIPMENT', 'TRANSFER_RECEIPT', 'TRANSFER_CANCELLATION'] } },
    select: { sourceLineId: true, lotId: true, quantity: true, sourceType: true },
    orderBy: { id: 'asc' },
  });
  // Lots in shipping order (a Map keeps insertion order), then what came back subtracted.
  const open = new Map<number, Map<number | null, Decimal>>();
  const lotsOf = (lineId: number) => open.get(lineId) ?? open.set(lineId, new Map()).get(lineId)!;
  for (const row of moved) {
    if (row.sourceType !== 'TRANSFER_SHIPMENT' || row.sourceLineId === null) continue;
    const lots = lotsOf(row.sourceLineId);
    lots.set(row.lotId, (lots.get(row.lotId) ?? ZERO).plus(row.quantity.negated()));
  }
  for (const row of moved) {
    if (row.sourceType === 'TRANSFER_SHIPMENT' || row.sourceLineId === null) continue;
    const lots = lotsOf(row.sourceLineId);
    lots.set(row.lotId, (lots.get(row.lotId) ?? ZERO).minus(row.quantity));
  }
  return {
    /**
     * Splits `quantity` of a line over the lots it was shipped in, lot by lot in shipping order, and counts
     * it as gone. Lot-less stock is one part with lotId null.
     */
    take(lineId: number, quantity: Decimal): Array<{ lotId: number | null; quantity: Decimal }> {
      const parts: Array<{ lotId: number | null; quantity: Decimal }> = [];
      let left = quantity;
      const lots = lotsOf(lineId);
      for (const [lotId, outstanding] of lots) {
        if (left.lte(0)) break;
        if (outstanding.lte(0)) continue;
        const part = Decimal.min(outstanding, left);
        parts.push({ lotId, quantity: part });
        lots.set(lotId, outstanding.minus(part));
        left = left.minus(part);
      }
      if (left.gt(0)) throw new ValidationError({ quantity: [`The shipment of line ${lineId} does not cover ${left.toString()} more.`] });
      return parts;
    },
  };
}
