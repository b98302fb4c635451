// Fulfillment orders and shipments over real HTTP: an order over two warehouses gets one fulfillment order
// per warehouse; shipments from lines leave through the ledger at FIFO cost, consume the reservations and move
// the order to partially_shipped then shipped; billable lines; kits ship their components; cancelling a
// fulfillment order releases its reservations; voids; bad input and locked channels.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { globex }, api, post } = serverForFile(['acme', 'globex']);

let north: any;
let northBin: any;
let south: any;
let channel: any;
let widget: any;
let gizmo: any;
let kit: any;

async function adjust(productId: number, locationId: number, quantity: number, unitCost: number): Promise<void> {
  await post('/inventory/adjustments', { lines: [{ product_id: productId, location_id: locationId, quantity, unit_cost: unitCost }] });
}
const exported = async (id: number) => (await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((r: any) => r.id === id);
const order = async (id: number) => (await api('GET', `/sales-orders/${id}`)).body.data;

beforeAll(async () => {
  north = await post('/locations', { name: 'North' });
  northBin = await post('/locations', { name: 'North bin', parent_id: north.id });
  south = await post('/locations', { name: 'South' });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [north.id, south.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id, fees: { shippingCharge: 7.5, perPackageFee: 1.25 } });
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  gizmo = await post('/products', { name: 'Gizmo', sku: 'G-1', retail_price: 4 });
  kit = await post('/products', { name: 'Widget pair', sku: 'KIT-2', type: 'KIT', retail_price: 18, kit_items: [{ product_id: widget.id, quantity: 2 }] });
  // Widgets: 4 in North's bin (2 at 1.00, then 2 at 3.00), 2 at South (2.00).
  await adjust(widget.id, northBin.id, 2, 1);
  await adjust(widget.id, northBin.id, 2, 3);
  await adjust(widget.id, south.id, 2, 2);
  await adjust(gizmo.id, north.id, 10, 0.5);
});

describe('fulfillment orders and shipments', () => {
  let so: any;

  it('creates one fulfillment order per warehouse holding the reservations', async () => {
    const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 6, discount_percent: 10, tax_rate: 20 }, { product_id: gizmo.id, quantity: 2 }] });
    so = await post(`/sales-orders/${draft.id}/confirm`);
    const list = await api('GET', `/fulfillment-orders?sales_order_id=${so.id}&sort=id`);
    expect(list.status, list.text).toBe(200);
    const [atNorth, atSouth] = list.body.data;
    expect(Object.keys(atNorth).sort()).toEqual(['created_at', 'id', 'lines', 'sales_order_id', 'status', 'updated_at', 'warehouse']);
    expect(atNorth).toMatchObject({ sales_order_id: so.id, warehouse: { id: north.id, name: 'North' }, status: 'open' });
    expect(atNorth.lines.map((l: any) => [l.product.sku, l.quantity, l.quantity_picked, l.quantity_shipped])).toEqual([['W-1', 4, 0, 0], ['G-1', 2, 0, 0]]);
    expect(atSouth.lines.map((l: any) => [l.product.sku, l.quantity])).toEqual([['W-1', 2]]);
    expect((await api('GET', `/fulfillment-orders/${atSouth.id}`)).body.data.id).toBe(atSouth.id);
    expect((await api('GET', `/fulfillment-orders?warehouse_id=${south.id}&status=open`)).body.data.map((f: any) => f.id)).toEqual([atSouth.id]);
  });

  it('ships from lines at FIFO cost, consumes the reservations and bills what shipped', async () => {
    const res = await api('POST', `/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 3 }, { sales_order_line_id: so.lines[1].id, quantity: 2 }], carrier: 'UPS' });
    expect(res.status, res.text).toBe(201);
    const draft = res.body.data;
    expect(draft).toMatchObject({ status: 'draft', sales_order_id: so.id, carrier: 'UPS' });
    // Without a location: the North bin, where the line's reservation holds the most widgets.
    expect(draft.lines.map((l: any) => [l.product.sku, l.quantity, l.location.id, l.unit_cost])).toEqual([['W-1', 3, northBin.id, null], ['G-1', 2, north.id, null]]);
    expect((await api('GET', `/shipments/${draft.id}/billable-lines`)).body.data).toEqual([]);

    const shipped = await post(`/shipments/${draft.id}/ship`);
    expect(shipped.status).toBe('shipped');
    // FIFO: 2 at 1.00 and 1 at 3.00 → 5/3 per unit.
    expect(shipped.lines[0].unit_cost).toBeCloseTo(5 / 3, 8);
    expect(shipped.lines[1].unit_cost).toBe(0.5);
    const now = await order(so.id);
    expect(now.status).toBe('partially_shipped');
    expect(now.lines[0]).toMatchObject({ quantity_shipped: 3, quantity_allocated: 3, quantity_backordered: 0 });
    expect(now.lines[1]).toMatchObject({ quantity_shipped: 2, quantity_allocated: 0 });
    const row = await exported(widget.id);
    expect(row).toMatchObject({ qty_onhand: 3, qty_pending: 3, qty_available: 0 });
    // North's widgets sit in its bin; what is reserved at North still shows on North's row.
    expect(row.location_stocks.map((l: any) => [l.id, l.qty_onhand, l.qty_pending])).toEqual([[north.id, 0, 1], [northBin.id, 1, 0], [south.id, 2, 2]]);

    const billable = (await api('GET', `/shipments/${draft.id}/billable-lines`)).body.data;
    expect(billable).toEqual([
      { type: 'product', description: 'Widget', sku: 'W-1', quantity: 3, unit_price: 9, amount: 27, currency: 'USD', sales_order_line_id: so.lines[0].id },
      { type: 'product', description: 'Gizmo', sku: 'G-1', quantity: 2, unit_price: 4, amount: 8, currency: 'USD', sales_order_line_id: so.lines[1].id },
      { type: 'shipping', description: 'Shipping', sku: null, quantity: 1, unit_price: 7.5, amount: 7.5, currency: 'USD', sales_order_line_id: null },
    ]);
    expectErrors(await api('POST', `/shipments/${draft.id}/ship`), ['status']);
    expectErrors(await api('POST', `/shipments/${draft.id}/void`), ['status']);
  });

  it('refuses more than a line has left to ship, and voids a draft', async () => {
    expectErrors(await api('POST', `/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 4 }] }), ['lines.0.quantity']);
    const draft = await post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 3 }] });
    // The draft holds the rest: another shipment of it is refused until the draft is voided.
    expectErrors(await api('POST', `/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 1 }] }), ['lines.0.quantity']);
    expect((await post(`/shipments/${draft.id}/void`)).status).toBe('void');
  });

  it('ships the rest from two warehouses and the order is shipped', async () => {
    const rest = await post(`/sales-orders/${so.id}/shipments`, {
      lines: [{ sales_order_line_id: so.lines[0].id, quantity: 1, location_id: northBin.id }, { sales_order_line_id: so.lines[0].id, quantity: 2, location_id: south.id }],
    });
    await post(`/shipments/${rest.id}/ship`);
    const done = await order(so.id);
    expect(done.status).toBe('shipped');
    expect(done.lines[0]).toMatchObject({ quantity_shipped: 6, quantity_allocated: 0, quantity_backordered: 0 });
    expect(await exported(widget.id)).toMatchObject({ qty_onhand: 0, qty_pending: 0 });
    expect((await api('GET', `/sales-orders/${so.id}/shipments`)).body.data.map((s: any) => s.status)).toEqual(['shipped', 'void', 'shipped']);
    expect(await post(`/sales-orders/${so.id}/close`)).toMatchObject({ status: 'closed' });
  });

  it('ships a kit line as its components', async () => {
    await adjust(widget.id, south.id, 4, 2);
    const kitOrder = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: kit.id, quantity: 2 }] })).id}/confirm`);
    const shipment = await post(`/sales-orders/${kitOrder.id}/shipments`, { lines: [{ sales_order_line_id: kitOrder.lines[0].id, quantity: 1 }] });
    expect(shipment.lines.map((l: any) => [l.product.sku, l.quantity, l.location.id])).toEqual([['W-1', 2, south.id]]);
    await post(`/shipments/${shipment.id}/ship`);
    expect((await order(kitOrder.id)).lines[0]).toMatchObject({ quantity_shipped: 1, quantity_allocated: 1, quantity_backordered: 0 });
    expect((await api('GET', `/shipments/${shipment.id}/billable-lines`)).body.data[0]).toMatchObject({ sku: 'KIT-2', quantity: 1, amount: 18 });
  });

  it('cancels a fulfillment order, releasing its reservations', async () => {
    const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: gizmo.id, quantity: 3 }] });
    const confirmed = await post(`/sales-orders/${draft.id}/confirm`);
    const [fo] = (await api('GET', `/fulfillment-orders?sales_order_id=${confirmed.id}`)).body.data;
    const cancelled = await post(`/fulfillment-orders/${fo.id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    expect((await order(confirmed.id)).lines[0]).toMatchObject({ quantity_allocated: 0, quantity_backordered: 3 });
    expectErrors(await api('POST', `/fulfillment-orders/${fo.id}/cancel`), ['status']);
    // Allocating again starts a new fulfillment order.
    await post(`/sales-orders/${confirmed.id}/allocate`);
    const fos = (await api('GET', `/fulfillment-orders?sales_order_id=${confirmed.id}&sort=id`)).body.data;
    expect(fos.map((f: any) => f.status)).toEqual(['cancelled', 'open']);
    // Cancelling the sales order cancels its open fulfillment order.
    await post(`/sales-orders/${confirmed.id}/cancel`);
    expect((await api('GET', `/fulfillment-orders/${fos[1].id}`)).body.data.status).toBe('cancelled');
  });

  it('answers bad input with 422, unknown records with 404, and keeps tenants apart', async () => {
    const open = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: gizmo.id, quantity: 1 }] })).id}/confirm`);
    expectErrors(await api('POST', `/sales-orders/${open.id}/shipments`, {}), ['fulfillment_order_id']);
    expectErrors(await api('POST', `/sales-orders/${open.id}/shipments`, { lines: [] }), ['lines']);
    expectErrors(
      await api('POST', `/sales-orders/${open.id}/shipments`, { lines: [{ sales_order_line_id: 999999, quantity: 0, location_id: 999999, lot_number: 'L' }], ship_date: 'soon', carrier: 'x'.repeat(65) }),
      ['carrier', 'ship_date'],
    );
    expectErrors(await api('POST', `/sales-orders/${open.id}/shipments`, { lines: [{ sales_order_line_id: 999999, quantity: 0, location_id: 999999 }] }), ['lines.0.sales_order_line_id', 'lines.0.quantity', 'lines.0.location_id']);
    expectErrors(await api('POST', `/sales-orders/${open.id}/shipments`, { fulfillment_order_id: 999999 }), ['fulfillment_order_id']);
    expectErrors(await api('POST', `/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 1 }] }), ['status']);
    for (const path of ['/shipments/999999', '/shipments/999999/billable-lines', '/fulfillment-orders/999999', '/sales-orders/999999/shipments']) expect((await api('GET', path)).status).toBe(404);
    expect((await api('POST', '/shipments/999999/ship')).status).toBe(404);
    expectErrors(await api('GET', '/fulfillment-orders?status=lost'), ['status']);
    expect((await api('GET', '/fulfillment-orders', undefined, globex)).body.data).toEqual([]);
    expect((await api('GET', `/sales-orders/${so.id}/shipments`, undefined, globex)).status).toBe(404);

    const shipment = await post(`/sales-orders/${open.id}/shipments`, { lines: [{ sales_order_line_id: open.lines[0].id, quantity: 1 }] });
    await server.database.prisma.salesChannel.updateMany({ where: { id: channel.id }, data: { apiLocked: true } });
    expect((await api('POST', `/shipments/${shipment.id}/ship`)).status).toBe(403);
    expect((await api('GET', `/shipments/${shipment.id}`)).status).toBe(200);
    await server.database.prisma.salesChannel.updateMany({ where: { id: channel.id }, data: { apiLocked: false } });
  });
});
