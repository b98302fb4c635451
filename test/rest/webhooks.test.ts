// Webhooks over real HTTP, to a receiver on loopback that checks every signature with the Standard Webhooks
// library (Webhook.verify): endpoints and their 201/422/404s; a receiver that refuses (503) for a while and then
// accepts gets every event of the feed since the endpoint was made, exactly once accepted, in order per
// resource; a rotated secret signs what follows; a delivery that fails for good on a working endpoint leaves it
// enabled and can be sent again; an endpoint that keeps failing is disabled with a webhook_endpoint.disabled
// event, and enabled again gets what waited; private addresses are refused unless allowed. The retry schedule
// is scaled down through Config.webhookRetryScale (its 3.5 days take about 3 s here).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { WEBHOOK_MAX_ATTEMPTS } from '../../src/domain/events/webhook-schedule.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
  /** Which secret of the path verified the signature (null: none did). */
  verifiedWith: string | null;
}

/** A webhook receiver on 127.0.0.1: per path, the secrets it verifies with and how it answers. */
class Receiver {
  readonly requests: Received[] = [];
  readonly secrets = new Map<string, string[]>();
  readonly answer = new Map<string, (message: any) => number>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      let verifiedWith: string | null = null;
      for (const secret of this.secrets.get(path) ?? []) {
        try {
          new Webhook(secret).verify(body, req.headers as Record<string, string>);
          verifiedWith = secret;
          break;
        } catch {
          // not this one
        }
      }
      const status = verifiedWith === null ? 401 : (this.answer.get(path)?.(JSON.parse(body)) ?? 200);
      this.requests.push({ path, headers: req.headers, body, status, verifiedWith });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
    });
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }
  at(path: string): Received[] {
    return this.requests.filter((r) => r.path === path);
  }
  /** The messages the receiver accepted at the path, in the order it accepted them. */
  accepted(path: string): any[] {
    return this.at(path).filter((r) => r.status < 300).map((r) => JSON.parse(r.body));
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const receiver = new Receiver();
// Registered before the server's hooks: the receiver is up before the server starts and closed after it.
beforeAll(() => receiver.start(), 60_000);
afterAll(() => receiver.close());

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex'], {
  background: true,
  configure: (config) => ({ ...config, webhookRetryScale: 0.00001, webhookPumpMs: 50 }),
});

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The whole feed after a cursor (from the start without one). */
async function feed(after = ''): Promise<{ events: any[]; next: string }> {
  const events: any[] = [];
  for (;;) {
    const res = await api('GET', `/events?limit=1000${after ? `&after=${after}` : ''}`);
    expect(res.status, res.text).toBe(200);
    events.push(...res.body.data);
    after = res.body.meta.next_cursor;
    if (!res.body.meta.has_more) return { events, next: after };
  }
}

async function endpoint(path: string, events: string[] = ['*'], description?: string): Promise<any> {
  const res = await api('POST', '/webhook-endpoints', { url: receiver.url(path), events, ...(description ? { description } : {}) });
  expect(res.status, res.text).toBe(201);
  receiver.secrets.set(path, [res.body.data.secret]);
  return res.body.data;
}

const deliveriesOf = async (endpointId: number, query = '') => (await api('GET', `/webhook-endpoints/${endpointId}/deliveries?per_page=100${query}`)).body.data;

describe('webhook endpoints', () => {
  it('creates an endpoint (201, the secret shown once), reads, lists, updates and deletes it', async () => {
    const res = await api('POST', '/webhook-endpoints', { url: receiver.url('/crud'), events: ['product.created', 'stock.moved'], description: 'ERP' });
    expect(res.status, res.text).toBe(201);
    const created = res.body.data;
    expect(Object.keys(created).sort()).toEqual(['created_at', 'description', 'disabled_at', 'disabled_reason', 'events', 'id', 'secret', 'status', 'updated_at', 'url']);
    expect(created).toMatchObject({ url: receiver.url('/crud'), events: ['product.created', 'stock.moved'], description: 'ERP', status: 'enabled', disabled_at: null, disabled_reason: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);

    const read = await api('GET', `/webhook-endpoints/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).not.toHaveProperty('secret');
    expect(read.body.data).toEqual(Object.fromEntries(Object.entries(created).filter(([key]) => key !== 'secret')));

    const list = await api('GET', '/webhook-endpoints?status=enabled&sort=-id');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((e: any) => e.id)).toContain(created.id);
    expect(list.body.data.every((e: any) => !('secret' in e))).toBe(true);
    expect(list.body.meta).toMatchObject({ current_page: 1, per_page: 25 });

    const patched = await api('PATCH', `/webhook-endpoints/${created.id}`, { events: ['*'], description: null });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ events: ['*'], description: null, url: receiver.url('/crud') });
    const disabled = await api('PATCH', `/webhook-endpoints/${created.id}`, { status: 'disabled' });
    expect(disabled.body.data).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled by request.' });
    expect((await api('GET', '/webhook-endpoints?status=disabled')).body.data.map((e: any) => e.id)).toEqual([created.id]);
    // On PostgreSQL an event shows once every older transaction of the server has ended: wait for it.
    const { events } = await until('the disabled event', async () => {
      const read = await feed();
      return read.events.at(-1)?.type === 'webhook_endpoint.disabled' && read;
    });
    expect(events.at(-1)).toMatchObject({ type: 'webhook_endpoint.disabled', data: { webhook_endpoint_id: created.id, reason: 'requested' } });

    const deleted = await api('DELETE', `/webhook-endpoints/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(created.id);
    expect((await api('GET', `/webhook-endpoints/${created.id}`)).status).toBe(404);
  });

  it('refuses bad input with 422 naming each field', async () => {
    expectErrors(await api('POST', '/webhook-endpoints', {}), ['url', 'events']);
    expectErrors(await api('POST', '/webhook-endpoints', { url: 'ftp://example.com/hook', events: [] }), ['url', 'events']);
    expectErrors(await api('POST', '/webhook-endpoints', { url: 'not a url', events: ['stock.moved', 'stock.teleported', 'nope'] }), ['url', 'events.1', 'events.2']);
    expectErrors(await api('POST', '/webhook-endpoints', { url: receiver.url('/x'), events: ['*'], description: 'x'.repeat(1001) }), ['description']);
    expectErrors(await api('POST', '/webhook-endpoints', { url: receiver.url('/x'), events: ['*'], status: 'disabled' }), ['status']); // set by an update
    expectErrors(await api('POST', '/webhook-endpoints', { url: receiver.url('/x'), events: '*' }), ['events']);
    expectErrors(await api('POST', '/webhook-endpoints', { url: receiver.url('/x'), events: ['*'], secret: 'whsec_mine' }), ['secret']);
    const made = await endpoint('/bad-input');
    expectErrors(await api('PATCH', `/webhook-endpoints/${made.id}`, { status: 'paused', url: null, events: [] }), ['status', 'url', 'events']);
    await api('DELETE', `/webhook-endpoints/${made.id}`);
    expectErrors(await api('GET', '/webhook-endpoints?per_page=101'), ['per_page']);
    expectErrors(await api('GET', '/webhook-endpoints?colour=red'), ['colour']);
  });

  it('answers 404 for unknown, malformed and other companies\' ids on every route', async () => {
    const own = await endpoint('/not-found');
    const theirs = (await api('POST', '/webhook-endpoints', { url: receiver.url('/globex'), events: ['*'] }, globex)).body.data;
    for (const id of ['999999', 'abc', String(theirs.id)]) {
      for (const [method, path] of [
        ['GET', `/webhook-endpoints/${id}`],
        ['PATCH', `/webhook-endpoints/${id}`],
        ['DELETE', `/webhook-endpoints/${id}`],
        ['POST', `/webhook-endpoints/${id}/rotate-secret`],
        ['GET', `/webhook-endpoints/${id}/deliveries`],
        ['POST', `/webhook-deliveries/${id}/retry`],
      ] as const) {
        const res = await api(method, path, method === 'PATCH' ? { description: 'x' } : undefined);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual({ message: expect.any(String) });
      }
    }
    expect((await api('GET', '/webhook-endpoints', undefined, globex)).body.data.map((e: any) => e.id)).toEqual([theirs.id]);
    await api('DELETE', `/webhook-endpoints/${theirs.id}`, undefined, globex);
    await api('DELETE', `/webhook-endpoints/${own.id}`);
  });
});

describe('deliveries', () => {
  it('deliver every event of the feed after the endpoint was made, signed, in order per resource, after the receiver refused for a while', async () => {
    const before = await post('/products', { name: 'Before', sku: 'BEFORE-1' }); // before the endpoint: never delivered to it
    const start = (await until('the event before', async () => {
      const read = await feed();
      return read.events.some((e) => e.data.product_id === before.id) && read;
    })).next;
    let refusing = true;
    receiver.answer.set('/main', () => (refusing ? 503 : 200));
    const made = await endpoint('/main');

    const warehouse = await post('/locations', { name: 'Main' });
    const products = [];
    for (let i = 0; i < 3; i++) products.push(await post('/products', { name: `P${i}`, sku: `P-${i}`, unit_cost: 1 }));
    for (let round = 0; round < 3; round++) {
      for (const product of products) await api('PATCH', `/products/${product.id}`, { retail_price: 10 + round });
    }
    await post('/inventory/adjustments', { lines: products.map((p) => ({ product_id: p.id, location_id: warehouse.id, quantity: 5 })) });

    // Refused until some deliveries have been tried three times.
    await until('deliveries refused and retried', () => {
      const seen = new Map<string, number>();
      for (const r of receiver.at('/main')) seen.set(String(r.headers['webhook-id']), (seen.get(String(r.headers['webhook-id'])) ?? 0) + 1);
      return receiver.at('/main').length >= 6 && Math.max(...seen.values()) >= 3;
    });
    expect(receiver.at('/main').every((r) => r.status === 503)).toBe(true);
    const waiting = await deliveriesOf(made.id, '&status=pending');
    expect(waiting.some((d: any) => d.attempts >= 2 && d.response_status === 503 && /503/.test(d.last_error))).toBe(true);
    refusing = false;

    const { events } = await until('the events in the feed', async () => {
      const read = await feed(start);
      return read.events.length >= 3 + 9 + 1 && read;
    });
    expect(events.length).toBe(3 + 9 + 1); // created, updated three times each, one adjustment
    const accepted = await until('every event accepted', () => {
      const got = receiver.accepted('/main');
      return got.length >= events.length && got;
    });
    // Exactly the feed's events, each accepted once, each body the feed's event, each signed and identified alike.
    expect(accepted.map((m) => m.id).sort((a, b) => a - b)).toEqual(events.map((e) => e.id));
    for (const message of accepted) {
      const event = events.find((e) => e.id === message.id)!;
      expect(message).toEqual({ id: event.id, type: event.type, occurred_at: event.occurred_at, timestamp: event.occurred_at, data: event.data });
    }
    for (const request of receiver.at('/main')) {
      const message = JSON.parse(request.body);
      expect(request.verifiedWith).toBe(made.secret);
      expect(request.headers['webhook-id']).toBe(`evt_${acme.companyId}_${message.id}`);
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
      expect(request.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
      expect(request.headers['content-type']).toBe('application/json');
    }
    // In order per resource: each product's events were accepted in the feed's order.
    for (const product of products) {
      const order = (list: any[]) => list.filter((m) => m.type.startsWith('product.') && m.data.product_id === product.id).map((m) => m.id);
      expect(order(accepted)).toEqual(order(events));
      expect(order(accepted)).toHaveLength(4);
    }
    // Attempts before a success: each of those refused and retried with the same webhook-id.
    const deliveries = await until('all deliveries settled', async () => {
      const list = await deliveriesOf(made.id);
      return list.length === events.length && list.every((d: any) => d.status === 'succeeded') && list;
    });
    expect(Object.keys(deliveries[0]).sort()).toEqual([
      'attempts', 'created_at', 'delivered_at', 'endpoint_id', 'event_id', 'event_type', 'id', 'last_attempt_at', 'last_error', 'next_attempt_at', 'response_status', 'status', 'updated_at',
    ]);
    expect(deliveries.map((d: any) => d.event_id)).toEqual(events.map((e) => e.id).reverse()); // newest first
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ endpoint_id: made.id, status: 'succeeded', response_status: 200, last_error: null, next_attempt_at: null });
      expect(delivery.event_type).toBe(events.find((e) => e.id === delivery.event_id)!.type);
      const tries = receiver.at('/main').filter((r) => JSON.parse(r.body).id === delivery.event_id);
      expect(tries.length).toBe(delivery.attempts);
      expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1);
    }
    expect(deliveries.some((d: any) => d.attempts >= 3)).toBe(true);
    await api('DELETE', `/webhook-endpoints/${made.id}`);
  }, 60_000);

  it('sign what follows a rotation with the new secret only', async () => {
    const made = await endpoint('/rotate', ['product.created']);
    await post('/products', { name: 'Old key', sku: 'ROT-1' });
    await until('first delivery', () => receiver.accepted('/rotate').length === 1);
    const rotated = await api('POST', `/webhook-endpoints/${made.id}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    const secret = rotated.body.data.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(made.secret);
    expect((await api('GET', `/webhook-endpoints/${made.id}`)).body.data).not.toHaveProperty('secret');
    receiver.secrets.set('/rotate', [made.secret, secret]);

    await post('/products', { name: 'New key', sku: 'ROT-2' });
    await until('second delivery', () => receiver.accepted('/rotate').length === 2);
    expect(receiver.at('/rotate').map((r) => [JSON.parse(r.body).data.sku, r.verifiedWith])).toEqual([
      ['ROT-1', made.secret],
      ['ROT-2', secret],
    ]);
    const last = receiver.at('/rotate')[1]!;
    expect(() => new Webhook(made.secret).verify(last.body, last.headers as Record<string, string>)).toThrow();
    await api('DELETE', `/webhook-endpoints/${made.id}`);
  });

  it('fail for good after every attempt while the endpoint works otherwise: it stays enabled, later events of the resource go on, and retry sends it again', async () => {
    let rejectSku = 'BAD-1';
    receiver.answer.set('/picky', (message) => (message.type === 'product.created' && message.data.sku === rejectSku ? 400 : 200));
    const made = await endpoint('/picky', ['product.created', 'product.updated']);
    const bad = await post('/products', { name: 'Bad', sku: 'BAD-1' });
    await api('PATCH', `/products/${bad.id}`, { name: 'Bad, renamed' }); // waits behind the failing one
    const good = await post('/products', { name: 'Good', sku: 'GOOD-1' });

    const failed = await until('the delivery failed for good', async () => (await deliveriesOf(made.id, '&status=failed'))[0]);
    expect(failed).toMatchObject({ event_type: 'product.created', attempts: WEBHOOK_MAX_ATTEMPTS, response_status: 400, next_attempt_at: null, delivered_at: null });
    expect(failed.last_error).toMatch(/answered 400/);
    const badTries = receiver.at('/picky').filter((r) => JSON.parse(r.body).type === 'product.created' && JSON.parse(r.body).data.sku === 'BAD-1');
    expect(badTries.map((r) => r.status)).toEqual(Array(WEBHOOK_MAX_ATTEMPTS).fill(400));
    // The update of the same product waited for it, then went out; the other product's event did not wait.
    await until('the update delivered', () => receiver.accepted('/picky').some((m) => m.type === 'product.updated'));
    const accepted = receiver.accepted('/picky');
    expect(accepted.map((m) => [m.type, m.data.product_id])).toEqual([['product.created', good.id], ['product.updated', bad.id]]);
    expect((await api('GET', `/webhook-endpoints/${made.id}`)).body.data.status).toBe('enabled');

    rejectSku = '';
    // As if it were still waiting out a long backoff: a retry sends it now, not after the wait.
    await server.database.prisma.$executeRaw`UPDATE "WebhookDelivery" SET status = 'pending', "nextAttemptAt" = "nextAttemptAt" + interval '1 hour' WHERE id = ${failed.id}`;
    const retried = await api('POST', `/webhook-deliveries/${failed.id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    expect(Math.abs(Date.parse(retried.body.data.next_attempt_at) - Date.now())).toBeLessThan(5_000);
    const succeeded = await until('the retried delivery succeeded', async () => {
      const now = (await deliveriesOf(made.id)).find((d: any) => d.id === failed.id);
      return now.status === 'succeeded' && now;
    });
    expect(succeeded).toMatchObject({ attempts: 1, response_status: 200, last_error: null });
    expect(receiver.accepted('/picky').at(-1)).toMatchObject({ type: 'product.created', data: { sku: 'BAD-1' } });
    await api('DELETE', `/webhook-endpoints/${made.id}`);
  }, 60_000);

  it('disable an endpoint that keeps failing, with a webhook_endpoint.disabled event; enabled again, it gets what waited', async () => {
    let down = true;
    receiver.answer.set('/down', () => (down ? 500 : 200));
    const made = await endpoint('/down', ['product.created']);
    await post('/products', { name: 'Lost 1', sku: 'DOWN-1' });
    await post('/products', { name: 'Lost 2', sku: 'DOWN-2' });

    const disabled = await until('the endpoint disabled', async () => {
      const now = (await api('GET', `/webhook-endpoints/${made.id}`)).body.data;
      return now.status === 'disabled' && now;
    });
    expect(disabled.disabled_at).toEqual(expect.any(String));
    expect(disabled.disabled_reason).toMatch(/failed all 11 attempts.*answered 500/);
    const event = await until('the disabled event', async () =>
      (await feed()).events.find((e) => e.type === 'webhook_endpoint.disabled' && e.data.webhook_endpoint_id === made.id),
    );
    expect(event.data).toMatchObject({ url: receiver.url('/down'), reason: 'failing', disabled_at: disabled.disabled_at });
    // Disabled: retrying is refused, and new events wait.
    const failed = (await deliveriesOf(made.id, '&status=failed'))[0];
    expect(failed.attempts).toBe(WEBHOOK_MAX_ATTEMPTS);
    expect((await api('POST', `/webhook-deliveries/${failed.id}/retry`)).status).toBe(409);
    await post('/products', { name: 'While disabled', sku: 'DOWN-3' });
    const requestsWhileDisabled = receiver.at('/down').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.at('/down').length).toBe(requestsWhileDisabled);

    down = false;
    const enabled = await api('PATCH', `/webhook-endpoints/${made.id}`, { status: 'enabled' });
    expect(enabled.body.data).toMatchObject({ status: 'enabled', disabled_at: null, disabled_reason: null });
    await until('what waited delivered', () => receiver.accepted('/down').some((m) => m.data.sku === 'DOWN-3'));
    const skus = receiver.accepted('/down').map((m) => m.data.sku);
    expect(skus).toContain('DOWN-3');
    // What failed for good (the delivery whose eleventh failure disabled the endpoint; the other one may still
    // have been waiting then, and is delivered now) is not sent again: only a retry sends it.
    const failedForGood = new Set((await deliveriesOf(made.id, '&status=failed')).map((d: any) => d.event_id));
    const failedSkus = (await feed()).events.filter((e) => failedForGood.has(e.id)).map((e) => e.data.sku);
    expect(failedSkus.length).toBeGreaterThan(0);
    for (const sku of failedSkus) expect(skus).not.toContain(sku);
    await api('DELETE', `/webhook-endpoints/${made.id}`);
  }, 60_000);
});

describe('private addresses', () => {
  // A second server of this block's own, with the policy off.
  const { server: strict, companies: { strict: tenant }, api: call } = serverForFile(['strict'], {
    background: true,
    configure: (config) => ({ ...config, allowPrivateOutbound: false, webhookPumpMs: 50, webhookRetryScale: 0.00001 }),
  });

  it('refuses private, loopback and link-local addresses when ALLOW_PRIVATE_OUTBOUND is off', async () => {
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest', 'http://127.0.0.1:8080/', 'https://192.168.1.20/', 'http://localhost/x', 'http://[::1]/x', 'http://[fe80::1]/x']) {
      const res = await call('POST', '/webhook-endpoints', { url, events: ['*'] });
      expectErrors(res, ['url']);
      expect(res.body.errors.url[0]).toMatch(/private, loopback or link-local/);
    }
    const made = await call('POST', '/webhook-endpoints', { url: 'https://hooks.example.com/inventory', events: ['*'] });
    expect(made.status, made.text).toBe(201);
    expectErrors(await call('PATCH', `/webhook-endpoints/${made.body.data.id}`, { url: 'http://10.1.2.3/' }), ['url']);
  });

  it('does not call a private address at delivery time either', async () => {
    // Saved before the policy changed (written directly): the delivery is refused when it is sent.
    const db = tenantClient(strict.database.prisma, tenant.companyId);
    const { next } = await (async () => {
      const res = await call('GET', '/events?limit=1000');
      return { next: res.body.meta.next_cursor as string };
    })();
    const txId = BigInt(Buffer.from(next, 'base64url').toString().split(':')[0]!) + 1n;
    const endpoint = await db.webhookEndpoint.create({ data: { url: receiver.url('/private'), events: ['*'], secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64'), cursorTxId: txId } as any });
    receiver.secrets.set('/private', [endpoint.secret]);
    await call('POST', '/products', { name: 'Private', sku: 'PRIV-1' });
    const delivery = await until('an attempt refused', async () => {
      const list = (await call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)).body.data;
      return list[0]?.attempts >= 1 && list[0];
    });
    expect(delivery.response_status).toBeNull();
    expect(delivery.last_error).toMatch(/private or loopback address \(127\.0\.0\.1\)/);
    expect(receiver.at('/private')).toEqual([]);
  });
});
