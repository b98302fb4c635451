// Shared by labels.test.ts and print-stations.test.ts: a packed shipment (two top-level packages, one with a
// child), a warehouse with an address, an order with ship_to, a GS1 prefix; plus fake other sides on loopback.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Tenant, TestServer } from '../support/test-server.js';
import { restClient } from '../support/rest-client.js';

export const PREFIX = '0614141';

export interface PackedShipment {
  warehouse: any;
  so: any;
  shipment: any;
  packages: any[];
}

export async function packedShipment(server: TestServer, tenant: Tenant): Promise<PackedShipment> {
  const { api, post } = restClient(() => ({ server, tenant }));
  const warehouse = await post('/locations', { name: 'Main DC', street_address_1: '1 Dock Road', city: 'Reno', state: 'NV', zip: '89501', country: 'US' });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [warehouse.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
  const widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  const gizmo = await post('/products', { name: 'Gizmo', sku: 'G-1', retail_price: 4 });
  await post('/inventory/adjustments', { lines: [widget, gizmo].map((p) => ({ product_id: p.id, location_id: warehouse.id, quantity: 20, unit_cost: 1 })) });
  const draft = await post('/sales-orders', {
    channel_id: channel.id,
    ship_to: { name: 'Ann Smith', street_1: '5 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
    lines: [{ product_id: widget.id, quantity: 5 }, { product_id: gizmo.id, quantity: 2 }],
  });
  const so = await post(`/sales-orders/${draft.id}/confirm`);
  const shipment = await post(`/sales-orders/${so.id}/shipments`, {
    carrier: 'UPS',
    service: 'Ground',
    lines: [{ sales_order_line_id: so.lines[0].id, quantity: 5 }, { sales_order_line_id: so.lines[1].id, quantity: 2 }],
  });
  expect((await api('PATCH', '/company', { gs1_company_prefix: PREFIX })).status).toBe(200);
  const packages = await post(`/sales-orders/${so.id}/shipments/${shipment.id}/packages`, {
    bill_of_lading_number: 'BOL-42',
    pro_number: 'PRO-77',
    packages: [
      {
        tracking: '1Z999AA10123456784',
        contained_items: [{ order_item_id: so.lines[0].id, quantity: 2 }],
        child_packages: [{ contained_items: [{ order_item_id: so.lines[0].id, quantity: 1 }, { order_item_id: so.lines[1].id, quantity: 2 }] }],
      },
      { contained_items: [{ order_item_id: so.lines[0].id, quantity: 2 }] },
    ],
  });
  return { warehouse, so, shipment, packages };
}

/** An HTTP server on 127.0.0.1; `handler` answers each request with its body read. */
export async function fakeHttp(handler: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A raw TCP "printer" on 127.0.0.1 recording what each connection sent. */
export async function fakePrinter() {
  const jobs: Buffer[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, jobs, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A tiny valid PNG signature followed by filler, enough for the service's check. */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('fake-png-body-\u00ff', 'latin1')]);
