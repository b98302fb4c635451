// Reading the forecast table (GET /forecast-warehouse-data, GET /forecast-warehouse-data/{id}). The rows are
// derived data: forecast-refresh.ts explains every column. Every read needs the feature
// forecast_materialized_table (403 otherwise).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { NotFoundError } from '../shared/errors.js';
import { comparisonFilter, type FilterSpec } from '../shared/filters/index.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { type Page } from '../shared/pagination.js';
import type { PassThroughQuery } from '../shared/pass-through-query.js';
import { requireFeature } from '../tenancy/index.js';
import { FORECAST_FEATURE } from './forecast-refresh.js';
import { listPage } from '../shared/list-page.js';

type Where = Prisma.ForecastWarehouseRowWhereInput;
const id = (column: 'warehouseId' | 'productId' | 'supplierId') => ({
  kind: 'integer' as const,
  where: (op: Parameters<typeof comparisonFilter>[0], value: unknown): Where => ({ [column]: comparisonFilter(op, value as number) }),
});

/** The filters of GET /forecast-warehouse-data: `warehouse_id=3`, `product_id=9`, `below_reorder_point=true`. */
export const FORECAST_FILTERS: FilterSpec<Where> = {
  warehouse_id: id('warehouseId'),
  product_id: id('productId'),
  supplier_id: id('supplierId'),
  below_reorder_point: {
    kind: 'boolean',
    description: 'available + incoming at or below the reorder point, with demand in the last 90 days: suggested_order_qty > 0',
    where: (_op, value) => (value ? { suggestedOrderQty: { gt: 0 } } : { suggestedOrderQty: { lte: 0 } }),
  },
};

const SORTABLE = {
  id: 'id',
  warehouse_id: 'warehouseId',
  product_id: 'productId',
  on_hand: 'onHand',
  available: 'available',
  incoming: 'incoming',
  avg_daily_demand_30: 'avgDailyDemand30',
  avg_daily_demand_90: 'avgDailyDemand90',
  days_of_cover: 'daysOfCover',
  lead_time_days: 'leadTimeDays',
  safety_stock: 'safetyStock',
  reorder_point: 'reorderPoint',
  suggested_order_qty: 'suggestedOrderQty',
  computed_at: 'computedAt',
};
export const FORECAST_SORT_FIELDS = Object.keys(SORTABLE);

/** Below the reorder point: the refresh suggests an order exactly then (see forecast-refresh.ts). */
export function belowReorderPoint(row: { suggestedOrderQty: Prisma.Decimal }): boolean {
  return row.suggestedOrderQty.gt(0);
}

/** belowReorderPoint in SQL, for a row written as JSON by one statement. */
export const belowReorderPointSql = (row: string) => `(${row}."suggestedOrderQty" > 0)`;

/** A row's product's SKU in SQL (null once the product is deleted), as skusOf reads it. */
export const forecastRowSkuSql = (row: string) =>
  `(SELECT p.sku FROM "Product" p WHERE p."companyId" = $1::int AND p.id = ${row}."productId")`;

export async function listForecastRows(db: TenantDb, args: ListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  await requireFeature(db, FORECAST_FEATURE);
  const { window, orderBy, where } = readListArgs(args, FORECAST_FILTERS, SORTABLE);
  return listPage(db, 'forecastWarehouseRow', query, { where, orderBy, window });
}

export async function getForecastRow(db: TenantDb | TenantTx, rowId: number, query: PassThroughQuery = {}) {
  await requireFeature(db, FORECAST_FEATURE);
  const row = await db.forecastWarehouseRow.findUnique({ ...query, where: byId(rowId) });
  if (!row) throw new NotFoundError('Forecast warehouse row', rowId);
  return row;
}

/** SKUs of the given products, for the rows' `sku` (one query for a page). */
export async function skusOf(db: TenantDb | TenantTx, productIds: readonly number[]): Promise<Map<number, string>> {
  const products = await db.product.findMany({ where: { id: { in: [...new Set(productIds)] } }, select: { id: true, sku: true } });
  return new Map(products.map((p) => [p.id, p.sku]));
}
