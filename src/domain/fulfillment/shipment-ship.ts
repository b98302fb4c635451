// Shipping a draft shipment, in one transaction that first claims the order and the shipment:
//   - SALES_SHIPMENT movements take the goods out of their locations through the ledger (FIFO cost of goods
//     sold; the lines' lots, else the deduction strategy; a shortage refuses the whole shipment);
//   - each line keeps the cost it left at (unit_cost, base currency);
//   - the reservations it fulfils are consumed: first in the warehouse the goods left, then anything reserved
//     elsewhere beyond what the line still has to ship;
//   - the order lines' shipped quantities follow (a kit line: the whole kits its shipped components make), and
//     the order becomes partially_shipped or shipped;
//   - a shipment of a fulfillment order closes it: what it picked short is released, so the rest of the line
//     is backordered;
//   - a shipment.shipped event (and the ledger's stock.moved) is written.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { postStockMovements, type PostingContext } from '../inventory/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { ValidationError } from '../shared/errors.js';
import { LEDGER_DECIMAL } from '../shared/field-checks.js';
import type { OutboundPolicy } from '../../outbound/http-request.js';
import { deliverAfterCommit, writeShipNotice } from '../edi/index.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { demandKey, kitComponents, lineAllocated, lineDemands, claimOrder } from '../sales/index.js';
import { releaseReserved } from './fulfillment-orders.js';
import { getShipment } from './shipments.js';
import { recordEvent } from '../events/index.js';

export const SALES_SHIPMENT = 'SALES_SHIPMENT';

/** A shipment of a channel that trades by EDI also writes its 856, delivered after the commit under `context.outbound`. */
export async function shipShipment(db: TenantDb, id: number, context: PostingContext & { outbound?: OutboundPolicy }, query: AnswerQuery = {}) {
  const ediDocumentId = await db.$transaction(async (tx) => {
    const found = await getShipment(tx, id);
    const order = await claimOrder(tx, found.salesOrderId, ['confirmed', 'partially_shipped'], 'shipped');
    const now = new Date();
    const claimed = await tx.shipment.updateMany({ where: { id, status: 'draft' }, data: { status: 'shipped', shippedAt: now, shipDate: found.shipDate ?? now } });
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a draft shipment can be shipped; shipment ${id} is ${found.status}.`] });
    const lines = await tx.shipmentLine.findMany({ where: { shipmentId: id }, orderBy: { position: 'asc' }, include: { location: { select: { parentId: true } } } });

    const posted = await postStockMovements(
      tx,
      lines.map((line, index) => ({
        productId: line.productId,
        locationId: line.locationId,
        quantity: line.quantity.negated(),
        lotId: line.lotId,
        reason: 'sales shipment',
        sourceType: SALES_SHIPMENT,
        sourceId: id,
        sourceLineId: line.id,
        field: `lines.${index}.`,
      })),
      { ...context, occurredAt: now },
    );
    // The cost each line left at: its movements' FIFO cost, weighted by quantity. The lines are written again
    // under their own ids: two statements for any number of lines.
    const costed = lines.map(({ location: _location, companyId: _company, ...line }, index) => {
      const moves = posted.filter((m) => m.inputIndex === index);
      const value = moves.reduce((sum, m) => sum.plus(m.quantity.negated().mul(m.unitCost ?? ZERO)), ZERO);
      return { ...line, unitCost: value.div(line.quantity).toDecimalPlaces(LEDGER_DECIMAL.scale) };
    });
    await tx.shipmentLine.deleteMany({ where: { shipmentId: id } });
    await tx.shipmentLine.createMany({ data: costed as Prisma.ShipmentLineCreateManyInput[] });

    await consumeReservations(tx, order, lines.map((line) => ({ lineId: line.salesOrderLineId, productId: line.productId, warehouseId: line.location.parentId ?? line.locationId, quantity: line.quantity })));
    if (found.fulfillmentOrderId !== null) await closeFulfillmentOrder(tx, found.fulfillmentOrderId, lines);
    await updateShippedQuantities(tx, order);
    await recordEvent(tx, {
      type: 'shipment.shipped',
      resourceType: 'shipment',
      resourceId: id,
      data: {
        shipment_id: id,
        sales_order_id: order.id,
        order_number: order.orderNumber,
        fulfillment_order_id: found.fulfillmentOrderId,
        shipped_at: now.toISOString(),
        tracking_number: found.trackingNumber,
        lines: costed.map((line) => ({
          sales_order_line_id: line.salesOrderLineId,
          product_id: line.productId,
          location_id: line.locationId,
          lot_id: line.lotId,
          quantity: Number(line.quantity.toString()),
          unit_cost: Number(line.unitCost.toString()),
        })),
      },
    });
    return writeShipNotice(tx, id, order.id, now);
  });
  await deliverAfterCommit(db, [ediDocumentId], context.outbound);
  return readAnswer(db, id, query, (q) => db.shipment.findUniqueOrThrow({ ...q, where: byId(id) }));
}

type ClaimedOrder = Awaited<ReturnType<typeof claimOrder>>;

/**
 * Lowers the reservations by what shipped: in the warehouse the goods left first; then, where a line's
 * reservations elsewhere exceed what it still has to ship, those too.
 */
async function consumeReservations(tx: TenantTx, order: ClaimedOrder, shipped: Array<{ lineId: number; productId: number; warehouseId: number; quantity: Decimal }>): Promise<void> {
  const rows = await tx.salesOrderAllocation.findMany({ where: { salesOrderId: order.id } });
  if (rows.length === 0) return;
  const left = new Map(rows.map((row) => [row.id, row.quantity]));
  for (const ship of shipped) {
    const here = rows.find((r) => r.salesOrderLineId === ship.lineId && r.productId === ship.productId && r.warehouseId === ship.warehouseId);
    if (here) left.set(here.id, Decimal.max(left.get(here.id)!.minus(ship.quantity), ZERO));
  }
  // What each (line, product) still has to ship after this shipment.
  const shippedBefore = await shippedPerDemand(tx, order);
  const kits = await kitComponents(tx, order.lines.map((l) => l.productId));
  for (const demand of lineDemands(order.lines.map((l) => ({ ...l, baseQuantityShipped: ZERO })), kits)) {
    const toShip = Decimal.max(demand.quantity.minus(shippedBefore.get(demandKey(demand.lineId, demand.productId)) ?? ZERO), ZERO);
    let excess = rows.filter((r) => r.salesOrderLineId === demand.lineId && r.productId === demand.productId).reduce((sum, r) => sum.plus(left.get(r.id)!), ZERO).minus(toShip);
    for (const row of rows.filter((r) => r.salesOrderLineId === demand.lineId && r.productId === demand.productId)) {
      if (excess.lte(0)) break;
      const take = Decimal.min(excess, left.get(row.id)!);
      left.set(row.id, left.get(row.id)!.minus(take));
      excess = excess.minus(take);
    }
  }
  const changed = rows.filter((row) => !left.get(row.id)!.eq(row.quantity));
  if (changed.length === 0) return;
  await tx.salesOrderAllocation.deleteMany({ where: { id: { in: changed.map((r) => r.id) } } });
  const kept = changed.filter((row) => left.get(row.id)!.gt(0));
  if (kept.length > 0) {
    await tx.salesOrderAllocation.createMany({
      data: kept.map((row) => ({ salesOrderId: row.salesOrderId, salesOrderLineId: row.salesOrderLineId, productId: row.productId, warehouseId: row.warehouseId, quantity: left.get(row.id)! })) as Prisma.SalesOrderAllocationCreateManyInput[],
    });
  }
}

/** Base units shipped per (line, product) by shipped shipments of the order. */
async function shippedPerDemand(tx: TenantTx, order: ClaimedOrder): Promise<Map<string, Decimal>> {
  const sums = await tx.shipmentLine.groupBy({
    by: ['salesOrderLineId', 'productId'],
    where: { salesOrderLineId: { in: order.lines.map((l) => l.id) }, shipment: { status: 'shipped' } },
    _sum: { quantity: true },
  });
  return new Map(sums.map((s) => [demandKey(s.salesOrderLineId, s.productId), new Decimal(s._sum.quantity ?? 0)]));
}

/** The fulfillment order shipped: its lines' shipped quantities, and what it picked short released. */
async function closeFulfillmentOrder(tx: TenantTx, fulfillmentOrderId: number, lines: Array<{ salesOrderLineId: number; productId: number; quantity: Decimal }>): Promise<void> {
  const fo = await tx.fulfillmentOrder.findUniqueOrThrow({ where: byId(fulfillmentOrderId), include: { lines: true } });
  const shippedOf = (lineId: number, productId: number) =>
    lines.filter((l) => l.salesOrderLineId === lineId && l.productId === productId).reduce((sum, l) => sum.plus(l.quantity), ZERO);
  const updated = fo.lines.map((line) => ({ ...line, quantityShipped: line.quantityShipped.plus(shippedOf(line.salesOrderLineId, line.productId)) }));
  // Updated in place (their picks point at them): one statement for every line.
  await tx.$executeRaw`
    UPDATE "FulfillmentOrderLine" AS l SET "quantityShipped" = v.q, "updatedAt" = now()
    FROM unnest(${updated.map((l) => l.id)}::int[], ${updated.map((l) => l.quantityShipped.toString())}::numeric[]) AS v(id, q)
    WHERE l."companyId" = ${fo.companyId} AND l."id" = v.id`;
  await tx.fulfillmentOrder.update({ where: byId(fulfillmentOrderId), data: { status: 'shipped' } });
  await releaseReserved(
    tx,
    fo.warehouseId,
    updated.map((line) => ({ lineId: line.salesOrderLineId, productId: line.productId, quantity: Decimal.max(line.quantity.minus(line.quantityShipped), ZERO) })),
  );
}

/** The order lines' shipped quantities from every shipped shipment, and the order's status. */
async function updateShippedQuantities(tx: TenantTx, order: ClaimedOrder): Promise<void> {
  const shipped = await shippedPerDemand(tx, order);
  const kits = await kitComponents(tx, order.lines.map((l) => l.productId));
  const demands = lineDemands(order.lines.map((l) => ({ ...l, baseQuantityShipped: ZERO })), kits);
  const lines = order.lines.map(({ companyId: _company, ...line }) => {
    const own = demands.filter((d) => d.lineId === line.id);
    return { ...line, baseQuantityShipped: Decimal.min(lineAllocated(own, (key) => shipped.get(key) ?? ZERO), line.baseQuantity) };
  });
  // One statement for every line (fulfillment, shipments and allocations point at them, so they stay).
  await tx.$executeRaw`
    UPDATE "SalesOrderLine" AS l SET "baseQuantityShipped" = v.q
    FROM unnest(${lines.map((l) => l.id)}::int[], ${lines.map((l) => l.baseQuantityShipped.toString())}::numeric[]) AS v(id, q)
    WHERE l."companyId" = ${order.companyId} AND l."id" = v.id`;
  const done = lines.every((line) => line.baseQuantityShipped.gte(line.baseQuantity));
  await tx.salesOrder.update({ where: byId(order.id), data: { status: done ? 'shipped' : 'partially_shipped' } });
}
