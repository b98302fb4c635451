// Print stations over HTTP: CRUD with 422s naming fields, tenants apart; printing a shipment's labels to a
// fake printer socket on loopback (the bytes hold each label's ^XA…^XZ and SSCC), a disabled station (422),
// packages of another shipment (422), a closed port (502 naming the printer); the printer module's
// private-address refusal. (The 5 s connect time-out is not exercised: no address reliably swallows a SYN here.)
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';
import { sendToPrinter } from '../../src/domain/shipping/printer.js';
import { closedPort, fakePrinter, packedShipment, type PackedShipment } from './label-setup.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let packed: PackedShipment;
const KEYS = ['created_at', 'enabled', 'id', 'label_format', 'name', 'printer_host', 'printer_port', 'updated_at', 'warehouse_id'];

beforeAll(async () => {
  packed = await packedShipment(server, acme);
});

describe('print stations CRUD', () => {
  it('creates with defaults, lists, gets, updates and deletes', async () => {
    const res = await api('POST', '/print-stations', { name: 'Dock 1', warehouse_id: packed.warehouse.id, printer_host: '10.0.0.5' });
    expect(res.status, res.text).toBe(201);
    const station = res.body.data;
    expect(Object.keys(station).sort()).toEqual(KEYS);
    expect(station).toMatchObject({ name: 'Dock 1', warehouse_id: packed.warehouse.id, printer_host: '10.0.0.5', printer_port: 9100, label_format: 'zpl', enabled: true });
    expect((await api('GET', '/print-stations')).body.data.map((s: any) => s.id)).toEqual([station.id]);
    expect((await api('GET', `/print-stations/${station.id}`)).body.data.name).toBe('Dock 1');
    const patched = await api('PATCH', `/print-stations/${station.id}`, { printer_port: 9101, enabled: false, printer_host: 'printer-1.local' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ printer_port: 9101, enabled: false, printer_host: 'printer-1.local', name: 'Dock 1' });
    // Tenants apart.
    expect((await api('GET', `/print-stations/${station.id}`, undefined, globex)).status).toBe(404);
    expect((await api('GET', '/print-stations', undefined, globex)).body.data).toEqual([]);
    const deleted = await api('DELETE', `/print-stations/${station.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(station.id);
    expect((await api('GET', `/print-stations/${station.id}`)).status).toBe(404);
    expect((await api('DELETE', `/print-stations/${station.id}`)).status).toBe(404);
  });

  it('422s name the fields', async () => {
    expectErrors(await api('POST', '/print-stations', {}), ['name', 'warehouse_id', 'printer_host']);
    expectErrors(
      await api('POST', '/print-stations', { name: 'X', warehouse_id: 999999, printer_host: 'bad host!', printer_port: 70000, label_format: 'epl' }),
      ['warehouse_id', 'printer_host', 'printer_port', 'label_format'],
    );
    expectErrors(await api('POST', '/print-stations', { name: 'X', warehouse_id: packed.warehouse.id, printer_host: 'h', printer_port: 'x' }), ['printer_port']);
    await post('/print-stations', { name: 'Taken', warehouse_id: packed.warehouse.id, printer_host: 'h' });
    expectErrors(await api('POST', '/print-stations', { name: 'Taken', warehouse_id: packed.warehouse.id, printer_host: 'h' }), ['name']);
    const other = await post('/print-stations', { name: 'Other', warehouse_id: packed.warehouse.id, printer_host: 'h' });
    expectErrors(await api('PATCH', `/print-stations/${other.id}`, { name: 'Taken', printer_port: 0, name_typo: 1 }), ['name_typo']);
    expectErrors(await api('PATCH', `/print-stations/${other.id}`, { name: ' ', printer_port: 0, enabled: null, warehouse_id: null }), ['name', 'printer_port', 'warehouse_id']);
    expectErrors(await api('PATCH', `/print-stations/${other.id}`, { name: 'Taken' }), ['name']);
  });
});

describe('POST /print-stations/{id}/print', () => {
  it('sends every top-level package label to the printer over raw TCP', async () => {
    const printer = await fakePrinter();
    try {
      const station = await post('/print-stations', { name: 'Packing 1', warehouse_id: packed.warehouse.id, printer_host: '127.0.0.1', printer_port: printer.port });
      const res = await api('POST', `/print-stations/${station.id}/print`, { shipment_id: packed.shipment.id });
      expect(res.status, res.text).toBe(200);
      const top = packed.packages.map((p) => p.id);
      expect(res.body.data).toEqual({ printed: top, bytes: printer.jobs[0]?.length });
      expect(printer.jobs).toHaveLength(1);
      const job = printer.jobs[0].toString('utf8');
      expect(job.match(/\^XA/g)).toHaveLength(2);
      expect(job.match(/\^XZ/g)).toHaveLength(2);
      for (const pkg of packed.packages) expect(job).toContain(`^FD>;>800${pkg.sscc}^FS`);
      // Labels in order, each a whole ^XA…^XZ.
      const labels = job.split(/(?<=\^XZ\n)/);
      expect(labels).toHaveLength(2);
      labels.forEach((label, i) => {
        expect(label.startsWith('^XA')).toBe(true);
        expect(label).toContain(packed.packages[i].sscc);
      });

      // Chosen packages, a nested one included.
      const child = packed.packages[0].child_packages[0];
      const chosen = await api('POST', `/print-stations/${station.id}/print`, { shipment_id: packed.shipment.id, package_ids: [child.id] });
      expect(chosen.status, chosen.text).toBe(200);
      expect(chosen.body.data.printed).toEqual([child.id]);
      expect(printer.jobs[1].toString()).toContain(child.sscc);
    } finally {
      await printer.close();
    }
  });

  it('422 for a disabled station, missing or unknown shipment, and packages of another shipment', async () => {
    const station = await post('/print-stations', { name: 'Off', warehouse_id: packed.warehouse.id, printer_host: '127.0.0.1', enabled: false });
    expectErrors(await api('POST', `/print-stations/${station.id}/print`, { shipment_id: packed.shipment.id }), ['enabled']);
    const on = await post('/print-stations', { name: 'On', warehouse_id: packed.warehouse.id, printer_host: '127.0.0.1', printer_port: await closedPort() });
    expectErrors(await api('POST', `/print-stations/${on.id}/print`, {}), ['shipment_id']);
    expectErrors(await api('POST', `/print-stations/${on.id}/print`, { shipment_id: 999999 }), ['shipment_id']);
    expectErrors(await api('POST', `/print-stations/${on.id}/print`, { shipment_id: packed.shipment.id, package_ids: [] }), ['package_ids']);
    expectErrors(await api('POST', `/print-stations/${on.id}/print`, { shipment_id: packed.shipment.id, package_ids: [packed.packages[0].id, 999999, packed.packages[0].id] }), [
      'package_ids.1',
      'package_ids.2',
    ]);
    expect((await api('POST', '/print-stations/999999/print', { shipment_id: packed.shipment.id })).status).toBe(404);
  });

  it('a closed port → 502 naming the printer', async () => {
    const port = await closedPort();
    const station = await post('/print-stations', { name: 'Gone', warehouse_id: packed.warehouse.id, printer_host: '127.0.0.1', printer_port: port });
    const res = await api('POST', `/print-stations/${station.id}/print`, { shipment_id: packed.shipment.id });
    expect(res.status, res.text).toBe(502);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(res.body.message).toContain(`print station "Gone" (127.0.0.1:${port})`);
    expect(res.body.message).toMatch(/connection refused/);
  });

  it('a printer that takes the connection but never finishes the job times out (502 naming it)', async () => {
    // Accepts and reads, but never closes its side: the job is never confirmed.
    const sockets: net.Socket[] = [];
    const silent = net.createServer({ allowHalfOpen: true }, (socket) => {
      sockets.push(socket);
      socket.on('data', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const target = { system: 'the printer "Stuck"', host: '127.0.0.1', port: (silent.address() as net.AddressInfo).port };
      await expect(sendToPrinter(target, Buffer.from('^XA^XZ'), { allowPrivate: true }, { connectMs: 1_000, writeMs: 300 })).rejects.toThrow('The printer "Stuck" stopped taking data (time-out).');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('the printer module refuses loopback without ALLOW_PRIVATE_OUTBOUND', async () => {
    const printer = await fakePrinter();
    try {
      const target = { system: 'the printer', host: '127.0.0.1', port: printer.port };
      await expect(sendToPrinter(target, Buffer.from('^XA^XZ'), { allowPrivate: false })).rejects.toThrow(/private or loopback/);
      expect(printer.jobs).toHaveLength(0);
      expect(await sendToPrinter(target, Buffer.from('^XA^XZ'), { allowPrivate: true })).toBe(6);
    } finally {
      await printer.close();
    }
  });
});
