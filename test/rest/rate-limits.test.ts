// Rate limits over real HTTP: a company's own budgets (set as an administrator would), per token and per company,
// heavy requests counted apart, GraphQL counted too; over a budget → 429 {message} with Retry-After and the IETF
// draft's RateLimit-Policy and RateLimit fields. On PostgreSQL, two servers with their own connection pools on one
// database (as two processes would be) share the counts.
import { beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { onPostgres } from '../support/test-database.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setCompanyRateLimits } from '../../src/domain/tenancy/rate-limits.js';
import { createApp } from '../../src/http/app.js';
import { openDatabase } from '../../src/db/database.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { silentLogger } from '../../src/http/logger.js';

const { server, companies: { acme, globex } } = serverForFile(['acme', 'globex']);

/** A GET with a token of the test's choosing (several tokens of one company share its budget). */
const get = (path: string, token: string, tenant: Tenant = acme) => server.call('GET', `/external/api/v1${path}`, { token, company: tenant.slug });

/**
 * Counting windows are whole minutes: a burst must not straddle two. Each burst below took under 0.7 s on every
 * database, Citus included (CI logs); starting it with 6 s of the window left keeps ten times that in hand, and
 * waits 0.3 s on average where 20 s waited 3.3 s (and up to 20 s, about one pass in three).
 */
async function freshWindow(): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < 6) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500));
}

beforeAll(async () => {
  await setCompanyRateLimits(tenantClient(server.database.prisma, acme.companyId), { token: 5, company: 8, heavy_token: 2 });
});

describe('budgets of a company with its own limits', () => {
  it('lets a token make its budget of requests, then answers 429 with Retry-After and the RateLimit fields', async () => {
    await freshWindow();
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await get('/locations', acme.token);
      expect(res.status, res.text).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"company";q=8;w=60, "token";q=5;w=60');
      remaining.push(String(res.headers['ratelimit']).replace(/;t=\d+$/, ''));
    }
    expect(remaining).toEqual(['"token";r=4', '"token";r=3', '"token";r=2', '"token";r=1', '"token";r=0']);

    const refused = await get('/locations', acme.token);
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.body)).toEqual(['message']);
    expect(refused.body.message).toMatch(/this API token may make 5 requests per minute/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers['ratelimit']).toBe(`"token";r=0;t=${retryAfter}`);

    // Heavy requests have their own budget: the export still answers while the ordinary budget is spent.
    for (let i = 0; i < 2; i++) {
      const page = await get('/inventory/stocks/export?limit=1', acme.token);
      expect(page.status, page.text).toBe(200);
      expect(page.headers['ratelimit-policy']).toBe('"heavy_company";q=1000000;w=60, "heavy_token";q=2;w=60');
    }
    const heavy = await get('/inventory/stocks/export?limit=1', acme.token);
    expect(heavy.status).toBe(429);
    expect(heavy.body.message).toMatch(/this API token may make 2 heavy requests \(the stock export, imports, PDFs\) per minute/);

    // Another token of the company has budget left, until the company's is spent (the 6 requests above count).
    const other = await server.createToken(acme.companyId, 'second');
    expect((await get('/locations', other)).status).toBe(200);
    expect((await get('/locations', other)).status).toBe(200);
    const companySpent = await get('/locations', other);
    expect(companySpent.status).toBe(429);
    expect(companySpent.body.message).toMatch(/this company may make 8 requests per minute/);
    const graphql = await server.graphql('{ viewer { company { slug } } }', {}, { token: other, company: 'acme' });
    expect(graphql.status).toBe(429);
    expect(graphql.headers['retry-after']).toBeDefined();

    // Other companies count on their own, with the service's defaults (here the test server's).
    const theirs = await get('/locations', globex.token, globex);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['ratelimit-policy']).toBe('"company";q=1000000;w=60, "token";q=1000000;w=60');
  });
});

describe('several servers on one database', () => {
  it.skipIf(!onPostgres)('count against the same budgets', async () => {
    const url = (server.database as { url?: string }).url!;
    const second = await openDatabase({ kind: 'postgres', url }, { migrate: false });
    const app = createApp({ config: server.config, database: second, schema: buildSchema(), logger: silentLogger });
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    const port = (app.server.address() as AddressInfo).port;
    const viaSecond = (token: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/external/api/v1/locations', agent: false, headers: { host: `globex.localhost:${port}`, authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.once('error', reject);
        req.end();
      });
    try {
      await setCompanyRateLimits(tenantClient(server.database.prisma, globex.companyId), { token: 6 });
      const token = await server.createToken(globex.companyId, 'two-servers');
      await freshWindow();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push(i % 2 === 0 ? (await get('/locations', token, globex)).status : await viaSecond(token));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    } finally {
      await app.close();
    }
  });
});
