// Calls to the REST API as one tenant, for contract tests: `api` answers whatever came back, `post` expects
// success and gives `data`, `expectErrors` checks a 422 and the fields it names. The server and tenant are
// read when a call is made, so files can build them in beforeAll.
import http from 'node:http';
import { expect } from 'vitest';
import type { CallResult, Tenant, TestServer } from './test-server.js';

export function restClient(current: () => { server: TestServer; tenant: Tenant }) {
  const api = (method: string, path: string, body?: unknown, tenant?: Tenant): Promise<CallResult> => {
    const { server, tenant: own } = current();
    const as = tenant ?? own;
    return server.call(method, `/external/api/v1${path}`, { token: as.token, company: as.slug, body });
  };
  const post = async (path: string, body?: unknown, tenant?: Tenant): Promise<any> => {
    const res = await api('POST', path, body, tenant);
    expect(res.status, res.text).toBeLessThan(300);
    return res.body.data;
  };
  return { api, post };
}

/** A 422 `{message, errors}` whose errors name exactly these fields. */
export function expectErrors(res: { status: number; body: any }, fields: string[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(typeof res.body.message).toBe('string');
  expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
}

/** node:http request options for a call as the tenant (its host and token) to the test server, on a connection of its own. */
export function tenantRequest(server: Pick<TestServer, 'port'>, tenant: Pick<Tenant, 'slug' | 'token'>, method: string, path: string, headers: http.OutgoingHttpHeaders = {}): http.RequestOptions {
  return { host: '127.0.0.1', port: server.port, method, path, agent: false, headers: { ...headers, host: `${tenant.slug}.localhost:${server.port}`, authorization: `Bearer ${tenant.token}` } };
}

/** GET under /external/api/v1 answering the raw bytes (the test server's call decodes text). */
export function getBytes(server: TestServer, tenant: Tenant, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const req = http.request(
      tenantRequest(server, tenant, 'GET', `/external/api/v1${path}`, headers),
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
