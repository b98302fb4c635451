// Picklists over real HTTP: a wave picklist over two orders of one warehouse assigns items to pick locations
// first, lots by each product's deduction strategy (never an expired lot) and sorts them in walk order; the
// GET shape is the contract's; picks (short, from another location) write what a shipment of the fulfillment
// order then takes; transitions set their timestamps and refuse a wrong state; delete releases the picks;
// list filters; bad input on every route; tenant isolation.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let north: any;
let aPick: any;
let bShelf: any;
let cPick: any;
let south: any;
let channel: any;
let widget: any;
let lotted: any;
let gadget: any;
let southie: any;
let unit: any;
const lotIds: Record<string, number> = {};

async function adjust(lines: Array<Record<string, unknown>>): Promise<any> {
  return post('/inventory/adjustments', { lines: lines.map((l) => ({ unit_cost: 1, ...l })) });
}
async function confirmedOrder(lines: Array<{ product_id: number; quantity: number }>): Promise<any> {
  const draft = await post('/sales-orders', { channel_id: channel.id, lines });
  return post(`/sales-orders/${draft.id}/confirm`);
}
async function fulfillmentOrdersOf(salesOrderId: number): Promise<any[]> {
  return (await api('GET', `/fulfillment-orders?sales_order_id=${salesOrderId}&sort=id`)).body.data;
}
const picklist = async (id: number, tenant?: Tenant) => api('GET', `/pickflow/picklists/${id}`, undefined, tenant);

beforeAll(async () => {
  north = await post('/locations', { name: 'North' });
  bShelf = await post('/locations', { name: 'B-shelf', parent_id: north.id });
  cPick = await post('/locations', { name: 'C-pick', parent_id: north.id, is_pick_location: true });
  aPick = await post('/locations', { name: 'A-pick', parent_id: north.id, is_pick_location: true });
  south = await post('/locations', { name: 'South' });
  const group = await post('/warehouse-groups', { name: 'Shop', lot_deduction_strategy: 'FEFO', warehouse_ids: [north.id, south.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  lotted = await post('/products', { name: 'Lotted', sku: 'L-1', retail_price: 5, lot_tracking: true, lot_deduction_strategy: 'FIFO' });
  gadget = await post('/products', { name: 'Gadget', sku: 'G-1', retail_price: 3, lot_tracking: true });
  southie = await post('/products', { name: 'Southie', sku: 'S-1', retail_price: 1 });
  // The widget: 5 on B-shelf (not a pick location), 3 in C-pick.
  await adjust([{ product_id: widget.id, location_id: bShelf.id, quantity: 5 }, { product_id: widget.id, location_id: cPick.id, quantity: 3 }]);
  // Lotted (FIFO): OLD produced first (2), NEW later (5), EXP expired long ago (10), all in A-pick.
  const lots = await adjust([
    { product_id: lotted.id, location_id: aPick.id, quantity: 5, lot_number: 'NEW', production_date: '2030-03-01', expiry_date: '2031-01-01' },
    { product_id: lotted.id, location_id: aPick.id, quantity: 2, lot_number: 'OLD', production_date: '2030-01-01', expiry_date: '2031-12-31' },
    { product_id: lotted.id, location_id: aPick.id, quantity: 10, lot_number: 'EXP', production_date: '2019-01-01', expiry_date: '2020-01-01' },
    // Gadget (no own strategy: the group's FEFO): G1 expires later than G2; both in the warehouse itself.
    { product_id: gadget.id, location_id: north.id, quantity: 3, lot_number: 'G1', expiry_date: '2032-01-01' },
    { product_id: gadget.id, location_id: north.id, quantity: 3, lot_number: 'G2', expiry_date: '2031-06-01' },
  ]);
  for (const line of lots.lines) lotIds[line.lot_number] = line.lot_id;
  await adjust([{ product_id: southie.id, location_id: south.id, quantity: 4 }]);
  // The lotted product counts in a unit of its own.
  const prisma = server.database.prisma as any;
  const unitClass = await prisma.unitClass.create({ data: { companyId: acme.companyId, name: 'Count', baseClass: true } });
  unit = await prisma.unitOfMeasure.create({ data: { companyId: acme.companyId, unitClassId: unitClass.id, name: 'each', baseUnit: true } });
  await prisma.product.update({ where: { companyId_id: { companyId: acme.companyId, id: lotted.id } }, data: { defaultUomId: unit.id } });
});

describe('picklists', () => {
  let so1: any;
  let so2: any;
  let fo1: any;
  let fo2: any;
  let foSouth: any;
  let list: any;

  it('makes a wave picklist over two orders: pick locations first, lots by strategy, walk order', async () => {
    so1 = await confirmedOrder([{ product_id: widget.id, quantity: 4 }, { product_id: lotted.id, quantity: 4 }]);
    so2 = await confirmedOrder([{ product_id: widget.id, quantity: 2 }, { product_id: gadget.id, quantity: 2 }]);
    [fo1] = await fulfillmentOrdersOf(so1.id);
    [fo2] = await fulfillmentOrdersOf(so2.id);
    expect([fo1.warehouse.id, fo2.warehouse.id]).toEqual([north.id, north.id]);
    const res = await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [fo1.id, fo2.id] });
    expect(res.status, res.text).toBe(201);
    list = res.body.data;
    expect(list).toMatchObject({ status: 'created', picking_started_at: null, picking_ended_at: null, packing_started_at: null, packing_ended_at: null });
    const rows = list.items.map((i: any) => [i.location_id, i.product.sku, i.lot_number, i.quantity, i.available_quantity, i.picked_quantity]);
    expect(rows).toEqual([
      [aPick.id, 'L-1', 'OLD', 2, 2, 0], // FIFO: the oldest production first; EXP is never assigned
      [aPick.id, 'L-1', 'NEW', 2, 5, 0],
      [bShelf.id, 'W-1', null, 3, 5, 0], // after the pick location C-pick ran out
      [cPick.id, 'W-1', null, 3, 3, 0],
      [north.id, 'G-1', 'G2', 2, 3, 0], // the group's FEFO: G2 expires first
    ]);
    // Fulfillment orders stay open until picking starts.
    expect((await api('GET', `/fulfillment-orders/${fo1.id}`)).body.data.status).toBe('open');
  });

  it('answers GET with exactly the contract fields, lot fields null without lots', async () => {
    const res = await picklist(list.id);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual([
      'created_at', 'id', 'items', 'packing_ended_at', 'packing_started_at', 'picking_ended_at', 'picking_started_at', 'status', 'updated_at',
    ]);
    for (const item of data.items) {
      expect(Object.keys(item).sort()).toEqual([
        'available_quantity', 'expiry_date', 'id', 'location_id', 'lot_deduction_strategy', 'lot_id', 'lot_number', 'picked_quantity', 'picklist_id', 'product',
        'production_date', 'quantity', 'rfq_id', 'uom', 'uom_id',
      ]);
      expect(item.picklist_id).toBe(list.id);
    }
    const [old, , shelf, , gad] = data.items;
    expect(old).toMatchObject({
      rfq_id: lotted.id, lot_id: lotIds.OLD, lot_number: 'OLD', production_date: '2030-01-01', expiry_date: '2031-12-31', lot_deduction_strategy: 'FIFO', uom_id: unit.id,
    });
    expect(old.uom).toMatchObject({ id: unit.id, name: 'each', unit_class: { name: 'Count', base_class: true } });
    expect(shelf).toMatchObject({ rfq_id: widget.id, lot_id: null, lot_number: null, production_date: null, expiry_date: null, lot_deduction_strategy: null, uom_id: null, uom: null });
    expect(gad).toMatchObject({ lot_id: lotIds.G2, production_date: null, expiry_date: '2031-06-01', lot_deduction_strategy: null });
    expect(data.items.some((i: any) => i.lot_id === lotIds.EXP)).toBe(false);
    expect(typeof data.created_at).toBe('string');
  });

  it('refuses orders of another warehouse, taken, missing or not open', async () => {
    const so3 = await confirmedOrder([{ product_id: southie.id, quantity: 1 }]);
    [foSouth] = await fulfillmentOrdersOf(so3.id);
    expect(foSouth.warehouse.id).toBe(south.id);
    const other = await confirmedOrder([{ product_id: widget.id, quantity: 1 }]);
    const [foOther] = await fulfillmentOrdersOf(other.id);
    expectErrors(await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [foOther.id, foSouth.id] }), ['fulfillment_order_ids.1']);
    expectErrors(await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [fo2.id] }), ['fulfillment_order_ids.0']);
    expectErrors(await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [999999, foOther.id, foOther.id] }), ['fulfillment_order_ids.0', 'fulfillment_order_ids.2']);
    expectErrors(await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [] }), ['fulfillment_order_ids']);
    expectErrors(await api('POST', '/pickflow/picklists', {}), ['fulfillment_order_ids']);
    await post(`/fulfillment-orders/${foOther.id}/cancel`);
    expectErrors(await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [foOther.id] }), ['fulfillment_order_ids.0']);
  });

  it('picks only while picking, then picks in full, short and from another location', async () => {
    const [old, fresh, shelf, pickBin] = list.items;
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/items/${old.id}/pick`, { quantity: 1 }), ['status']);
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/finish-picking`), ['status']);
    const started = await post(`/pickflow/picklists/${list.id}/start-picking`);
    expect(started.status).toBe('picking');
    expect(Date.parse(started.picking_started_at)).not.toBeNaN();
    expect((await api('GET', `/fulfillment-orders/${fo1.id}`)).body.data.status).toBe('picking');
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/start-picking`), ['status']);

    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/items/${fresh.id}/pick`, { quantity: 1, lot_id: lotIds.EXP }), ['lot_id']);
    await post(`/pickflow/picklists/${list.id}/items/${old.id}/pick`, { quantity: 2 });
    await post(`/pickflow/picklists/${list.id}/items/${fresh.id}/pick`, { quantity: 2 });
    await post(`/pickflow/picklists/${list.id}/items/${shelf.id}/pick`, { quantity: 3 });
    // More than the item has left; from a location without the product; outside the warehouse; an expired lot.
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/items/${shelf.id}/pick`, { quantity: 1 }), ['quantity']);
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/items/${pickBin.id}/pick`, { quantity: 1, location_id: aPick.id }), ['location_id']);
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/items/${pickBin.id}/pick`, { quantity: 1, location_id: south.id }), ['location_id']);
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/items/${pickBin.id}/pick`, { quantity: 0 }), ['quantity']);
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/items/${pickBin.id}/pick`, {}), ['quantity']);
    expect((await api('POST', `/pickflow/picklists/${list.id}/items/999999/pick`, { quantity: 1 })).status).toBe(404);
    // Two of the C-pick item's three, taken from B-shelf (which still holds them): a short pick.
    const picked = await post(`/pickflow/picklists/${list.id}/items/${pickBin.id}/pick`, { quantity: 2, location_id: bShelf.id });
    expect(picked.items.map((i: any) => i.picked_quantity)).toEqual([2, 2, 3, 2, 0]);

    // Oldest order first: fo1 takes 4 widgets (3 + 1), fo2 the last one.
    const one = (await api('GET', `/fulfillment-orders/${fo1.id}`)).body.data;
    expect(one.lines.map((l: any) => [l.product.sku, l.quantity, l.quantity_picked])).toEqual([['W-1', 4, 4], ['L-1', 4, 4]]);
    const two = (await api('GET', `/fulfillment-orders/${fo2.id}`)).body.data;
    expect(two.lines.map((l: any) => [l.product.sku, l.quantity, l.quantity_picked])).toEqual([['W-1', 2, 1], ['G-1', 2, 0]]);
    const done = await post(`/pickflow/picklists/${list.id}/finish-picking`);
    expect(done.status).toBe('picked');
    expect(Date.parse(done.picking_ended_at)).toBeGreaterThanOrEqual(Date.parse(done.picking_started_at));
    expect((await api('GET', `/fulfillment-orders/${fo2.id}`)).body.data.status).toBe('picked');
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/items/${pickBin.id}/pick`, { quantity: 1 }), ['status']);
  });

  it('lets a shipment of a fulfillment order take the picked locations and lots; picking moved nothing', async () => {
    const stock = (await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((r: any) => r.id === widget.id);
    expect(stock.qty_onhand).toBe(8);
    const shipment = await post(`/sales-orders/${so1.id}/shipments`, { fulfillment_order_id: fo1.id });
    const rows = shipment.lines.map((l: any) => [l.product.sku, l.quantity, l.location.id, l.lot?.lot_number ?? null]).sort((a: any, b: any) => `${a}`.localeCompare(`${b}`));
    expect(rows).toEqual([['L-1', 2, aPick.id, 'NEW'], ['L-1', 2, aPick.id, 'OLD'], ['W-1', 4, bShelf.id, null]]);
  });

  it('packs: start then finish, with timestamps; wrong states answer 422', async () => {
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/finish-packing`), ['status']);
    const packing = await post(`/pickflow/picklists/${list.id}/start-packing`);
    expect(packing).toMatchObject({ status: 'picked' });
    expect(Date.parse(packing.packing_started_at)).not.toBeNaN();
    expectErrors(await api('POST', `/pickflow/picklists/${list.id}/start-packing`), ['status']);
    const packed = await post(`/pickflow/picklists/${list.id}/finish-packing`);
    expect(packed.status).toBe('packed');
    expect(Date.parse(packed.packing_ended_at)).toBeGreaterThanOrEqual(Date.parse(packed.packing_started_at));
    expect((await api('GET', `/fulfillment-orders/${fo2.id}`)).body.data.status).toBe('packed');
    for (const step of ['start-picking', 'finish-picking', 'start-packing', 'finish-packing']) {
      expectErrors(await api('POST', `/pickflow/picklists/${list.id}/${step}`), ['status']);
    }
    expectErrors(await api('DELETE', `/pickflow/picklists/${list.id}`), ['status']);
    expectErrors(await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [fo1.id] }), ['fulfillment_order_ids.0']);
  });

  let second: any;
  let third: any;
  let fo4: any;
  it('deletes a picklist: its picks are undone and its orders open again', async () => {
    const so4 = await confirmedOrder([{ product_id: widget.id, quantity: 1 }]);
    [fo4] = await fulfillmentOrdersOf(so4.id);
    second = await post('/pickflow/picklists', { fulfillment_order_ids: [fo4.id] });
    expectErrors(await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [fo4.id] }), ['fulfillment_order_ids.0']);
    await post(`/pickflow/picklists/${second.id}/start-picking`);
    await post(`/pickflow/picklists/${second.id}/items/${second.items[0].id}/pick`, { quantity: 1 });
    expect((await api('GET', `/fulfillment-orders/${fo4.id}`)).body.data.lines[0].quantity_picked).toBe(1);
    const res = await api('DELETE', `/pickflow/picklists/${second.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: second.id, status: 'deleted' });
    const fo = (await api('GET', `/fulfillment-orders/${fo4.id}`)).body.data;
    expect(fo.status).toBe('open');
    expect(fo.lines[0].quantity_picked).toBe(0);
    expect(await server.database.prisma.fulfillmentPick.count({ where: { companyId: acme.companyId, picklistItem: { picklistId: second.id } } })).toBe(0);
    expectErrors(await api('DELETE', `/pickflow/picklists/${second.id}`), ['status']);
    expectErrors(await api('POST', `/pickflow/picklists/${second.id}/start-picking`), ['status']);
    // Free again: a new picklist takes the order.
    third = await post('/pickflow/picklists', { fulfillment_order_ids: [fo4.id] });
    expect(third.items.map((i: any) => [i.location_id, i.quantity])).toEqual([[cPick.id, 1]]);
    expectErrors(await api('POST', `/pickflow/picklists/${third.id}/start-packing`), ['status']);
  });

  it('lists with filters, sort and pagination', async () => {
    const all = await api('GET', '/pickflow/picklists?sort=-id');
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((p: any) => p.id)).toEqual([third.id, second.id, list.id]);
    expect(all.body.meta).toMatchObject({ total: 3, current_page: 1 });
    expect((await api('GET', '/pickflow/picklists?status=packed')).body.data.map((p: any) => p.id)).toEqual([list.id]);
    expect((await api('GET', '/pickflow/picklists?status=deleted')).body.data.map((p: any) => p.id)).toEqual([second.id]);
    expect((await api('GET', `/pickflow/picklists?warehouse_id=${north.id}&status=created`)).body.data.map((p: any) => p.id)).toEqual([third.id]);
    expect((await api('GET', `/pickflow/picklists?warehouse_id=${south.id}`)).body.data).toEqual([]);
    const page = await api('GET', '/pickflow/picklists?per_page=1&page=2&sort=id');
    expect(page.body.data.map((p: any) => p.id)).toEqual([second.id]);
    expect(page.body.meta).toMatchObject({ total: 3, last_page: 3, per_page: 1 });
    expectErrors(await api('GET', '/pickflow/picklists?status=lost'), ['status']);
    expectErrors(await api('GET', '/pickflow/picklists?warehouse_id=abc'), ['warehouse_id']);
    expectErrors(await api('GET', '/pickflow/picklists?sort=nope'), ['sort']);
  });

  it('answers 404 for picklists and items that do not exist', async () => {
    expect((await picklist(999999)).status).toBe(404);
    expect((await api('DELETE', '/pickflow/picklists/999999')).status).toBe(404);
    for (const step of ['start-picking', 'finish-picking', 'start-packing', 'finish-packing']) {
      expect((await api('POST', `/pickflow/picklists/999999/${step}`)).status).toBe(404);
    }
    await post(`/pickflow/picklists/${third.id}/start-picking`);
    // An item of another picklist is not an item of this one.
    expect((await api('POST', `/pickflow/picklists/${third.id}/items/${list.items[0].id}/pick`, { quantity: 1 })).status).toBe(404);
    expect((await api('POST', `/pickflow/picklists/999999/items/${third.items[0].id}/pick`, { quantity: 1 })).status).toBe(404);
  });

  it('keeps companies apart', async () => {
    expect((await picklist(list.id, globex)).status).toBe(404);
    expect((await api('GET', '/pickflow/picklists', undefined, globex)).body.data).toEqual([]);
    expectErrors(await api('POST', '/pickflow/picklists', { fulfillment_order_ids: [fo4.id] }, globex), ['fulfillment_order_ids.0']);
    expect((await api('POST', `/pickflow/picklists/${third.id}/items/${third.items[0].id}/pick`, { quantity: 1 }, globex)).status).toBe(404);
    expect((await api('DELETE', `/pickflow/picklists/${third.id}`, undefined, globex)).status).toBe(404);
    expect((await picklist(third.id)).body.data.status).toBe('picking');
  });
});
