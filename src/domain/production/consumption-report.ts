// GET /reports/consumption: what work orders consumed, per product and period, read from the ledger.
//   quantity_consumed  −Σ quantity of the WORK_ORDER_CONSUMPTION movements (they are negative: stock out)
//   value_consumed     −Σ quantity × unit cost (the FIFO cost each movement carried; none counts as 0),
//                      rounded to the base currency's minor units
//   quantity_shipped, value_shipped  the same over SALES_SHIPMENT movements, with include_sales (else null)
// Periods are UTC dates of occurredAt, truncated to the day, the ISO week (its Monday) or the month (its
// first day); from and to are both included. warehouse_id keeps movements at the warehouse or its locations.
// Rows are ordered by period, then SKU, and paginated. Aggregated in SQL: at most five statements whatever
// the range (the company, the product and warehouse checks, the count, the page).
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Prisma } from '../../generated/prisma/client.js';
import { minorUnits } from '../shared/currency-codes.js';
import { formatDateOnly } from '../shared/dates.js';
import { checkReportPeriod } from '../payables/index.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { pageMeta, pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { currentCompany } from '../tenancy/index.js';

export const GROUP_BYS = ['day', 'week', 'month'] as const;
const CONSUMED = 'WORK_ORDER_CONSUMPTION';
const SHIPPED = 'SALES_SHIPMENT';

export interface ConsumptionReportArgs extends PageArgs {
  /** YYYY-MM-DD; default the first day of the month of `to`. */
  from?: string | null;
  /** YYYY-MM-DD; default today (UTC). */
  to?: string | null;
  productId?: number | null;
  warehouseId?: number | null;
  /** day, week or month (default). */
  groupBy?: string | null;
  includeSales?: boolean | null;
}

export interface ConsumptionRow {
  /** YYYY-MM-DD: the day, the ISO week's Monday or the month's first day. */
  period: string;
  productId: number;
  sku: string;
  name: string;
  quantityConsumed: Decimal;
  valueConsumed: Decimal;
  quantityShipped: Decimal | null;
  valueShipped: Decimal | null;
}

export async function consumptionReport(db: TenantDb, args: ConsumptionReportArgs): Promise<Page<ConsumptionRow>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const period = checkReportPeriod(errors, args.from, args.to);
  const groupBy = args.groupBy ?? 'month';
  if (!(GROUP_BYS as readonly string[]).includes(groupBy)) errors.add('groupBy', `The group by must be one of: ${GROUP_BYS.join(', ')}.`);
  const [company, product, warehouse] = await Promise.all([
    currentCompany(db),
    args.productId != null ? db.product.findUnique({ where: byId(args.productId), select: { id: true } }) : null,
    args.warehouseId != null ? db.location.findUnique({ where: byId(args.warehouseId), select: { id: true, parentId: true } }) : null,
  ]);
  if (args.productId != null && !product) errors.add('productId', `The product ${args.productId} does not exist.`);
  if (args.warehouseId != null && !warehouse) errors.add('warehouseId', `The warehouse ${args.warehouseId} does not exist.`);
  else if (warehouse?.parentId != null) errors.add('warehouseId', `The location ${warehouse.id} is not a warehouse (it sits in warehouse ${warehouse.parentId}).`);
  errors.throwIfAny();

  const includeSales = args.includeSales ?? false;
  const grouped = groupedMovements(company.id, {
    from: formatDateOnly(period!.from)!,
    to: formatDateOnly(period!.to)!,
    unit: groupBy,
    productId: args.productId ?? null,
    warehouseId: args.warehouseId ?? null,
    sources: includeSales ? [CONSUMED, SHIPPED] : [CONSUMED],
    digits: minorUnits(company.baseCurrency),
  });
  const [counted, rows] = await Promise.all([
    db.$queryRaw<Array<{ total: number }>>`SELECT COUNT(*)::int AS "total" FROM (${grouped}) g`,
    db.$queryRaw<Array<Omit<ConsumptionRow, 'quantityShipped' | 'valueShipped'> & { quantityShipped: Decimal; valueShipped: Decimal }>>`
      SELECT to_char(g."period", 'YYYY-MM-DD') AS "period", g."productId", p."sku", p."name",
        g."quantityConsumed", g."valueConsumed", g."quantityShipped", g."valueShipped"
      FROM (${grouped}) g
      JOIN "Product" p ON p."companyId" = ${company.id} AND p."id" = g."productId"
      ORDER BY g."period", p."sku", g."productId"
      LIMIT ${window.take} OFFSET ${window.skip}`,
  ]);
  const items = rows.map((row) => ({
    ...row,
    quantityShipped: includeSales ? row.quantityShipped : null,
    valueShipped: includeSales ? row.valueShipped : null,
  }));
  return { items, meta: pageMeta(window, counted[0]?.total ?? 0, items.length) };
}

interface GroupOptions {
  from: string;
  to: string;
  unit: string;
  productId: number | null;
  warehouseId: number | null;
  sources: string[];
  digits: number;
}

/** One row per period and product of the matching movements, with the sums of each kind (a subquery). */
function groupedMovements(companyId: number, o: GroupOptions): Prisma.Sql {
  const conditions = [
    Prisma.sql`m."companyId" = ${companyId}`,
    Prisma.sql`m."sourceType" IN (${Prisma.join(o.sources)})`,
    Prisma.sql`m."occurredAt" >= ${o.from}::date`,
    Prisma.sql`m."occurredAt" < ${o.to}::date + 1`,
  ];
  if (o.productId !== null) conditions.push(Prisma.sql`m."productId" = ${o.productId}`);
  if (o.warehouseId !== null) {
    conditions.push(Prisma.sql`m."locationId" IN (
      SELECT l."id" FROM "Location" l WHERE l."companyId" = ${companyId} AND (l."id" = ${o.warehouseId} OR l."parentId" = ${o.warehouseId}))`);
  }
  const quantity = (source: string) => Prisma.sql`COALESCE(-SUM(m."quantity") FILTER (WHERE m."sourceType" = ${source}), 0)`;
  const value = (source: string) =>
    Prisma.sql`ROUND(COALESCE(-SUM(m."quantity" * COALESCE(m."unitCost", 0)) FILTER (WHERE m."sourceType" = ${source}), 0), ${o.digits}::int)`;
  return Prisma.sql`
    SELECT date_trunc(${o.unit}::text, m."occurredAt")::date AS "period", m."productId",
      ${quantity(CONSUMED)} AS "quantityConsumed", ${value(CONSUMED)} AS "valueConsumed",
      ${quantity(SHIPPED)} AS "quantityShipped", ${value(SHIPPED)} AS "valueShipped"
    FROM "StockMovement" m
    WHERE ${Prisma.join(conditions, ' AND ')}
    GROUP BY 1, 2`;
}
