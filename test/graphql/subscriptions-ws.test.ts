// /graphql over WebSocket (graphql-transport-ws, issue 35): the graphql-ws client subscribes with the token in the
// connection_init payload or on the upgrade request, and receives the events subscription as SSE clients do; a
// bad token is refused at init with a close naming why; the read scope and the query limits hold as over HTTP;
// on shutdown, what was committed is sent before the stream completes.
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { serverForFile } from '../support/file-server.js';
import { startTestServer, type Tenant } from '../support/test-server.js';
import { SettingsClient } from '../support/settings-client.js';

const { server, companies: { acme }, post } = serverForFile(['acme']);

const EVENTS = 'subscription { events(types: ["product.created"]) { id type cursor data } }';

/**
 * A graphql-ws client of a server: the token in the init payload, or on the upgrade request with `header`; or a
 * settings session (its cookie on the upgrade request, its CSRF token in the payload). `pings()` counts the
 * server's WebSocket pings (the ws client answers each with a pong by itself).
 */
function wsClient(
  port: number,
  tenant: Pick<Tenant, 'slug' | 'token'>,
  { header = false, session }: { header?: boolean; session?: { cookie: string; csrfToken: string | null } } = {},
): { client: Client; closed: Promise<{ code: number; reason: string }>; pings: () => number } {
  let closedWith!: (event: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (closedWith = resolve));
  const host = `${tenant.slug}.localhost:${port}`;
  let pings = 0;
  const credentials = session ? { cookie: session.cookie } : header ? { authorization: `Bearer ${tenant.token}` } : {};
  class WithHeaders extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { host, ...credentials } });
      this.on('ping', () => (pings += 1));
    }
  }
  const client = createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: WithHeaders,
    connectionParams: session ? (session.csrfToken ? { 'x-csrf-token': session.csrfToken } : {}) : header ? {} : { authorization: `Bearer ${tenant.token}` },
    retryAttempts: 0,
    lazy: true,
    on: { closed: (event: any) => closedWith({ code: event.code, reason: String(event.reason) }) },
  });
  return { client, closed, pings: () => pings };
}

/** Subscribes; the payloads arrive in `received`, `next(n)` waits (bounded) for n of them, `done` settles when the stream ends. */
function subscribe(client: Client, query: string) {
  const received: any[] = [];
  const waiters = new Set<() => void>();
  let finished: unknown = null;
  const done = new Promise<void>((resolve, reject) => {
    client.subscribe(
      { query },
      {
        next: (value) => {
          received.push(value);
          for (const waiter of [...waiters]) waiter();
        },
        error: (error) => {
          finished = error;
          reject(error);
        },
        complete: () => {
          finished = true;
          resolve();
        },
      },
    );
  });
  done.catch(() => {});
  const next = (count: number, timeoutMs = 5_000) =>
    new Promise<any[]>((resolve, reject) => {
      const check = () => {
        if (received.length < count) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(received.slice(0, count));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`expected ${count} payloads within ${timeoutMs} ms; received ${JSON.stringify(received).slice(0, 400)}; finished: ${String(finished)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { received, next, done };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const skusOf = (payloads: any[]) => payloads.map((payload) => payload.data.events.data.sku);

describe('/graphql over WebSocket', () => {
  it('subscribes with the token in the init payload or on the upgrade request', async () => {
    const inPayload = wsClient(server.port, acme);
    const onUpgrade = wsClient(server.port, acme, { header: true });
    try {
      const a = subscribe(inPayload.client, EVENTS);
      const b = subscribe(onUpgrade.client, EVENTS);
      await settle();
      await post('/products', { name: 'Socket', sku: 'WS-1' });
      expect(skusOf(await a.next(1))).toEqual(['WS-1']);
      expect(skusOf(await b.next(1))).toEqual(['WS-1']);
    } finally {
      await inPayload.client.dispose();
      await onUpgrade.client.dispose();
    }
  });

  it('subscribes with a settings session: its cookie, and its CSRF token in the init payload', async () => {
    const session = new SettingsClient(server, acme.slug);
    await session.signIn(acme.adminEmail, acme.adminPassword);
    const cookie = session.cookieHeader();
    const csrfToken = (await server.call('GET', '/graphql/session', { company: acme.slug, headers: { cookie } })).body.csrf_token;
    const signedIn = wsClient(server.port, acme, { session: { cookie, csrfToken } });
    try {
      const stream = subscribe(signedIn.client, EVENTS);
      await settle();
      await post('/products', { name: 'Session', sku: 'WS-SESSION' });
      expect(skusOf(await stream.next(1))).toEqual(['WS-SESSION']);
    } finally {
      await signedIn.client.dispose();
    }
    for (const csrf of [null, `${csrfToken}x`]) {
      const refused = wsClient(server.port, acme, { session: { cookie, csrfToken: csrf } });
      const stream = subscribe(refused.client, EVENTS);
      const event = await refused.closed;
      await expect(stream.done).rejects.toBeTruthy();
      expect(event.code).toBe(4403);
      expect(event.reason).toMatch(/csrf/i);
      await refused.client.dispose();
    }
  });

  it('pings an idle connection (every 12 s by default; every second on a server configured so)', async () => {
    // A server of its own: a connection that does not answer a ping within the interval is cut, and a test
    // process busy for longer than a short interval would cut the other tests' connections.
    const pinging = await startTestServer({ configure: (config) => ({ ...config, graphqlWsKeepAliveMs: 1_000 }) });
    const idle = wsClient(pinging.port, await pinging.createTenant('pinged'));
    try {
      const stream = subscribe(idle.client, 'subscription { events(types: ["import.failed"]) { id } }');
      await settle();
      const before = idle.pings();
      await vi.waitUntil(() => idle.pings() >= before + 2, { timeout: 10_000, interval: 50 });
      expect(stream.received).toEqual([]);
    } finally {
      await idle.client.dispose();
      await pinging.close();
    }
  }, 30_000);

  it('refuses a bad token at init, with a close naming why', async () => {
    const { client, closed } = wsClient(server.port, { slug: acme.slug, token: 'inv_not_a_token' });
    const stream = subscribe(client, EVENTS);
    const event = await closed;
    await expect(stream.done).rejects.toBeTruthy();
    expect(event.code).toBe(4403);
    expect(event.reason).toMatch(/token/i);
    await client.dispose();
  });

  it('needs the read scope, and keeps the query limits of /graphql', async () => {
    const writeOnly = await server.createToken(acme.companyId, 'ws-write-only', ['write']);
    const { client } = wsClient(server.port, { slug: acme.slug, token: writeOnly });
    try {
      const refused = subscribe(client, EVENTS);
      await refused.done;
      expect(refused.received[0].errors[0].extensions.code).toBe('FORBIDDEN');
    } finally {
      await client.dispose();
    }
    const reader = wsClient(server.port, acme);
    try {
      const deep = `query Deep { locations { items { ${'parent { '.repeat(12)}id${' }'.repeat(12)} } } }`;
      const tooDeep = subscribe(reader.client, deep);
      const error: any = await tooDeep.done.then(() => null, (errors) => errors);
      expect(JSON.stringify(error)).toMatch(/depth/i);
    } finally {
      await reader.client.dispose();
    }
  });

  it('sends what was committed, then completes the stream, when the server shuts down', async () => {
    const own = await startTestServer();
    const tenant = await own.createTenant('shutdown');
    const { client } = wsClient(own.port, tenant);
    try {
      const stream = subscribe(client, EVENTS);
      const create = async (sku: string) => {
        const res = await own.call('POST', '/external/api/v1/products', { token: tenant.token, company: tenant.slug, body: { name: sku, sku } });
        expect(res.status, res.text).toBe(201);
      };
      // The stream is live once a first event arrives; the last is committed just before the shutdown starts.
      await settle();
      await create('FIRST');
      await stream.next(1);
      await create('LAST');
      await own.close();
      await stream.done;
      expect(skusOf(stream.received)).toEqual(['FIRST', 'LAST']);
    } finally {
      await client.dispose();
    }
  });
});
