// Customer returns of lot-tracked goods over real HTTP: the restock goes back into the lot (and location) the
// goods shipped from, at the cost they left with, and the stock it brings back lets a waiting backorder of
// another order allocate.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom, stockSnapshotRows } from '../support/seed.js';

const { api, post } = serverForFile(['acme']);
let warehouse: any;
let channel: any;
let serum: any;
let so: any;
let lotA: number;
let lotB: number;

const stockByLot = () => stockSnapshotRows(api, serum.id);

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  channel = await salesChannelFrom(post, [warehouse.id]);
  serum = await post('/products', { name: 'Serum', sku: 'SER-1', retail_price: 20, lot_tracking: true });
  // Lot A: 3 at 2.00; lot B: 5 at 7.00.
  lotA = (await post('/inventory/adjustments', { lines: [{ product_id: serum.id, location_id: warehouse.id, quantity: 3, unit_cost: 2, lot_number: 'A' }] })).lines[0].lot_id;
  lotB = (await post('/inventory/adjustments', { lines: [{ product_id: serum.id, location_id: warehouse.id, quantity: 5, unit_cost: 7, lot_number: 'B' }] })).lines[0].lot_id;
  so = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: serum.id, quantity: 3 }] })).id}/confirm`);
  const shipment = await post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 3, location_id: warehouse.id, lot_number: 'A' }] });
  await post(`/shipments/${shipment.id}/ship`);
  await post(`/sales-orders/${so.id}/invoices`);
});

describe('customer returns of lot-tracked goods', () => {
  it('restocks into the lot that shipped, at its cost, and fills a waiting backorder', async () => {
    // Lot A left entirely; lot B's 5 are taken by a second order that backorders 2 more.
    expect(await stockByLot()).toEqual([[warehouse.id, 5, 35]]);
    const waiting = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: serum.id, quantity: 7 }] })).id}/confirm`);
    expect(waiting.lines[0]).toMatchObject({ quantity_allocated: 5, quantity_backordered: 2 });

    const created = await api('POST', '/customer-returns', { sales_order_id: so.id, lines: [{ sales_order_line_id: so.lines[0].id, quantity: 2, disposition: 'restock' }] });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.lines[0]).toMatchObject({ lot_number: 'A', quantity: 2, disposition: 'restock' });
    expect(created.body.data.lines[0].location.id).toBe(warehouse.id);

    const received = await post(`/customer-returns/${created.body.data.id}/receive`);
    expect(received.status).toBe('received');
    // 2 back at lot A's 2.00, not at lot B's 7.00.
    // (The snapshot values a product at its weighted layer cost, rounded to 10 places: 39 / 7 × 7.)
    const [[location, quantity, value]] = await stockByLot();
    expect([location, quantity]).toEqual([warehouse.id, 7]);
    expect(value).toBeCloseTo(39, 6);
    const stock = (await api('GET', `/inventory/stock?product_id=${serum.id}`)).body.data;
    expect(stock.filter((r: any) => r.lot_id != null).map((r: any) => [r.location_id, r.lot_id, r.quantity]).sort((a: number[], b: number[]) => a[1] - b[1])).toEqual([
      [warehouse.id, lotA, 2],
      [warehouse.id, lotB, 5],
    ]);

    // The waiting order took the returned goods.
    const after = (await api('GET', `/sales-orders/${waiting.id}`)).body.data;
    expect(after.lines[0]).toMatchObject({ quantity_allocated: 7, quantity_backordered: 0 });
  });
});
