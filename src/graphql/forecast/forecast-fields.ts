// The forecast table as GraphQL sees it: argument plumbing only; the rules live in src/domain/forecast.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import { loaderFor } from '../shared/loaders.js';
import { forecastRows as forecast, requestForecastRefresh } from '../../domain/forecast/index.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';

const ForecastWarehouseRowRef = builder.prismaObject('ForecastWarehouseRow', {
  description:
    'One warehouse and product of the forecast table, as its last refresh computed it (quantities in the product\'s base unit). ' +
    'Requires the feature forecast_materialized_table.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Stable from one refresh to the next while the warehouse and product keep a row.' }),
    warehouseId: t.exposeInt('warehouseId', { description: 'A warehouse (top-level location); its locations count in it.' }),
    productId: t.exposeInt('productId'),
    sku: t.string({
      nullable: true,
      description: 'The product\'s SKU (null if the product was deleted since the refresh).',
      resolve: (row, _args, ctx) => loaderFor(ctx, 'forecastSkus', async (ids: readonly number[]) => {
        const skus = await forecast.skusOf(ctx.db, ids);
        return ids.map((id) => skus.get(id) ?? null);
      }).load(row.productId),
      extensions: jsonSql({ value: forecast.forecastRowSkuSql }),
    }),
    onHand: t.expose('onHand', { type: 'Decimal', description: 'Stock at the warehouse and its locations.' }),
    available: t.expose('available', { type: 'Decimal', description: 'max(on hand − reserved for open sales orders and work orders, 0).' }),
    incoming: t.expose('incoming', { type: 'Decimal', description: 'Open purchase order lines, transfers in and work order output (qty_incoming).' }),
    avgDailyDemand30: t.expose('avgDailyDemand30', { type: 'Decimal', description: 'Shipped and consumed in the last 30 days, / 30.' }),
    avgDailyDemand90: t.expose('avgDailyDemand90', { type: 'Decimal', description: 'Shipped and consumed in the last 90 days, / 90.' }),
    daysOfCover: t.expose('daysOfCover', { type: 'Decimal', nullable: true, description: 'available / avg_daily_demand_30; null without demand in 30 days.' }),
    supplierId: t.exposeInt('supplierId', { nullable: true, description: 'The product\'s supplier, else the supplier of its first supplier SKU.' }),
    leadTimeDays: t.exposeInt('leadTimeDays', { nullable: true, description: 'lead_time_days of that supplier\'s SKU for the product.' }),
    safetyStock: t.expose('safetyStock', { type: 'Decimal', description: 'max(peak daily demand in 90 days × lead time − avg_daily_demand_90 × lead time, 0).' }),
    reorderPoint: t.expose('reorderPoint', { type: 'Decimal', description: 'avg_daily_demand_30 × lead time + safety_stock.' }),
    suggestedOrderQty: t.expose('suggestedOrderQty', {
      type: 'Decimal',
      description:
        'When below the reorder point: reorder_point + 30 days of avg_daily_demand_30 − (available + incoming), at least the supplier SKU\'s minimum and one order multiple, ' +
        'rounded up to the order multiple (whole units without one); else 0.',
    }),
    belowReorderPoint: t.boolean({
      description: 'Demand in the last 90 days and available + incoming at or below the reorder point (exactly when suggested_order_qty > 0).',
      select: { suggestedOrderQty: true },
      resolve: (row) => forecast.belowReorderPoint(row),
      extensions: jsonSql({ value: forecast.belowReorderPointSql }),
    }),
    computedAt: t.expose('computedAt', { type: 'DateTime', description: 'When the refresh that computed the row ran.' }),
  }),
});

const ForecastWarehouseRowPageRef = pageOf('ForecastWarehouseRowPage', ForecastWarehouseRowRef);

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('forecastWarehouseRows', 'ForecastWarehouseRow', (ctx, args, query) => forecast.listForecastRows(ctx.db, withFilterParams(args), query));
compiledRecord('forecastWarehouseRow', 'ForecastWarehouseRow', (ctx, args, query) => forecast.getForecastRow(ctx.db, args.id, query));

builder.queryFields((t) => ({
  forecastWarehouseRows: t.field({
    type: ForecastWarehouseRowPageRef,
    description: 'The forecast table, a page at a time. Requires the feature forecast_materialized_table.',
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: warehouse_id, product_id, supplier_id, below_reorder_point.') },
    resolve: (_root, args, ctx, info) =>
      forecast.listForecastRows(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'ForecastWarehouseRow', path: ['items'] })),
  }),
  forecastWarehouseRow: t.prismaField({
    type: 'ForecastWarehouseRow',
    description: 'One row of the forecast table by id. Requires the feature forecast_materialized_table.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => forecast.getForecastRow(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  refreshForecast: t.prismaField({
    type: 'Job',
    description:
      'Queues a rebuild of the forecast table (the forecast.refresh job) and returns the job; a refresh still queued is returned instead of a second one. ' +
      'Requires the feature forecast_materialized_table.',
    resolve: compiledMutation('refreshForecast', 'Job', (ctx, _args, query) => requestForecastRefresh(ctx.db, query)),
  }),
}));
