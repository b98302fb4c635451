// A Citus worker down (issue 31 §6): with one worker of a cluster stopped, the companies whose shards live on the
// other worker keep working through their own host, and those on the stopped one get 503 {message} with
// Retry-After, never a 500; once the worker is back they work again without restarting the service. On a cluster
// of the test's own (../shared/citus/cluster.sh), in the Citus pass: the suite's cluster must stay up.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { runServerProgram } from '../support/own-postgres.js';
import { freePort, portIsFree } from '../support/server-process.js';
import { onCitus } from '../support/test-database.js';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';

const API = '/external/api/v1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onCitus)('a Citus worker down under the running service', () => {
  const cluster = () => path.join(process.env.CITUS_DIR ?? '', 'cluster.sh');
  const dir = mkdtempSync(path.join(tmpdir(), 'citus-down-'));
  const worker = (name: string, action: 'stop' | 'start') =>
    runServerProgram('pg_ctl', ['-D', path.join(dir, name, 'data'), ...(action === 'stop' ? ['-m', 'fast'] : ['-l', path.join(dir, name, 'server.log')]), '-w', '-t', '60', action]);
  let server: TestServer;
  const tenants: Array<Tenant & { worker: string }> = [];

  beforeAll(async () => {
    // Three free ports in a row for the coordinator and its two workers.
    let port = await freePort();
    while (!(await Promise.all([port + 1, port + 2].map(portIsFree))).every(Boolean)) port = await freePort();
    execFileSync('bash', [cluster(), 'start', dir, String(port)], { stdio: 'pipe', timeout: 120_000 });
    const url = `postgres://postgres@127.0.0.1:${port}/inventory`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`ALTER DATABASE inventory SET citus.shard_count = 4`);
    await admin.end();
    server = await startTestServer({ database: await openDatabase({ kind: 'postgres', url }) });
    // Companies until each worker holds at least one.
    for (let n = 0; n < 12 && new Set(tenants.map((t) => t.worker)).size < 2; n++) {
      const tenant = await server.createTenant(`company${n}`);
      const [placement] = await server.database.sql.query<{ node: string }>(
        `SELECT n.nodename || ':' || n.nodeport AS node FROM pg_dist_placement p JOIN pg_dist_node n ON n.groupid = p.groupid
          WHERE p.shardid = get_shard_id_for_distribution_column('"Product"', $1::int)`,
        [tenant.companyId],
      );
      tenants.push({ ...tenant, worker: Number(placement!.node.split(':')[1]) === port + 1 ? 'worker1' : 'worker2' });
    }
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    execFileSync('bash', [cluster(), 'stop', dir], { stdio: 'pipe', timeout: 120_000 });
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the companies on the other worker, answers 503 with Retry-After for those on the stopped one, and recovers by itself', async () => {
    const up = tenants.find((t) => t.worker === 'worker1')!;
    const down = tenants.find((t) => t.worker === 'worker2')!;
    expect(up && down).toBeTruthy();
    const list = (tenant: Tenant) => server.call('GET', `${API}/products`, { token: tenant.token, company: tenant.slug });
    const create = (tenant: Tenant, sku: string) => server.call('POST', `${API}/products`, { token: tenant.token, company: tenant.slug, body: { name: sku, sku } });
    expect((await list(down)).status).toBe(200);

    worker('worker2', 'stop');
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
      worker('worker2', 'start');
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
