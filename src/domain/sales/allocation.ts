// Allocation: open sales order lines reserve stock in the warehouses of their channel's warehouse group, in the
// order of the product's fulfillment priority list (warehouse-priority.ts). What a warehouse can give is its
// on-hand stock (the warehouse and the locations inside it) less what is already allocated there; what no
// warehouse can give stays backordered. Older orders (confirmed first) are served first. What is reserved
// joins the order's open fulfillment order of that warehouse (src/domain/fulfillment/fulfillment-orders.ts).
//
// Concurrency: allocations of a product are serialised by a transaction-scoped advisory lock per company and
// product, taken (in product order, one statement) before anything is read, so two confirmations never both
// count the same units as free: 50 orders for stock that covers 10 reserve exactly 10 (tested on PostgreSQL).
//
// A fixed number of statements whatever the number of lines: the lines, the kits, the lock, the warehouses,
// the priority lists, the balances, the allocations, and one upsert of every new allocation.
import type { Prisma } from '../../generated/prisma/client.js';
import { companyIdOf, type TenantTx } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { demandKey, kitComponents, lineDemands, OPEN_ORDER_STATUSES } from './demand.js';
import { warehouseOrderForProducts } from './warehouse-priority.js';
import { addToFulfillmentOrders, cancelFulfillmentOfOrders } from '../fulfillment/index.js';

export interface StockPlace {
  productId: number;
  warehouseId: number;
}

/** Allocates what the open lines of these orders still need. */
export async function allocateOrders(tx: TenantTx, orderIds: number[]): Promise<void> {
  if (orderIds.length > 0) await allocate(tx, { salesOrderId: { in: orderIds } });
}

/**
 * Gives stock that arrived (or was released) to the backorders of those products, oldest order first, in those
 * warehouses only. `locationId` may be a location inside a warehouse.
 */
export async function allocateArrivals(tx: TenantTx, arrivals: Array<{ productId: number; locationId: number }>): Promise<void> {
  if (arrivals.length === 0) return;
  const locationIds = [...new Set(arrivals.map((a) => a.locationId))];
  const locations = await tx.location.findMany({ where: { id: { in: locationIds } }, select: { id: true, parentId: true } });
  const warehouseOf = new Map(locations.map((l) => [l.id, l.parentId ?? l.id]));
  const places = new Set(arrivals.map((a) => `${a.productId}:${warehouseOf.get(a.locationId)}`));
  const productIds = [...new Set(arrivals.map((a) => a.productId))];
  // Lines of the products themselves, and of kits that contain them.
  // Only products with open order lines (themselves, or kits that contain them) have anything to allocate:
  // one statement finds them, so an arrival nobody waits for costs no more.
  const waiting = await tx.$queryRaw<Array<{ productId: number }>>`
    SELECT DISTINCT l."productId" FROM "SalesOrderLine" l
    JOIN "SalesOrder" o ON o."companyId" = l."companyId" AND o."id" = l."salesOrderId"
    WHERE l."companyId" = ${companyIdOf(tx)} AND o."status" = ANY(${OPEN_ORDER_STATUSES}::text[])
      AND (l."productId" = ANY(${productIds}::int[])
           OR l."productId" IN (SELECT k."kitId" FROM "KitItem" k WHERE k."companyId" = l."companyId" AND k."productId" = ANY(${productIds}::int[])))`;
  if (waiting.length === 0) return;
  await allocate(tx, { productId: { in: waiting.map((row) => Number(row.productId)) } }, (productId, warehouseId) => places.has(`${productId}:${warehouseId}`));
}

/** Deletes the allocations of these orders and cancels their unshipped fulfillment orders; answers where stock was freed. */
export async function releaseAllocations(tx: TenantTx, orderIds: number[]): Promise<StockPlace[]> {
  if (orderIds.length === 0) return [];
  const released = await tx.salesOrderAllocation.findMany({ where: { salesOrderId: { in: orderIds } }, select: { productId: true, warehouseId: true } });
  await tx.salesOrderAllocation.deleteMany({ where: { salesOrderId: { in: orderIds } } });
  await cancelFulfillmentOfOrders(tx, orderIds);
  return released;
}

async function allocate(tx: TenantTx, lineWhere: Prisma.SalesOrderLineWhereInput, allowed: (productId: number, warehouseId: number) => boolean = () => true): Promise<void> {
  const lines = await tx.salesOrderLine.findMany({
    where: { ...lineWhere, salesOrder: { status: { in: OPEN_ORDER_STATUSES } } },
    select: {
      id: true, companyId: true, salesOrderId: true, productId: true, baseQuantity: true, baseQuantityShipped: true, position: true,
      salesOrder: { select: { confirmedAt: true, channel: { select: { warehouseGroupId: true } } } },
    },
  });
  if (lines.length === 0) return;
  const companyId = lines[0]!.companyId;
  const firstConfirmed = (line: (typeof lines)[number]) => line.salesOrder.confirmedAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
  lines.sort((a, b) => firstConfirmed(a) - firstConfirmed(b) || a.salesOrderId - b.salesOrderId || a.position - b.position);
  const demands = lineDemands(lines, await kitComponents(tx, lines.map((l) => l.productId))).filter((d) => d.quantity.gt(0));
  const productIds = [...new Set(demands.map((d) => d.productId))].sort((a, b) => a - b);
  if (productIds.length === 0) return;

  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${companyId}::int, p) FROM (SELECT unnest(${productIds}::int[]) AS p ORDER BY 1) AS products`;

  const groupIds = [...new Set(lines.map((l) => l.salesOrder.channel.warehouseGroupId))];
  const warehouses = await tx.location.findMany({ where: { warehouseGroupId: { in: groupIds }, parentId: null }, select: { id: true, warehouseGroupId: true } });
  const warehouseIds = warehouses.map((w) => w.id);
  const [order, balances, allocations] = await Promise.all([
    warehouseOrderForProducts(tx, productIds, warehouseIds),
    tx.stockBalance.findMany({
      where: { productId: { in: productIds }, location: { OR: [{ id: { in: warehouseIds } }, { parentId: { in: warehouseIds } }] } },
      select: { productId: true, quantity: true, location: { select: { id: true, parentId: true } } },
    }),
    tx.salesOrderAllocation.findMany({ where: { productId: { in: productIds } }, select: { salesOrderLineId: true, productId: true, warehouseId: true, quantity: true } }),
  ]);

  const free = new Map<string, Decimal>();
  const add = (map: Map<string, Decimal>, key: string, amount: Decimal) => map.set(key, (map.get(key) ?? ZERO).plus(amount));
  for (const balance of balances) add(free, `${balance.productId}:${balance.location.parentId ?? balance.location.id}`, balance.quantity);
  const allocated = new Map<string, Decimal>();
  for (const allocation of allocations) {
    add(free, `${allocation.productId}:${allocation.warehouseId}`, allocation.quantity.negated());
    add(allocated, demandKey(allocation.salesOrderLineId, allocation.productId), allocation.quantity);
  }
  const groupOf = new Map(lines.map((l) => [l.id, l.salesOrder.channel.warehouseGroupId]));
  const inGroup = new Set(warehouses.map((w) => `${w.warehouseGroupId}:${w.id}`));

  const rows: Array<{ salesOrderId: number; lineId: number; productId: number; warehouseId: number; quantity: Decimal }> = [];
  for (const demand of demands) {
    let need = demand.quantity.minus(allocated.get(demandKey(demand.lineId, demand.productId)) ?? ZERO);
    for (const warehouseId of order.get(demand.productId) ?? []) {
      if (need.lte(0)) break;
      if (!inGroup.has(`${groupOf.get(demand.lineId)}:${warehouseId}`) || !allowed(demand.productId, warehouseId)) continue;
      const key = `${demand.productId}:${warehouseId}`;
      const take = Decimal.min(need, Decimal.max(free.get(key) ?? ZERO, ZERO));
      if (take.lte(0)) continue;
      rows.push({ salesOrderId: demand.salesOrderId, lineId: demand.lineId, productId: demand.productId, warehouseId, quantity: take });
      free.set(key, free.get(key)!.minus(take));
      need = need.minus(take);
    }
  }
  if (rows.length === 0) return;
  // Raw SQL bypasses the tenant client: the company comes from the rows it returned.
  await tx.$executeRaw`
    INSERT INTO "SalesOrderAllocation" ("companyId", "salesOrderId", "salesOrderLineId", "productId", "warehouseId", "quantity", "createdAt", "updatedAt")
    SELECT ${companyId}, o, l, p, w, q, now(), now()
    FROM unnest(${rows.map((r) => r.salesOrderId)}::int[], ${rows.map((r) => r.lineId)}::int[], ${rows.map((r) => r.productId)}::int[],
                ${rows.map((r) => r.warehouseId)}::int[], ${rows.map((r) => r.quantity.toString())}::numeric[]) AS t(o, l, p, w, q)
    ON CONFLICT ("companyId", "salesOrderLineId", "productId", "warehouseId")
    DO UPDATE SET "quantity" = "SalesOrderAllocation"."quantity" + EXCLUDED."quantity", "updatedAt" = EXCLUDED."updatedAt"`;
  await addToFulfillmentOrders(tx, companyId, rows);
}
