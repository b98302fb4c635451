// Order intake from channels and purgatory over real HTTP: a postable order becomes a confirmed sales order
// (201) and its replay answers it (200) without creating anything; an unknown SKU, an inactive product, a
// bad address or a conflicting replay land in purgatory (202) with every reason; resolving with a SKU mapping
// posts it (201) and later intakes use the mapping; discarding; a locked channel; bad input on every route.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { globex }, api, post } = serverForFile(['acme', 'globex']);
let channel: any;
let widget: any;
let retired: any;
let warehouse: any;

const address = { name: 'Ann Buyer', street_1: '1 Main St', city: 'Springfield', zip: '12345', country: 'US' };
const intake = (body: unknown, channelId = channel.id) => api('POST', `/channels/${channelId}/orders`, body);

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  const group = await post('/warehouse-groups', { name: 'Online', warehouse_ids: [warehouse.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Marketplace', warehouseGroupId: group.id });
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10, alternate_skus: [{ sku: 'W-ALT' }] });
  retired = await post('/products', { name: 'Retired', sku: 'R-1', retail_price: 5 });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: warehouse.id, quantity: 3 }, { product_id: retired.id, location_id: warehouse.id, quantity: 1 }] });
  await api('DELETE', `/products/${retired.id}`); // has stock history: deactivated
});

describe('order intake', () => {
  const order = { external_order_id: 'MP-1001', order_date: '2026-06-01', customer: { name: 'Ann Buyer', email: 'ann@example.com' }, ship_to: address, lines: [{ external_sku: 'W-ALT', quantity: 2, unit_price: 9.5 }] };
  let posted: any;

  it('posts a readable, postable order as a confirmed sales order with its customer', async () => {
    const res = await intake(order);
    expect(res.status, res.text).toBe(201);
    posted = res.body.data;
    expect(posted).toMatchObject({
      external_order_id: 'MP-1001', status: 'confirmed', channel: { id: channel.id }, company: { name: 'Ann Buyer' }, order_date: '2026-06-01',
      ship_to: { street_1: '1 Main St', country: 'US' }, total: 19,
    });
    expect(posted.lines[0]).toMatchObject({ product: { id: widget.id }, quantity: 2, unit_price: 9.5, quantity_allocated: 2 });
    const customers = (await api('GET', '/companies?email=ann@example.com')).body.data;
    expect(customers.map((c: any) => c.id)).toEqual([posted.company.id]);
  });

  it('answers a replay with the existing order (200) and creates nothing', async () => {
    const before = (await api('GET', '/sales-orders')).body.meta.total;
    const reordered = { lines: order.lines, ship_to: address, customer: order.customer, order_date: '2026-06-01', external_order_id: 'MP-1001' };
    const res = await intake(reordered);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.id).toBe(posted.id);
    expect((await api('GET', '/sales-orders')).body.meta.total).toBe(before);
    expect((await api('GET', '/companies?email=ann@example.com')).body.data).toHaveLength(1);
  });

  it('sends a replay with other content to purgatory', async () => {
    const res = await intake({ ...order, lines: [{ external_sku: 'W-1', quantity: 3 }] });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ external_order_id: 'MP-1001', status: 'pending', reasons: [{ code: 'duplicate_conflict', line: null }], sales_order_id: null });
    await post(`/purgatory/${res.body.data.id}/discard`);
  });

  it('parks an order with every reason, keeps the payload as received, and resolves it with a mapping', async () => {
    const parked = { external_order_id: 'MP-2002', ship_to: { ...address, country: 'XX' }, lines: [{ external_sku: 'MARKET-W', quantity: 1 }, { external_sku: 'R-1', quantity: 1 }, { external_sku: 'W-1', quantity: 1 }] };
    const res = await intake(parked);
    expect(res.status, res.text).toBe(202);
    const entry = res.body.data;
    expect(Object.keys(entry).sort()).toEqual(['channel_id', 'created_at', 'external_order_id', 'id', 'payload', 'reasons', 'resolved_at', 'sales_order_id', 'status', 'updated_at']);
    expect(entry.payload).toEqual(parked);
    expect(entry.reasons.map((r: any) => [r.code, r.line])).toEqual([['unknown_sku', 0], ['inactive_product', 1], ['invalid_address', null]]);
    expect(entry.reasons[0].message).toContain('MARKET-W');

    // Replaying a pending entry answers it again.
    const replay = await intake(parked);
    expect(replay.status).toBe(202);
    expect(replay.body.data.id).toBe(entry.id);
    expect((await api('GET', '/purgatory?status=pending')).body.data.map((e: any) => e.id)).toEqual([entry.id]);

    // A mapping alone is not enough: the mapping is kept, the 422 names what is left.
    const partly = await api('POST', `/purgatory/${entry.id}/resolve`, { sku_mappings: [{ external_sku: 'MARKET-W', product_id: widget.id }] });
    expectErrors(partly, ['lines.1.external_sku', 'ship_to']);
    const kept = (await api('GET', `/purgatory/${entry.id}`)).body.data;
    expect(kept.reasons.map((r: any) => r.code)).toEqual(['inactive_product', 'invalid_address']);
    expect(kept.status).toBe('pending');

  });

  it('uses the saved mappings for later orders, and resolves once the last problem is gone', async () => {
    const entry = (await api('GET', '/purgatory?status=pending')).body.data[0];
    // The address corrected, the inactive product still stands in the way.
    const order2 = await api('POST', `/purgatory/${entry.id}/resolve`, { sku_mappings: [{ external_sku: 'MARKET-W', product_id: widget.id }], ship_to: address });
    expectErrors(order2, ['lines.1.external_sku']);
    const unretired = await post('/products', { name: 'Replacement', sku: 'REPL-1', retail_price: 6 });
    const res = await api('POST', `/purgatory/${entry.id}/resolve`, { sku_mappings: [{ external_sku: 'R-1', product_id: unretired.id }], ship_to: address });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ external_order_id: 'MP-2002', status: 'confirmed', ship_to: { country: 'US' } });
    expect(res.body.data.lines.map((l: any) => l.product.id)).toEqual([widget.id, unretired.id, widget.id]);
    const done = (await api('GET', `/purgatory/${entry.id}`)).body.data;
    expect(done).toMatchObject({ status: 'resolved', sales_order_id: res.body.data.id, reasons: [] });
    expect(done.resolved_at).toEqual(expect.any(String));
    expectErrors(await api('POST', `/purgatory/${entry.id}/resolve`, {}), ['status']);
    expectErrors(await api('POST', `/purgatory/${entry.id}/discard`), ['status']);

    // The original payload replayed answers the order it became.
    const replay = await intake((await api('GET', `/purgatory/${entry.id}`)).body.data.payload);
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(res.body.data.id);
    // A new order with the channel's SKU posts straight away.
    const next = await intake({ external_order_id: 'MP-3003', ship_to: address, lines: [{ external_sku: 'MARKET-W', quantity: 1 }] });
    expect(next.status, next.text).toBe(201);
    expect(next.body.data.lines[0].product.id).toBe(widget.id);
  });

  it('lists and filters purgatory, discards, and parks an order without an address', async () => {
    const res = await intake({ external_order_id: 'MP-4004', lines: [{ external_sku: 'W-1', quantity: 1 }] });
    expect(res.status).toBe(202);
    expect(res.body.data.reasons).toEqual([{ code: 'missing_address', message: expect.any(String), line: null }]);
    expect((await api('GET', '/purgatory?reason_code=missing_address')).body.data.map((e: any) => e.id)).toEqual([res.body.data.id]);
    expect((await api('GET', `/purgatory?channel_id=${channel.id}&status=resolved`)).body.data).toHaveLength(1);
    const discarded = await post(`/purgatory/${res.body.data.id}/discard`);
    expect(discarded).toMatchObject({ status: 'discarded' });
    expectErrors(await api('GET', '/purgatory?reason_code=bad_luck'), ['reason_code']);
    expectErrors(await api('GET', '/purgatory?per_page=101'), ['per_page']);
    expect((await api('GET', '/purgatory', undefined, globex)).body.data).toEqual([]);
    expect((await api('GET', `/purgatory/${res.body.data.id}`, undefined, globex)).status).toBe(404);
  });

  it('answers 422 for a body that is not an order, 404 for unknown channels and entries, 403 for a locked channel', async () => {
    expectErrors(await intake({}), ['external_order_id', 'lines']);
    expectErrors(await intake({ external_order_id: 7, lines: [{ quantity: 'two' }, 'x', { external_sku: 'W-1', quantity: -1, unit_price: 'free' }] }), [
      'external_order_id', 'lines.0.external_sku', 'lines.0.quantity', 'lines.1', 'lines.2.quantity', 'lines.2.unit_price',
    ]);
    expect((await intake([1, 2])).status).toBe(422);
    expect((await intake(order2Body(), 999999)).status).toBe(404);
    expect((await api('GET', '/purgatory/999999')).status).toBe(404);
    expect((await api('POST', '/purgatory/999999/resolve', {})).status).toBe(404);
    expectErrors(await api('POST', `/purgatory/1/resolve`, { sku_mappings: [{ external_sku: 'X', product_id: 'one' }] }), ['sku_mappings.0.product_id']);

    await server.database.prisma.salesChannel.updateMany({ where: { id: channel.id }, data: { apiLocked: true } });
    const locked = await intake(order2Body());
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({ message: expect.any(String) });
    await server.database.prisma.salesChannel.updateMany({ where: { id: channel.id }, data: { apiLocked: false } });
  });
});

function order2Body() {
  return { external_order_id: 'MP-9', ship_to: address, lines: [{ external_sku: 'W-1', quantity: 1 }] };
}
