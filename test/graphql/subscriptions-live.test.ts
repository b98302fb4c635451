// The stockLevels and documentChanged subscriptions over SSE (issue 35): stock levels arrive as they stand, then
// again for the products a posting or a reservation changed, with the quantities GET /inventory/stock shows;
// document changes arrive with the document as it stands after them, for the ids asked; bad arguments answer 422
// naming the field.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { subscribeSse, type SseSubscription } from '../support/graphql-sse.js';

const { server, companies: { acme }, post, api } = serverForFile(['acme']);

const STOCK = 'subscription Stock($ids: [Int!]!, $warehouseId: Int) { stockLevels(productIds: $ids, warehouseId: $warehouseId) { productId warehouseId locations { locationId qtyOnhand qtyAvailable qtyPending qtyIncoming } } }';
const ORDERS = 'subscription Orders($ids: [Int!]) { documentChanged(type: SALES_ORDER, ids: $ids) { type id event { type } salesOrder { id status lines { quantityAllocated } } purchaseOrder { id } } }';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function open(subscription: SseSubscription): Promise<SseSubscription> {
  expect(await subscription.status).toBe(200);
  await pause(300);
  return subscription;
}

describe('stockLevels and documentChanged over SSE', () => {
  it('sends stock levels as they stand, then the products a posting or a reservation changed', async () => {
    const north = await post('/locations', { name: 'North' });
    const shelf = await post('/locations', { name: 'N-1', parent_id: north.id });
    const south = await post('/locations', { name: 'South' });
    const bolt = await post('/products', { name: 'Bolt', sku: 'S-BOLT', retail_price: 1 });
    const nut = await post('/products', { name: 'Nut', sku: 'S-NUT' });
    await post('/inventory/adjustments', { lines: [{ product_id: bolt.id, location_id: shelf.id, quantity: 10, unit_cost: 1 }, { product_id: bolt.id, location_id: south.id, quantity: 4, unit_cost: 1 }] });

    const all = await open(subscribeSse(server, acme, STOCK, { ids: [bolt.id, nut.id] }));
    const northOnly = await open(subscribeSse(server, acme, STOCK, { ids: [bolt.id], warehouseId: north.id }));
    try {
      const first = (await all.next(2)).map((p) => p.data.stockLevels);
      expect(first.map((l) => l.productId)).toEqual([bolt.id, nut.id]);
      expect(first[0].locations.map((l: any) => [l.locationId, l.qtyOnhand])).toEqual(expect.arrayContaining([[shelf.id, 10], [south.id, 4]]));
      expect(first[1].locations).toEqual([]);
      const [mine] = (await northOnly.next(1)).map((p) => p.data.stockLevels);
      expect(mine.warehouseId).toBe(north.id);
      expect(mine.locations.every((l: any) => l.locationId === north.id || l.locationId === shelf.id)).toBe(true);

      // A posting of the nut: only the nut is sent again; the bolt did not change.
      await post('/inventory/adjustments', { lines: [{ product_id: nut.id, location_id: south.id, quantity: 2.5, unit_cost: 1 }] });
      const [nutAgain] = (await all.next(3)).slice(2).map((p) => p.data.stockLevels);
      expect(nutAgain.productId).toBe(nut.id);
      expect(nutAgain.locations).toEqual([{ locationId: south.id, qtyOnhand: 2.5, qtyAvailable: 2.5, qtyPending: 0, qtyIncoming: 0 }]);

      // A reservation of bolts in the north warehouse: pending and available change there, as GET /inventory/stock shows them.
      const channel = await salesChannelFrom(post, [north.id]);
      const order = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 3 }] });
      await post(`/sales-orders/${order.id}/confirm`);
      const [reserved] = (await northOnly.next(2)).slice(1).map((p) => p.data.stockLevels);
      const stock = (await api('GET', `/inventory/stock?product_id=${bolt.id}&location_id=${north.id}`)).body.data;
      const row = reserved.locations.find((l: any) => l.locationId === north.id);
      expect(row.qtyPending).toBe(3);
      expect(stock[0].qty_pending).toBe(3);
      expect(row.qtyAvailable).toBe(stock[0].qty_available);
    } finally {
      all.close();
      northOnly.close();
    }
  });

  it('announces each change of the documents asked for, with the document as it stands after it', async () => {
    const warehouse = await post('/locations', { name: 'Docs' });
    const item = await post('/products', { name: 'Item', sku: 'D-ITEM', retail_price: 2 });
    await post('/inventory/adjustments', { lines: [{ product_id: item.id, location_id: warehouse.id, quantity: 5, unit_cost: 1 }] });
    const group = await post('/warehouse-groups', { name: 'Docs', warehouse_ids: [warehouse.id] });
    const channel = await post('/channels', { channelType: 'sales_channel', label: 'Docs', warehouseGroupId: group.id });
    const watched = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: item.id, quantity: 2 }] });
    const other = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: item.id, quantity: 1 }] });

    const one = await open(subscribeSse(server, acme, ORDERS, { ids: [watched.id] }));
    const any = await open(subscribeSse(server, acme, ORDERS));
    try {
      await post(`/sales-orders/${other.id}/confirm`);
      await post(`/sales-orders/${watched.id}/confirm`);
      const [change] = (await one.next(1)).map((p) => p.data.documentChanged);
      expect(change).toEqual({ type: 'SALES_ORDER', id: watched.id, event: { type: 'sales_order.confirmed' }, salesOrder: { id: watched.id, status: 'confirmed', lines: [{ quantityAllocated: 2 }] }, purchaseOrder: null });
      const both = (await any.next(2)).map((p) => p.data.documentChanged.id);
      expect(both).toEqual([other.id, watched.id]);
      await pause(600);
      expect(one.received).toHaveLength(1);

      await post(`/sales-orders/${watched.id}/cancel`);
      const [cancelled] = (await one.next(2)).slice(1).map((p) => p.data.documentChanged);
      expect(cancelled.salesOrder.status).toBe('cancelled');
      expect(cancelled.event.type).toBe('sales_order.cancelled');
    } finally {
      one.close();
      any.close();
    }
  });

  it('answers bad arguments with 422 naming the field', async () => {
    const stock = subscribeSse(server, acme, STOCK, { ids: [999999], warehouseId: 999999 });
    const [answer] = await stock.next(1);
    stock.close();
    expect(answer.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(answer.errors[0].extensions.errors).sort()).toEqual(['productIds', 'warehouseId']);
    const docs = subscribeSse(server, acme, ORDERS, { ids: [] });
    const [refused] = await docs.next(1);
    docs.close();
    expect(Object.keys(refused.errors[0].extensions.errors)).toEqual(['ids']);
  });
});
