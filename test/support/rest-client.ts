// Calls to the REST API as one tenant, for contract tests: `api` answers whatever came back, `post` expects
// success and gives `data`, `expectErrors` checks a 422 and the fields it names. The server and tenant are
// read when a call is made, so files can build them in beforeAll.
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
