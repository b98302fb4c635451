// In which order a product's sales order lines take stock from warehouses: the warehouses of its fulfillment
// priority list first, in the list's order, then every other warehouse by id. Set-based: two queries whatever
// the number of products (the products' lists, then those lists' entries among the given warehouses).
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';

/**
 * For each product id, the given warehouses (e.g. those of a channel's warehouse group) ordered by the
 * product's priority list, then by warehouse id. Warehouses that are not given never appear; a product with
 * no list (or an unknown product) gets the warehouses by id. Repeated ids are taken once.
 */
export async function warehouseOrderForProducts(
  db: TenantDb | TenantTx,
  productIds: readonly number[],
  warehouseIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byId = [...new Set(warehouseIds)].sort((a, b) => a - b);
  const products = [...new Set(productIds)];
  const order = new Map<number, number[]>(products.map((productId) => [productId, [...byId]]));
  if (products.length === 0 || byId.length === 0) return order;

  const lists = await db.product.findMany({
    where: { id: { in: products }, priorityListId: { not: null } },
    select: { id: true, priorityListId: true },
  });
  if (lists.length === 0) return order;
  const entries = await db.priorityListWarehouse.findMany({
    where: { priorityListId: { in: [...new Set(lists.map((p) => p.priorityListId!))] }, warehouseId: { in: byId } },
    select: { priorityListId: true, warehouseId: true },
    orderBy: [{ priorityListId: 'asc' }, { position: 'asc' }],
  });

  const perList = new Map<number, number[]>();
  for (const entry of entries) {
    const listed = perList.get(entry.priorityListId) ?? [];
    listed.push(entry.warehouseId);
    perList.set(entry.priorityListId, listed);
  }
  const ordered = new Map<number, number[]>();
  for (const [listId, listed] of perList) {
    const first = new Set(listed);
    ordered.set(listId, [...listed, ...byId.filter((id) => !first.has(id))]);
  }
  for (const product of lists) {
    const warehouses = ordered.get(product.priorityListId!);
    if (warehouses) order.set(product.id, [...warehouses]);
  }
  return order;
}
