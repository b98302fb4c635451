// GET /shipments over real HTTP: every shipment of the company, with filters (status, sales order, fulfillment
// order, warehouse through the lines' locations, shipped_at), sorting and pages, packages only when asked, 422s
// naming the parameter; a page runs the same number of statements for 1 shipment as for 11, packages included.
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { salesChannelFrom } from '../support/seed.js';

const counter = statementCounter();
const { companies: { globex }, api, post } = serverForFile(['acme', 'globex'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

let north: any;
let northBin: any;
let south: any;
let channel: any;
let widget: any;
const made: Record<'fromBin' | 'shipped' | 'voided', any> = {} as never;
let shippedAfter: string;

/** A confirmed order of `quantity` widgets and a draft shipment of them from `locationId`. */
async function shipmentFrom(locationId: number, quantity = 1) {
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity }] });
  const so = await post(`/sales-orders/${draft.id}/confirm`);
  return post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity, location_id: locationId }] });
}

const ids = async (query: string) => {
  const res = await api('GET', `/shipments${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((s: any) => s.id);
};

beforeAll(async () => {
  north = await post('/locations', { name: 'North' });
  northBin = await post('/locations', { name: 'North bin', parent_id: north.id });
  south = await post('/locations', { name: 'South' });
  channel = await salesChannelFrom(post, [north.id, south.id]);
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: widget.id, location_id: northBin.id, quantity: 100, unit_cost: 1 },
      { product_id: widget.id, location_id: south.id, quantity: 100, unit_cost: 1 },
    ],
  });
  made.fromBin = await shipmentFrom(northBin.id, 2);
  // Filters read whole seconds: the next second starts after the first shipment and before the others.
  await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
  shippedAfter = new Date().toISOString().slice(0, 19).replace('T', ' ');
  made.shipped = await shipmentFrom(south.id);
  expect((await api('POST', `/shipments/${made.shipped.id}/ship`)).status).toBe(200);
  made.voided = await shipmentFrom(south.id);
  expect((await api('POST', `/shipments/${made.voided.id}/void`)).status).toBe(200);
  // One package inside another in the shipment from the bin.
  const packed = await api('POST', `/sales-orders/${made.fromBin.sales_order_id}/shipments/${made.fromBin.id}/packages`, {
    packages: [{ sscc: '106141411234567897', child_packages: [{ sscc: '106141411234567804', contained_items: [{ order_item_id: made.fromBin.lines[0].sales_order_line_id, quantity: 2 }] }] }],
  });
  expect(packed.status, packed.text).toBe(201);
}, 120_000);

describe('GET /shipments', () => {
  it('lists every shipment of the company oldest first, with the fields of GET /shipments/{id} and no packages', async () => {
    const res = await api('GET', '/shipments');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((s: any) => [s.id, s.status])).toEqual([[made.fromBin.id, 'draft'], [made.shipped.id, 'shipped'], [made.voided.id, 'void']]);
    expect(res.body.meta).toMatchObject({ total: 3, current_page: 1 });
    const one = (await api('GET', `/shipments/${made.fromBin.id}`)).body.data;
    expect(res.body.data[0]).toEqual(one);
    expect(res.body.data[0]).not.toHaveProperty('packages');
    expect((await api('GET', '/shipments', undefined, globex)).body.data).toEqual([]);
  });

  it('filters by status, sales order, fulfillment order, warehouse (its locations too) and shipped_at; sorts and pages', async () => {
    expect(await ids('?status=shipped')).toEqual([made.shipped.id]);
    expect(await ids('?status=void')).toEqual([made.voided.id]);
    expect(await ids(`?sales_order_id=${made.voided.sales_order_id}`)).toEqual([made.voided.id]);
    expect(await ids('?fulfillment_order_id=999999')).toEqual([]);
    // North's shipment left from North's bin: the warehouse is the bin's parent.
    expect(await ids(`?warehouse_id=${north.id}`)).toEqual([made.fromBin.id]);
    expect(await ids(`?warehouse_id=${south.id}`)).toEqual([made.shipped.id, made.voided.id]);
    expect(await ids(`?shipped_at[gte]=${encodeURIComponent(shippedAfter)}`)).toEqual([made.shipped.id]);
    expect(await ids(`?created_at[lt]=${encodeURIComponent(shippedAfter)}`)).toEqual([made.fromBin.id]);
    expect(await ids('?sort=-id')).toEqual([made.voided.id, made.shipped.id, made.fromBin.id]);
    const page = await api('GET', '/shipments?per_page=2&page=2');
    expect(page.body.data.map((s: any) => s.id)).toEqual([made.voided.id]);
    expect(page.body.meta).toMatchObject({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
  });

  it('adds the packages, every level in one list, with include_packages=true', async () => {
    const res = await api('GET', `/shipments?include_packages=true&status=draft`);
    expect(res.status, res.text).toBe(200);
    const [outer, inner] = res.body.data[0].packages;
    expect([outer.sscc, outer.parent_package_id]).toEqual(['106141411234567897', null]);
    expect([inner.sscc, inner.parent_package_id, inner.items.map((i: any) => i.quantity)]).toEqual(['106141411234567804', outer.id, [2]]);
    expect((await api('GET', '/shipments?include_packages=false')).body.data[0]).not.toHaveProperty('packages');
  });

  it('answers 422 naming the parameter for a bad filter, sort or include_packages', async () => {
    for (const [query, field] of [
      ['?status=lost', 'status'],
      ['?warehouse_id=north', 'warehouse_id'],
      ['?warehouse_id[gt]=1', 'warehouse_id[gt]'],
      ['?shipped_at[gte]=yesterday', 'shipped_at[gte]'],
      ['?sort=weight', 'sort'],
      ['?include_packages=maybe', 'include_packages'],
    ]) {
      const res = await api('GET', `/shipments${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(422);
      expect(Object.keys(res.body.errors), query).toContain(field);
    }
  });

  it('runs the same statements for a page of 1 draft shipment as for 11, packages included', async () => {
    const counts = [];
    for (const more of [0, 10]) {
      for (let i = 0; i < more; i++) await shipmentFrom(south.id);
      const total = 1 + more;
      const page = await counter.count(() => api('GET', `/shipments?include_packages=true&status=draft&per_page=100`));
      expect(page.result.body.data).toHaveLength(total);
      counts.push(page.count);
    }
    expect(counts[1]).toBe(counts[0]);
  });
});
