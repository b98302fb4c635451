// Authentication, token scopes and tenant isolation, through REST and GraphQL over real HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { authenticateToken, revokeApiToken } from '../../src/domain/tenancy/api-tokens.js';

const { server, companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex']);
let acmeWarehouse: any;
let acmeBin: any;

beforeAll(async () => {
  acmeWarehouse = await post('/locations', { name: 'Acme WH' });
  acmeBin = await post('/locations', { name: 'Acme bin', parent_id: acmeWarehouse.id });
});

function expectUnauthorized(res: { status: number; body: any }) {
  expect(res.status).toBe(401);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'status_code']);
  expect(res.body.error).toBe('Unauthorized');
  expect(res.body.status_code).toBe(401);
  expect(typeof res.body.message).toBe('string');
}

describe('bearer tokens', () => {
  it('refuses a request without, with a malformed or with an unknown token', async () => {
    expectUnauthorized(await server.call('GET', '/external/api/v1/locations', { company: 'acme' }));
    expectUnauthorized(await server.call('GET', '/external/api/v1/locations', { company: 'acme', headers: { authorization: 'Basic abc' } }));
    expectUnauthorized(await server.call('GET', '/external/api/v1/locations', { company: 'acme', token: 'inv_not-a-real-token' }));
    expectUnauthorized(await server.graphql('{ viewer { company { slug } } }', {}, { company: 'acme' }));
  });

  it('refuses an expired token and a revoked one', async () => {
    const expired = await server.createToken(acme.companyId, 'short-lived');
    await server.database.prisma.apiToken.updateMany({ where: { name: 'short-lived' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await server.call('GET', '/external/api/v1/locations', { company: 'acme', token: expired });
    expectUnauthorized(res);
    expect(res.body.message).toMatch(/expired/);

    const revoked = await server.createToken(acme.companyId, 'to-revoke');
    expect((await server.call('GET', '/external/api/v1/locations', { company: 'acme', token: revoked })).status).toBe(200);
    await revokeApiToken(server.database.prisma, acme.companyId, { name: 'to-revoke' });
    const after = await server.call('GET', '/external/api/v1/locations', { company: 'acme', token: revoked });
    expectUnauthorized(after);
    expect(after.body.message).toMatch(/revoked/);
  });

  it('records when a token was last used', async () => {
    const secret = await server.createToken(acme.companyId, 'usage');
    await server.call('GET', '/external/api/v1/locations', { company: 'acme', token: secret });
    const token = await server.database.prisma.apiToken.findFirst({ where: { name: 'usage' } });
    expect(token?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('reads the token and its company as Prisma stores them (one statement, every column)', async () => {
    const secret = await server.createToken(acme.companyId, 'as-stored');
    const stored = await server.database.prisma.apiToken.findFirst({ where: { name: 'as-stored' } });
    await server.database.prisma.apiToken.updateMany({ where: { name: 'as-stored' }, data: { expiresAt: new Date(Date.now() + 86_400_123), lastUsedAt: new Date(Date.now() - 5_000) } });
    await server.database.prisma.company.update({ where: { id: acme.companyId }, data: { gs1CompanyPrefix: '0614141', rateLimits: { token: 500 } } });
    const check = await authenticateToken(server.database.prisma, server.database.sql, secret, 'acme');
    if (!check.ok) throw new Error(check.reason);
    expect(check.token).toEqual(await server.database.prisma.apiToken.findFirst({ where: { id: stored!.id, companyId: acme.companyId } }));
    expect(check.company).toEqual(await server.database.prisma.company.findUnique({ where: { id: acme.companyId } }));
    await server.database.prisma.company.update({ where: { id: acme.companyId }, data: { gs1CompanyPrefix: null, rateLimits: {} } });
  });

  it("refuses a token on another company's host, and resolves the company from the token on a bare host", async () => {
    expectUnauthorized(await server.call('GET', '/external/api/v1/locations', { company: 'globex', token: acme.token }));
    expectUnauthorized(await server.call('GET', '/external/api/v1/locations', { company: 'nosuchco', token: acme.token }));
    const bare = await server.call('GET', '/external/api/v1/locations', { company: null, token: acme.token });
    expect(bare.status).toBe(200);
    expect(bare.body.data.map((l: any) => l.id)).toContain(acmeWarehouse.id);
    const viewer = await server.graphql('{ viewer { company { slug } tokenScopes } }', {}, { company: null, token: globex.token });
    expect(viewer.body.data.viewer).toEqual({ company: { slug: 'globex' }, tokenScopes: ['read', 'write'] });
  });

  it('gives a read-only token reads and a 403 {message} on every mutation', async () => {
    const readOnly = await server.createToken(acme.companyId, 'reader', ['read']);
    const opts = { company: 'acme', token: readOnly };
    expect((await server.call('GET', `/external/api/v1/locations/${acmeWarehouse.id}`, opts)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/external/api/v1/locations', { name: 'nope' }],
      ['PATCH', `/external/api/v1/locations/${acmeWarehouse.id}`, { name: 'nope' }],
      ['DELETE', `/external/api/v1/locations/${acmeBin.id}`, undefined],
    ] as const) {
      const res = await server.call(method, path, { ...opts, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
    const mutation = await server.graphql('mutation { createLocation(input: {name: "nope"}) { id } }', {}, opts);
    expect(mutation.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await api('GET', `/locations/${acmeWarehouse.id}`)).body.data.name).toBe('Acme WH');
  });
});

describe("company B cannot reach company A's locations", () => {
  const asGlobex = (method: string, path: string, body?: unknown) => api(method, path, body, globex);

  it('through REST: read, list, change, delete, or use as a parent', async () => {
    for (const id of [acmeWarehouse.id, acmeBin.id]) {
      expect((await asGlobex('GET', `/locations/${id}`)).status).toBe(404);
      expect((await asGlobex('PATCH', `/locations/${id}`, { name: 'stolen' })).status).toBe(404);
      expect((await asGlobex('DELETE', `/locations/${id}`)).status).toBe(404);
    }
    const list = await asGlobex('GET', '/locations?per_page=100');
    expect(list.body.data).toEqual([]);
    expect(list.body.meta.total).toBe(0);
    const parent = await asGlobex('POST', '/locations', { name: 'sneaky', parent_id: acmeWarehouse.id });
    expect(parent.status).toBe(422);
    expect(Object.keys(parent.body.errors)).toEqual(['parent_id']);
  });

  it('through GraphQL: read, list, change, delete', async () => {
    const read = await gql('query($id: Int!) { location(id: $id) { id name } }', { id: acmeWarehouse.id }, globex);
    expect(read.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const list = await gql('{ locations(perPage: 100) { items { id } meta { total } } }', {}, globex);
    expect(list.body.data.locations).toEqual({ items: [], meta: { total: 0 } });
    const update = await gql('mutation($id: Int!) { updateLocation(id: $id, input: {name: "stolen"}) { id } }', { id: acmeBin.id }, globex);
    expect(update.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const remove = await gql('mutation($id: Int!) { deleteLocation(id: $id) { id } }', { id: acmeBin.id }, globex);
    expect(remove.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it("left A's data untouched", async () => {
    const res = await api('GET', '/locations?per_page=100');
    const names = res.body.data.map((l: any) => l.name).sort();
    expect(names).toEqual(['Acme WH', 'Acme bin']);
  });
});
