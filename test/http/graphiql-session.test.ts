// GraphiQL for support staff over real HTTP: /graphql with a settings session (CSRF header, read-only unless
// asked), the public schema, the saved example queries run against a company's data, and the two reads they
// use (stock and movements by SKU) through REST too.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClientSchema, parse, validate } from 'graphql';
import { serverForFile } from '../support/file-server.js';
import { SettingsClient } from '../support/settings-client.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { GRAPHIQL_EXAMPLES } from '../../src/http/graphiql-examples.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setCompanyRateLimits } from '../../src/domain/tenancy/rate-limits.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let session: SettingsClient;
let csrfToken: string;
const seeded = { productId: 0, warehouseId: 0, supplierId: 0 };

/** POST /graphql as the signed-in browser would send it: the session cookie, and what the page adds. */
function graphqlWithSession(query: string, headers: Record<string, string> = {}, client = session) {
  return server.call('POST', '/graphql', {
    company: 'acme',
    headers: { cookie: client.cookieHeader(), ...headers },
    body: { query, variables: {} },
  });
}

beforeAll(async () => {
  session = new SettingsClient(server, 'acme');
  const signedIn = await session.signIn(acme.adminEmail, acme.adminPassword);
  expect(signedIn.status).toBe(303);
  csrfToken = (await server.call('GET', '/graphql/session', { company: 'acme', headers: { cookie: session.cookieHeader() } })).body.csrf_token;

  // A product with stock in two lots at a location, and a supplier, for the examples to find.
  const warehouse = await post('/locations', { name: 'Main warehouse' });
  const bin = await post('/locations', { name: 'Bin A', parent_id: warehouse.id });
  const product = await post('/products', { name: 'Chair', sku: 'SKU-1', lot_tracking: true, alternate_skus: [{ sku: 'CHAIR-OLD' }] });
  await post('/inventory/adjustments', {
    reason: 'opening stock',
    lines: [
      { product_id: product.id, location_id: bin.id, quantity: 5, unit_cost: 10, lot_number: 'L1' },
      { product_id: product.id, location_id: bin.id, quantity: 3, unit_cost: 11, lot_number: 'L2' },
    ],
  });
  await post('/inventory/adjustments', { reason: 'breakage', lines: [{ product_id: product.id, location_id: bin.id, quantity: -1, lot_number: 'L1' }] });
  const supplier = await post('/suppliers', { name: 'Chairs Ltd' });
  Object.assign(seeded, { productId: product.id, warehouseId: bin.id, supplierId: supplier.id });
});

describe('the settings session on /graphql', () => {
  it('is a cookie of the whole site, so GraphiQL sees it', () => {
    expect(session.cookies.has('inventory_settings_session')).toBe(true);
  });

  it('tells the page who is signed in and its CSRF token, to this origin only', async () => {
    const signedIn = await server.call('GET', '/graphql/session', { company: 'acme', headers: { cookie: session.cookieHeader(), origin: 'http://evil.test' } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ signed_in: true, user: { email: acme.adminEmail }, company: { slug: 'acme', name: 'Company acme' }, csrf_token: expect.any(String) });
    expect(signedIn.headers['access-control-allow-origin']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const nobody = await server.call('GET', '/graphql/session', { company: 'acme' });
    expect(nobody.body).toEqual({ signed_in: false, sign_in_url: '/settings/sign-in' });
  });

  it('answers queries for the session, read-only, only with its CSRF token', async () => {
    const viewer = await graphqlWithSession('{ viewer { company { slug } tokenScopes } }', { 'x-csrf-token': csrfToken });
    expect(viewer.body).toEqual({ data: { viewer: { company: { slug: 'acme' }, tokenScopes: ['read'] } } });

    const withoutToken = await graphqlWithSession('{ viewer { company { slug } } }');
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body.message).toMatch(/X-CSRF-Token/);
    expect((await graphqlWithSession('{ viewer { company { slug } } }', { 'x-csrf-token': `${csrfToken}x` })).status).toBe(403);
  });

  it('runs a mutation only when the page asks for changes, recorded in the audit log as the user', async () => {
    const mutation = 'mutation { createLocation(input: { name: "From GraphiQL" }) { id name } }';
    const refused = await graphqlWithSession(mutation, { 'x-csrf-token': csrfToken });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const names = async () => (await api('GET', '/locations?per_page=100')).body.data.map((l: any) => l.name);
    expect(await names()).not.toContain('From GraphiQL');

    const allowed = await graphqlWithSession(mutation, { 'x-csrf-token': csrfToken, 'x-graphiql-access': 'write' });
    expect(allowed.body.errors).toBeUndefined();
    const id = allowed.body.data.createLocation.id;
    const entries = await api('GET', `/audit-log?entity=location&entity_id=${id}`);
    expect(entries.body.data.map((e: any) => [e.action, e.actor.type, e.actor.name])).toEqual([['create', 'user', acme.adminEmail]]);
    expect(await names()).toContain('From GraphiQL');
  });

  it('refuses an Idempotency-Key with a session (keys are kept per token)', async () => {
    const res = await graphqlWithSession('mutation { createLocation(input: { name: "Twice" }) { id } }', {
      'x-csrf-token': csrfToken,
      'x-graphiql-access': 'write',
      'idempotency-key': 'k-1',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/Idempotency-Key/);
  });

  it('lets a token in the Authorization header win over the cookie', async () => {
    const res = await server.call('POST', '/graphql', {
      company: 'acme',
      token: globex.token,
      headers: { cookie: session.cookieHeader() },
      body: { query: '{ viewer { company { slug } tokenScopes } }' },
    });
    expect(res.status).toBe(401); // globex's token on acme's host, as without the cookie
    const own = await server.call('POST', '/graphql', { company: null, token: globex.token, headers: { cookie: session.cookieHeader() }, body: { query: '{ viewer { company { slug } } }' } });
    expect(own.body.data.viewer.company.slug).toBe('globex');
  });

  it('counts against the token budget as a token of its own', async () => {
    const tokenRemaining = async () => {
      const res = await api('GET', '/locations');
      expect(res.headers['ratelimit'], res.text).toMatch(/^"token";r=\d+;t=\d+$/);
      return Number(/r=(\d+)/.exec(String(res.headers['ratelimit']))![1]);
    };
    const sessionRemaining = async () => {
      const res = await graphqlWithSession('{ viewer { company { slug } } }', { 'x-csrf-token': csrfToken });
      expect(res.status, res.text).toBe(200);
      expect(res.headers['ratelimit-policy']).toMatch(/"token";q=\d+;w=60/);
      return Number(/"token";r=(\d+)/.exec(String(res.headers['ratelimit']))![1]);
    };
    // A token budget tighter than the company's, so that the RateLimit field shows it; a fresh minute, so that the
    // six requests below fall in one window.
    await setCompanyRateLimits(tenantClient(server.database.prisma, acme.companyId), { token: 1000, company: 100_000 });
    const left = 60 - ((Date.now() / 1000) % 60);
    if (left < 5) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
    const tokenBefore = await tokenRemaining();
    const first = await sessionRemaining();
    expect(await sessionRemaining()).toBe(first - 1);
    expect(await sessionRemaining()).toBe(first - 2);
    // The token's budget saw none of the session's three requests, only its own next one.
    expect(await tokenRemaining()).toBe(tokenBefore - 1);
  });

  it("is worthless on another company's host, and after signing out", async () => {
    const elsewhere = await server.call('POST', '/graphql', {
      company: 'globex',
      headers: { cookie: session.cookieHeader(), 'x-csrf-token': csrfToken },
      body: { query: '{ viewer { company { slug } } }' },
    });
    expect(elsewhere.status).toBe(401);

    const other = new SettingsClient(server, 'acme');
    await other.signIn(acme.adminEmail, acme.adminPassword);
    const otherCsrf = (await server.call('GET', '/graphql/session', { company: 'acme', headers: { cookie: other.cookieHeader() } })).body.csrf_token;
    expect((await graphqlWithSession('{ viewer { company { slug } } }', { 'x-csrf-token': otherCsrf }, other)).status).toBe(200);
    const cookieBefore = other.cookieHeader();
    await other.get('/settings/api-tokens');
    await other.post('/settings/sign-out', {});
    const after = await server.call('POST', '/graphql', { company: 'acme', headers: { cookie: cookieBefore, 'x-csrf-token': otherCsrf }, body: { query: '{ viewer { company { slug } } }' } });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/sign in again/);
  });
});

describe('the schema without credentials', () => {
  it('serves the introspection publicly, and it is the schema', async () => {
    const res = await server.call('GET', '/graphql/schema.json', {});
    expect(res.status).toBe(200);
    const client = buildClientSchema(res.body.data);
    expect(Object.keys(client.getQueryType()!.getFields()).sort()).toEqual(Object.keys(buildSchema().getQueryType()!.getFields()).sort());
  });
});

describe('the saved example queries', () => {
  it('are valid against the schema', () => {
    const schema = buildSchema();
    for (const example of GRAPHIQL_EXAMPLES) expect(validate(schema, parse(example.query)).map((e) => e.message)).toEqual([]);
  });

  it("answer a SKU's stock by location and lot, and its movement history, alternate SKU too", async () => {
    const run = async (index: number, variables: Record<string, unknown>) => {
      const res = await server.call('POST', '/graphql', {
        company: 'acme',
        headers: { cookie: session.cookieHeader(), 'x-csrf-token': csrfToken },
        body: { query: GRAPHIQL_EXAMPLES[index]!.query, variables },
      });
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };
    const stock = await run(1, { sku: 'SKU-1' });
    expect(stock.stock.items.map((r: any) => [r.product.sku, r.location.name, r.lot?.lotNumber ?? null, r.quantity])).toEqual([
      ['SKU-1', 'Bin A', 'L1', 4],
      ['SKU-1', 'Bin A', 'L2', 3],
    ]);
    expect((await run(1, { sku: 'CHAIR-OLD' })).stock.items).toHaveLength(2);
    expect((await run(1, { sku: 'NO-SUCH-SKU' })).stock).toEqual({ items: [], meta: expect.objectContaining({ total: 0 }) });

    const history = await run(3, { sku: 'CHAIR-OLD' });
    expect(history.stockMovements.items.map((m: any) => [m.quantity, m.lotNumber, m.sourceType, m.location.name])).toEqual([
      [-1, 'L1', 'ADJUSTMENT', 'Bin A'],
      [3, 'L2', 'ADJUSTMENT', 'Bin A'],
      [5, 'L1', 'ADJUSTMENT', 'Bin A'],
    ]);
    expect(history.stockMovements.meta.total).toBe(3);

    const orders = await run(4, { supplierId: String(seeded.supplierId) });
    expect(orders).toEqual({ submitted: { items: [] }, partlyReceived: { items: [] } });
    expect((await run(0, {})).viewer.company.slug).toBe('acme');
  });
});

describe('stock and movements by SKU over REST', () => {
  it('lists the movements newest first, filtered, sorted as asked, and the stock of a SKU', async () => {
    const movements = await api('GET', '/inventory/movements?sku=SKU-1&per_page=2');
    expect(movements.status).toBe(200);
    expect(movements.body.data.map((m: any) => [m.quantity, m.lot_number, m.source_type])).toEqual([
      [-1, 'L1', 'ADJUSTMENT'],
      [3, 'L2', 'ADJUSTMENT'],
    ]);
    expect(movements.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    expect((await api('GET', `/inventory/movements?product_id=${seeded.productId}&location_id=${seeded.warehouseId}`)).body.meta.total).toBe(3);
    expect((await api('GET', '/inventory/movements?source_type=PURCHASE_RECEIPT')).body.data).toEqual([]);
    expect((await api('GET', '/inventory/movements?occurred_from=2000-01-01T00:00:00Z&occurred_to=2000-01-02T00:00:00Z')).body.data).toEqual([]);
    const backwards = await api('GET', '/inventory/movements?occurred_from=2030-01-02T00:00:00Z&occurred_to=2030-01-01T00:00:00Z');
    expect(backwards.status).toBe(422);
    expect(Object.keys(backwards.body.errors)).toEqual(['occurred_to']);
    expect((await api('GET', '/inventory/movements?occurred_from=yesterday')).status).toBe(422);
    const sorted = async (sort: string) => (await api('GET', `/inventory/movements?sku=SKU-1&sort=${sort}`)).body.data.map((m: any) => m.quantity);
    expect(await sorted('id')).toEqual([5, 3, -1]);
    expect(await sorted('-quantity')).toEqual([5, 3, -1]);
    expect(await sorted('quantity')).toEqual([-1, 3, 5]);
    const badSort = await api('GET', '/inventory/movements?sort=weight');
    expect(badSort.status).toBe(422);
    expect(Object.keys(badSort.body.errors)).toEqual(['sort']);

    const stock = await api('GET', '/inventory/stock?sku=CHAIR-OLD');
    expect(stock.body.data.map((r: any) => [r.lot_id !== null, r.quantity])).toEqual([
      [true, 4],
      [true, 3],
    ]);
  });
});
