// Creating, confirming (with allocation across warehouses and backorders), reading and cancelling a sales
// order runs a fixed number of SQL statements whatever the number of lines: lines are priced, allocated and
// written set-based, never one statement per line.
import { beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';

// The database reports every statement it runs to the counter.
const counter = statementCounter();
const { api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const counted = counter.of;
let channel: any;
const products: any[] = [];

beforeAll(async () => {
  const one = await post('/locations', { name: 'One' });
  const two = await post('/locations', { name: 'Two' });
  const group = await post('/warehouse-groups', { name: 'Both', warehouse_ids: [one.id, two.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Counted', warehouseGroupId: group.id });
  const list = await post('/priority-lists', { name: 'Two first', warehouse_ids: [two.id, one.id] });
  for (let i = 0; i < 30; i++) products.push(await post('/products', { name: `P${i}`, sku: `P-${i}`, retail_price: 3, ...(i % 2 ? { priority_list_id: list.id } : {}) }));
  // Each product: 2 at One, 2 at Two; orders of 5 take both and backorder 1.
  await post('/inventory/adjustments', { lines: products.flatMap((p) => [{ product_id: p.id, location_id: one.id, quantity: 2 }, { product_id: p.id, location_id: two.id, quantity: 2 }]) });
  // The company's first order creates its number sequence: two statements that later orders do not run.
  await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: products[0].id, quantity: 1 }] });
}, 120_000);

it('is the same for a 2-line and a 25-line order: create, confirm, get, list and cancel', async () => {
  const counts = [];
  for (const size of [2, 25]) {
    const lines = products.slice(size === 2 ? 0 : 4, (size === 2 ? 0 : 4) + size).map((p) => ({ product_id: p.id, quantity: 5 }));
    let order: any;
    const create = await counted(async () => (order = (await api('POST', '/sales-orders', { channel_id: channel.id, lines })).body.data));
    const confirm = await counted(async () => (order = (await api('POST', `/sales-orders/${order.id}/confirm`)).body.data));
    expect(order.lines).toHaveLength(size);
    expect(order.lines.every((l: any) => l.quantity_allocated === 4 && l.quantity_backordered === 1 && l.allocations.length === 2)).toBe(true);
    const get = await counted(() => api('GET', `/sales-orders/${order.id}`));
    const list = await counted(() => api('GET', '/sales-orders?per_page=100'));
    const cancel = await counted(() => post(`/sales-orders/${order.id}/cancel`));
    counts.push({ create, confirm, get, list, cancel });
  }
  expect(counts[1]).toEqual(counts[0]);
});
