// A BOM may not contain its own product, directly or through a sub-BOM. The graph: a product names the BOMs
// that build it (ProductBom); a BOM contains its items' products. A cycle exists when, starting from a BOM's
// components and following product → its BOMs → their components, the walk reaches a product that the BOM
// builds. The walk is breadth-first, one pair of queries per level, and visits each product and each BOM at
// most once, so it ends even when the stored data already holds a cycle.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { ValidationError } from '../shared/errors.js';

type Db = TenantDb | TenantTx;

export interface ReachedTarget {
  /** The starting product from which the target was reached. */
  root: number;
  /** The product of `targets` that was reached. */
  target: number;
}

/**
 * Walks from `roots` through the BOMs each product names to their components and reports the first product
 * of `targets` met (a root may itself be a target). BOMs in `skipBoms` are never expanded.
 */
export async function findReachedProduct(
  db: Db,
  roots: Iterable<number>,
  targets: ReadonlySet<number>,
  skipBoms: Iterable<number> = [],
): Promise<ReachedTarget | null> {
  if (targets.size === 0) return null;
  const origin = new Map<number, number>(); // product → the root it was first reached from
  let frontier: number[] = [];
  for (const root of roots) {
    if (origin.has(root)) continue;
    origin.set(root, root);
    frontier.push(root);
  }
  const seenBoms = new Set<number>(skipBoms);
  while (frontier.length > 0) {
    for (const product of frontier) {
      if (targets.has(product)) return { root: origin.get(product)!, target: product };
    }
    const links = await db.productBom.findMany({ where: { productId: { in: frontier } }, select: { productId: true, bomId: true } });
    const bomOrigin = new Map<number, number>();
    for (const link of links) {
      if (seenBoms.has(link.bomId) || bomOrigin.has(link.bomId)) continue;
      bomOrigin.set(link.bomId, origin.get(link.productId)!);
    }
    if (bomOrigin.size === 0) break;
    for (const bomId of bomOrigin.keys()) seenBoms.add(bomId);
    const components = await db.bomItem.findMany({
      where: { bomId: { in: [...bomOrigin.keys()] } },
      select: { bomId: true, productId: true },
    });
    const next: number[] = [];
    for (const component of components) {
      if (origin.has(component.productId)) continue;
      origin.set(component.productId, bomOrigin.get(component.bomId)!);
      next.push(component.productId);
    }
    frontier = next;
  }
  return null;
}

/**
 * For the products service, when a product's BOMs (bom_ids) are set: refuses (422 keyed `bomIds`) a BOM
 * that contains the product itself, directly or through the BOMs of its components.
 */
export async function assertNoBomCycle(db: Db, productId: number, bomIds: readonly number[]): Promise<void> {
  if (bomIds.length === 0) return;
  const items = await db.bomItem.findMany({
    where: { bomId: { in: [...bomIds] } },
    select: { bomId: true, productId: true },
    orderBy: [{ bomId: 'asc' }, { id: 'asc' }],
  });
  const bomOfRoot = new Map<number, number>();
  for (const item of items) if (!bomOfRoot.has(item.productId)) bomOfRoot.set(item.productId, item.bomId);
  const reached = await findReachedProduct(db, bomOfRoot.keys(), new Set([productId]));
  if (!reached) return;
  const bomId = bomOfRoot.get(reached.root)!;
  // One query after the other: this runs inside the write's transaction.
  const bom = await db.bom.findUnique({ where: byId(bomId), select: { name: true } });
  const product = await describeProducts(db, [productId, reached.root]);
  const how = reached.root === productId ? 'as one of its items' : `through ${product.get(reached.root)}, one of its items`;
  throw new ValidationError({
    bomIds: [`BOM ${bomId} (${bom?.name}) contains ${product.get(productId)} ${how}, so the product cannot be built by it: a BOM may not contain its own product.`],
  });
}

/** "product 5 (SKU-5)" for each id, for messages. */
export async function describeProducts(db: Db, ids: number[]): Promise<Map<number, string>> {
  const products = await db.product.findMany({ where: { id: { in: ids } }, select: { id: true, sku: true } });
  const found = new Map(products.map((p) => [p.id, `product ${p.id} (${p.sku})`]));
  return new Map(ids.map((id) => [id, found.get(id) ?? `product ${id}`]));
}
