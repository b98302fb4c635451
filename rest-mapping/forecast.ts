// The forecast table (issue 15), snake_case with {data} envelopes. Every route requires the feature
// forecast_materialized_table (403 {message} without it).
import type { RestRoute } from '../src/rest/route.js';
import { JOB_FIELDS, PAGE_META } from './shared.js';

const ROW_FIELDS =
  'id warehouseId productId sku onHand available incoming avgDailyDemand30 avgDailyDemand90 daysOfCover supplierId leadTimeDays ' +
  'safetyStock reorderPoint suggestedOrderQty belowReorderPoint computedAt';
const tag = 'Forecast';
const FEATURE_NOTE = 'Requires the feature `forecast_materialized_table` (403 `{message}` without it).';

/** How each column is computed (every forecast route's description ends with it). */
export const FORECAST_COLUMNS_NOTE = [
  'One row per warehouse (top-level location; its locations count in it) and active product with a stock balance there (even one back at 0), reserved or incoming units, or demand in the last 90 days. ' +
    'Quantities in the product\'s base unit; `computed_at` is the time of the refresh.',
  '- `on_hand`: stock at the warehouse and its locations. `available`: max(on_hand − reserved, 0), reserved = open sales order allocations and components of released or in-progress work orders (qty_pending).',
  '- `incoming`: open purchase order lines, transfers shipped in and not received, unproduced output of released or in-progress work orders (qty_incoming).',
  '- Demand: what SALES_SHIPMENT and WORK_ORDER_CONSUMPTION movements took out of the warehouse (−Σ quantity), day k being the 24 hours ending k days before `computed_at`. ' +
    '`avg_daily_demand_30` = max(demand of days 0–29, 0) / 30; `avg_daily_demand_90` = max(demand of days 0–89, 0) / 90; averages keep 10 decimals.',
  '- `days_of_cover` = available / avg_daily_demand_30, 4 decimals (null without demand in 30 days).',
  '- `supplier_id`: the product\'s supplier, else the supplier of its first supplier SKU (lowest id). `lead_time_days` (L): the lead_time_days of that supplier\'s first SKU for the product, else the supplier\'s default_lead_time_days (null when neither; counted as 0).',
  '- `safety_stock` = max(peak daily demand in 90 days × L − avg_daily_demand_90 × L, 0). `reorder_point` = avg_daily_demand_30 × L + safety_stock.',
  '- `below_reorder_point`: demand in the last 90 days and available + incoming ≤ reorder_point. Then `suggested_order_qty` = reorder_point + 30 × avg_daily_demand_30 − (available + incoming), ' +
    'raised to the supplier SKU\'s minimum order quantity and to one order multiple, rounded up to a multiple of the order multiple (whole units without one); else 0.',
].join('\n');

export const forecastRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/forecast-warehouse-data/refresh',
    operationId: 'refreshForecastWarehouseData',
    tag,
    summary: 'Refresh the forecast table',
    description:
      `${FEATURE_NOTE} Queues the forecast.refresh job and answers 202 with it (follow it at GET /jobs/{id}); a refresh still queued is answered instead of a second one. ` +
      'The job rebuilds every row of the company in one transaction (rows keep their ids); it also runs daily for companies with the feature.\n\n' +
      FORECAST_COLUMNS_NOTE,
    graphql: /* GraphQL */ `mutation RefreshForecastWarehouseData { refreshForecast { ${JOB_FIELDS} } }`,
    envelope: 'data',
    successStatus: 202,
  },
  {
    method: 'GET',
    path: '/forecast-warehouse-data',
    operationId: 'listForecastWarehouseData',
    tag,
    summary: 'List the forecast table',
    description:
      `${FEATURE_NOTE} The rows as the last refresh computed them. Filters with the grammar of GET /products: warehouse_id, product_id, supplier_id, ` +
      '`below_reorder_point=true` (or false). `sort` takes id, warehouse_id, product_id, on_hand, available, incoming, avg_daily_demand_30, avg_daily_demand_90, ' +
      'days_of_cover, lead_time_days, safety_stock, reorder_point, suggested_order_qty or computed_at (prefix - for descending); default id. ' +
      'Paginated with page and per_page (default 25, at most 100).\n\n' +
      FORECAST_COLUMNS_NOTE,
    graphql: /* GraphQL */ `
      query ListForecastWarehouseData($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        forecastWarehouseRows(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${ROW_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'forecastWarehouseRows' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/forecast-warehouse-data/{id}',
    operationId: 'getForecastWarehouseData',
    tag,
    summary: 'Get one row of the forecast table',
    description: `${FEATURE_NOTE} One warehouse forecast row by the id of its materialized table row; unknown → 404 {message}.\n\n${FORECAST_COLUMNS_NOTE}`,
    graphql: /* GraphQL */ `query GetForecastWarehouseData($id: Int!) { forecastWarehouseRow(id: $id) { ${ROW_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
];
