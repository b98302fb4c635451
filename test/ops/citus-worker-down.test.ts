// A Citus worker down (issue 31 §6): with one worker of a cluster stopped, the companies whose shards live on the
// other worker keep working through their own host, and those on the stopped one get 503 {message} with
// Retry-After, never a 500; once the worker is back they work again without restarting the service. On a cluster
// of the test's own (test/support/own-citus.ts), in the Citus pass: the suite's cluster must stay up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { ownCitusCluster, type OwnCitus } from '../support/own-citus.js';
import { onCitus } from '../support/test-database.js';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';

const API = '/external/api/v1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onCitus)('a Citus worker down under the running service', () => {
  let cluster: OwnCitus;
  let server: TestServer;
  const tenants: Array<Tenant & { worker: string }> = [];

  beforeAll(async () => {
    cluster = await ownCitusCluster();
    server = await startTestServer({ database: await openDatabase({ kind: 'postgres', url: cluster.url }) });
    // Companies until each worker holds at least one.
    for (let n = 0; n < 12 && new Set(tenants.map((t) => t.worker)).size < 2; n++) {
      const tenant = await server.createTenant(`company${n}`);
      tenants.push({ ...tenant, worker: await cluster.nodeOfCompany(tenant.companyId) });
    }
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    cluster?.remove();
  });

  it('serves the companies on the other worker, answers 503 with Retry-After for those on the stopped one, and recovers by itself', async () => {
    const up = tenants.find((t) => t.worker === 'worker1')!;
    const down = tenants.find((t) => t.worker === 'worker2')!;
    expect(up && down).toBeTruthy();
    const list = (tenant: Tenant) => server.call('GET', `${API}/products`, { token: tenant.token, company: tenant.slug });
    const create = (tenant: Tenant, sku: string) => server.call('POST', `${API}/products`, { token: tenant.token, company: tenant.slug, body: { name: sku, sku } });
    expect((await list(down)).status).toBe(200);

    cluster.node('worker2', 'stop');
    try {
      expect((await list(up)).status).toBe(200);
      expect((await create(up, 'UP-1')).status).toBe(201);
      const graphql = await server.graphql('{ products { items { id } } }', {}, { token: down.token, company: down.slug });
      for (const res of [await list(down), await create(down, 'DOWN-1'), graphql]) {
        expect(res.status, res.text).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toEqual({ message: expect.stringMatching(/database is not available/) });
      }
    } finally {
      cluster.node('worker2', 'start');
    }
    // Back by itself (a budget against a hang, not a measure).
    let res = await list(down);
    for (let i = 0; i < 100 && res.status !== 200; i++) {
      await sleep(100);
      res = await list(down);
    }
    expect(res.status, res.text).toBe(200);
    expect((await create(down, 'DOWN-2')).status).toBe(201);
  });
});
