// Creating, reading, picking and deleting a picklist runs a fixed number of SQL statements whatever the
// number of fulfillment order lines and items: items are planned and written set-based.
import { beforeAll, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';

const counter = statementCounter();
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
let channel: any;
const products: any[] = [];

const counted = counter.of;

beforeAll(async () => {
  const house = await post('/locations', { name: 'House' });
  const bin = await post('/locations', { name: 'Bin', parent_id: house.id, is_pick_location: true });
  const group = await post('/warehouse-groups', { name: 'One', warehouse_ids: [house.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Counted', warehouseGroupId: group.id });
  for (let i = 0; i < 20; i++) products.push(await post('/products', { name: `P${i}`, sku: `P-${i}`, retail_price: 3 }));
  // Each product: 1 in the bin, 5 in the house: every product makes two items.
  await post('/inventory/adjustments', { lines: products.flatMap((p) => [{ product_id: p.id, location_id: bin.id, quantity: 1 }, { product_id: p.id, location_id: house.id, quantity: 5 }]) });
}, 120_000);

async function fulfillmentOrder(lines: number): Promise<number> {
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: products.slice(0, lines).map((p) => ({ product_id: p.id, quantity: 2 })) });
  await post(`/sales-orders/${draft.id}/confirm`);
  const list = await server.call('GET', `/external/api/v1/fulfillment-orders?sales_order_id=${draft.id}`, { token: acme.token, company: acme.slug });
  return list.body.data[0].id;
}

it('is the same for 2 and 15 products: create, get, pick, delete', async () => {
  const counts = [];
  for (const lines of [2, 15]) {
    const fo = await fulfillmentOrder(lines);
    let list: any;
    const create = await counted(async () => (list = await post('/pickflow/picklists', { fulfillment_order_ids: [fo] })));
    expect(list.items).toHaveLength(lines * 2);
    const get = await counted(() => server.call('GET', `/external/api/v1/pickflow/picklists/${list.id}`, { token: acme.token, company: acme.slug }));
    await post(`/pickflow/picklists/${list.id}/start-picking`);
    const pick = await counted(() => post(`/pickflow/picklists/${list.id}/items/${list.items[0].id}/pick`, { quantity: 1 }));
    const remove = await counted(() => server.call('DELETE', `/external/api/v1/pickflow/picklists/${list.id}`, { token: acme.token, company: acme.slug }));
    counts.push({ create, get, pick, remove });
  }
  expect(counts[1]).toEqual(counts[0]);
});
