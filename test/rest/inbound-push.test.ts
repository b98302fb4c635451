// Pushing purchase orders to an externally managed warehouse over real HTTP, against a fake warehouse system
// on loopback: integration and field mappings, the JSON sent and the answer kept, 409 on a second push and
// force, and 502 with nothing else changed when the warehouse system fails, stalls, answers too much or
// redirects elsewhere. The group's API key is write-only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

interface Received {
  path: string;
  authorization: string | undefined;
  body: any;
}

// Calls to other systems give up after 2 s here (OUTBOUND_TIMEOUT_SECONDS) rather than each call's own 10 s, so the
// stalled warehouse system below is given up on sooner; the fake answers everything else at once.
const OUTBOUND_TIMEOUT_MS = 2_000;
const { api, post } = serverForFile(['acme'], { configure: (config) => ({ ...config, outboundTimeoutMs: OUTBOUND_TIMEOUT_MS }) });
let wms: http.Server;
let wmsUrl: string;
let behaviour: 'ok' | 'fail' | 'stall' | 'huge' | 'redirect' = 'ok';
const received: Received[] = [];
let supplier: any;
let warehouse: any;
let group: any;
let screw: any;
let nut: any;

async function submittedOrder(): Promise<any> {
  const po = await post('/purchase-orders', {
    supplier_id: supplier.id, warehouse_id: warehouse.id, expected_date: '2026-07-01',
    lines: [{ product_id: screw.id, quantity: 100, unit_cost: 0.1 }, { product_id: nut.id, quantity: 50, unit_cost: 0.05 }],
  });
  return post(`/purchase-orders/${po.id}/submit`);
}

beforeAll(async () => {
  wms = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ path: req.url!, authorization: req.headers.authorization, body: text ? JSON.parse(text) : undefined });
      if (behaviour === 'fail') return void res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'maintenance' }));
      if (behaviour === 'stall') return; // never answers
      if (behaviour === 'huge') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'x', pad: 'x'.repeat(2 * 1024 * 1024) }));
      if (behaviour === 'redirect') return void res.writeHead(307, { location: 'http://example.invalid/inbound-shipments' }).end();
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `IS-${received.length}`, url: `https://wms.test/inbound/${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => wms.listen(0, '127.0.0.1', resolve));
  wmsUrl = `http://127.0.0.1:${(wms.address() as AddressInfo).port}/api/`;

  supplier = await post('/suppliers', { name: 'Push Supplies' });
  warehouse = await post('/locations', { name: 'Outsourced' });
  screw = await post('/products', { name: 'Screw', sku: 'SCR-1', upc: '0001' });
  nut = await post('/products', { name: 'Nut', sku: 'NUT-1', upc: '0002' });
});

afterAll(async () => {
  wms?.closeAllConnections();
  await new Promise((resolve) => wms?.close(resolve));
});

describe('the warehouse group of an externally managed warehouse', () => {
  it('keeps its API key write-only and needs a URL when externally managed', async () => {
    const refused = await api('POST', '/warehouse-groups', { name: 'No URL', externally_managed: true });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['external_wms_url']);
    expect((await api('POST', '/warehouse-groups', { name: 'Bad', external_wms_url: 'ftp://wms' })).status).toBe(422);
    group = await post('/warehouse-groups', { name: '3PL', externally_managed: true, external_wms_url: wmsUrl, external_wms_api_key: 'secret-key', warehouse_ids: [warehouse.id] });
    expect(group).toMatchObject({ externally_managed: true, external_wms_url: wmsUrl, external_wms_api_key_set: true });
    expect(JSON.stringify(group)).not.toContain('secret-key');
    expect(JSON.stringify((await api('GET', `/warehouse-groups/${group.id}`)).body)).not.toContain('secret-key');
  });
});

describe('integration mappings', () => {
  it('maps records to external ids (one per integration, type and record) and fields to external names', async () => {
    const mapping = await api('POST', '/integration-mappings', { integration: 'wms', entity_type: 'product', internal_id: screw.id, external_id: 'W-SCREW' });
    expect(mapping.status, mapping.text).toBe(201);
    expect(Object.keys(mapping.body.data).sort()).toEqual(['created_at', 'entity_type', 'external_id', 'id', 'integration', 'internal_id', 'updated_at']);
    const twice = await api('POST', '/integration-mappings', { integration: 'wms', entity_type: 'product', internal_id: screw.id, external_id: 'OTHER' });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors)).toEqual(['internal_id']);
    const bad = await api('POST', '/integration-mappings', { integration: '', entity_type: 'order', internal_id: 1, external_id: '' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['entity_type', 'external_id', 'integration']);
    expect((await api('POST', '/integration-mappings', { integration: 'wms', entity_type: 'product', internal_id: 999999, external_id: 'X' })).body.errors).toHaveProperty('internal_id');
    expect((await api('GET', '/integration-mappings?integration=wms&entity_type=product')).body.data.map((m: any) => m.external_id)).toEqual(['W-SCREW']);
    expect((await api('GET', `/integration-mappings?internal_id=${nut.id}`)).body.data).toEqual([]);
    const spare = await post('/integration-mappings', { integration: 'other', entity_type: 'supplier', internal_id: supplier.id, external_id: 'V-1' });
    expect((await api('DELETE', `/integration-mappings/${spare.id}`)).body.data).toMatchObject({ id: spare.id, external_id: 'V-1' });
    expect((await api('DELETE', `/integration-mappings/${spare.id}`)).status).toBe(404);
    expect((await api('GET', '/integration-mappings?entity_type=order')).status).toBe(422);

    const field = await api('POST', '/integration-field-mappings', { integration: 'wms', entity_type: 'product', internal_field: 'upc', external_field: 'barcode' });
    expect(field.status, field.text).toBe(201);
    const renamed = await api('PATCH', `/integration-field-mappings/${field.body.data.id}`, { external_field: 'ean' });
    expect(renamed.body.data).toMatchObject({ internal_field: 'upc', external_field: 'ean' });
    expect((await api('POST', '/integration-field-mappings', { integration: 'wms', entity_type: 'product', internal_field: 'secret', external_field: 'x' })).status).toBe(422);
    const temporary = await post('/integration-field-mappings', { integration: 'wms', entity_type: 'supplier', internal_field: 'email', external_field: 'mail' });
    expect((await api('DELETE', `/integration-field-mappings/${temporary.id}`)).status).toBe(200);
    expect((await api('GET', '/integration-field-mappings')).body.meta.total).toBe(1);
  });
});

describe('POST /purchase-orders/{id}/push-inbound-shipment', () => {
  it('refuses unmapped SKUs, pushes once, answers 409 on a second push and pushes again with force', async () => {
    const po = await submittedOrder();
    const unmapped = await api('POST', `/purchase-orders/${po.id}/push-inbound-shipment`);
    expect(unmapped.status).toBe(422);
    expect(unmapped.body.errors.lines[0]).toBe('These SKUs have no wms mapping: NUT-1.');
    expect(received).toHaveLength(0);
    await post('/integration-mappings', { integration: 'wms', entity_type: 'product', internal_id: nut.id, external_id: 'W-NUT' });

    const pushed = await api('POST', `/purchase-orders/${po.id}/push-inbound-shipment`, {});
    expect(pushed.status, pushed.text).toBe(200);
    expect(Object.keys(pushed.body.data).sort()).toEqual(['external_shipment_id', 'external_system_url', 'inbound_shipment', 'last_synced_at', 'purchase_order_id', 'sync_status']);
    expect(pushed.body.data).toMatchObject({ purchase_order_id: po.id, sync_status: 'synced', external_shipment_id: 'IS-1', external_system_url: 'https://wms.test/inbound/1' });
    expect(received[0]).toMatchObject({ path: '/api/inbound-shipments', authorization: 'Bearer secret-key' });
    expect(received[0]!.body).toEqual({
      reference: po.po_number,
      expected_date: '2026-07-01',
      supplier: { id: supplier.id, external_id: null, name: 'Push Supplies' },
      warehouse: { id: warehouse.id, external_id: null, name: 'Outsourced' },
      lines: [
        { line_id: po.lines[0].id, external_sku: 'W-SCREW', sku: 'SCR-1', quantity: 100, expected_date: '2026-07-01', ean: '0001' },
        { line_id: po.lines[1].id, external_sku: 'W-NUT', sku: 'NUT-1', quantity: 50, expected_date: '2026-07-01', ean: '0002' },
      ],
    });
    expect(pushed.body.data.inbound_shipment).toEqual({ sent: received[0]!.body, received: { id: 'IS-1', url: 'https://wms.test/inbound/1' } });
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data).toMatchObject({ sync_status: 'synced', external_shipment_id: 'IS-1' });

    const again = await api('POST', `/purchase-orders/${po.id}/push-inbound-shipment`, { force: false });
    expect(again.status).toBe(409);
    expect(Object.keys(again.body)).toEqual(['message']);
    expect(received).toHaveLength(1);
    const forced = await api('POST', `/purchase-orders/${po.id}/push-inbound-shipment`, { force: true });
    expect(forced.body.data).toMatchObject({ sync_status: 'synced', external_shipment_id: 'IS-2' });
  });

  it('answers 502 naming what the warehouse system did, records sync_status failed and changes nothing else', async () => {
    const po = await submittedOrder();
    const stateOf = async () => {
      const order = (await api('GET', `/purchase-orders/${po.id}`)).body.data;
      return { status: order.status, sync_status: order.sync_status, external_shipment_id: order.external_shipment_id, updated_lines: order.lines };
    };
    for (const [mode, message] of [
      ['fail', 'The warehouse system answered HTTP 503: maintenance.'],
      ['huge', 'The warehouse system answered with more than 1048576 bytes; the answer was dropped.'],
      ['redirect', 'The warehouse system redirected to another host (example.invalid); not followed.'],
    ] as const) {
      behaviour = mode;
      const res = await api('POST', `/purchase-orders/${po.id}/push-inbound-shipment`);
      expect(res.status, mode).toBe(502);
      expect(res.body).toEqual({ message });
      expect(await stateOf()).toMatchObject({ status: 'submitted', sync_status: 'failed', external_shipment_id: null });
    }
    behaviour = 'ok';
    expect((await api('POST', `/purchase-orders/${po.id}/push-inbound-shipment`)).body.data.sync_status).toBe('synced');
  });

  it('gives up on a warehouse system that does not answer within the time limit', async () => {
    const po = await submittedOrder();
    behaviour = 'stall';
    const started = Date.now();
    const res = await api('POST', `/purchase-orders/${po.id}/push-inbound-shipment`);
    behaviour = 'ok';
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The warehouse system did not answer within 2 s.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(OUTBOUND_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data.sync_status).toBe('failed');
  }, 40_000);

  it('refuses orders that are not submitted or not delivered to an externally managed warehouse', async () => {
    const plain = await post('/locations', { name: 'Own warehouse' });
    const own = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: plain.id, lines: [{ product_id: screw.id, quantity: 1, unit_cost: 1 }] });
    expect((await api('POST', `/purchase-orders/${own.id}/push-inbound-shipment`)).body.errors).toHaveProperty('status');
    await post(`/purchase-orders/${own.id}/submit`);
    const notManaged = await api('POST', `/purchase-orders/${own.id}/push-inbound-shipment`);
    expect(notManaged.status).toBe(422);
    expect(Object.keys(notManaged.body.errors)).toEqual(['warehouse_id']);
    expect((await api('POST', '/purchase-orders/999999/push-inbound-shipment')).status).toBe(404);
  });
});

describe('the outbound module', () => {
  it('refuses private and loopback addresses unless ALLOW_PRIVATE_OUTBOUND, and non-http URLs', async () => {
    const { sendOutbound } = await import('../../src/outbound/http-request.js');
    const call = (url: string, allowPrivate: boolean) => sendOutbound({ system: 'the warehouse system', method: 'POST', url, json: {} }, { allowPrivate });
    await expect(call(`${wmsUrl}inbound-shipments`, false)).rejects.toThrow('The warehouse system is on a private or loopback address (127.0.0.1), which this service does not call.');
    await expect(call('http://10.1.2.3/x', false)).rejects.toThrow(/private or loopback address \(10\.1\.2\.3\)/);
    await expect(call('file:///etc/passwd', true)).rejects.toThrow('The address of the warehouse system must be http or https.');
    expect((await call(`${wmsUrl}inbound-shipments`, true)).status).toBe(201);
  });

  it("waits for each call its own time, or OUTBOUND_TIMEOUT_SECONDS's when that is set", async () => {
    const { sendOutbound } = await import('../../src/outbound/http-request.js');
    behaviour = 'stall';
    try {
      const stalled = (ownMs: number, policyMs: number | null) =>
        sendOutbound({ system: 'the warehouse system', method: 'POST', url: `${wmsUrl}inbound-shipments`, json: {}, timeoutMs: ownMs }, { allowPrivate: true, timeoutMs: policyMs });
      await expect(stalled(300, null)).rejects.toThrow('The warehouse system did not answer within 0.3 s.');
      await expect(stalled(60_000, 200)).rejects.toThrow('The warehouse system did not answer within 0.2 s.');
    } finally {
      behaviour = 'ok';
    }
  });
});
