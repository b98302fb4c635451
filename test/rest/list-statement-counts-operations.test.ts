// Every list route of what the service produces (stock rows, movements, the stock snapshot, inventory aging,
// consumption and forecast reports, the event feed, webhook endpoints and their deliveries, the audit log,
// imports and an import's row errors) runs as many SQL statements for a page of 10 records as for a page of 100:
// a page is read set-based, never with one query per record. The records are produced the way the service
// produces them, in bulk: one adjustment of 100 lines (100 movements, stock rows, snapshot and aging rows), one
// work order consuming a BOM of 100 components (100 consumption rows), one forecast refresh, one import of 100
// bad rows, one webhook fan-out; events and endpoints, made once through the API, are copied with createMany,
// and the audit log holds the database's own entries. The pages go through the real HTTP server, over a
// database that reports every statement it runs (statement-log.ts).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, tenantClient } from '../../src/db/tenant-client.js';
import { pumpWebhooks } from '../../src/domain/events/index.js';
import { FORECAST_FEATURE } from '../../src/domain/forecast/forecast-refresh.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { silentLogger } from '../../src/http/logger.js';
import { FORECAST_REFRESH_JOB } from '../../src/jobs/forecast-refresh-job.js';
import { IMPORT_JOB } from '../../src/jobs/import-job.js';
import { jobHandlers } from '../../src/jobs/job-handlers.js';
import { createWorker } from '../../src/jobs/worker.js';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';
import { RECORDS, COPIES, copyable, once, listStatementChecks } from '../support/list-statement-counts.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
let db: ReturnType<typeof tenantClient>;
const { sameStatements, samePageStatements, copiesOf } = listStatementChecks(counter, api, () => db);

let warehouse: any;
/** 110 products: Bolt (made through the API) and its copies. */
let products: Array<{ id: number }> = [];
/** The i-th product, round the list. */
const productAt = (i: number) => products[i % products.length]!.id;

beforeAll(async () => {
  db = tenantClient(server.database.prisma, acme.companyId);
  warehouse = await post('/locations', { name: 'Main' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT-0', retail_price: 2 });
  products = [bolt, ...(await copiesOf('product', bolt.id, (i) => ({ name: `Bolt ${i + 1}`, sku: `BOLT-${i + 1}` }), RECORDS + 9)).map((id) => ({ id }))];
}, 60_000);

/** Runs the import and forecast jobs queued so far (no other kind: webhook attempts stay queued). */
async function runJobs(): Promise<void> {
  const handlers = new Map([...jobHandlers].filter(([type]) => type === IMPORT_JOB || type === FORECAST_REFRESH_JOB));
  const worker = createWorker({ prisma: server.database.prisma, config: server.config, logger: silentLogger, handlers });
  try {
    expect(await worker.drain()).toBeGreaterThan(0);
  } finally {
    await worker.stop();
  }
}

/**
 * Products 0-99 in stock at Main, received by one adjustment of 100 lines; then a work order making a Frame
 * consumes one of each (a BOM of 100 components).
 */
const stocked = once(async () => {
  await post('/inventory/adjustments', { reason: 'Opening stock', lines: products.slice(0, RECORDS).map(({ id }, i) => ({ product_id: id, location_id: warehouse.id, quantity: 10 + i, unit_cost: (100 + i) / 100 })) });
  const made = await post('/products', { name: 'Frame', sku: 'FRAME' });
  const bom = await post('/boms', { name: 'Frame', items: products.slice(0, RECORDS).map(({ id }) => ({ product_id: id, quantity: 1 })) });
  expect((await api('PATCH', `/products/${made.id}`, { bom_ids: [bom.id] })).status).toBe(200);
  const order = await post('/work-orders', { produced_sku_id: made.id, planned_qty: 1, production_warehouse_id: warehouse.id });
  await post(`/work-orders/${order.id}/release`);
  await post(`/work-orders/${order.id}/completions`, { quantity: 1 });
});

/** An import of master SKUs of 100 rows without a SKU (100 row errors), run by the job. */
const imported = once(async () => {
  const csv = ['SKU,Name,Retail_Price', ...Array.from({ length: RECORDS }, (_, i) => `,Nameless ${i},${i}`)].join('\n');
  const res = await server.call('POST', '/external/api/v1/imports?type=master_skus', { token: acme.token, company: acme.slug, rawBody: csv, headers: { 'content-type': 'text/csv' } });
  expect(res.status, res.text).toBeLessThan(300);
  await runJobs();
  const done = (await api('GET', `/imports/${res.body.data.id}`)).body.data;
  expect(done.stats).toMatchObject({ total_rows: RECORDS, error_count: RECORDS });
  return done;
});

/** The events of the changes made so far, and copies of a product.created event (made through the API) up to 100 and more. */
const events = once(async () => {
  await stocked();
  const product = await post('/products', { name: 'Washer', sku: 'WASHER' });
  const [created] = await db.event.findMany({ where: { type: 'product.created', resourceId: String(product.id) } });
  await copiesOf('event', created!.id, (i) => ({ resourceId: String(productAt(i)), txId: undefined }));
});

/**
 * An endpoint receiving every event, and its deliveries of the events recorded after it (copies of a
 * product.created event): one fan-out (pumpWebhooks) creates them.
 */
const delivered = once(async () => {
  const endpoint = await post('/webhook-endpoints', { url: 'http://127.0.0.1:9/hook', events: ['*'], description: 'Everything' });
  await events();
  const [created] = await db.event.findMany({ where: { type: 'product.created' }, take: 1 });
  await copiesOf('event', created!.id, (i) => ({ resourceId: String(productAt(i)), txId: undefined }), RECORDS);
  const fanOut = await pumpWebhooks(server.database.prisma);
  expect(fanOut.deliveriesCreated).toBeGreaterThanOrEqual(RECORDS);
  return endpoint;
});

const cases: Array<[string, () => Promise<void>]> = [
  ['/inventory/stock', async () => (await stocked(), samePageStatements('/inventory/stock'))],
  ['/inventory/movements', async () => (await stocked(), samePageStatements('/inventory/movements'))],
  ['/reports/stock-snapshot', async () => (await stocked(), samePageStatements('/reports/stock-snapshot'))],
  ['/reports/inventory-aging', async () => (await stocked(), samePageStatements('/reports/inventory-aging'))],
  ['/reports/consumption', async () => (await stocked(), samePageStatements('/reports/consumption?include_sales=true'))],
  [
    '/forecast-warehouse-data',
    async () => {
      await stocked();
      await setFeature(db, FORECAST_FEATURE);
      const res = await api('POST', '/forecast-warehouse-data/refresh');
      expect(res.status, res.text).toBe(202);
      await runJobs();
      await samePageStatements('/forecast-warehouse-data');
    },
  ],
  [
    '/events',
    async () => {
      await events();
      await sameStatements('/events?limit=10', '/events?limit=100');
    },
  ],
  [
    '/webhook-endpoints',
    async () => {
      const endpoint = await delivered();
      await copiesOf('webhookEndpoint', endpoint.id, (i) => ({ url: `http://127.0.0.1:9/hook-${i}`, events: ['product.created', 'stock.moved'], status: i % 3 ? 'enabled' : 'disabled' }));
      await samePageStatements('/webhook-endpoints');
    },
  ],
  ['/webhook-endpoints/{id}/deliveries', async () => samePageStatements(`/webhook-endpoints/${(await delivered()).id}/deliveries`)],
  // The database's triggers wrote an entry for each product made in beforeAll, copies included.
  ['/audit-log', () => samePageStatements('/audit-log')],
  [
    '/imports',
    async () => {
      const first = await imported();
      const job = await db.job.findFirstOrThrow({ where: { id: first.job.id } });
      const jobs = await (db as any).job.createManyAndReturn({ data: Array.from({ length: COPIES }, () => ({ ...copyable(job), jobKey: randomUUID() })), select: { id: true } });
      await copiesOf('import', first.id, (i) => ({ jobId: jobs[i].id }));
      await samePageStatements('/imports');
    },
  ],
  ['/imports/{id}/errors', async () => samePageStatements(`/imports/${(await imported()).id}/errors`)],
];

describe('a page of 10 records and a page of 100 run as many statements', () => {
  it.each(cases)('GET %s', async (_path, check) => check());
});
