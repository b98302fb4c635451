// A single-node database moved onto Citus, then the cluster grown under writes (issue 31 §1 and §5), as an
// operator would do it, on a cluster of the test's own (test/support/own-citus.ts) in the Citus pass:
// 1. companies and documents made through the API on a single-node PostgreSQL are `pg_dump -Fc`ed, `pg_restore`d
//    into a coordinator, and the service started on it: every table ends distributed, with every row, and the
//    API's answers are the ones the single node gave;
// 2. a third worker is added and the shards rebalanced onto it (`citus_rebalance_start`, moves by logical
//    replication) while writers keep posting adjustments for every company: every acknowledged write is there
//    afterwards, the ledger check is clean for each company, a written company did move, and the longest pause
//    between two acknowledged writes of one company is measured and printed. A pause of a moved company as long as
//    the rebalance would mean its writes were blocked while its shards were copied. No move is cancelled and
//    retried on the way: one that deadlocks with the writes is, which made the rebalance take minutes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import type { Logger } from '../../src/http/logger.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';
import { ownCitusCluster, type OwnCitus } from '../support/own-citus.js';
import { ownPostgres, runClientProgram, type OwnPostgres } from '../support/own-postgres.js';
import { onCitus } from '../support/test-database.js';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';

const API = '/external/api/v1';
const COMPANIES = 6;
/** Each company's writer waits this long between two adjustments. */
const WRITE_PAUSE_MS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Company extends Tenant {
  productId: number;
  locationId: number;
}

/** What a company's integrator sees: its products, locations, adjustments and stock (the rows of each). */
async function answers(server: TestServer, company: Company): Promise<unknown[]> {
  const paths = ['/products?per_page=100', '/locations', '/inventory/adjustments?per_page=100', '/inventory/stocks/export'];
  const results = [];
  for (const urlPath of paths) {
    const res = await server.call('GET', `${API}${urlPath}`, { token: company.token, company: company.slug });
    expect(res.status, `${urlPath}: ${res.text}`).toBe(200);
    results.push(res.body.data);
  }
  return results;
}

const adjust = (server: TestServer, company: Company, notes: string) =>
  server.call('POST', `${API}/inventory/adjustments`, {
    token: company.token,
    company: company.slug,
    body: { notes, lines: [{ product_id: company.productId, location_id: company.locationId, quantity: 1, unit_cost: 2 }] },
  });

describe.skipIf(!onCitus)('a single-node database moved onto Citus, then a worker added under writes', () => {
  let single: OwnPostgres;
  let cluster: OwnCitus;
  let database: Database;
  let server: TestServer;
  const companies: Company[] = [];
  const before = new Map<string, unknown[]>();
  const dumpDir = mkdtempSync(path.join(tmpdir(), 'citus-move-'));
  /** The server's logged errors (a 500's cause), shown when a write is refused. */
  const serverErrors: string[] = [];
  const logger: Logger = {
    log(level, message, fields) {
      if (level === 'error') serverErrors.push(JSON.stringify({ message, ...fields }));
    },
  };

  beforeAll(async () => {
    [single, cluster] = await Promise.all([ownPostgres(), ownCitusCluster()]);
    const admin = new pg.Client({ connectionString: single.url });
    await admin.connect();
    await admin.query('CREATE DATABASE single');
    await admin.end();
    const singleUrl = single.url.replace(/\/postgres$/, '/single');
    const singleServer = await startTestServer({ database: await openDatabase({ kind: 'postgres', url: singleUrl }) });
    try {
      for (let n = 0; n < COMPANIES; n++) {
        const tenant = await singleServer.createTenant(`company${n}`);
        const call = (method: string, urlPath: string, body: unknown) => singleServer.call(method, `${API}${urlPath}`, { token: tenant.token, company: tenant.slug, body });
        const product = await call('POST', '/products', { name: `Bolt ${n}`, sku: `B-${n}` });
        const location = await call('POST', '/locations', { name: 'Main' });
        const company = { ...tenant, productId: product.body.data.id, locationId: location.body.data.id };
        for (let i = 0; i < 3; i++) expect((await adjust(singleServer, company, `single-${i}`)).status).toBe(201);
        companies.push(company);
        before.set(company.slug, await answers(singleServer, company));
      }
    } finally {
      await singleServer.close();
    }
    const dump = path.join(dumpDir, 'single.dump');
    runClientProgram('pg_dump', ['-Fc', '-d', singleUrl, '-f', dump]);
    runClientProgram('pg_restore', ['--no-owner', '--no-privileges', '-d', cluster.url, dump]);
    // The one command: starting the service (it migrates, and so distributes).
    database = await openDatabase({ kind: 'postgres', url: cluster.url });
    server = await startTestServer({ database, logger });
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    single?.remove();
    cluster?.remove();
    rmSync(dumpDir, { recursive: true, force: true });
  });

  it('ends distributed with every row, and answers as the single node did', async () => {
    const local = await database.sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r'
          AND NOT EXISTS (SELECT 1 FROM pg_dist_partition p WHERE p.logicalrelid = c.oid)`,
    );
    expect(local.map((row) => row.name)).toEqual(['_service_migrations']);
    const [{ kinds }] = await database.sql.query<{ kinds: string }>(
      `SELECT string_agg(DISTINCT partmethod::text, ',' ORDER BY partmethod::text) AS kinds FROM pg_dist_partition`,
    );
    expect(kinds).toBe('h,n'); // hash-distributed company tables, the reference table Company
    for (const company of companies) expect(await answers(server, company), company.slug).toEqual(before.get(company.slug));
  });

  it('adds a worker and rebalances while every company keeps posting, losing no write', async () => {
    const placementOf = (company: Company) => cluster.nodeOfCompany(company.companyId);
    const placedBefore = new Map(await Promise.all(companies.map(async (c) => [c.slug, await placementOf(c)] as const)));

    const acknowledged = new Map<string, string[]>(companies.map((c) => [c.slug, []]));
    const ackTimes = new Map<string, number[]>(companies.map((c) => [c.slug, []]));
    const statuses = new Map<number, number>();
    let writing = true;
    const writers = companies.map(async (company) => {
      for (let i = 0; writing; i++) {
        const marker = `grow-${i}`;
        const res = await adjust(server, company, marker);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) {
          acknowledged.get(company.slug)!.push(marker);
          ackTimes.get(company.slug)!.push(Date.now());
        }
        // A steady stream rather than as fast as two cores allow, so the move's copying gets its share.
        await sleep(WRITE_PAUSE_MS);
      }
    });
    const everyoneWrote = async (count: number) => {
      const target = new Map(companies.map((c) => [c.slug, acknowledged.get(c.slug)!.length + count]));
      while (companies.some((c) => acknowledged.get(c.slug)!.length < target.get(c.slug)!)) await sleep(20);
    };

    let moveStarted = 0;
    let rebalanceStarted = 0;
    let moveEnded = 0;
    try {
      await everyoneWrote(3);
      moveStarted = Date.now();
      await cluster.addWorker('worker3');
      rebalanceStarted = Date.now();
      await database.sql.query(`SELECT citus_rebalance_start(shard_transfer_mode => 'auto')`);
      await database.sql.query('SELECT citus_rebalance_wait()');
      moveEnded = Date.now();
      await everyoneWrote(3);
    } finally {
      writing = false;
      await Promise.all(writers);
    }

    const [job] = await database.sql.query<{ id: number; state: string }>(`SELECT job_id AS id, state::text FROM pg_dist_background_job ORDER BY job_id DESC LIMIT 1`);
    expect(job!.state).toBe('finished');
    // No move was cancelled and retried. Citus cancels a move that deadlocks with writes, and retries it after 5 s,
    // 20 s, then each minute: the audit trigger writing through the distributed table did that in two runs of five
    // (prisma/migrations/20261129080000_triggers_write_their_own_shard).
    const retried = await database.sql.query<{ command: string; retries: number; message: string }>(
      `SELECT command, retry_count AS retries, message FROM pg_dist_background_task WHERE job_id = $1 AND coalesce(retry_count, 0) > 0`,
      [job!.id],
    );
    expect(retried).toEqual([]);
    const placedAfter = new Map(await Promise.all(companies.map(async (c) => [c.slug, await placementOf(c)] as const)));
    const moved = companies.filter((c) => placedAfter.get(c.slug) !== placedBefore.get(c.slug));
    expect(moved.length, JSON.stringify([...placedAfter])).toBeGreaterThan(0);
    expect(moved.every((c) => placedAfter.get(c.slug) === 'worker3')).toBe(true);

    expect([...statuses.keys()], serverErrors.join('\n')).toEqual([201]);
    // The longest pause between two acknowledged writes of one company, from just before the move to just after;
    // and of a moved company while the shards were rebalanced.
    const longestPause = (among: Company[], from: number, to: number) => {
      let longest = { ms: 0, at: 0, slug: '' };
      for (const company of among) {
        const times = ackTimes.get(company.slug)!.filter((t) => t >= from && t <= to);
        for (let i = 1; i < times.length; i++) {
          if (times[i]! - times[i - 1]! > longest.ms) longest = { ms: times[i]! - times[i - 1]!, at: times[i - 1]! - moveStarted, slug: company.slug };
        }
      }
      return longest;
    };
    const overall = longestPause(companies, moveStarted - 1000, moveEnded + 1000);
    const ofMoved = longestPause(moved, rebalanceStarted, moveEnded);
    const rebalanceMs = moveEnded - rebalanceStarted;
    console.log(
      `[citus-grow] worker added in ${rebalanceStarted - moveStarted} ms, shards rebalanced in ${rebalanceMs} ms; ` +
        `${moved.map((c) => c.slug).join(', ')} of ${COMPANIES} companies moved; ${[...acknowledged.values()].reduce((n, list) => n + list.length, 0)} adjustments acknowledged; ` +
        `longest pause between two writes of one company ${overall.ms} ms (${overall.slug}, ${overall.at} ms into the move); ` +
        `of a moved company during the rebalance ${ofMoved.ms} ms (${ofMoved.slug}, ${ofMoved.at} ms into the move)`,
    );
    // The moved companies kept writing while their shards were copied. A move that blocks writes would stop them
    // for nearly the whole rebalance (one shard group moves; replicating the reference table first is quick);
    // a move by logical replication stops them only for its final catch-up, which grows with the load beside it.
    expect(ofMoved.ms).toBeLessThan(rebalanceMs * 0.75);

    for (const company of companies) {
      const notes: string[] = [];
      for (let page = 1; ; page++) {
        const listed = await server.call('GET', `${API}/inventory/adjustments?per_page=100&page=${page}`, { token: company.token, company: company.slug });
        expect(listed.status, listed.text).toBe(200);
        notes.push(...listed.body.data.map((adjustment: { notes: string }) => adjustment.notes));
        if (page >= listed.body.meta.last_page) break;
      }
      for (const marker of acknowledged.get(company.slug)!) expect(notes.filter((note) => note === marker), `${company.slug} ${marker}`).toHaveLength(1);
      expect(await verifyLedger(tenantClient(database.prisma, company.companyId)), company.slug).toEqual([]);
    }
  }, 300_000);
});
