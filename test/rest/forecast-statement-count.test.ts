// A forecast refresh runs a fixed number of SQL statements whatever the company's size: the request that
// queues it, and the job that rebuilds the table (claim, hold, one upsert, one delete, finish), for a company
// of 2 products and one of 15, each with stock in a warehouse and its bin and a purchase order on its way.
// The worker is run by hand (drain) so its idle polling does not count.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { jobHandlers } from '../../src/jobs/job-handlers.js';
import { createWorker, type Worker } from '../../src/jobs/worker.js';
import { silentLogger } from '../../src/http/logger.js';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';

let worker: Worker;
const counter = statementCounter();
const { server, companies: { small, large }, api, post } = serverForFile(['small', 'large'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

/** The company holding `size` products, stocked in a warehouse and its bin, with a purchase order on its way. */
async function stockCompany(tenant: Tenant, size: number): Promise<void> {
  await setFeature(tenantClient(server.database.prisma, tenant.companyId), 'forecast_materialized_table');
  const warehouse = await post('/locations', { name: 'Main' }, tenant);
  const bin = await post('/locations', { name: 'Main bin', parent_id: warehouse.id }, tenant);
  const supplier = await post('/suppliers', { name: 'Supplier' }, tenant);
  const lines = [];
  const ordered = [];
  for (let i = 0; i < size; i++) {
    const product = await post('/products', { name: `Item ${i}`, sku: `S-${i}`, supplier_id: supplier.id }, tenant);
    await post('/supplier-skus', { supplier_id: supplier.id, product_id: product.id, supplier_sku: `SUP-${i}`, lead_time_days: 7, min_order_quantity: 10, order_multiple: 5 }, tenant);
    lines.push({ product_id: product.id, location_id: i % 2 ? bin.id : warehouse.id, quantity: 10, unit_cost: 1 });
    ordered.push({ product_id: product.id, quantity: 4, unit_cost: 1 });
  }
  await post('/inventory/adjustments', { lines }, tenant);
  const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: ordered }, tenant);
  await post(`/purchase-orders/${po.id}/submit`, undefined, tenant);
}

const counted = counter.of;

beforeAll(async () => {
  worker = createWorker({ prisma: server.database.prisma, config: server.config, logger: silentLogger, handlers: jobHandlers });
  await stockCompany(small, 2);
  await stockCompany(large, 15);
}, 120_000);

describe('statements of a forecast refresh', () => {
  it('are the same for 2 and 15 products', async () => {
    const run = async (tenant: Tenant) => {
      let jobId = 0;
      const request = await counted(async () => {
        const res = await api('POST', '/forecast-warehouse-data/refresh', undefined, tenant);
        expect(res.status, res.text).toBe(202);
        jobId = res.body.data.id;
      });
      const job = await counted(async () => expect(await worker.drain()).toBe(1));
      expect((await api('GET', `/jobs/${jobId}`, undefined, tenant)).body.data.status).toBe('finished');
      const rows = (await api('GET', '/forecast-warehouse-data?per_page=100', undefined, tenant)).body.data;
      return { request, job, rows: rows.length };
    };
    const smallRun = await run(small);
    const largeRun = await run(large);
    expect([smallRun.rows, largeRun.rows]).toEqual([2, 15]);
    expect(largeRun.job).toBe(smallRun.job);
    expect(largeRun.request).toBe(smallRun.request);
    // A second refresh of the large company updates its rows in place, with the same statements.
    expect((await run(large)).job).toBe(smallRun.job);
  });
});
