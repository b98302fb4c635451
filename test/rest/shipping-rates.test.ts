// PickFlow Shipping over real HTTP: rate tables (CRUD, 422s naming fields), rates from a table and from a fake
// shipping gateway on loopback (cheapest first, dimensional weight beating actual weight), gateway failures
// and time-outs as 502, a label bought once (409 the second time, force buys again) with tracking on the
// packages, bad input on every route and tenants apart.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';
import { salesChannelFrom } from '../support/seed.js';

let gateway: http.Server;
let gatewayUrl: string;
/** What the fake gateway does next: ok, fail (HTTP 500), slow (no answer in time). */
let mode: 'ok' | 'fail' | 'slow' = 'ok';
const seen: { method: string; url: string; auth: string | undefined; body: any }[] = [];
let so: any;
let shipment: any;
let packages: any[];

const TO = { street_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const FROM = { street_1: '9 Dock Rd', city: 'Dallas', state: 'TX', country: 'US' };
const ground = { carrier: 'UPS', service: 'Ground', currency: 'USD', zones: [{ countries: ['US', 'CA'] }], brackets: [{ max_weight_lb: 5, amount: 8 }, { max_weight_lb: 20, amount: 15.5 }, { max_weight_lb: 70, amount: 40 }], estimated_days: 5 };

// Registered before the server's hooks: the gateway is up before the server starts and closed after it.
beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
      if (mode === 'slow') return; // never answers; the service's time-out ends the call
      if (mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ message: 'carrier down' }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/services') return res.end(JSON.stringify([{ carrier: 'FedEx', service: 'Express' }, { carrier: 'DHL', service: 'Eco' }]));
      if (req.url === '/rates') return res.end(JSON.stringify([{ carrier: 'FedEx', service: 'Express', amount: 30, currency: 'USD', estimated_days: 1 }, { carrier: 'DHL', service: 'Eco', amount: '9.75', currency: 'USD', estimated_days: 7 }]));
      if (req.url === '/labels') return res.end(JSON.stringify({ tracking_number: 'GW-123', cost: '30.00', currency: 'USD', packages: body.packages.map((_: unknown, i: number) => ({ tracking: `GW-123-P${i}` })) }));
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  gateway?.closeAllConnections();
  await new Promise((resolve) => gateway?.close(resolve));
});

// Calls to other systems give up after 2 s here (OUTBOUND_TIMEOUT_SECONDS) rather than the gateway's own 10 s, so the
// slow gateway below is given up on sooner; the fake answers everything else at once.
const { companies: { globex }, api, post } = serverForFile(['acme', 'globex'], { configure: (config) => ({ ...config, outboundTimeoutMs: 2_000 }) });

beforeAll(async () => {
  const north = await post('/locations', { name: 'North', street_address_1: FROM.street_1, city: FROM.city, state: FROM.state, country: 'US' });
  const channel = await salesChannelFrom(post, [north.id]);
  const widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: north.id, quantity: 20, unit_cost: 1 }] });
  const draft = await post('/sales-orders', { channel_id: channel.id, ship_to: TO, lines: [{ product_id: widget.id, quantity: 4 }] });
  so = await post(`/sales-orders/${draft.id}/confirm`);
  shipment = await post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 4 }] });
  expect((await api('PATCH', '/company', { gs1_company_prefix: '0614141' })).status).toBe(200);
});

describe('rate tables', () => {
  it('creates, reads, updates and deletes, with 422s naming the fields', async () => {
    const res = await api('POST', '/pickflow/shipping/rate-tables', ground);
    expect(res.status, res.text).toBe(201);
    const table = res.body.data;
    expect(table).toMatchObject({ carrier: 'UPS', service: 'Ground', currency: 'USD', dim_divisor: 139, estimated_days: 5, zones: [{ countries: ['US', 'CA'], states: null }] });
    expect(table.brackets).toEqual([{ max_weight_lb: 5, amount: 8 }, { max_weight_lb: 20, amount: 15.5 }, { max_weight_lb: 70, amount: 40 }]);
    expect((await api('GET', `/pickflow/shipping/rate-tables/${table.id}`)).body.data.id).toBe(table.id);
    expect((await api('GET', '/pickflow/shipping/rate-tables')).body.data.map((t: any) => t.id)).toEqual([table.id]);

    expectErrors(await api('POST', '/pickflow/shipping/rate-tables', ground), ['service']);
    expectErrors(await api('POST', '/pickflow/shipping/rate-tables', {}), ['carrier', 'service', 'currency', 'zones', 'brackets']);
    expectErrors(
      await api('POST', '/pickflow/shipping/rate-tables', {
        carrier: 'X', service: 'Y', currency: 'usd', dim_divisor: 0, estimated_days: -1,
        zones: [{ countries: ['US', 'XX'] }, { countries: [] }],
        brackets: [{ max_weight_lb: 10, amount: 1 }, { max_weight_lb: 10, amount: -2 }, { amount: 3 }],
      }),
      ['currency', 'dim_divisor', 'estimated_days', 'zones.0.countries.1', 'zones.1.countries', 'brackets.1.max_weight_lb', 'brackets.1.amount', 'brackets.2.max_weight_lb'],
    );
    expectErrors(await api('POST', '/pickflow/shipping/rate-tables', { ...ground, service: 'Cents', brackets: [{ max_weight_lb: 1, amount: 1.234 }] }), ['brackets.0.amount']);

    const tmp = await post('/pickflow/shipping/rate-tables', { ...ground, service: 'Temp' });
    expectErrors(await api('PATCH', `/pickflow/shipping/rate-tables/${tmp.id}`, { service: 'Ground' }), ['service']);
    expectErrors(await api('PATCH', `/pickflow/shipping/rate-tables/${tmp.id}`, { carrier: null }), ['carrier']);
    const patched = await api('PATCH', `/pickflow/shipping/rate-tables/${tmp.id}`, { zones: [{ countries: ['de'], states: ['by'] }], dim_divisor: 166 });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ service: 'Temp', dim_divisor: 166, zones: [{ countries: ['DE'], states: ['BY'] }] });
    expect((await api('DELETE', `/pickflow/shipping/rate-tables/${tmp.id}`)).status).toBe(200);
    expect((await api('GET', `/pickflow/shipping/rate-tables/${tmp.id}`)).status).toBe(404);
    expect((await api('PATCH', `/pickflow/shipping/rate-tables/${tmp.id}`, { service: 'Z' })).status).toBe(404);
    expect((await api('DELETE', `/pickflow/shipping/rate-tables/${tmp.id}`)).status).toBe(404);

    // Tenants apart.
    expect((await api('GET', `/pickflow/shipping/rate-tables/${table.id}`, undefined, globex)).status).toBe(404);
    expect((await api('GET', '/pickflow/shipping/rate-tables', undefined, globex)).body.data).toEqual([]);
    expect((await api('POST', '/pickflow/shipping/rate-tables', ground, globex)).status).toBe(201);
  });
});

describe('rates', () => {
  it('rates given packages from the tables, dimensional weight beating actual weight, cheapest first', async () => {
    await post('/pickflow/shipping/rate-tables', { carrier: 'USPS', service: 'Priority', currency: 'USD', zones: [{ countries: ['US'], states: ['TX'] }], brackets: [{ max_weight_lb: 10, amount: 12 }], dim_divisor: 100 });
    // 4 lb actual; 12 × 12 × 12 / 139 = 12.43 lb dimensional → Ground bracket 20 (15.50); USPS: 17.28 lb → past its last bracket.
    const res = await api('POST', '/pickflow/shipping/rates', { ship_from: FROM, ship_to: TO, packages: [{ weight_lb: 4, length_in: 12, width_in: 12, height_in: 12 }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([{ provider: 'table_rates', carrier: 'UPS', service: 'Ground', amount: 15.5, currency: 'USD', estimated_days: 5 }]);

    // Small packages: 2 × 8.00 (Ground) vs 2 × 12 (USPS); cheapest first.
    const two = await api('POST', '/pickflow/shipping/rates', { ship_from: FROM, ship_to: TO, packages: [{ weight_lb: 3 }, { weight_lb: 2, length_in: 5, width_in: 5, height_in: 5 }] });
    expect(two.body.data.map((q: any) => [q.service, q.amount])).toEqual([['Ground', 16], ['Priority', 24]]);

    // A state outside the USPS zone; a country outside every zone.
    const ca = await api('POST', '/pickflow/shipping/rates', { ship_from: FROM, ship_to: { ...TO, state: 'CA' }, packages: [{ weight_lb: 1 }] });
    expect(ca.body.data.map((q: any) => q.service)).toEqual(['Ground']);
    const fr = await api('POST', '/pickflow/shipping/rates', { ship_from: FROM, ship_to: { ...TO, country: 'FR' }, packages: [{ weight_lb: 1 }] });
    expect(fr.body.data).toEqual([]);
  });

  it('refuses bad input', async () => {
    expectErrors(await api('POST', '/pickflow/shipping/rates', {}), ['ship_from', 'ship_to', 'packages']);
    expectErrors(await api('POST', '/pickflow/shipping/rates', { ship_from: { ...FROM, country: 'ZZ' }, ship_to: TO, packages: [{ weight_lb: 0 }, { weight_lb: 1, length_in: -1 }] }), [
      'ship_from.country', 'packages.0.weight_lb', 'packages.1.length_in',
    ]);
    expectErrors(await api('POST', '/pickflow/shipping/rates', { shipment_id: shipment.id, ship_to: TO }), ['shipment_id', 'ship_from', 'packages']);
    // The shipment has no packages yet.
    expectErrors(await api('POST', '/pickflow/shipping/rates', { shipment_id: shipment.id }), ['shipment_id']);
    expect((await api('POST', '/pickflow/shipping/rates', { shipment_id: 999999 })).status).toBe(404);
    expect((await api('POST', '/pickflow/shipping/rates', { shipment_id: shipment.id }, globex)).status).toBe(404);
  });

  it('rates a shipment from its packages, its warehouse and its order', async () => {
    const created = await post(`/sales-orders/${so.id}/shipments/${shipment.id}/packages`, {
      packages: [{ weight_lb: 4, length_in: 12, width_in: 12, height_in: 12 }, { weight_lb: 3 }],
    });
    packages = created;
    const res = await api('POST', '/pickflow/shipping/rates', { shipment_id: shipment.id });
    expect(res.status, res.text).toBe(200);
    // Ground: 15.50 (dimensional 12.43 lb) + 8.00; USPS: first package past its last bracket → no rate.
    expect(res.body.data).toEqual([{ provider: 'table_rates', carrier: 'UPS', service: 'Ground', amount: 23.5, currency: 'USD', estimated_days: 5 }]);
  });
});

describe('the shipping gateway', () => {
  it('is absent while SHIPPING_API_URL is not set', async () => {
    const res = await api('GET', '/pickflow/shipping/services');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.every((s: any) => s.provider === 'table_rates')).toBe(true);
    expectErrors(await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'shipping_gateway', carrier: 'FedEx', service: 'Express' }), ['provider']);
  });

  it('lists services and rates beside the tables, cheapest first', async () => {
    process.env.SHIPPING_API_URL = gatewayUrl;
    process.env.SHIPPING_API_KEY = 'sekrit';
    seen.length = 0;
    const services = await api('GET', '/pickflow/shipping/services');
    expect(services.body.data).toEqual(
      expect.arrayContaining([
        { provider: 'table_rates', carrier: 'UPS', service: 'Ground' },
        { provider: 'shipping_gateway', carrier: 'FedEx', service: 'Express' },
        { provider: 'shipping_gateway', carrier: 'DHL', service: 'Eco' },
      ]),
    );
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/services', auth: 'Bearer sekrit' });

    const res = await api('POST', '/pickflow/shipping/rates', { shipment_id: shipment.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((q: any) => [q.provider, q.service, q.amount])).toEqual([
      ['shipping_gateway', 'Eco', 9.75],
      ['table_rates', 'Ground', 23.5],
      ['shipping_gateway', 'Express', 30],
    ]);
    const sent = seen.find((s) => s.url === '/rates')!;
    expect(sent.body.ship_from).toMatchObject({ street1: FROM.street_1, city: 'Dallas', country: 'US' });
    expect(sent.body.ship_to).toMatchObject({ street1: TO.street_1, state: 'TX', country: 'US' });
    expect(sent.body.packages).toEqual([{ weight_lb: 4, length_in: 12, width_in: 12, height_in: 12 }, { weight_lb: 3, length_in: null, width_in: null, height_in: null }]);
  });

  it('answers 502 naming the gateway when it fails or does not answer in time', async () => {
    mode = 'fail';
    const failed = await api('POST', '/pickflow/shipping/rates', { shipment_id: shipment.id });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/shipping gateway.*500.*carrier down/i);
    expect((await api('GET', '/pickflow/shipping/services')).status).toBe(502);
    const label = await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'shipping_gateway', carrier: 'FedEx', service: 'Express' });
    expect(label.status).toBe(502);
    expect((await api('GET', `/shipments/${shipment.id}/packages`)).body.data.every((p: any) => p.tracking === null)).toBe(true);
    mode = 'slow';
    const slow = await api('POST', '/pickflow/shipping/rates', { shipment_id: shipment.id });
    expect(slow.status).toBe(502);
    expect(slow.body.message).toMatch(/shipping gateway did not answer within 2 s/i);
    mode = 'ok';
  }, 30_000);
});

describe('labels', () => {
  it('refuses bad input', async () => {
    expectErrors(await api('POST', `/shipments/${shipment.id}/labels`, {}), ['provider', 'carrier', 'service']);
    expectErrors(await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'acme_post', carrier: 'UPS', service: 'Ground' }), ['provider']);
    expectErrors(await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'table_rates', carrier: 'UPS', service: 'Overnight' }), ['service']);
    expectErrors(await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'table_rates', carrier: 'USPS', service: 'Priority' }), ['service']);
    expect((await api('POST', '/shipments/999999/labels', { provider: 'table_rates', carrier: 'UPS', service: 'Ground' })).status).toBe(404);
    expect((await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'table_rates', carrier: 'UPS', service: 'Ground' }, globex)).status).toBe(404);
  });

  it('buys a label from a rate table once; again only with force (then from the gateway)', async () => {
    const res = await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'table_rates', carrier: 'UPS', service: 'Ground' });
    expect(res.status, res.text).toBe(201);
    const label = res.body.data;
    expect(label).toMatchObject({ shipment_id: shipment.id, provider: 'table_rates', carrier: 'UPS', service: 'Ground', cost: 23.5, currency: 'USD' });
    expect(label.tracking_number).toMatch(new RegExp(`^PF${String(shipment.id).padStart(8, '0')}[0-9A-F]{8}$`));
    expect(label.packages.map((p: any) => p.tracking)).toEqual([`${label.tracking_number}-1`, `${label.tracking_number}-2`]);
    const listed = (await api('GET', `/shipments/${shipment.id}/packages`)).body.data;
    expect(listed.map((p: any) => p.tracking)).toEqual([`${label.tracking_number}-1`, `${label.tracking_number}-2`]);

    const again = await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'table_rates', carrier: 'UPS', service: 'Ground' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already.*force/);

    seen.length = 0;
    const forced = await api('POST', `/shipments/${shipment.id}/labels`, { provider: 'shipping_gateway', carrier: 'FedEx', service: 'Express', force: true });
    expect(forced.status, forced.text).toBe(201);
    expect(forced.body.data).toMatchObject({ provider: 'shipping_gateway', carrier: 'FedEx', tracking_number: 'GW-123', cost: 30, currency: 'USD' });
    expect(forced.body.data.packages.map((p: any) => p.tracking)).toEqual(['GW-123-P0', 'GW-123-P1']);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/labels', auth: 'Bearer sekrit', body: { carrier: 'FedEx', service: 'Express' } });
    expect(packages.length).toBe(2);
    // Each label bought is a change of the shipment in the event feed; the refused one is not.
    const feed = await vi.waitUntil(async () => {
      const events = (await api('GET', '/events?types=shipment.updated&limit=100')).body.data.filter((e: any) => e.data.changed[0] === 'tracking_number');
      return events.length >= 2 && events;
    }, { timeout: 20_000, interval: 25 });
    expect(feed.map((e: any) => [e.data.shipment_id, e.data.tracking_number])).toEqual([[shipment.id, label.tracking_number], [shipment.id, 'GW-123']]);
  });
});
