// The forecast table (ForecastWarehouseRow): one row per warehouse and product, rebuilt for a whole company by
// the `forecast.refresh` job (POST /forecast-warehouse-data/refresh, and daily). The rebuild is one
// transaction of a fixed number of statements whatever the company's size: a lock, one INSERT … SELECT … ON
// CONFLICT DO UPDATE (so a row keeps its id from one refresh to the next), and one DELETE of the rows the
// refresh did not produce. Nothing is read into memory.
//
// Rows: every active product at every warehouse where it has a stock balance (even one that came back to 0),
// reserved or incoming units, or demand in the last 90 days. A warehouse is a top-level location; stock,
// reservations, incoming units and demand at its locations count at the warehouse.
//
// Columns (quantities in the product's base unit; T is the time of the refresh, computed_at):
//   on_hand              Σ stock balances at the warehouse and its locations
//   available            max(on_hand − reserved, 0), reserved = qty_pending (open sales order allocations,
//                        components of released / in-progress work orders), as in quantities.ts
//   incoming             qty_incoming: open transfers in, open purchase order lines, work order output
//   demand               what left through SALES_SHIPMENT and WORK_ORDER_CONSUMPTION movements (−Σ quantity,
//                        so a reversal counts back), per day k = the 24 hours ending k days before T
//   avg_daily_demand_30  max(demand of days 0..29, 0) / 30          (10 decimals)
//   avg_daily_demand_90  max(demand of days 0..89, 0) / 90          (10 decimals)
//   days_of_cover        available / avg_daily_demand_30 (4 decimals); null without demand in 30 days
//   supplier_id          the product's supplier (products.supplier_id); without one, the supplier of its first
//                        supplier SKU (lowest id)
//   lead_time_days       lead_time_days of that supplier's first SKU for the product, else the supplier's
//                        default_lead_time_days; null when neither gives one. L = lead_time_days, 0 when null.
//   safety_stock         max(peak × L − avg_daily_demand_90 × L, 0), peak = the highest daily demand of days 0..89
//   reorder_point        avg_daily_demand_30 × L + safety_stock
//   suggested_order_qty  when there was demand in 90 days and available + incoming ≤ reorder_point:
//                        need = reorder_point + 30 × avg_daily_demand_30 − (available + incoming), then
//                        q = max(need, min_order_quantity, order_multiple), rounded up to a multiple of the
//                        order multiple (min_order_quantity and order_multiple of that supplier SKU; without a
//                        multiple, whole units); else 0. So it is at least the minimum and one multiple.
//   below_reorder_point  suggested_order_qty > 0 (exactly the condition above)
import { Prisma } from '../../generated/prisma/client.js';
import { byId, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import { enqueueJob } from '../jobs/index.js';
import { incomingRowsSql, pendingRowsSql } from '../inventory/index.js';
import { hasFeature, requireFeature } from '../tenancy/index.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';

export const FORECAST_REFRESH_JOB = 'forecast.refresh';
export const FORECAST_FEATURE = 'forecast_materialized_table';

/** The ledger movements that count as demand. */
export const DEMAND_SOURCES = ['SALES_SHIPMENT', 'WORK_ORDER_CONSUMPTION'] as const;
/** Days of demand a suggested order covers beyond the reorder point (the review period). */
export const REVIEW_PERIOD_DAYS = 30;

/** The refresh time: the transaction's start in UTC, the same in every statement of the rebuild. */
const REFRESH_TIME = Prisma.sql`(now() AT TIME ZONE 'UTC')::timestamp(3)`;

/**
 * Asks for a refresh: a refresh of the company that is still queued (not started) answers again, else a new
 * job is queued. 403 when the feature is off.
 */
export async function requestForecastRefresh(db: TenantDb, query: AnswerQuery = {}) {
  await requireFeature(db, FORECAST_FEATURE);
  return db.$transaction(async (tx) => {
    const queued = await tx.job.findFirst({ where: { type: FORECAST_REFRESH_JOB, status: 'queued' }, orderBy: { id: 'asc' }, select: { id: true } });
    const job = queued ?? (await enqueueJob(tx, { type: FORECAST_REFRESH_JOB, maxAttempts: 3 }));
    return readAnswer(tx, job.id, query, (q) => tx.job.findUniqueOrThrow({ ...q, where: byId(job.id) }));
  });
}

/** Whether the company still wants the table (the job does nothing once the feature is off). */
export function forecastEnabled(db: TenantDb | TenantTx): Promise<boolean> {
  return hasFeature(db, FORECAST_FEATURE);
}

/**
 * Rebuilds the company's forecast rows inside the caller's transaction, in three statements: a lock that
 * serialises two refreshes of one company, the upsert of every row, the delete of the rows not produced.
 * Returns how many rows the company has now.
 */
export async function rebuildForecast(tx: TenantTx, companyId: number): Promise<number> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${FORECAST_REFRESH_JOB}:${companyId}`}))`;
  const rows = await tx.$executeRaw(upsertSql(companyId));
  await tx.$executeRaw`DELETE FROM "ForecastWarehouseRow" WHERE "companyId" = ${companyId} AND "computedAt" <> ${REFRESH_TIME}`;
  return rows;
}

function upsertSql(c: number): Prisma.Sql {
  return Prisma.sql`
    WITH
    at AS (SELECT ${REFRESH_TIME} AS "now"),
    wh AS (
      SELECT l."id" AS "locationId", COALESCE(l."parentId", l."id") AS "warehouseId" FROM "Location" l WHERE l."companyId" = ${c}
    ),
    onhand AS (
      SELECT w."warehouseId", b."productId", SUM(b."quantity") AS "quantity"
      FROM "StockBalance" b JOIN wh w ON w."locationId" = b."locationId"
      WHERE b."companyId" = ${c}
      GROUP BY 1, 2
    ),
    pending AS (
      SELECT w."warehouseId", r."productId", SUM(r."quantity") AS "quantity"
      FROM (${pendingRowsSql(c)}) r JOIN wh w ON w."locationId" = r."locationId"
      GROUP BY 1, 2 HAVING SUM(r."quantity") <> 0
    ),
    incoming AS (
      SELECT w."warehouseId", r."productId", SUM(r."quantity") AS "quantity"
      FROM (${incomingRowsSql(c)}) r JOIN wh w ON w."locationId" = r."locationId"
      GROUP BY 1, 2 HAVING SUM(r."quantity") <> 0
    ),
    daily AS (
      SELECT w."warehouseId", m."productId",
        FLOOR(EXTRACT(EPOCH FROM (at."now" - m."occurredAt")) / 86400)::int AS "day",
        -SUM(m."quantity") AS "quantity"
      FROM "StockMovement" m JOIN wh w ON w."locationId" = m."locationId" CROSS JOIN at
      WHERE m."companyId" = ${c} AND m."sourceType" IN (${Prisma.join([...DEMAND_SOURCES])})
        AND m."occurredAt" > at."now" - INTERVAL '90 days' AND m."occurredAt" <= at."now"
      GROUP BY 1, 2, 3
    ),
    demand AS (
      SELECT "warehouseId", "productId",
        COALESCE(SUM("quantity") FILTER (WHERE "day" < 30), 0) AS "sum30", SUM("quantity") AS "sum90", MAX("quantity") AS "peak"
      FROM daily GROUP BY 1, 2
    ),
    keys AS (
      SELECT "warehouseId", "productId" FROM onhand
      UNION SELECT "warehouseId", "productId" FROM pending
      UNION SELECT "warehouseId", "productId" FROM incoming
      UNION SELECT "warehouseId", "productId" FROM demand
    ),
    supply AS (
      SELECT p."id" AS "productId", COALESCE(p."supplierId", sku."supplierId") AS "supplierId",
        COALESCE(sku."leadTimeDays", sup."defaultLeadTimeDays") AS "leadTimeDays", sku."minOrderQuantity", sku."orderMultiple"
      FROM (SELECT DISTINCT "productId" FROM keys) k
      JOIN "Product" p ON p."companyId" = ${c} AND p."id" = k."productId" AND p."status" > 0
      LEFT JOIN LATERAL (
        SELECT s."supplierId", s."leadTimeDays", s."minOrderQuantity", s."orderMultiple"
        FROM "SupplierSku" s
        WHERE s."companyId" = ${c} AND s."productId" = p."id" AND (p."supplierId" IS NULL OR s."supplierId" = p."supplierId")
        ORDER BY s."id" LIMIT 1
      ) sku ON true
      LEFT JOIN "Supplier" sup ON sup."companyId" = ${c} AND sup."id" = COALESCE(p."supplierId", sku."supplierId")
    ),
    base AS (
      SELECT k."warehouseId", k."productId",
        COALESCE(o."quantity", 0) AS "onHand",
        GREATEST(COALESCE(o."quantity", 0) - COALESCE(pe."quantity", 0), 0) AS "available",
        COALESCE(i."quantity", 0) AS "incoming",
        ROUND(GREATEST(COALESCE(d."sum30", 0), 0) / 30, 10) AS "d30",
        ROUND(GREATEST(COALESCE(d."sum90", 0), 0) / 90, 10) AS "d90",
        GREATEST(COALESCE(d."peak", 0), 0) AS "peak",
        s."supplierId", s."leadTimeDays", COALESCE(s."leadTimeDays", 0) AS "lt",
        COALESCE(s."minOrderQuantity", 0) AS "moq", COALESCE(s."orderMultiple", 1) AS "multiple"
      FROM keys k
      JOIN supply s ON s."productId" = k."productId"
      LEFT JOIN onhand o ON o."warehouseId" = k."warehouseId" AND o."productId" = k."productId"
      LEFT JOIN pending pe ON pe."warehouseId" = k."warehouseId" AND pe."productId" = k."productId"
      LEFT JOIN incoming i ON i."warehouseId" = k."warehouseId" AND i."productId" = k."productId"
      LEFT JOIN demand d ON d."warehouseId" = k."warehouseId" AND d."productId" = k."productId"
    ),
    safety AS (
      SELECT b.*, ROUND(GREATEST(b."peak" * b."lt" - b."d90" * b."lt", 0), 10) AS "safetyStock" FROM base b
    ),
    reorder AS (
      SELECT s.*, ROUND(s."d30" * s."lt" + s."safetyStock", 10) AS "reorderPoint" FROM safety s
    ),
    planned AS (
      SELECT r.*,
        CASE WHEN r."d90" > 0 AND r."available" + r."incoming" <= r."reorderPoint"
          THEN CEIL(GREATEST(r."reorderPoint" + ${REVIEW_PERIOD_DAYS} * r."d30" - (r."available" + r."incoming"), r."moq", r."multiple") / r."multiple") * r."multiple"
          ELSE 0 END AS "suggestedOrderQty"
      FROM reorder r
    )
    INSERT INTO "ForecastWarehouseRow" ("companyId", "warehouseId", "productId", "onHand", "available", "incoming",
      "avgDailyDemand30", "avgDailyDemand90", "daysOfCover", "supplierId", "leadTimeDays", "safetyStock", "reorderPoint",
      "suggestedOrderQty", "computedAt")
    SELECT ${c}, p."warehouseId", p."productId", p."onHand", p."available", p."incoming", p."d30", p."d90",
      CASE WHEN p."d30" > 0 THEN ROUND(p."available" / p."d30", 4) END,
      p."supplierId", p."leadTimeDays", p."safetyStock", p."reorderPoint", p."suggestedOrderQty", at."now"
    FROM planned p CROSS JOIN at
    ON CONFLICT ("companyId", "warehouseId", "productId") DO UPDATE SET
      "onHand" = EXCLUDED."onHand", "available" = EXCLUDED."available", "incoming" = EXCLUDED."incoming",
      "avgDailyDemand30" = EXCLUDED."avgDailyDemand30", "avgDailyDemand90" = EXCLUDED."avgDailyDemand90",
      "daysOfCover" = EXCLUDED."daysOfCover", "supplierId" = EXCLUDED."supplierId", "leadTimeDays" = EXCLUDED."leadTimeDays",
      "safetyStock" = EXCLUDED."safetyStock", "reorderPoint" = EXCLUDED."reorderPoint",
      "suggestedOrderQty" = EXCLUDED."suggestedOrderQty", "computedAt" = EXCLUDED."computedAt"`;
}
