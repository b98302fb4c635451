// Packing a shipment and reading its package tree run a fixed number of SQL statements per nesting level,
// whatever the number of packages and items: packages are inserted level by level (createManyAndReturn),
// items with one createMany, and the nested read selects each level once, not once per package.
import { beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { stockedSalesChannel } from '../support/seed.js';

// The database reports every statement it runs to the counter.
const counter = statementCounter();
const { api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const counted = counter.count;
let so: any;
let shipment: any;

beforeAll(async () => {
  const { channel, widget } = await stockedSalesChannel(post, 500);
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 200 }] });
  so = await post(`/sales-orders/${draft.id}/confirm`);
  shipment = await post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 200 }] });
  const res = await api('PATCH', '/company', { gs1_company_prefix: '0614141' });
  expect(res.status, res.text).toBe(200);
}, 120_000);

/** A tree three levels deep, `width` packages per level under each parent, one item in every package. */
function tree(width: number, depth = 3): any[] {
  const item = () => ({ order_item_id: so.lines[0].id, quantity: 1 });
  return Array.from({ length: width }, () => ({
    package_type: `level-${4 - depth}`,
    contained_items: [item()],
    ...(depth > 1 ? { child_packages: tree(width, depth - 1) } : {}),
  }));
}

const countPackages = (packages: any[]): number => packages.reduce((n, p) => n + 1 + countPackages(p.child_packages), 0);

it('is the same for 3 and 39 packages nested three deep: create and read the tree', async () => {
  // The first SSCC a company assigns creates its sequence row (two statements, once): out of the count.
  expect((await api('POST', `/sales-orders/${so.id}/shipments/${shipment.id}/packages`, { packages: [{}] })).status).toBe(201);
  const counts = [];
  for (const width of [1, 3]) {
    const create = await counted(() => api('POST', `/sales-orders/${so.id}/shipments/${shipment.id}/packages`, { packages: tree(width) }));
    expect(create.result.status, create.result.text).toBe(201);
    expect(countPackages(create.result.body.data)).toBe(width + width ** 2 + width ** 3);
    const read = await counted(() => api('GET', `/shipments/${shipment.id}/packages`));
    expect(read.result.status).toBe(200);
    counts.push({ create: create.count, read: read.count });
  }
  expect(counts[1]).toEqual(counts[0]);
});
