// The stockLevels and documentChanged subscriptions over SSE (issue 35): stock levels arrive as they stand, then
// again for the products a posting or a reservation changed, with the quantities GET /inventory/stock shows;
// document changes arrive with the document as it stands after them, for the ids asked; bad arguments answer 422
// naming the field.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { subscribeSse, type SseSubscription } from '../support/graphql-sse.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

const STOCK = 'subscription Stock($ids: [Int!]!, $warehouseId: Int) { stockLevels(productIds: $ids, warehouseId: $warehouseId) { productId warehouseId locations { locationId qtyOnhand qtyAvailable qtyPending qtyIncoming } warehouses { warehouseId qtyOnhand qtyAvailable qtyPending qtyIncoming } } }';
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
      expect(first[0].warehouses).toEqual([
        { warehouseId: north.id, qtyOnhand: 10, qtyAvailable: 10, qtyPending: 0, qtyIncoming: 0 },
        { warehouseId: south.id, qtyOnhand: 4, qtyAvailable: 4, qtyPending: 0, qtyIncoming: 0 },
      ]);
      expect(first[1].locations).toEqual([]);
      expect(first[1].warehouses).toEqual([]);
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
      // Reserved at the warehouse, held on its shelf: the warehouse has 7 available, not the shelf's 10 plus 0.
      expect(reserved.warehouses).toEqual([{ warehouseId: north.id, qtyOnhand: 10, qtyAvailable: 7, qtyPending: 3, qtyIncoming: 0 }]);
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

  it('announces changes that keep the status: a draft edited, a shipment drafted, a work order held, counts taken', async () => {
    const warehouse = await post('/locations', { name: 'Edits' });
    const item = await post('/products', { name: 'Edited', sku: 'D-EDIT', retail_price: 2 });
    await post('/inventory/adjustments', { lines: [{ product_id: item.id, location_id: warehouse.id, quantity: 5, unit_cost: 1 }] });
    const group = await post('/warehouse-groups', { name: 'Edits', warehouse_ids: [warehouse.id] });
    const channel = await post('/channels', { channelType: 'sales_channel', label: 'Edits', warehouseGroupId: group.id });
    const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: item.id, quantity: 1 }] });
    const confirmed = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: item.id, quantity: 2 }] })).id}/confirm`);
    const order = await post('/work-orders', { produced_sku_id: item.id, planned_qty: 1, production_warehouse_id: warehouse.id });
    const session = (await post('/pickflow/cycle-count-batches', { name: 'Live', warehouse_ids: [warehouse.id] })).sessions[0];

    const documents = (type: string, fields: string) => `subscription { documentChanged(type: ${type}) { id event { type } ${fields} } }`;
    const orders = await open(subscribeSse(server, acme, documents('SALES_ORDER', 'salesOrder { notes }')));
    const shipments = await open(subscribeSse(server, acme, documents('SHIPMENT', 'shipment { status }')));
    const work = await open(subscribeSse(server, acme, documents('WORK_ORDER', 'workOrder { isOnHold }')));
    const counts = await open(subscribeSse(server, acme, documents('CYCLE_COUNT_SESSION', 'cycleCountSession { status }')));
    try {
      expect((await api('PATCH', `/sales-orders/${draft.id}`, { notes: 'Gift wrap' })).status).toBe(200);
      const [edited] = (await orders.next(1)).map((p) => p.data.documentChanged);
      expect(edited).toEqual({ id: draft.id, event: { type: 'sales_order.updated' }, salesOrder: { notes: 'Gift wrap' } });

      const shipment = await post(`/sales-orders/${confirmed.id}/shipments`, { lines: [{ sales_order_line_id: confirmed.lines[0].id, quantity: 2 }] });
      const [drafted] = (await shipments.next(1)).map((p) => p.data.documentChanged);
      expect(drafted).toEqual({ id: shipment.id, event: { type: 'shipment.created' }, shipment: { status: 'draft' } });

      // (Changes of one document read in the same round are announced once, with the last: wait for each.)
      await post(`/work-orders/${order.id}/release`);
      await work.next(1);
      await post(`/work-orders/${order.id}/hold`, { reason: 'Jammed' });
      const held = (await work.next(2)).map((p) => p.data.documentChanged);
      expect(held.map((change) => change.event.type)).toEqual(['work_order.released', 'work_order.held']);
      expect(held[1].workOrder).toEqual({ isOnHold: true });

      await post(`/pickflow/cycle-counts/${session.id}/start`);
      await counts.next(1);
      expect((await api('POST', `/pickflow/cycle-counts/${session.id}/counts`, { counts: [{ sku: 'D-EDIT', locationId: warehouse.id, countedQuantity: 5 }] })).status).toBe(200);
      const counted = (await counts.next(2)).map((p) => p.data.documentChanged);
      expect(counted.map((change) => [change.id, change.event.type, change.cycleCountSession.status])).toEqual([
        [session.id, 'cycle_count.started', 'in_progress'],
        [session.id, 'cycle_count.counted', 'in_progress'],
      ]);
    } finally {
      for (const subscription of [orders, shipments, work, counts]) subscription.close();
    }
  });

  it('reads the levels once a round for every subscriber watching the same products', async () => {
    const shelf = await post('/locations', { name: 'Shared' });
    const gear = await post('/products', { name: 'Gear', sku: 'S-GEAR' });
    const stockReads = () => counter.statements.filter((sql) => /^\s*SELECT/i.test(sql) && sql.includes('"StockBalance"')).length;
    /** Opens `count` subscriptions to the gear, posts an adjustment, and answers the stock reads until all of them got it. */
    const readsFor = async (count: number, quantity: number) => {
      const subscriptions = await Promise.all(Array.from({ length: count }, () => open(subscribeSse(server, acme, STOCK, { ids: [gear.id] }))));
      try {
        await Promise.all(subscriptions.map((subscription) => subscription.next(1)));
        const before = stockReads();
        await post('/inventory/adjustments', { lines: [{ product_id: gear.id, location_id: shelf.id, quantity, unit_cost: 1 }] });
        const changed = await Promise.all(subscriptions.map((subscription) => subscription.next(2)));
        expect(changed.map((payloads) => payloads[1].data.stockLevels.warehouses[0].qtyOnhand)).toEqual(Array.from({ length: count }, () => expect.any(Number)));
        return stockReads() - before;
      } finally {
        for (const subscription of subscriptions) subscription.close();
      }
    };
    const alone = await readsFor(1, 1);
    expect(alone).toBeGreaterThan(0);
    expect(await readsFor(4, 2)).toBe(alone);
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
