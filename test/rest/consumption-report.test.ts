// The consumption report over HTTP against hand-computed figures. Work order consumption is posted through the
// ledger (postStockMovements, sourceType WORK_ORDER_CONSUMPTION) at chosen moments in March and April 2025,
// consuming FIFO layers so each movement carries a known cost; a sales shipment goes through the REST API
// today for include_sales. Checked: day, ISO week and month grouping with inclusive UTC bounds, the product and
// warehouse filters (a warehouse includes its locations), paging, an empty range, other movements left out,
// value rounding, defaults, tenants apart, bad input (422 naming the parameter) and a fixed statement count.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { expectErrors } from '../support/rest-client.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { postStockMovements } from '../../src/domain/inventory/ledger/post-movements.js';
import { recordStatements } from '../support/statement-log.js';
import { salesChannelFrom } from '../support/seed.js';

let w1: any;
let bin: any;
let w2: any;
let a: any;
let b: any;
let c: any;
const statements: string[] = [];
const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex'], { database: () => openTestDatabase({ onQuery: recordStatements(statements) }) });
const today = () => new Date().toISOString().slice(0, 10);

const adjust = (productId: number, locationId: number, quantity: number, unitCost: number) =>
  post('/inventory/adjustments', { lines: [{ product_id: productId, location_id: locationId, quantity, unit_cost: unitCost }] });

/** One ledger movement at a moment, as a work order completion (or another source) would post it. */
async function move(productId: number, locationId: number, quantity: number, at: string | null, sourceType = 'WORK_ORDER_CONSUMPTION') {
  const db = tenantClient(server.database.prisma, acme.companyId);
  await db.$transaction((tx) =>
    postStockMovements(tx, [{ productId, locationId, quantity, reason: 'test', sourceType }], at ? { occurredAt: new Date(at) } : {}),
  );
}

async function report(query: string, tenant: Tenant = acme) {
  const res = await api('GET', `/reports/consumption?${query}`, undefined, tenant);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
/** [period, sku, quantity_consumed, value_consumed] per row. */
const rows = (body: any) => body.data.map((r: any) => [r.period, r.sku, r.quantity_consumed, r.value_consumed]);
const MARCH_APRIL = 'from=2025-03-01&to=2025-04-30';

beforeAll(async () => {
  w1 = await post('/locations', { name: 'W1' });
  bin = await post('/locations', { name: 'W1 bin', parent_id: w1.id });
  w2 = await post('/locations', { name: 'W2' });
  a = await post('/products', { name: 'Alpha', sku: 'A-1' });
  b = await post('/products', { name: 'Bravo', sku: 'B-1', retail_price: 10 });
  c = await post('/products', { name: 'Charlie', sku: 'C-1' });
  // FIFO layers (per product): A 10 @ 2 (bin), 100 @ 3 (W1), 20 @ 3 (W2); B 50 @ 1.5 (W2); C 1 @ 1, 2 @ 1.5 (W2).
  await adjust(a.id, bin.id, 10, 2);
  await adjust(a.id, w1.id, 100, 3);
  await adjust(a.id, w2.id, 20, 3);
  await adjust(b.id, w2.id, 50, 1.5);
  await adjust(c.id, w2.id, 1, 1);
  await adjust(c.id, w2.id, 2, 1.5);

  await move(a.id, bin.id, -4, '2025-03-03T10:00:00Z'); // Monday: 4 @ 2 = 8
  await move(a.id, w1.id, -8, '2025-03-05T23:59:59Z'); // 6 @ 2 + 2 @ 3 = 18
  await move(b.id, w2.id, -2, '2025-03-03T12:00:00Z'); // 2 @ 1.5 = 3
  await move(a.id, w2.id, -5, '2025-03-10T00:00:00Z'); // next Monday: 5 @ 3 = 15
  await move(c.id, w2.id, -3, '2025-03-20T08:00:00Z'); // (1 + 3) / 3 = 1.3333333333 a unit: 3.9999999999 → 4.00
  await move(a.id, w1.id, -1, '2025-04-01T00:00:00Z'); // Tuesday; its ISO week starts on 31 March: 3
  await move(a.id, w1.id, -3, '2025-02-28T23:59:59Z'); // before the range
  await move(a.id, w1.id, -7, '2025-03-04T09:00:00Z', 'ADJUSTMENT'); // not consumption
}, 120_000);

describe('GET /reports/consumption', () => {
  it('groups by month by default: {data, meta}, rows by period then SKU, positive quantities and values', async () => {
    const body = await report(MARCH_APRIL);
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(Object.keys(body.data[0]).sort()).toEqual(['name', 'period', 'product_id', 'quantity_consumed', 'quantity_shipped', 'sku', 'value_consumed', 'value_shipped']);
    expect(body.data[0]).toEqual({ period: '2025-03-01', product_id: a.id, sku: 'A-1', name: 'Alpha', quantity_consumed: 17, value_consumed: 41, quantity_shipped: null, value_shipped: null });
    expect(rows(body)).toEqual([
      ['2025-03-01', 'A-1', 17, 41],
      ['2025-03-01', 'B-1', 2, 3],
      ['2025-03-01', 'C-1', 3, 4],
      ['2025-04-01', 'A-1', 1, 3],
    ]);
    expect(body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 25, to: 4, total: 4 });
    expect(rows(await report(`${MARCH_APRIL}&group_by=month`))).toEqual(rows(body));
  });

  it('groups by ISO week (its Monday) and by day, UTC dates with both ends included', async () => {
    expect(rows(await report(`${MARCH_APRIL}&group_by=week`))).toEqual([
      ['2025-03-03', 'A-1', 12, 26],
      ['2025-03-03', 'B-1', 2, 3],
      ['2025-03-10', 'A-1', 5, 15],
      ['2025-03-17', 'C-1', 3, 4],
      ['2025-03-31', 'A-1', 1, 3],
    ]);
    expect(rows(await report(`${MARCH_APRIL}&group_by=day`))).toEqual([
      ['2025-03-03', 'A-1', 4, 8],
      ['2025-03-03', 'B-1', 2, 3],
      ['2025-03-05', 'A-1', 8, 18],
      ['2025-03-10', 'A-1', 5, 15],
      ['2025-03-20', 'C-1', 3, 4],
      ['2025-04-01', 'A-1', 1, 3],
    ]);
    // 23:59:59 on the 5th and midnight on the 10th are inside 5–10 March; the 28 February movement is outside.
    expect(rows(await report('from=2025-03-05&to=2025-03-10&group_by=day'))).toEqual([
      ['2025-03-05', 'A-1', 8, 18],
      ['2025-03-10', 'A-1', 5, 15],
    ]);
    expect(rows(await report('from=2025-02-28&to=2025-02-28'))).toEqual([['2025-02-01', 'A-1', 3, 9]]);
  });

  it('answers an empty page for a range without consumption (other movements do not count)', async () => {
    expect(await report('from=2025-03-04&to=2025-03-04&group_by=day')).toEqual({
      data: [],
      meta: { current_page: 1, from: 0, last_page: 1, per_page: 25, to: 0, total: 0 },
    });
  });

  it('filters by product and by warehouse (with its locations), and pages', async () => {
    expect(rows(await report(`${MARCH_APRIL}&product_id=${a.id}&group_by=week`))).toEqual([
      ['2025-03-03', 'A-1', 12, 26],
      ['2025-03-10', 'A-1', 5, 15],
      ['2025-03-31', 'A-1', 1, 3],
    ]);
    expect(rows(await report(`${MARCH_APRIL}&warehouse_id=${w1.id}`))).toEqual([
      ['2025-03-01', 'A-1', 12, 26],
      ['2025-04-01', 'A-1', 1, 3],
    ]);
    expect(rows(await report(`${MARCH_APRIL}&warehouse_id=${w2.id}`))).toEqual([
      ['2025-03-01', 'A-1', 5, 15],
      ['2025-03-01', 'B-1', 2, 3],
      ['2025-03-01', 'C-1', 3, 4],
    ]);
    expect(rows(await report(`${MARCH_APRIL}&warehouse_id=${w2.id}&product_id=${b.id}&group_by=day`))).toEqual([['2025-03-03', 'B-1', 2, 3]]);
    const page = await report(`${MARCH_APRIL}&per_page=3&page=2`);
    expect(rows(page)).toEqual([['2025-04-01', 'A-1', 1, 3]]);
    expect(page.meta).toEqual({ current_page: 2, from: 4, last_page: 2, per_page: 3, to: 4, total: 4 });
  });

  it('with include_sales adds what sales shipments took; without it the shipped fields are null', async () => {
    const channel = await salesChannelFrom(post, [w2.id]);
    const order = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: b.id, quantity: 4 }] })).id}/confirm`);
    const shipment = await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: order.lines[0].id, quantity: 4, location_id: w2.id }] });
    await post(`/shipments/${shipment.id}/ship`);
    await move(a.id, w1.id, -2, null); // consumed today: 2 @ 3 = 6
    const day = `from=${today()}&to=${today()}&group_by=day`;

    const withSales = await report(`${day}&include_sales=true`);
    expect(withSales.data).toEqual([
      { period: today(), product_id: a.id, sku: 'A-1', name: 'Alpha', quantity_consumed: 2, value_consumed: 6, quantity_shipped: 0, value_shipped: 0 },
      // B's layer 50 @ 1.5 (2 consumed in March): 4 shipped @ 1.5 = 6.
      { period: today(), product_id: b.id, sku: 'B-1', name: 'Bravo', quantity_consumed: 0, value_consumed: 0, quantity_shipped: 4, value_shipped: 6 },
    ]);
    expect((await report(`${day}&include_sales=false`)).data).toEqual([
      { period: today(), product_id: a.id, sku: 'A-1', name: 'Alpha', quantity_consumed: 2, value_consumed: 6, quantity_shipped: null, value_shipped: null },
    ]);
    // Defaults: to = today, from = the first day of its month, grouped by month.
    expect((await report('include_sales=1')).data.map((r: any) => [r.period, r.sku, r.quantity_consumed, r.quantity_shipped])).toEqual([
      [`${today().slice(0, 8)}01`, 'A-1', 2, 0],
      [`${today().slice(0, 8)}01`, 'B-1', 0, 4],
    ]);
  });

  it('keeps tenants apart', async () => {
    expect((await report(MARCH_APRIL, globex)).data).toEqual([]);
    expectErrors(await api('GET', `/reports/consumption?product_id=${a.id}`, undefined, globex), ['product_id']);
    expectErrors(await api('GET', `/reports/consumption?warehouse_id=${w1.id}`, undefined, globex), ['warehouse_id']);
  });

  it('422s name the parameter', async () => {
    const bad = async (query: string, fields: string[]) => expectErrors(await api('GET', `/reports/consumption?${query}`), fields);
    await bad('from=2025-02-30', ['from']);
    await bad('to=01/03/2025', ['to']);
    await bad('from=2025-04-02&to=2025-04-01', ['from']);
    await bad('group_by=year', ['group_by']);
    await bad('product_id=abc&warehouse_id=1.5', ['product_id', 'warehouse_id']);
    await bad('product_id=999999&warehouse_id=999999', ['product_id', 'warehouse_id']);
    await bad(`warehouse_id=${bin.id}`, ['warehouse_id']);
    await bad('include_sales=maybe', ['include_sales']);
    await bad('per_page=101&page=0', ['per_page', 'page']);
    await bad('sku=A-1', ['sku']);
  });

  it('runs the same statements whatever the number of rows', async () => {
    const count = async (query: string) => {
      await report(query); // warm-up
      const before = statements.length;
      await report(query);
      return statements.length - before;
    };
    const few = await count('from=2025-03-01&to=2025-03-01&group_by=month');
    const many = await count(`from=2025-01-01&to=${today()}&group_by=day&include_sales=true&product_id=${a.id}&warehouse_id=${w1.id}`);
    expect(many).toBe(few + 2); // the product and warehouse checks
    expect(few).toBeLessThanOrEqual(6);
  });
});
