// Sales orders over real HTTP: drafts priced from lists or retail prices, confirmation that reserves stock
// across the channel's warehouses in priority order, backorders filled by later arrivals (an adjustment, a
// purchase receipt) oldest first, kits reserving components, the quantities in the stock export, cancel and
// close releasing stock to other backorders, a locked channel, and bad input on every route.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';
import { salesChannelFrom } from '../support/seed.js';

const { server, companies: { globex }, api, post } = serverForFile(['acme', 'globex'], {
  logger: { log: (level, message, fields) => void (level === 'error' && console.error(message, fields)) },
});

let north: any;
let south: any;
let southBin: any;
let elsewhere: any;
let channel: any;
let widget: any;
let gadget: any;
let kit: any;
let supplier: any;

async function adjust(productId: number, locationId: number, quantity: number): Promise<void> {
  await post('/inventory/adjustments', { lines: [{ product_id: productId, location_id: locationId, quantity, unit_cost: 1 }] });
}

async function exported(productId: number): Promise<any> {
  const rows = (await api('GET', `/inventory/stocks/export?limit=1000`)).body.data;
  return rows.find((row: any) => row.id === productId);
}

async function confirmedOrder(lines: unknown[], extra: Record<string, unknown> = {}): Promise<any> {
  const order = await post('/sales-orders', { channel_id: channel.id, lines, ...extra });
  return post(`/sales-orders/${order.id}/confirm`);
}

const line = (order: any, index = 0) => order.lines[index];

beforeAll(async () => {
  north = await post('/locations', { name: 'North' });
  south = await post('/locations', { name: 'South' });
  southBin = await post('/locations', { name: 'South bin', parent_id: south.id });
  elsewhere = await post('/locations', { name: 'Elsewhere' });
  channel = await salesChannelFrom(post, [north.id, south.id], 'Web shop');
  // Widgets come from South first, then North.
  const priority = await post('/priority-lists', { name: 'South first', warehouse_ids: [south.id, north.id] });
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 12.5, priority_list_id: priority.id });
  gadget = await post('/products', { name: 'Gadget', sku: 'G-1', retail_price: 40 });
  kit = await post('/products', { name: 'Widget pair', sku: 'KIT-W2', type: 'KIT', retail_price: 20, kit_items: [{ product_id: widget.id, quantity: 2 }] });
  supplier = await post('/suppliers', { name: 'Widget Works' });
  await adjust(widget.id, north.id, 5);
  await adjust(widget.id, southBin.id, 4);
  await adjust(widget.id, elsewhere.id, 100);
  await adjust(gadget.id, north.id, 3);
});

describe('sales orders', () => {
  let first: any;
  let second: any;

  it('creates a draft priced from the retail price or as given, with its totals', async () => {
    const res = await api('POST', '/sales-orders', {
      channel_id: channel.id, order_date: '2026-06-01', ship_to: { name: 'Ann', street_1: '1 Main St', city: 'Springfield', country: 'us' },
      lines: [{ product_id: widget.id, quantity: 7, tax_rate: 10 }, { sku: 'G-1', quantity: 1, unit_price: 39.99, discount_percent: 10 }],
    });
    expect(res.status, res.text).toBe(201);
    first = res.body.data;
    expect(first).toMatchObject({
      order_number: 'SO-000001', status: 'draft', channel: { id: channel.id, label: 'Web shop' }, company: null, currency: 'USD',
      ship_to: { name: 'Ann', street_1: '1 Main St', city: 'Springfield', country: 'US' },
      // 7 × 12.50 = 87.50 (tax 8.75); 39.99 − 4.00 discount.
      subtotal: 127.49, discount_total: 4, tax_total: 8.75, total: 132.24, confirmed_at: null, cancelled_at: null,
    });
    expect(line(first)).toMatchObject({ product: { id: widget.id, sku: 'W-1', name: 'Widget' }, quantity: 7, unit_price: 12.5, price_source: 'retail_price', line_total: 87.5, quantity_allocated: 0, quantity_backordered: 0, quantity_shipped: 0, allocations: [] });
    expect(line(first, 1)).toMatchObject({ unit_price: 39.99, price_source: 'given', discount_amount: 4, line_total: 35.99 });
  });

  it('confirms: reserves in the channel group, in priority order, and nothing from other warehouses', async () => {
    first = await post(`/sales-orders/${first.id}/confirm`);
    expect(first.status).toBe('confirmed');
    expect(first.confirmed_at).toEqual(expect.any(String));
    // South (its bin) first: 4, then North: 3.
    expect(line(first)).toMatchObject({ quantity_allocated: 7, quantity_backordered: 0, allocations: [{ warehouse_id: north.id, quantity: 3 }, { warehouse_id: south.id, quantity: 4 }] });
    expect(line(first, 1)).toMatchObject({ quantity_allocated: 1, allocations: [{ warehouse_id: north.id, quantity: 1 }] });
    expectErrors(await api('POST', `/sales-orders/${first.id}/confirm`), ['status']);
    expectErrors(await api('PATCH', `/sales-orders/${first.id}`, { notes: 'x' }), ['status']);
  });

  it('backorders what is not free, shows it in the export, and fills it when stock arrives, oldest first', async () => {
    second = await confirmedOrder([{ product_id: widget.id, quantity: 5 }]);
    expect(line(second)).toMatchObject({ quantity_allocated: 2, quantity_backordered: 3, allocations: [{ warehouse_id: north.id, quantity: 2 }] });
    const third = await confirmedOrder([{ product_id: widget.id, quantity: 1 }]);
    expect(line(third)).toMatchObject({ quantity_allocated: 0, quantity_backordered: 1 });

    const row = await exported(widget.id);
    // 109 on hand, 9 reserved, 4 backordered; the warehouse outside the group keeps its 100 available.
    expect(row).toMatchObject({ qty_onhand: 109, qty_pending: 9, qty_available: 100, qty_backordered: 4 });
    expect(row.location_stocks.find((l: any) => l.id === north.id)).toMatchObject({ qty_onhand: 5, qty_pending: 5, qty_available: 0 });
    // The stock query shows reservations on the warehouse's row without a lot (South's stock is in its bin).
    const stock = (await api('GET', `/inventory/stock?product_id=${widget.id}`)).body.data;
    const at = (locationId: number) => stock.find((r: any) => r.location_id === locationId && r.lot_id === null);
    expect(at(north.id)).toMatchObject({ quantity: 5, qty_pending: 5, qty_available: 0 });
    expect(at(south.id)).toMatchObject({ quantity: 0, qty_pending: 4, qty_available: 0 });
    expect(at(southBin.id)).toMatchObject({ quantity: 4, qty_pending: 0, qty_available: 4 });

    // Stock arriving at a warehouse of the group goes to the oldest backorder first.
    await adjust(widget.id, north.id, 2);
    expect(line((await api('GET', `/sales-orders/${second.id}`)).body.data)).toMatchObject({ quantity_allocated: 4, quantity_backordered: 1 });
    expect(line((await api('GET', `/sales-orders/${third.id}`)).body.data)).toMatchObject({ quantity_allocated: 0, quantity_backordered: 1 });
    // Stock arriving outside the group fills nothing.
    await adjust(widget.id, elsewhere.id, 5);
    expect(line((await api('GET', `/sales-orders/${second.id}`)).body.data).quantity_backordered).toBe(1);

    // A purchase receipt into South fills the rest.
    const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: south.id, lines: [{ product_id: widget.id, quantity: 2, unit_cost: 1 }] });
    const submitted = await post(`/purchase-orders/${po.id}/submit`);
    await post(`/purchase-orders/${po.id}/receiving-reports`, { lines: [{ purchase_order_line_id: submitted.lines[0].id, quantity: 2 }] });
    expect(line((await api('GET', `/sales-orders/${second.id}`)).body.data)).toMatchObject({ quantity_allocated: 5, quantity_backordered: 0 });
    expect(line((await api('GET', `/sales-orders/${third.id}`)).body.data)).toMatchObject({ quantity_allocated: 1, quantity_backordered: 0 });
    expect(await exported(widget.id)).toMatchObject({ qty_onhand: 118, qty_pending: 13, qty_available: 105, qty_backordered: 0 });
  });

  it('releases stock on deallocate, cancel and close; cancelled stock goes to other backorders', async () => {
    const waiting = await confirmedOrder([{ product_id: gadget.id, quantity: 3 }]);
    expect(line(waiting)).toMatchObject({ quantity_allocated: 2, quantity_backordered: 1 });
    // The first order's gadget goes to the waiting order when the first is cancelled.
    const cancelled = await post(`/sales-orders/${first.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(cancelled.cancelled_at).toEqual(expect.any(String));
    expect(line(cancelled)).toMatchObject({ quantity_allocated: 0, quantity_backordered: 0, allocations: [] });
    expect(line((await api('GET', `/sales-orders/${waiting.id}`)).body.data)).toMatchObject({ quantity_allocated: 3, quantity_backordered: 0 });
    expectErrors(await api('POST', `/sales-orders/${first.id}/cancel`), ['status']);
    expectErrors(await api('POST', `/sales-orders/${first.id}/allocate`), ['status']);

    const released = await post(`/sales-orders/${waiting.id}/deallocate`);
    expect(line(released)).toMatchObject({ quantity_allocated: 0, quantity_backordered: 3 });
    const again = await post(`/sales-orders/${waiting.id}/allocate`);
    expect(line(again)).toMatchObject({ quantity_allocated: 3, quantity_backordered: 0 });
    // Nothing shipped yet: an open order cannot be closed.
    expectErrors(await api('POST', `/sales-orders/${waiting.id}/close`), ['status']);
  });

  it('reserves the components of a kit line', async () => {
    // Free widgets now: South 4 (6 on hand, 2 reserved), North 3 (7 on hand, 4 reserved). 6 kits need 12.
    const order = await confirmedOrder([{ product_id: kit.id, quantity: 6 }]);
    expect(line(order)).toMatchObject({ unit_price: 20, quantity_allocated: 3.5, quantity_backordered: 2.5, allocations: [{ warehouse_id: north.id, quantity: 3 }, { warehouse_id: south.id, quantity: 4 }] });
    expect((await exported(widget.id)).qty_backordered).toBe(5);
    await post(`/sales-orders/${order.id}/cancel`);
    expect((await exported(widget.id)).qty_backordered).toBe(0);
  });

  it('edits and deletes drafts, numbering unnamed orders and keeping channel numbers unique', async () => {
    const draft = await post('/sales-orders', { channel_id: channel.id, order_number: 'WEB-1', lines: [{ product_id: gadget.id, quantity: 1 }] });
    expect(draft.order_number).toBe('WEB-1');
    expectErrors(await api('POST', '/sales-orders', { channel_id: channel.id, order_number: 'WEB-1', lines: [{ product_id: gadget.id, quantity: 1 }] }), ['order_number']);
    const edited = (await api('PATCH', `/sales-orders/${draft.id}`, { lines: [{ product_id: gadget.id, quantity: 2, unit_price: 30 }], requested_ship_date: '2026-07-01' })).body.data;
    expect(edited).toMatchObject({ total: 60, requested_ship_date: '2026-07-01', order_number: 'WEB-1' });
    expect((await api('DELETE', `/sales-orders/${draft.id}`)).status).toBe(200);
    expect((await api('GET', `/sales-orders/${draft.id}`)).status).toBe(404);
  });

  it('lists with filters, sorting and pages of at most 100', async () => {
    const list = await api('GET', `/sales-orders?status=confirmed&channel_id=${channel.id}&sort=-id&per_page=2`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.every((o: any) => o.status === 'confirmed')).toBe(true);
    expect(list.body.data[0].id).toBeGreaterThan(list.body.data[1].id);
    expect((await api('GET', '/sales-orders?order_number=SO-000001')).body.data.map((o: any) => o.id)).toEqual([first.id]);
    const future = await api('GET', '/sales-orders?created_at[gte]=2999-01-01');
    expect(future.body.data, future.text).toEqual([]);
    expectErrors(await api('GET', '/sales-orders?per_page=101'), ['per_page']);
    expectErrors(await api('GET', '/sales-orders?status=lost'), ['status']);
    expectErrors(await api('GET', '/sales-orders?sort=colour'), ['sort']);
    expect((await api('GET', '/sales-orders', undefined, globex)).body.data).toEqual([]);
  });

  it('answers 422 naming every bad field and 404 for what does not exist', async () => {
    expectErrors(await api('POST', '/sales-orders', {}), ['channel_id', 'lines']);
    expectErrors(
      await api('POST', '/sales-orders', {
        channel_id: 999999, company_id: 999999, currency: 'XXQ', order_date: '2026-13-01', ship_to: { street_1: '', city: 'X', country: 'ZZ' },
        lines: [{ product_id: 999999, quantity: 1 }, { product_id: widget.id, quantity: 0, unit_price: -1, discount_percent: 101, tax_rate: -1 }, { sku: 'NOPE', quantity: 1 }],
      }),
      ['channel_id', 'company_id', 'currency', 'order_date', 'ship_to.street_1', 'ship_to.country', 'lines.0.product_id', 'lines.1.quantity', 'lines.1.unit_price', 'lines.1.discount_percent', 'lines.1.tax_rate', 'lines.2.sku'],
    );
    const unpriced = await post('/products', { name: 'Free thing', sku: 'F-1' });
    expectErrors(await api('POST', '/sales-orders', { channel_id: channel.id, lines: [{ product_id: unpriced.id, quantity: 1 }] }), ['lines.0.unit_price']);
    expect((await api('POST', '/sales-orders', { channel_id: 'web', lines: [] })).status).toBe(422);
    for (const path of ['/sales-orders/999999', '/sales-orders/999999/confirm', '/sales-orders/999999/cancel']) {
      expect((await api(path.endsWith('999999') ? 'GET' : 'POST', path)).status).toBe(404);
    }
    expect((await api('GET', `/sales-orders/${first.id}`, undefined, globex)).status).toBe(404);
  });

  it('refuses every change of an order of a locked channel with 403, and still reads it', async () => {
    const group = await post('/warehouse-groups', { name: 'Locked group', warehouse_ids: [elsewhere.id] });
    const locked = await post('/channels', { channelType: 'sales_channel', label: 'Locked', warehouseGroupId: group.id, apiLocked: false });
    const draft = await post('/sales-orders', { channel_id: locked.id, lines: [{ product_id: gadget.id, quantity: 1 }] });
    await server.database.prisma.salesChannel.updateMany({ where: { id: locked.id }, data: { apiLocked: true } });
    const create = await api('POST', '/sales-orders', { channel_id: locked.id, lines: [{ product_id: gadget.id, quantity: 1 }] });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ message: expect.stringContaining('locked') });
    for (const [method, path] of [['PATCH', ''], ['DELETE', ''], ['POST', '/confirm'], ['POST', '/cancel']] as const) {
      expect((await api(method, `/sales-orders/${draft.id}${path}`, method === 'PATCH' ? { notes: 'x' } : undefined)).status).toBe(403);
    }
    // Moving a draft onto the locked channel is refused too.
    const other = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: gadget.id, quantity: 1 }] });
    expect((await api('PATCH', `/sales-orders/${other.id}`, { channel_id: locked.id })).status).toBe(403);
    expect((await api('GET', `/sales-orders/${draft.id}`)).status).toBe(200);
  });
});
