// A single-node PostgreSQL restarted under load (issue 31 §6): while a client posts adjustments one after another,
// the database is stopped and started again under the running service. While it is away every request gets
// 503 {message} with Retry-After, never a 500; the service answers again by itself once the database is back,
// without a restart; and every adjustment that got a 201 is there exactly once, with a clean ledger.
// On a server of the test's own (test/support/own-postgres.ts), in the PostgreSQL pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';
import { onCitus, onPostgres } from '../support/test-database.js';
import { ownPostgres, type OwnPostgres } from '../support/own-postgres.js';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';
import { restClient } from '../support/rest-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres || onCitus)('PostgreSQL restarted under the running service', () => {
  let postgres: OwnPostgres;
  let database: Database;
  let server: TestServer;
  let acme: Tenant;
  let productId: number;
  let locationId: number;
  const { api, post } = restClient(() => ({ server, tenant: acme }));

  beforeAll(async () => {
    postgres = await ownPostgres();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE service');
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = '/service';
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    server = await startTestServer({ database });
    acme = await server.createTenant('acme');
    productId = (await post('/products', { name: 'Bolt', sku: 'B-1' })).id;
    locationId = (await post('/locations', { name: 'Main' })).id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    postgres?.remove();
  });

  it('answers 503 with Retry-After while the database is away, comes back by itself, and loses no acknowledged write', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const unavailable: Array<{ retryAfter: unknown; body: unknown }> = [];
    let writing = true;
    let backAt = 0;
    let firstSuccessAfterBack = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const marker = `restart-${i}`;
        const res = await api('POST', '/inventory/adjustments', { notes: marker, lines: [{ product_id: productId, location_id: locationId, quantity: 1, unit_cost: 2 }] });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) {
          acknowledged.push(marker);
          if (backAt && !firstSuccessAfterBack) firstSuccessAfterBack = Date.now();
        } else if (res.status === 503) {
          unavailable.push({ retryAfter: res.headers['retry-after'], body: res.body });
          await sleep(50);
        }
      }
    })();

    while (acknowledged.length < 5) await sleep(20);
    postgres.stop('fast');
    const before = unavailable.length;
    while (unavailable.length < before + 5) await sleep(20);
    postgres.start();
    backAt = Date.now();
    while (!firstSuccessAfterBack && Date.now() - backAt < 20_000) await sleep(20);
    const countAfterBack = acknowledged.length;
    while (acknowledged.length < countAfterBack + 5) await sleep(20);
    writing = false;
    await writer;

    expect([...statuses.keys()].sort()).toEqual([201, 503]);
    expect(unavailable[0]).toEqual({ retryAfter: '5', body: { message: expect.stringMatching(/database is not available/) } });
    // Back by itself, without restarting the service (20 s is a budget against a hang, not a measure).
    expect(firstSuccessAfterBack).toBeGreaterThan(0);

    const notes: string[] = [];
    for (let page = 1; ; page++) {
      const listed = await api('GET', `/inventory/adjustments?per_page=100&page=${page}`);
      expect(listed.status, listed.text).toBe(200);
      notes.push(...listed.body.data.map((adjustment: { notes: string }) => adjustment.notes));
      if (page >= listed.body.meta.last_page) break;
    }
    for (const marker of acknowledged) expect(notes.filter((note: string) => note === marker), marker).toHaveLength(1);
    expect(await verifyLedger(tenantClient(database.prisma, acme.companyId))).toEqual([]);
  });
});
