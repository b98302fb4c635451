// Two picklists of one warehouse never list the same units: stock an active picklist still has to pick is
// promised to it; once that picklist is deleted, the stock can be listed again.
import { expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { api, post } = serverForFile(['acme']);

it('lists stock promised to an active picklist only once', async () => {
  const main = await post('/locations', { name: 'Main' });
  const binA = await post('/locations', { name: 'Bin A', parent_id: main.id });
  const binB = await post('/locations', { name: 'Bin B', parent_id: main.id });
  const group = await post('/warehouse-groups', { name: 'One', warehouse_ids: [main.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Shop', warehouseGroupId: group.id });
  const cup = await post('/products', { name: 'Cup', sku: 'CUP', retail_price: 3 });
  await post('/inventory/adjustments', { lines: [{ product_id: cup.id, location_id: binA.id, quantity: 3 }, { product_id: cup.id, location_id: binB.id, quantity: 3 }] });
  const fulfillmentOf = async (quantity: number) => {
    const order = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: cup.id, quantity }] })).id}/confirm`);
    return (await api('GET', `/fulfillment-orders?sales_order_id=${order.id}`)).body.data[0];
  };
  const first = await post('/pickflow/picklists', { fulfillment_order_ids: [(await fulfillmentOf(2)).id] });
  expect(first.items.map((i: any) => [i.location_id, i.quantity])).toEqual([[binA.id, 2]]);
  const secondOrder = await fulfillmentOf(3);
  const second = await post('/pickflow/picklists', { fulfillment_order_ids: [secondOrder.id] });
  // Bin A has 1 unit not promised to the first picklist; Bin B gives the rest.
  expect(second.items.map((i: any) => [i.location_id, i.quantity])).toEqual([[binA.id, 1], [binB.id, 2]]);
  await api('DELETE', `/pickflow/picklists/${second.id}`);
  await api('DELETE', `/pickflow/picklists/${first.id}`);
  const again = await post('/pickflow/picklists', { fulfillment_order_ids: [secondOrder.id] });
  expect(again.items.map((i: any) => [i.location_id, i.quantity])).toEqual([[binA.id, 3]]);
});
