// 50 sales orders confirmed at once for stock that covers 10: never more reserved than exists, every order
// either reserved or backordered, and the numbers agree with the stock export. Meaningful on PostgreSQL
// (pooled connections, the advisory lock per product); on PGlite, which serialises, it passes as well.
import { expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const serverErrors: string[] = [];
const { api, post } = serverForFile(['acme'], {
  logger: { log: (level, message, fields) => void (level === 'error' && serverErrors.push(`${message} ${fields?.error}`)) },
});

it('50 concurrent confirmations of 1 unit each with 10 in stock across two warehouses reserve exactly 10', async () => {
  const east = await post('/locations', { name: 'East' });
  const west = await post('/locations', { name: 'West' });
  const group = await post('/warehouse-groups', { name: 'All', warehouse_ids: [east.id, west.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Rush', warehouseGroupId: group.id });
  const product = await post('/products', { name: 'Scarce', sku: 'SC-1', retail_price: 5 });
  await post('/inventory/adjustments', { lines: [{ product_id: product.id, location_id: east.id, quantity: 6 }, { product_id: product.id, location_id: west.id, quantity: 4 }] });
  const drafts = await Promise.all(Array.from({ length: 50 }, () => post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: product.id, quantity: 1 }] })));

  const results = await Promise.all(drafts.map((order) => api('POST', `/sales-orders/${order.id}/confirm`)));
  expect(serverErrors).toEqual([]);
  expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
  const lines = results.map((r) => r.body.data.lines[0]);
  expect(lines.filter((l) => l.quantity_allocated === 1)).toHaveLength(10);
  expect(lines.filter((l) => l.quantity_backordered === 1)).toHaveLength(40);

  const row = (await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((r: any) => r.id === product.id);
  expect(row).toMatchObject({ qty_onhand: 10, qty_pending: 10, qty_available: 0, qty_backordered: 40 });
  const perWarehouse = Object.fromEntries(row.location_stocks.map((l: any) => [l.id, l.qty_pending]));
  expect(perWarehouse).toEqual({ [east.id]: 6, [west.id]: 4 });
});
