// The forecast table answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (the feature check, its filters, its sort, reading ids only), and one statement writes
// the rows as the selection asks, with a row's SKU and whether it is below its reorder point declared beside their
// resolvers (forecast-rows.ts). Here those answers equal graphql's ordinary execution field by field, keys in the
// same order and values alike, for REST pages (plain and filtered), single rows and random /graphql selections.
// The rows are written directly, as a refresh would leave them: quantities at full precision (10 decimals), days of
// cover null and not, with and without a supplier, and rows of products deleted since (SKU null) beside a SKU JSON
// must escape. A page runs as many statements for 10 rows as for 100.
import { beforeAll, describe, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { forecastRoutes } from '../../rest-mapping/forecast.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const rowList = getRoute(forecastRoutes, '/forecast-warehouse-data');
const rowRecord = getRoute(forecastRoutes, '/forecast-warehouse-data/{id}');
const rowIds: number[] = [];
let mainId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  await setFeature(db, 'forecast_materialized_table');
  const warehouses = [await post('/locations', { name: 'Main' }), await post('/locations', { name: 'North' }), await post('/locations', { name: 'South' })];
  mainId = warehouses[0].id;
  const supplier = await post('/suppliers', { name: 'Supplier' });
  const products = [
    await post('/products', { name: 'Quoted', sku: 'Q "1" \\ ☃' }),
    await post('/products', { name: 'Plain', sku: 'PLAIN' }),
    await post('/products', { name: 'Other', sku: 'OTHER' }),
  ];
  // 105 rows, a warehouse and a product each: the first products real, the rest deleted since the refresh.
  await db.forecastWarehouseRow.createMany({
    data: Array.from({ length: 105 }, (_, i) => {
      const k = Math.floor(i / 3);
      const below = i % 4 === 0;
      return {
        warehouseId: warehouses[i % 3]!.id,
        productId: k < products.length ? products[k]!.id : 900_000 + k,
        onHand: `${i}.${String(i).padStart(10, '1')}`,
        available: i % 7 ? `${i}.0000000001` : '0',
        incoming: i % 5 ? '12345678901234.1234567890' : '0',
        avgDailyDemand30: i % 6 ? `0.${String(i + 1).padStart(10, '0')}` : '0',
        avgDailyDemand90: '0.3333333333',
        daysOfCover: i % 6 ? `${i}.1234` : null,
        supplierId: i % 2 ? supplier.id : null,
        leadTimeDays: i % 2 ? 7 + (i % 3) : null,
        safetyStock: '1.5',
        reorderPoint: below ? '20.0000000001' : '0',
        suggestedOrderQty: below ? `${i + 5}` : '0',
        computedAt: new Date(Date.UTC(2026, 10, 29, 3, i % 60, i % 60, i)),
      };
    }) as any,
  });
  rowIds.push(...(await db.forecastWarehouseRow.findMany({ select: { id: true }, orderBy: { id: 'asc' }, take: 6 })).map((row) => row.id));
}, 60_000);

describe('forecast rows written by one statement', () => {
  it('GET /forecast-warehouse-data answers as field by field, and runs as many statements for 10 rows as for 100', () =>
    pagesAsFieldByField(on, rowList, '/forecast-warehouse-data?sort=id', { sort: 'id', filters: [] }, 'forecastWarehouseRows'));

  it('GET /forecast-warehouse-data with filters and sorts answers as field by field', async () => {
    await pageAsFieldByField(
      on, rowList, '/forecast-warehouse-data?per_page=100&below_reorder_point=true&sort=-suggested_order_qty',
      { perPage: 100, sort: '-suggested_order_qty', filters: [{ name: 'below_reorder_point', value: 'true' }] }, 'forecastWarehouseRows',
    );
    await pageAsFieldByField(
      on, rowList, `/forecast-warehouse-data?per_page=100&warehouse_id=${mainId}&sort=days_of_cover`,
      { perPage: 100, sort: 'days_of_cover', filters: [{ name: 'warehouse_id', value: String(mainId) }] }, 'forecastWarehouseRows',
    );
  });

  it('GET /forecast-warehouse-data/{id} answers as field by field', () => recordsAsFieldByField(on, rowRecord, '/forecast-warehouse-data', rowIds, 'forecastWarehouseRow'));
});

describe('random selections over /graphql', () => {
  it('of forecast rows answer as field by field', () =>
    selectionsAsFieldByField(on, ['ForecastWarehouseRow'], ([row], id) => pageAndRecordQueries(row!, 'forecastWarehouseRows', 'id', 'forecastWarehouseRow', id), {
      numRuns: 20,
      seed: 20261130,
      ids: rowIds,
    }));
});
