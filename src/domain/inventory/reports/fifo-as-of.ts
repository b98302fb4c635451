// FIFO cost layers as they stood at a past moment, rebuilt from the ledger in SQL: a layer existed when it was
// received at or before the moment, and what was left of it then is its remaining quantity now plus what
// movements that occurred after the moment consumed from it. Only consumptions since the moment are summed,
// so "now" costs nothing extra, and only those of the layers in scope (the page's products).
//
// Raw SQL bypasses the tenant client, so every table is filtered by the company given here.
import { Prisma } from '../../../generated/prisma/client.js';

/** The moment as a SQL `timestamp` (the columns hold UTC without a zone; an ISO text cast keeps its digits). */
export function sqlMoment(asOf: Date): Prisma.Sql {
  return Prisma.sql`${asOf.toISOString()}::timestamp`;
}

/** Which products a statement covers, as a condition on a product id column. */
export type ProductScope = (column: Prisma.Sql) => Prisma.Sql;

/** Every product (`null`), or these. */
export function productsIn(productIds: readonly number[] | null): ProductScope {
  return (column) => (productIds === null ? Prisma.sql`TRUE` : Prisma.sql`${column} = ANY(${[...productIds]}::int[])`);
}

/** The products a subquery answers (one column of product ids), e.g. those of a page computed in the same statement. */
export function productsOf(subquery: Prisma.Sql): ProductScope {
  return (column) => Prisma.sql`${column} IN (${subquery})`;
}

/** A subquery (with a WITH of its own) of the layers of the products in scope open at `asOf`: "productId", "receivedAt", "landedUnitCost", "remaining" > 0. */
export function openLayersSql(companyId: number, asOf: Date, products: ProductScope): Prisma.Sql {
  const moment = sqlMoment(asOf);
  // The later consumptions are summed once (a materialized CTE): inline, a planner without statistics (a new
  // PGlite database) took the page for one row and summed them again for every layer, 57 s for a page of 100.
  return Prisma.sql`
    WITH later AS MATERIALIZED (
      SELECT c."layerId", SUM(c."quantity") AS "quantity"
      FROM "CostLayerConsumption" c
      JOIN "StockMovement" m ON m."companyId" = ${companyId} AND m."id" = c."movementId"
      JOIN "CostLayer" cl ON cl."companyId" = ${companyId} AND cl."id" = c."layerId"
      WHERE c."companyId" = ${companyId} AND m."occurredAt" > ${moment} AND ${products(Prisma.sql`cl."productId"`)}
      GROUP BY c."layerId"
    )
    SELECT l."id", l."productId", l."receivedAt", l."landedUnitCost",
      l."remainingQuantity" + COALESCE(later."quantity", 0) AS "remaining"
    FROM "CostLayer" l
    LEFT JOIN later ON later."layerId" = l."id"
    WHERE l."companyId" = ${companyId} AND l."receivedAt" <= ${moment} AND ${products(Prisma.sql`l."productId"`)}
      AND l."remainingQuantity" + COALESCE(later."quantity", 0) > 0`;
}
