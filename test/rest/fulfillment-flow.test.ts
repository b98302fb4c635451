// Issue 11's walk, end to end over real HTTP: an order over two warehouses and its fulfillment orders; one wave
// picklist over two orders of one warehouse (the GET exact, lot fields null without lots); picks with a short
// pick; packing; a shipment of a fulfillment order with packages nested three deep and SSCCs assigned; shipping
// (ledger, cost of goods sold, the export); billable lines equal to the invoice, and its PDF; a customer return
// restocked at its cost and credited.
import { expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { getBytes } from '../support/rest-client.js';
import { pdfText } from '../support/pdf-text.js';

const { server, companies: { acme }, api, post } = serverForFile(['acme']);

const checkDigit = (digits17: string) => {
  const sum = [...digits17].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
};

it('runs an order from two warehouses through picking, packing, shipping, invoicing and a return', async () => {
  const east = await post('/locations', { name: 'East' });
  const eastPick = await post('/locations', { name: 'A pick face', parent_id: east.id, is_pick_location: true });
  const west = await post('/locations', { name: 'West' });
  const group = await post('/warehouse-groups', { name: 'Both', warehouse_ids: [east.id, west.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Shop', warehouseGroupId: group.id, fees: { shippingCharge: 5 } });
  const customer = await post('/companies', { name: 'Buyer Co', payment_terms_days: 30 });
  const westFirst = await post('/priority-lists', { name: 'West first', warehouse_ids: [west.id, east.id] });
  const lamp = await post('/products', { name: 'Lamp', sku: 'LAMP', retail_price: 20, priority_list_id: westFirst.id });
  await post('/inventory/adjustments', { lines: [
    { product_id: lamp.id, location_id: eastPick.id, quantity: 4, unit_cost: 6 },
    { product_id: lamp.id, location_id: west.id, quantity: 2, unit_cost: 7 },
  ] });
  await api('PATCH', '/company', { gs1_company_prefix: '0614141' });

  // An order over two warehouses, and a second order at East for the wave.
  const big = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, company_id: customer.id, lines: [{ product_id: lamp.id, quantity: 6, tax_rate: 10 }] })).id}/confirm`);
  const small = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: lamp.id, quantity: 1 }] })).id}/confirm`);
  const fosOfBig = (await api('GET', `/fulfillment-orders?sales_order_id=${big.id}&sort=id`)).body.data;
  // West first by the priority list, the rest from East.
  expect(fosOfBig.map((fo: any) => [fo.warehouse.id, fo.lines[0].quantity]).sort()).toEqual([[east.id, 4], [west.id, 2]].sort());
  expect(line0(small)).toMatchObject({ quantity_allocated: 0, quantity_backordered: 1 });
  // A lamp arriving at East fills the small order's backorder: both orders now have East work.
  await post('/inventory/adjustments', { lines: [{ product_id: lamp.id, location_id: eastPick.id, quantity: 1, unit_cost: 6 }] });
  const eastBig = fosOfBig.find((fo: any) => fo.warehouse.id === east.id);
  const eastSmall = (await api('GET', `/fulfillment-orders?sales_order_id=${small.id}&warehouse_id=${east.id}`)).body.data[0];
  expect(eastSmall.lines[0].quantity).toBe(1);

  // One wave picklist over both orders' East fulfillment orders.
  const created = await post('/pickflow/picklists', { fulfillment_order_ids: [eastBig.id, eastSmall.id] });
  const got = await api('GET', `/pickflow/picklists/${created.id}`);
  expect(Object.keys(got.body.data).sort()).toEqual(['created_at', 'id', 'items', 'packing_ended_at', 'packing_started_at', 'picking_ended_at', 'picking_started_at', 'status', 'updated_at']);
  const [item] = got.body.data.items;
  expect(item).toMatchObject({ picklist_id: created.id, location_id: eastPick.id, rfq_id: lamp.id, available_quantity: 5, lot_id: null, lot_number: null, production_date: null, expiry_date: null, lot_deduction_strategy: null });

  // Picks: 4 of 5 (a short pick: oldest order first, so the small order gets none), then packing.
  await post(`/pickflow/picklists/${created.id}/start-picking`);
  await post(`/pickflow/picklists/${created.id}/items/${item.id}/pick`, { quantity: 4 });
  await post(`/pickflow/picklists/${created.id}/finish-picking`);
  await post(`/pickflow/picklists/${created.id}/start-packing`);
  const packed = await post(`/pickflow/picklists/${created.id}/finish-packing`);
  expect(packed.status).toBe('packed');
  expect(packed.packing_ended_at).toEqual(expect.any(String));

  // The big order's East shipment from its fulfillment order, packed three deep with assigned SSCCs.
  const picked = (await api('GET', `/fulfillment-orders/${eastBig.id}`)).body.data.lines[0].quantity_picked;
  const shipment = await post(`/sales-orders/${big.id}/shipments`, { fulfillment_order_id: eastBig.id, carrier: 'UPS' });
  expect(shipment.lines.map((l: any) => [l.location.id, l.quantity])).toEqual([[eastPick.id, picked]]);
  const packages = await post(`/sales-orders/${big.id}/shipments/${shipment.id}/packages`, {
    bill_of_lading_number: 'BOL-1', carrier_alpha_code: 'UPSN',
    packages: [{ package_type: 'pallet', child_packages: [{ package_type: 'case', child_packages: [{ package_type: 'carton', contained_items: [{ order_item_id: big.lines[0].id, quantity: picked }] }] }] }],
  });
  const ssccs = [packages[0].sscc, packages[0].child_packages[0].sscc, packages[0].child_packages[0].child_packages[0].sscc];
  for (const sscc of ssccs) {
    expect(sscc).toMatch(/^00614141\d{10}$/);
    expect(sscc.slice(17)).toBe(checkDigit(sscc.slice(0, 17)));
  }
  expect(new Set(ssccs).size).toBe(3);

  // Ship: the ledger, cost of goods sold, the export.
  const shipped = await post(`/shipments/${shipment.id}/ship`);
  expect(shipped.lines[0].unit_cost).toBe(6);
  expect((await api('GET', `/sales-orders/${big.id}`)).body.data.status).toBe('partially_shipped');
  const row = (await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((r: any) => r.id === lamp.id);
  expect(row.qty_onhand).toBe(7 - picked);
  expect(picked).toBe(4);

  // Billable lines equal the invoice; the invoice as PDF.
  const billable = (await api('GET', `/shipments/${shipment.id}/billable-lines`)).body.data;
  const invoice = await post(`/sales-orders/${big.id}/invoices`, { shipment_ids: [shipment.id] });
  expect(invoice.subtotal).toBe(billable.reduce((sum: number, l: any) => sum + l.amount, 0));
  expect(invoice.lines.map((l: any) => [l.type, l.amount])).toEqual(billable.map((l: any) => [l.type, l.amount]));
  expect(invoice.company).toMatchObject({ id: customer.id });
  const pdf = await getBytes(server, acme, `/invoices/${invoice.id}?format=pdf`);
  expect(pdf.status).toBe(200);
  const text = pdfText(pdf.bytes);
  expect(text).toContain(invoice.invoice_number);
  expect(text).toContain(invoice.total.toFixed(2));

  // A customer return restocked at its cost, and credited.
  const rma = await post('/customer-returns', { sales_order_id: big.id, lines: [{ sales_order_line_id: big.lines[0].id, quantity: 1, disposition: 'restock' }] });
  await post(`/customer-returns/${rma.id}/receive`);
  const after = (await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((r: any) => r.id === lamp.id);
  expect(after.qty_onhand).toBe(7 - picked + 1);
  const credit = await api('POST', `/customer-returns/${rma.id}/credit`);
  expect(credit.status, credit.text).toBe(201);
  expect(credit.body.data.total).toBeLessThan(0);
  expect((await api('POST', `/customer-returns/${rma.id}/credit`)).status).toBe(409);
});

function line0(order: any) {
  return order.lines[0];
}
