// Picklists: what to pick, where, for one or more fulfillment orders of one warehouse (batch or wave
// picking). Creating one assigns the products still to pick to locations and lots of the warehouse
// (picklist-items.ts); picking writes FulfillmentPick rows that shipments of the fulfillment orders take
// (picklist-items.ts); the lifecycle created → picking → picked → packed, or deleted, lives in
// picklist-transitions.ts. Picking moves nothing in the ledger: goods leave when a shipment ships.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { comparisonFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { planItems } from './picklist-items.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export const PICKLIST_STATUSES = ['created', 'picking', 'picked', 'packed', 'deleted'] as const;
/** Picklists that hold their fulfillment orders: another picklist may not take them. */
export const ACTIVE_PICKLIST_STATUSES = ['created', 'picking', 'picked'];

export interface PicklistInput {
  fulfillmentOrderIds?: ReadonlyArray<number | null> | null;
}

/** The filters of GET /pickflow/picklists: `status=picking`, `warehouse_id=3`. */
export const PICKLIST_FILTERS: FilterSpec<Prisma.PicklistWhereInput> = {
  status: { kind: 'enum', enumValues: PICKLIST_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  warehouse_id: { kind: 'integer', where: (op, value) => ({ warehouseId: comparisonFilter(op, value as number) }) },
};

const SORTABLE = { id: 'id', status: 'status', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listPicklists(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, PICKLIST_FILTERS, SORTABLE);
  return listPage(db, 'picklist', query, { where, orderBy, window });
}

export async function getPicklist(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const found = await db.picklist.findUnique({ ...query, where: byId(id) });
  if (!found) throw new NotFoundError('Picklist', id);
  return found;
}

/**
 * A picklist for open fulfillment orders of one warehouse that no other active picklist holds. Its items:
 * per product, what the orders' lines still have to pick, spread over the warehouse's stock (see planItems);
 * what the warehouse cannot cover is not listed. The fulfillment orders stay open until picking starts.
 */
export async function createPicklist(db: TenantDb, input: PicklistInput, query: AnswerQuery = {}) {
  const field = 'fulfillmentOrderIds';
  const errors = new FieldErrorCollector();
  const ids = input.fulfillmentOrderIds ?? [];
  if (ids.length === 0) errors.add(field, 'The fulfillment order ids field must hold at least one id.');
  errors.throwIfAny();
  const wanted = ids.filter((id): id is number => id != null);
  return db.$transaction(async (tx) => {
    // Lock the orders (a no-op update takes their row locks) so two picklists cannot take the same one.
    await tx.fulfillmentOrder.updateMany({ where: { id: { in: wanted }, status: 'open' }, data: { updatedAt: new Date() } });
    const [orders, held] = await Promise.all([
      tx.fulfillmentOrder.findMany({ where: { id: { in: wanted } }, include: { lines: true } }),
      tx.picklistFulfillmentOrder.findMany({ where: { fulfillmentOrderId: { in: wanted }, picklist: { status: { in: ACTIVE_PICKLIST_STATUSES } } }, select: { fulfillmentOrderId: true, picklistId: true } }),
    ]);
    const byIdMap = new Map(orders.map((o) => [o.id, o]));
    const warehouseId = orders.find((o) => o.id === wanted[0])?.warehouseId ?? orders[0]?.warehouseId;
    ids.forEach((id, index) => {
      const at = `${field}.${index}`;
      if (id == null) return errors.add(at, 'The fulfillment order id is required.');
      if (ids.indexOf(id) !== index) return errors.add(at, `Fulfillment order ${id} is listed twice.`);
      const order = byIdMap.get(id);
      const holder = held.find((h) => h.fulfillmentOrderId === id);
      if (!order) errors.add(at, `Fulfillment order ${id} does not exist.`);
      else if (order.status !== 'open') errors.add(at, `Fulfillment order ${id} is ${order.status}; only an open fulfillment order can be picked.`);
      else if (holder) errors.add(at, `Fulfillment order ${id} is already on picklist ${holder.picklistId}.`);
      else if (order.warehouseId !== warehouseId) errors.add(at, `Fulfillment order ${id} is in another warehouse; a picklist picks in one warehouse.`);
    });
    errors.throwIfAny();
    const lines = orders.flatMap((o) => o.lines);
    const items = await planItems(tx, warehouseId!, lines);
    const picklist = await tx.picklist.create({ data: { warehouseId: warehouseId! } as Prisma.PicklistUncheckedCreateInput });
    await tx.picklistFulfillmentOrder.createMany({ data: [...new Set(wanted)].map((fulfillmentOrderId) => ({ picklistId: picklist.id, fulfillmentOrderId })) as Prisma.PicklistFulfillmentOrderCreateManyInput[] });
    if (items.length > 0) {
      await tx.picklistItem.createMany({ data: items.map((item, position) => ({ ...item, picklistId: picklist.id, position })) as Prisma.PicklistItemCreateManyInput[] });
    }
    return readAnswer(tx, picklist.id, query, (q) => tx.picklist.findUniqueOrThrow({ ...q, where: byId(picklist.id) }));
  });
}

/** Claims a picklist in one of `from` (a conditional update), or answers 404 / 422 on status. */
export async function claimPicklist(tx: TenantTx, id: number, from: string[], data: Prisma.PicklistUpdateManyMutationInput, action: string, extra: Prisma.PicklistWhereInput = {}) {
  const claimed = await tx.picklist.updateMany({ where: { id, status: { in: from }, ...extra }, data: { ...data, updatedAt: new Date() } });
  const picklist = await tx.picklist.findUnique({ where: byId(id) });
  if (!picklist) throw new NotFoundError('Picklist', id);
  if (claimed.count === 0) throw new ValidationError({ status: [`Picklist ${id} is ${picklist.status}; ${action}.`] });
  return picklist;
}

// What a picklist and its items show beyond their own columns, as SQL over a row (`picklist`, `item`; the company
// as $1) for answers PostgreSQL writes whole (src/graphql/shared/compiled-records.ts). The GraphQL resolvers read
// the same through Prisma selections (src/graphql/fulfillment/picklist-types.ts).

/** The ids of the picklist's fulfillment orders, ascending; an empty list for none. */
export const fulfillmentOrderIdsSql = (picklist: string) =>
  `(SELECT coalesce(array_agg(f."fulfillmentOrderId" ORDER BY f."fulfillmentOrderId"), '{}') FROM "PicklistFulfillmentOrder" f WHERE f."companyId" = $1::int AND f."picklistId" = ${picklist}.id)`;

/** A column of the item's lot: null for stock without lots. */
export const itemLotSql = (item: string, column: 'lotNumber' | 'productionDate' | 'expiryDate') =>
  `(SELECT l."${column}" FROM "Lot" l WHERE l."companyId" = $1::int AND l.id = ${item}."lotId")`;

/** A column of the item's product (its own lot deduction strategy, its unit). */
export const itemProductSql = (item: string, column: 'lotDeductionStrategy' | 'defaultUomId') =>
  `(SELECT p."${column}" FROM "Product" p WHERE p."companyId" = $1::int AND p.id = ${item}."productId")`;
