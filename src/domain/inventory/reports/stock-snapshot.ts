// Stock snapshot as of a moment: one row per product and location that held stock then.
//
// quantity  = the sum of the ledger movements of that product at that location with occurredAt ≤ as_of
//             (the ledger is immutable, so this is exact for any past moment).
// unit_cost = the product's average FIFO landed unit cost as of then: Σ(open layer quantity × landedUnitCost)
//             ÷ Σ(open layer quantity) over the layers open at as_of (fifo-as-of.ts); null when none was open.
// value     = quantity × unit_cost (0 when unit_cost is null).
// FIFO layers are kept per product across locations, so a product's value is spread over its locations in
// proportion to their quantities; stock in transit between locations is in the layers but at no location, so
// the rows of a product add up to its layer value minus what was in transit then.
//
// Paged in PostgreSQL: one statement counts the (product, location) groups, one groups, orders and LIMITs
// them and sums the open layers of that page's products only; no other group reaches this process.
import { companyIdOf, type TenantDb } from '../../../db/tenant-client.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';
import { FieldErrorCollector } from '../../shared/errors.js';
import { pageMeta, pageWindow, type Page, type PageArgs } from '../../shared/pagination.js';
import { parseAsOf } from './as-of.js';
import { openLayersSql, productsOf, sqlMoment } from './fifo-as-of.js';

export interface StockSnapshotArgs extends PageArgs {
  asOf?: string | null;
  locationId?: number | null;
  productId?: number | null;
}

export interface StockSnapshotRow {
  productId: number;
  sku: string;
  productName: string;
  locationId: number;
  locationName: string;
  quantity: Decimal;
  unitCost: Decimal | null;
  value: Decimal;
  asOf: Date;
}

interface PageRow {
  productId: number;
  locationId: number;
  quantity: unknown;
  sku: string;
  productName: string;
  locationName: string;
  layerQuantity: unknown;
  layerValue: unknown;
}

export async function stockSnapshot(db: TenantDb, args: StockSnapshotArgs): Promise<Page<StockSnapshotRow>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const asOf = parseAsOf(args.asOf, errors);
  errors.throwIfAny();

  // Raw SQL bypasses the tenant client: every table below is filtered by this company.
  const companyId = companyIdOf(db);
  const groups = groupsSql(companyId, asOf, args);
  const [counted, rows] = await Promise.all([
    db.$queryRaw<Array<{ total: number }>>`SELECT COUNT(*)::int AS "total" FROM (${groups}) g`,
    db.$queryRaw<PageRow[]>`
      WITH page AS (${groups} ORDER BY m."productId", m."locationId" LIMIT ${window.take} OFFSET ${window.skip}),
      costs AS (
        SELECT o."productId", SUM(o."remaining") AS "layerQuantity", SUM(o."remaining" * o."landedUnitCost") AS "layerValue"
        FROM (${openLayersSql(companyId, asOf, productsOf(Prisma.sql`SELECT "productId" FROM page`))}) o
        GROUP BY o."productId"
      )
      SELECT page."productId", page."locationId", page."quantity", p."sku", p."name" AS "productName", loc."name" AS "locationName",
        costs."layerQuantity", costs."layerValue"
      FROM page
      JOIN "Product" p ON p."companyId" = ${companyId} AND p."id" = page."productId"
      JOIN "Location" loc ON loc."companyId" = ${companyId} AND loc."id" = page."locationId"
      LEFT JOIN costs ON costs."productId" = page."productId"
      ORDER BY page."productId", page."locationId"`,
  ]);

  const items = rows.map((row): StockSnapshotRow => {
    const quantity = new Decimal(String(row.quantity));
    // Divided here, as before, so the rounding of the average cost is decimal.js's, not the database's.
    const unitCost = row.layerQuantity === null ? null : new Decimal(String(row.layerValue)).dividedBy(String(row.layerQuantity)).toDecimalPlaces(10);
    return {
      productId: Number(row.productId),
      sku: row.sku,
      productName: row.productName,
      locationId: Number(row.locationId),
      locationName: row.locationName,
      quantity,
      unitCost,
      value: unitCost ? quantity.times(unitCost).toDecimalPlaces(10) : ZERO,
      asOf,
    };
  });
  return { items, meta: pageMeta(window, counted[0]?.total ?? 0, items.length) };
}

/** The (product, location) groups with a non-zero quantity at `asOf`, unordered (a subquery). */
function groupsSql(companyId: number, asOf: Date, args: StockSnapshotArgs): Prisma.Sql {
  const conditions = [Prisma.sql`m."companyId" = ${companyId}`, Prisma.sql`m."occurredAt" <= ${sqlMoment(asOf)}`];
  if (args.productId != null) conditions.push(Prisma.sql`m."productId" = ${args.productId}`);
  if (args.locationId != null) {
    // A warehouse stands for itself and the locations inside it.
    conditions.push(Prisma.sql`m."locationId" IN (
      SELECT l."id" FROM "Location" l WHERE l."companyId" = ${companyId} AND (l."id" = ${args.locationId} OR l."parentId" = ${args.locationId}))`);
  }
  return Prisma.sql`
    SELECT m."productId", m."locationId", SUM(m."quantity") AS "quantity"
    FROM "StockMovement" m
    WHERE ${Prisma.join(conditions, ' AND ')}
    GROUP BY m."productId", m."locationId"
    HAVING SUM(m."quantity") <> 0`;
}
