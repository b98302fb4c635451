// Fulfillment orders: the part of a confirmed sales order that one warehouse fulfills. They follow the
// allocations: what allocation reserves in a warehouse is added to the order's open fulfillment order there
// (created when there is none), so a backorder filled later joins the open one or starts a new one once the
// earlier one is being picked. Cancelling a fulfillment order releases what it still holds reserved; releasing
// an order's reservations (cancel, close, deallocate) cancels its fulfillment orders that have not shipped.
// Statuses: open → picking → picked → packed → shipped, or cancelled (picklists and shipments move them).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';
import { comparisonFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export const FULFILLMENT_ORDER_STATUSES = ['open', 'picking', 'picked', 'packed', 'shipped', 'cancelled'] as const;
/** Fulfillment orders that still hold reservations. */
export const ACTIVE_FULFILLMENT_STATUSES = ['open', 'picking', 'picked', 'packed'];

export interface AllocatedRow {
  salesOrderId: number;
  lineId: number;
  productId: number;
  warehouseId: number;
  quantity: Decimal;
}

/** Adds new reservations to the open fulfillment order of their order and warehouse (creating it). */
export async function addToFulfillmentOrders(tx: TenantTx, companyId: number, rows: AllocatedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const orderIds = [...new Set(rows.map((r) => r.salesOrderId))];
  const open = await tx.fulfillmentOrder.findMany({ where: { salesOrderId: { in: orderIds }, status: 'open' }, select: { id: true, salesOrderId: true, warehouseId: true } });
  const key = (orderId: number, warehouseId: number) => `${orderId}:${warehouseId}`;
  const idOf = new Map(open.map((fo) => [key(fo.salesOrderId, fo.warehouseId), fo.id]));
  const missing = [...new Map(rows.filter((r) => !idOf.has(key(r.salesOrderId, r.warehouseId))).map((r) => [key(r.salesOrderId, r.warehouseId), r])).values()];
  if (missing.length > 0) {
    const created = await tx.fulfillmentOrder.createManyAndReturn({
      data: missing.map((r) => ({ salesOrderId: r.salesOrderId, warehouseId: r.warehouseId })) as Prisma.FulfillmentOrderCreateManyInput[],
      select: { id: true, salesOrderId: true, warehouseId: true },
    });
    for (const fo of created) idOf.set(key(fo.salesOrderId, fo.warehouseId), fo.id);
  }
  // Raw SQL bypasses the tenant client: the company comes from rows it returned.
  await tx.$executeRaw`
    INSERT INTO "FulfillmentOrderLine" ("companyId", "fulfillmentOrderId", "salesOrderLineId", "productId", "quantity", "createdAt", "updatedAt")
    SELECT ${companyId}, f, l, p, q, now(), now()
    FROM unnest(${rows.map((r) => idOf.get(key(r.salesOrderId, r.warehouseId))!)}::int[], ${rows.map((r) => r.lineId)}::int[],
                ${rows.map((r) => r.productId)}::int[], ${rows.map((r) => r.quantity.toString())}::numeric[]) AS t(f, l, p, q)
    ON CONFLICT ("companyId", "fulfillmentOrderId", "salesOrderLineId", "productId")
    DO UPDATE SET "quantity" = "FulfillmentOrderLine"."quantity" + EXCLUDED."quantity", "updatedAt" = EXCLUDED."updatedAt"`;
}

/** The orders' reservations are gone: their fulfillment orders that have not shipped are cancelled. */
export async function cancelFulfillmentOfOrders(tx: TenantTx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.fulfillmentOrder.updateMany({ where: { salesOrderId: { in: orderIds }, status: { in: ACTIVE_FULFILLMENT_STATUSES } }, data: { status: 'cancelled' } });
}

/** The filters of GET /fulfillment-orders: `status=open`, `warehouse_id=3`, `sales_order_id=12`. */
export const FULFILLMENT_ORDER_FILTERS: FilterSpec<Prisma.FulfillmentOrderWhereInput> = {
  status: { kind: 'enum', enumValues: FULFILLMENT_ORDER_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  warehouse_id: { kind: 'integer', where: (op, value) => ({ warehouseId: comparisonFilter(op, value as number) }) },
  sales_order_id: { kind: 'integer', where: (op, value) => ({ salesOrderId: comparisonFilter(op, value as number) }) },
};

const SORTABLE = { id: 'id', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listFulfillmentOrders(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, FULFILLMENT_ORDER_FILTERS, SORTABLE);
  return listPage(db, 'fulfillmentOrder', query, { where, orderBy, window });
}

export async function getFulfillmentOrder(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const found = await db.fulfillmentOrder.findUnique({ ...query, where: byId(id) });
  if (!found) throw new NotFoundError('Fulfillment order', id);
  return found;
}

/**
 * Cancels a fulfillment order that has not shipped and releases what it still holds reserved in its warehouse
 * (its lines' quantities not yet shipped); the sales order's lines are backordered for it.
 */
export async function cancelFulfillmentOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.fulfillmentOrder.updateMany({ where: { id, status: { in: ACTIVE_FULFILLMENT_STATUSES } }, data: { status: 'cancelled' } });
    const order = await tx.fulfillmentOrder.findUnique({ where: byId(id), include: { lines: true } });
    if (!order) throw new NotFoundError('Fulfillment order', id);
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a fulfillment order that has not shipped can be cancelled; ${id} is ${order.status}.`] });
    await releaseReserved(
      tx,
      order.warehouseId,
      order.lines.map((line) => ({ lineId: line.salesOrderLineId, productId: line.productId, quantity: Decimal.max(line.quantity.minus(line.quantityShipped), ZERO) })),
    );
    return readAnswer(tx, id, query, (q) => tx.fulfillmentOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Lowers the reservations of (line, product) in a warehouse by the given quantities (never below zero). */
export async function releaseReserved(tx: TenantTx, warehouseId: number, releases: Array<{ lineId: number; productId: number; quantity: Decimal }>): Promise<void> {
  const wanted = releases.filter((r) => r.quantity.gt(0));
  if (wanted.length === 0) return;
  const rows = await tx.salesOrderAllocation.findMany({ where: { warehouseId, salesOrderLineId: { in: wanted.map((r) => r.lineId) } } });
  const changed = rows.flatMap((row) => {
    const release = wanted.filter((r) => r.lineId === row.salesOrderLineId && r.productId === row.productId).reduce((sum, r) => sum.plus(r.quantity), ZERO);
    return release.gt(0) ? [{ row, left: Decimal.max(row.quantity.minus(release), ZERO) }] : [];
  });
  if (changed.length === 0) return;
  await tx.salesOrderAllocation.deleteMany({ where: { id: { in: changed.map((c) => c.row.id) } } });
  const kept = changed.filter((c) => c.left.gt(0));
  if (kept.length > 0) {
    await tx.salesOrderAllocation.createMany({
      data: kept.map(({ row, left }) => ({ salesOrderId: row.salesOrderId, salesOrderLineId: row.salesOrderLineId, productId: row.productId, warehouseId: row.warehouseId, quantity: left })) as Prisma.SalesOrderAllocationCreateManyInput[],
    });
  }
}
