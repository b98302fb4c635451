// The forecast table over real HTTP: every route refuses (403 {message}) while the feature
// forecast_materialized_table is off; with it on, a refresh answers 202 with its job, the worker runs it, and
// the rows carry the numbers worked out by hand below from stock (adjustments, a bin inside a warehouse),
// reservations (an open sales order, a work order's components), incoming units (a purchase order, a transfer,
// work order output) and demand (shipped sales orders spread over 90 days, work order consumption), with the
// primary supplier's SKU terms (lead time, minimum, multiple). A second refresh keeps the ids and drops rows
// that are no longer produced; filters, sort, 404s and tenants apart. The SQL twins of qty_incoming and
// qty_pending agree with quantities.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { incomingByLocation, pendingByLocation } from '../../src/domain/inventory/quantities.js';
import { incomingRowsSql, pendingRowsSql } from '../../src/domain/inventory/quantities-sql.js';
import { recurringSchedules } from '../../src/jobs/background.js';
import { enqueueDueSchedules } from '../../src/jobs/schedules.js';
import type { Tenant } from '../support/test-server.js';
import { expectErrors } from '../support/rest-client.js';
import { serverForFile } from '../support/file-server.js';

const { server, companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex'], { background: true });

const ROW_KEYS = [
  'available', 'avg_daily_demand_30', 'avg_daily_demand_90', 'below_reorder_point', 'computed_at', 'days_of_cover', 'id', 'incoming',
  'lead_time_days', 'on_hand', 'product_id', 'reorder_point', 'safety_stock', 'sku', 'suggested_order_qty', 'supplier_id', 'warehouse_id',
];
const JOB_KEYS = ['attempts', 'created_at', 'finished_at', 'id', 'job_id', 'progress_max', 'progress_now', 'queue', 'started_at', 'status', 'type', 'updated_at'];
const DAY_MS = 24 * 60 * 60 * 1000;

let north: any;
let northBin: any;
let south: any;
let supplierA: any;
let supplierB: any;
let widget: any;
let gizmo: any;
let assembly: any;
let idle: any;
let newcomer: any;
let newcomerPo: any;

/** Runs due jobs, then waits until the job has ended (the background loop may have taken it first). */
async function finished(jobId: number, tenant: Tenant = acme): Promise<any> {
  await server.background!.worker.drain();
  for (let i = 0; i < 200; i++) {
    const res = await api('GET', `/jobs/${jobId}`, undefined, tenant);
    expect(res.status, res.text).toBe(200);
    if (['finished', 'failed', 'cancelled'].includes(res.body.data.status)) return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} did not end`);
}

async function refresh(tenant: Tenant = acme): Promise<any> {
  const res = await api('POST', '/forecast-warehouse-data/refresh', undefined, tenant);
  expect(res.status, res.text).toBe(202);
  const job = await finished(res.body.data.id, tenant);
  expect(job.status, job.last_error).toBe('finished');
  return job;
}

async function rows(query = '', tenant: Tenant = acme): Promise<any[]> {
  const res = await api('GET', `/forecast-warehouse-data${query}`, undefined, tenant);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
const rowOf = (list: any[], warehouseId: number, productId: number) => list.find((r) => r.warehouse_id === warehouseId && r.product_id === productId);

/** A confirmed sales order of `quantity` widgets, shipped in full; its movements moved `daysAgo` into the past. */
async function shipped(channelId: number, productId: number, quantity: number, daysAgo: number): Promise<void> {
  const draft = await post('/sales-orders', { channel_id: channelId, lines: [{ product_id: productId, quantity }] });
  const order = await post(`/sales-orders/${draft.id}/confirm`);
  const shipment = await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: order.lines[0].id, quantity }] });
  await post(`/shipments/${shipment.id}/ship`);
  // An hour more than the whole days, so the movement sits well inside day `daysAgo` of the refresh.
  const moved = await server.database.prisma.stockMovement.updateMany({
    where: { companyId: acme.companyId, sourceType: 'SALES_SHIPMENT', sourceId: shipment.id },
    data: { occurredAt: new Date(Date.now() - daysAgo * DAY_MS - 60 * 60 * 1000) },
  });
  expect(moved.count).toBeGreaterThan(0);
}

describe('without the feature', () => {
  it('answers 403 {message} on every route', async () => {
    for (const [method, path] of [
      ['POST', '/forecast-warehouse-data/refresh'],
      ['GET', '/forecast-warehouse-data'],
      ['GET', '/forecast-warehouse-data/1'],
    ]) {
      const res = await api(method, path);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(403);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.body.message).toContain('forecast_materialized_table');
    }
    expect(await server.database.prisma.job.count({ where: { companyId: acme.companyId } })).toBe(0);
  });
});

describe('with the feature', () => {
  beforeAll(async () => {
    await setFeature(tenantClient(server.database.prisma, acme.companyId), 'forecast_materialized_table');

    north = await post('/locations', { name: 'North' });
    northBin = await post('/locations', { name: 'North bin', parent_id: north.id });
    south = await post('/locations', { name: 'South' });
    supplierA = await post('/suppliers', { name: 'Alpha Supply' });
    supplierB = await post('/suppliers', { name: 'Beta Parts' });
    widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10, supplier_id: supplierA.id });
    gizmo = await post('/products', { name: 'Gizmo', sku: 'G-1' });
    assembly = await post('/products', { name: 'Assembly', sku: 'A-1' });
    // Idle's supplier has no SKU for it: the supplier's default lead time is the lead time.
    const supplierC = await post('/suppliers', { name: 'Gamma Goods', default_lead_time_days: 21 });
    expect(supplierC.default_lead_time_days).toBe(21);
    idle = await post('/products', { name: 'Idle', sku: 'I-1', supplier_id: supplierC.id });
    newcomer = await post('/products', { name: 'Newcomer', sku: 'N-1' });
    await post('/products', { name: 'Nothing', sku: 'X-1' });
    // Widget: a first SKU of another supplier (lower id) is passed over for the product's own supplier.
    await post('/supplier-skus', { supplier_id: supplierB.id, product_id: widget.id, supplier_sku: 'B-W', lead_time_days: 3, min_order_quantity: 1, order_multiple: 1 });
    await post('/supplier-skus', { supplier_id: supplierA.id, product_id: widget.id, supplier_sku: 'A-W', lead_time_days: 10, min_order_quantity: 50, order_multiple: 12 });
    // Gizmo has no supplier of its own: its only SKU's supplier and terms (no minimum, no multiple).
    await post('/supplier-skus', { supplier_id: supplierB.id, product_id: gizmo.id, supplier_sku: 'B-G', lead_time_days: 5 });

    await post('/inventory/adjustments', {
      lines: [
        { product_id: widget.id, location_id: northBin.id, quantity: 100, unit_cost: 2 },
        { product_id: widget.id, location_id: south.id, quantity: 10, unit_cost: 2 },
        { product_id: gizmo.id, location_id: south.id, quantity: 40, unit_cost: 1 },
        { product_id: idle.id, location_id: north.id, quantity: 5, unit_cost: 1 },
      ],
    });

    // Widget demand at North (shipped from its bin): 12 five days ago, 18 twenty days ago, 15 sixty days ago.
    const group = await post('/warehouse-groups', { name: 'North only', warehouse_ids: [north.id] });
    const channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
    await shipped(channel.id, widget.id, 12, 5);
    await shipped(channel.id, widget.id, 18, 20);
    await shipped(channel.id, widget.id, 15, 60);
    // An open order reserves 5 at North; a purchase order brings 20 and a transfer from South 3 more.
    const open = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 5 }] });
    await post(`/sales-orders/${open.id}/confirm`);
    const po = await post('/purchase-orders', { supplier_id: supplierA.id, warehouse_id: north.id, lines: [{ product_id: widget.id, quantity: 20, unit_cost: 2 }] });
    await post(`/purchase-orders/${po.id}/submit`);
    const transfer = await post('/transfer-orders', { source_location_id: south.id, destination_location_id: north.id, lines: [{ product_id: widget.id, quantity: 3 }] });
    await post(`/transfer-orders/${transfer.id}/ship`);
    // Newcomer: only incoming (a purchase order to South), cancelled before the second refresh.
    newcomerPo = await post('/purchase-orders', { supplier_id: supplierB.id, warehouse_id: south.id, lines: [{ product_id: newcomer.id, quantity: 7, unit_cost: 1 }] });
    await post(`/purchase-orders/${newcomerPo.id}/submit`);

    // Gizmo demand at South: a work order of 10 assemblies (2 gizmos each) completes 9, consuming 18 today;
    // the last one still reserves 2 gizmos, and 1 assembly is incoming.
    const bom = await post('/boms', { name: 'Assembly BOM', items: [{ product_id: gizmo.id, quantity: 2 }] });
    expect((await api('PATCH', `/products/${assembly.id}`, { bom_ids: [bom.id] })).status).toBe(200);
    const order = await post('/work-orders', { produced_sku_id: assembly.id, planned_qty: 10, production_warehouse_id: south.id, destination_warehouse_id: south.id });
    await post(`/work-orders/${order.id}/release`);
    const completion = await api('POST', `/work-orders/${order.id}/completions`, { quantity: 9 });
    expect(completion.status, completion.text).toBeLessThan(300);
  }, 120_000);

  it('refreshes through a job: 202 with the contract\'s job record, then finished', async () => {
    const res = await api('POST', '/forecast-warehouse-data/refresh');
    expect(res.status, res.text).toBe(202);
    expect(Object.keys(res.body)).toEqual(['data']);
    const job = res.body.data;
    expect(Object.keys(job).sort()).toEqual(JOB_KEYS);
    expect(job).toMatchObject({ type: 'forecast.refresh', queue: 'default', finished_at: null });
    expect(typeof job.job_id).toBe('string');
    const done = await finished(job.id);
    expect(done).toMatchObject({ id: job.id, status: 'finished', attempts: 1, progress_now: 6, progress_max: 6 });
  });

  it('has the numbers worked out by hand', async () => {
    const list = await rows('?per_page=100');
    expect(list).toHaveLength(6);
    for (const row of list) expect(Object.keys(row).sort()).toEqual(ROW_KEYS);

    // Widget at North: on hand 100 − 45 shipped = 55 (all in the bin), 5 reserved → available 50; incoming 20 + 3.
    // Demand: 30 in 30 days → 1/day; 45 in 90 days → 0.5/day; peak day 18. Supplier A's SKU: L = 10, min 50, multiple 12.
    // safety = 18×10 − 0.5×10 = 175; reorder point = 1×10 + 175 = 185; 50 + 23 = 73 ≤ 185 →
    // need = 185 + 30×1 − 73 = 142 → max(142, 50, 12) = 142 → rounded up to 12s: 144. Cover 50 / 1 = 50 days.
    expect(rowOf(list, north.id, widget.id)).toMatchObject({
      sku: 'W-1', on_hand: 55, available: 50, incoming: 23, avg_daily_demand_30: 1, avg_daily_demand_90: 0.5, days_of_cover: 50,
      supplier_id: supplierA.id, lead_time_days: 10, safety_stock: 175, reorder_point: 185, suggested_order_qty: 144, below_reorder_point: true,
    });
    // Widget at South: 10 − 3 transferred out; no demand there → no cover figure, nothing to order.
    expect(rowOf(list, south.id, widget.id)).toMatchObject({
      sku: 'W-1', on_hand: 7, available: 7, incoming: 0, avg_daily_demand_30: 0, avg_daily_demand_90: 0, days_of_cover: null,
      supplier_id: supplierA.id, lead_time_days: 10, safety_stock: 0, reorder_point: 0, suggested_order_qty: 0, below_reorder_point: false,
    });
    // Gizmo at South: 40 − 18 consumed = 22, 2 reserved by the work order → 20 available. Demand 18 today:
    // 0.6/day over 30, 0.2/day over 90, peak 18. Supplier B's SKU (its only one): L = 5, no minimum, no multiple.
    // safety = 18×5 − 0.2×5 = 89; reorder point = 0.6×5 + 89 = 92; 20 ≤ 92 → 92 + 30×0.6 − 20 = 90. Cover 20 / 0.6.
    expect(rowOf(list, south.id, gizmo.id)).toMatchObject({
      sku: 'G-1', on_hand: 22, available: 20, incoming: 0, avg_daily_demand_30: 0.6, avg_daily_demand_90: 0.2, days_of_cover: 33.3333,
      supplier_id: supplierB.id, lead_time_days: 5, safety_stock: 89, reorder_point: 92, suggested_order_qty: 90, below_reorder_point: true,
    });
    // Assembly at South: 9 produced, 1 still incoming; no supplier.
    expect(rowOf(list, south.id, assembly.id)).toMatchObject({
      on_hand: 9, available: 9, incoming: 1, supplier_id: null, lead_time_days: null, reorder_point: 0, suggested_order_qty: 0, below_reorder_point: false,
    });
    expect(rowOf(list, north.id, idle.id)).toMatchObject({ on_hand: 5, available: 5, incoming: 0, days_of_cover: null, lead_time_days: 21, suggested_order_qty: 0 });
    // Newcomer at South: only incoming, from a purchase order.
    expect(rowOf(list, south.id, newcomer.id)).toMatchObject({ on_hand: 0, available: 0, incoming: 7, supplier_id: null, days_of_cover: null, suggested_order_qty: 0 });
  });

  it('gets one row by id; unknown → 404 {message}', async () => {
    const [first] = await rows('?sort=id&per_page=1');
    const one = await api('GET', `/forecast-warehouse-data/${first.id}`);
    expect(one.status, one.text).toBe(200);
    expect(Object.keys(one.body)).toEqual(['data']);
    expect(one.body.data).toEqual(first);
    const missing = await api('GET', '/forecast-warehouse-data/999999');
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body)).toEqual(['message']);
  });

  it('keeps row ids across refreshes, updates computed_at and drops rows no longer produced', async () => {
    const before = await rows('?per_page=100');
    expect(before).toHaveLength(6);
    // Without its purchase order, the newcomer has nothing at South any more.
    await post(`/purchase-orders/${newcomerPo.id}/cancel`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await refresh();
    const after = await rows('?per_page=100');
    expect(after.map((r) => r.id).sort()).toEqual(before.filter((r) => r.product_id !== newcomer.id).map((r) => r.id).sort());
    for (const row of after) {
      const old = before.find((r) => r.id === row.id);
      expect([row.warehouse_id, row.product_id]).toEqual([old.warehouse_id, old.product_id]);
      expect(Date.parse(row.computed_at)).toBeGreaterThan(Date.parse(old.computed_at));
    }
    expect(new Set(after.map((r) => r.computed_at)).size).toBe(1);
  });

  it('filters by warehouse, product, supplier and below_reorder_point, and sorts', async () => {
    const ids = (list: any[]) => list.map((r) => [r.warehouse_id, r.product_id]);
    expect(ids(await rows(`?warehouse_id=${north.id}&sort=product_id`))).toEqual([[north.id, widget.id], [north.id, idle.id]]);
    expect(ids(await rows(`?product_id=${widget.id}&sort=-warehouse_id`))).toEqual([[south.id, widget.id], [north.id, widget.id]]);
    expect(ids(await rows(`?supplier_id=${supplierB.id}`))).toEqual([[south.id, gizmo.id]]);
    expect(ids(await rows('?below_reorder_point=true&sort=-suggested_order_qty'))).toEqual([[north.id, widget.id], [south.id, gizmo.id]]);
    expect(ids(await rows('?below_reorder_point=false&sort=on_hand'))).toEqual([[north.id, idle.id], [south.id, widget.id], [south.id, assembly.id]]);
    expect(ids(await rows(`?below_reorder_point=true&warehouse_id=${south.id}`))).toEqual([[south.id, gizmo.id]]);

    const page = await api('GET', '/forecast-warehouse-data?per_page=2&page=2&sort=id');
    expect(page.body.meta).toEqual({ current_page: 2, from: 3, last_page: 3, per_page: 2, to: 4, total: 5 });
    expectErrors(await api('GET', '/forecast-warehouse-data?below_reorder_point=maybe'), ['below_reorder_point']);
    expectErrors(await api('GET', '/forecast-warehouse-data?warehouse=1'), ['warehouse']);
    expectErrors(await api('GET', '/forecast-warehouse-data?sort=sku'), ['sort']);
    expectErrors(await api('GET', '/forecast-warehouse-data?per_page=101'), ['per_page']);
  });

  it('is the same through GraphQL', async () => {
    const res = await gql(
      `query($filters: [FilterParamInput!]) { forecastWarehouseRows(filters: $filters, sort: "-suggested_order_qty") { items { id sku suggestedOrderQty belowReorderPoint } meta { total } } }`,
      { filters: [{ name: 'below_reorder_point', value: 'true' }] },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.forecastWarehouseRows.items.map((r: any) => [r.sku, r.suggestedOrderQty, r.belowReorderPoint])).toEqual([['W-1', 144, true], ['G-1', 90, true]]);
  });

  it('is refreshed daily for the companies with the feature', async () => {
    const schedules = recurringSchedules(server.config).filter((s) => s.type === 'forecast.refresh');
    expect(schedules).toHaveLength(1);
    expect(schedules[0].feature).toBe('forecast_materialized_table');
    const day = new Date('2026-11-24T00:00:30Z');
    // acme only (globex does not have the feature), once per day.
    expect(await enqueueDueSchedules(server.database.prisma, schedules, day)).toBe(1);
    expect(await enqueueDueSchedules(server.database.prisma, schedules, day)).toBe(0);
    const job = await server.database.prisma.job.findFirstOrThrow({ where: { companyId: acme.companyId, uniqueKey: 'forecast.refresh:2026-11-24' } });
    expect(job.type).toBe('forecast.refresh');
    expect(await finished(job.id)).toMatchObject({ status: 'finished', progress_now: 5 });
    expect(await server.database.prisma.job.count({ where: { companyId: globex.companyId } })).toBe(0);
  });

  it('answers a refresh still queued instead of queuing a second one', async () => {
    await server.background!.stop();
    const first = await api('POST', '/forecast-warehouse-data/refresh');
    const second = await api('POST', '/forecast-warehouse-data/refresh');
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.status).toBe('queued');
    await server.database.prisma.job.updateMany({ where: { companyId: acme.companyId, id: first.body.data.id }, data: { status: 'cancelled' } });
  });

  it('keeps tenants apart', async () => {
    const [row] = await rows('?per_page=1');
    const other = await api('GET', `/forecast-warehouse-data/${row.id}`, undefined, globex);
    expect(other.status).toBe(403); // the feature is off for globex
    await setFeature(tenantClient(server.database.prisma, globex.companyId), 'forecast_materialized_table');
    expect((await api('GET', `/forecast-warehouse-data/${row.id}`, undefined, globex)).status).toBe(404);
    expect(await rows('', globex)).toEqual([]);
  });
});

describe('the SQL of qty_incoming and qty_pending', () => {
  it('agrees with quantities.ts per location and product', async () => {
    const db = tenantClient(server.database.prisma, acme.companyId);
    const summed = async (sql: ReturnType<typeof incomingRowsSql>) =>
      (
        await db.$queryRaw<Array<{ locationId: number; productId: number; quantity: any }>>`
          SELECT r."locationId", r."productId", SUM(r."quantity") AS "quantity" FROM (${sql}) r GROUP BY 1, 2 HAVING SUM(r."quantity") <> 0 ORDER BY 1, 2`
      ).map((r) => `${r.locationId}:${r.productId}:${Number(r.quantity)}`);
    const ordered = (list: Array<{ locationId: number; productId: number; quantity: any }>) =>
      [...list].sort((a, b) => a.locationId - b.locationId || a.productId - b.productId).map((r) => `${r.locationId}:${r.productId}:${Number(r.quantity)}`);
    const incoming = await summed(incomingRowsSql(acme.companyId));
    const pending = await summed(pendingRowsSql(acme.companyId));
    // North: the purchase order's 20 and the transfer's 3; South: the work order's last assembly.
    expect(incoming).toEqual([`${north.id}:${widget.id}:23`, `${south.id}:${assembly.id}:1`]);
    // North: the open sales order's 5 widgets; South: the work order's 2 gizmos still to consume.
    expect(pending).toEqual([`${north.id}:${widget.id}:5`, `${south.id}:${gizmo.id}:2`]);
    expect(incoming).toEqual(ordered(await incomingByLocation(db, null)));
    expect(pending).toEqual(ordered(await pendingByLocation(db, null)));
  });
});
