// Crash safety (issue 17 §5): while clients post a stream of adjustments and transfers (create, ship, receive),
// the real server process is killed with SIGKILL and restarted on the same database and port, several rounds.
// Afterwards every request that got a 2xx is there exactly once (found by the unique marker in its notes), no
// document is half-posted (an adjustment has all its lines and their movements; a transfer's quantities and the
// stock at both ends match its status), and the ledger check is clean. The embedded case also shows that a
// data folder left by a killed server (stale lock, unfinished log) opens again without any repair.
// The embedded case runs in the PGlite pass, the PostgreSQL case when TEST_DATABASE_URL is set.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { runCli, withDataDir } from '../support/cli.js';
import { acmeRequest, freePort, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { onPostgres, openTestDatabase } from '../support/test-database.js';

const ROUNDS = 3;
/** Clients posting at once, each one request at a time. */
const WORKERS = 4;
/**
 * The server is killed this many milliseconds after this many requests of the round got a 2xx, so the kill
 * lands in a different place of the requests still in flight each round.
 */
const KILL_AFTER = [30, 45, 38];
const KILL_DELAY_MS = [0, 25, 60];
const OPENING_STOCK = 1000;
// A budget against a hang, not a measure of speed: five server starts and three rounds of posting took 110 s on this
// machine while another suite ran beside it.
const TIMEOUT = 240_000;
const API = '/external/api/v1';

interface Sent {
  marker: string;
  body: any;
  /** The transitions that got a 2xx: create, then ship, then receive. */
  acknowledged: ('create' | 'ship' | 'receive')[];
}

/** A small deterministic generator (mulberry32), so every run posts the same stream. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Target {
  /** Creates the company acme and a token; returns the token and what the server's environment needs. */
  seed(dataDir: string): Promise<{ token: string; companyId: number; env: Record<string, string> }>;
  /** The ledger check's differences, while the server runs. */
  verify(dataDir: string, companyId: number): Promise<unknown[]>;
  cleanup(): Promise<void>;
}

function crashScenario(name: string, skip: boolean, makeTarget: () => Target): void {
  describe.skipIf(skip)(name, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-'));
    const children = new Set<ServerProcess>();
    const sent = new Map<string, Sent>();
    let target: Target;
    let token = '';
    let companyId = 0;
    let env: Record<string, string> = {};
    let port = 0;
    const products: number[] = [];
    let locations: number[] = [];

    /** Requests sent and not yet answered. */
    let inFlight = 0;
    const call = async (method: string, urlPath: string, body?: unknown) => {
      inFlight++;
      try {
        return await acmeRequest(port, method, `${API}${urlPath}`, token, body);
      } finally {
        inFlight--;
      }
    };

    function startServer(): ServerProcess {
      const proc = startServerProcess(dataDir, { ...env, PORT: String(port) });
      children.add(proc);
      void proc.exited.then(() => children.delete(proc));
      return proc;
    }

    /** Starts the server and waits until it answers /readyz; it must log no error on the way (no repair, no recovery failure). */
    async function startReady(): Promise<ServerProcess> {
      const proc = startServer();
      await proc.waitForLog('listening', 60_000);
      const ready = await acmeRequest(port, 'GET', '/readyz', token);
      expect(ready, proc.stdout + proc.stderr).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect(proc.logs.filter((line) => line.level === 'error'), proc.stdout).toEqual([]);
      return proc;
    }

    beforeAll(async () => {
      target = makeTarget();
      ({ token, companyId, env } = await target.seed(dataDir));
      port = await freePort();
      const proc = await startReady();
      for (let i = 1; i <= 3; i++) {
        const product = await call('POST', '/products', { name: `Crash ${i}`, sku: `CRASH-${i}` });
        expect(product.status, JSON.stringify(product.body)).toBe(201);
        products.push(product.body.data.id);
      }
      const first = await call('POST', '/locations', { name: 'Warehouse one' });
      const bin = await call('POST', '/locations', { name: 'Bin A', parent_id: first.body.data.id });
      const second = await call('POST', '/locations', { name: 'Warehouse two' });
      locations = [first, bin, second].map((res) => {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.data.id;
      });
      const lines = products.flatMap((productId) => locations.map((locationId) => ({ product_id: productId, location_id: locationId, quantity: OPENING_STOCK, unit_cost: 2 })));
      const opening = { notes: 'crash-opening', lines };
      const posted = await call('POST', '/inventory/adjustments', opening);
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      sent.set('crash-opening', { marker: 'crash-opening', body: opening, acknowledged: ['create'] });
      await proc.stop();
    }, TIMEOUT);

    afterAll(async () => {
      for (const proc of children) {
        proc.child.kill('SIGKILL');
        await proc.exited;
      }
      await target?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }, 30_000);

    /** One client: posts adjustments and transfers until a request finds the server gone. */
    async function client(round: number, worker: number, onAcknowledged: () => void): Promise<void> {
      const next = random(1000 * round + worker);
      const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
      /** POSTs a new record, remembered under its marker before it is sent; acknowledged once answered 201. */
      const create = async (marker: string, path: string, body: Sent['body']) => {
        const entry: Sent = { marker, body, acknowledged: [] };
        sent.set(marker, entry);
        const res = await call('POST', path, body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        entry.acknowledged.push('create');
        onAcknowledged();
        return { entry, id: res.body.data.id as number };
      };
      for (let i = 0; ; i++) {
        const marker = `crash-r${round}-w${worker}-${i}`;
        try {
          if (next() < 0.6) {
            const lines = [0, 1, 2].map((n) => {
              const quantity = (1 + Math.floor(next() * 5)) * (next() < 0.5 ? -1 : 1);
              // An increase brings stock at a cost of its own (a new FIFO layer); a decrease is valued from the layers.
              return { product_id: products[n], location_id: pick(locations), quantity, ...(quantity > 0 ? { unit_cost: 3 } : {}) };
            });
            await create(marker, '/inventory/adjustments', { notes: marker, lines });
          } else {
            const from = pick(locations);
            const to = pick(locations.filter((id) => id !== from));
            const body = { notes: marker, source_location_id: from, destination_location_id: to, lines: [{ product_id: pick(products), quantity: 1 + Math.floor(next() * 3) }] };
            const { entry, id } = await create(marker, '/transfer-orders', body);
            for (const step of ['ship', 'receive'] as const) {
              const res = await call('POST', `/transfer-orders/${id}/${step}`, step === 'receive' ? {} : undefined);
              expect(res.status, JSON.stringify(res.body)).toBe(200);
              entry.acknowledged.push(step);
              onAcknowledged();
            }
          }
        } catch (error) {
          if ((error as Error).name === 'AssertionError') throw error;
          return; // the server is gone: what this request did is unknown (it may be there, at most once)
        }
      }
    }

    async function listAll(urlPath: string): Promise<any[]> {
      const items: any[] = [];
      for (let page = 1; ; page++) {
        const res = await call('GET', `${urlPath}${urlPath.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        items.push(...res.body.data);
        if (page >= res.body.meta.last_page) return items;
      }
    }

    /** Every acknowledged request there exactly once, nothing half-posted, stock as the documents say, ledger clean. */
    async function checkEverything(): Promise<void> {
      const adjustments = await listAll('/inventory/adjustments');
      const transfers = await listAll('/transfer-orders');
      const byMarker = new Map<string, any[]>();
      for (const doc of [...adjustments, ...transfers]) byMarker.set(doc.notes, [...(byMarker.get(doc.notes) ?? []), doc]);

      for (const [marker, docs] of byMarker) {
        expect(sent.has(marker), `a document nobody sent: ${marker}`).toBe(true);
        expect(docs.length, `${marker} is there ${docs.length} times`).toBe(1);
      }
      for (const entry of sent.values()) {
        if (entry.acknowledged.length > 0) expect(byMarker.get(entry.marker)?.length ?? 0, `acknowledged ${entry.marker} lost`).toBe(1);
      }

      // Stock per product and location, as the documents say it must be.
      const expected = new Map<string, number>();
      const add = (productId: number, locationId: number, quantity: number) => {
        const key = `${productId}:${locationId}`;
        expected.set(key, (expected.get(key) ?? 0) + quantity);
      };
      for (const adjustment of adjustments) {
        const entry = sent.get(adjustment.notes)!;
        expect(adjustment.status).toBe('posted');
        expect(adjustment.lines.map((line: any) => [line.product_id, line.location_id, line.quantity])).toEqual(
          entry.body.lines.map((line: any) => [line.product_id, line.location_id, line.quantity]),
        );
        for (const line of adjustment.lines) {
          expect(line.movements.reduce((sum: number, movement: any) => sum + movement.quantity, 0), `movements of ${adjustment.notes}`).toBe(line.quantity);
          add(line.product_id, line.location_id, line.quantity);
        }
      }
      for (const transfer of transfers) {
        const entry = sent.get(transfer.notes)!;
        const [line] = transfer.lines;
        expect(transfer.lines).toHaveLength(1);
        expect(line.quantity).toBe(entry.body.lines[0].quantity);
        const shipped = transfer.status === 'shipped' || transfer.status === 'received';
        if (entry.acknowledged.includes('ship')) expect(shipped, `${transfer.notes} was shipped`).toBe(true);
        if (entry.acknowledged.includes('receive')) expect(transfer.status, `${transfer.notes} was received`).toBe('received');
        expect(['draft', 'shipped', 'received']).toContain(transfer.status);
        expect(line.shipped_quantity).toBe(shipped ? line.quantity : 0);
        expect(line.received_quantity).toBe(transfer.status === 'received' ? line.quantity : 0);
        expect(transfer.shipped_at !== null).toBe(shipped);
        expect(transfer.received_at !== null).toBe(transfer.status === 'received');
        add(line.product_id, transfer.source_location_id, -line.shipped_quantity);
        add(line.product_id, transfer.destination_location_id, line.received_quantity);
      }
      const stock = new Map<string, number>();
      for (const row of await listAll('/inventory/stock')) {
        const key = `${row.product_id}:${row.location_id}`;
        stock.set(key, (stock.get(key) ?? 0) + row.quantity);
      }
      for (const [key, quantity] of expected) expect(stock.get(key) ?? 0, `stock of product:location ${key}`).toBe(quantity);

      expect(await target.verify(dataDir, companyId)).toEqual([]);
    }

    it('keeps every acknowledged request exactly once and a clean ledger across SIGKILLs', async () => {
      const inFlightAtKill: number[] = [];
      let proc = await startReady();
      for (let round = 0; round < ROUNDS; round++) {
        let acknowledged = 0;
        const killed = proc;
        const onAcknowledged = () => {
          if (++acknowledged !== KILL_AFTER[round]) return;
          setTimeout(() => {
            killed.child.kill('SIGKILL');
            inFlightAtKill.push(inFlight);
          }, KILL_DELAY_MS[round]);
        };
        const clients = Array.from({ length: WORKERS }, (_, worker) => client(round, worker, onAcknowledged));
        // Every client stops at its first failed request; should the server never be killed, the deadline fails the test.
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 60_000)));
        const stopped = await Promise.race([Promise.all(clients).then(() => true), deadline]);
        clearTimeout(timer);
        expect(stopped, 'the clients did not stop within 60 s').toBe(true);
        expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
        expect(acknowledged).toBeGreaterThanOrEqual(KILL_AFTER[round]);
        // The killed server's lock is left behind; the restart takes it over (its process is gone).
        if (env.DATABASE_URL === undefined) expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(true);
        proc = await startReady();
        await checkEverything();
      }
      // The kills came with requests under way, not between them.
      expect(inFlightAtKill.reduce((a, b) => a + b, 0), `requests in flight at each kill: ${inFlightAtKill}`).toBeGreaterThan(0);
      const stopped = await proc.stop();
      expect(stopped.code).toBe(0);
      if (env.DATABASE_URL === undefined) {
        // Opened again in this process, the folder holds the same clean ledger.
        const differences = await withDataDir(dataDir, async (database) => verifyLedger(tenantClient(database.prisma, companyId)));
        expect(differences).toEqual([]);
      }
    }, TIMEOUT);
  });
}

async function seedCompany(prisma: Parameters<typeof createCompany>[0]): Promise<{ token: string; companyId: number }> {
  const { company } = await createCompany(prisma, { slug: 'acme', name: 'Acme', adminEmail: 'a@acme.test', adminPassword: 'correct horse battery staple' });
  const token = (await createApiToken(prisma, { companyId: company.id, name: 'crash', scopes: ['read', 'write'] })).secret;
  return { token, companyId: company.id };
}

crashScenario('on the embedded database in a data folder', onPostgres, () => ({
  async seed(dataDir) {
    const seeded = await withDataDir(dataDir, (database) => seedCompany(database.prisma));
    return { ...seeded, env: {} };
  },
  async verify(dataDir) {
    // The CLI beside the running server hands inventory:verify over the server's socket.
    const result = await runCli(dataDir, 'inventory:verify', '--company', 'acme');
    return result.code === 0 && result.stdout.includes('no differences') ? [] : [result.stdout + result.stderr];
  },
  async cleanup() {},
}));

crashScenario('on PostgreSQL', !onPostgres, () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  return {
    async seed() {
      database = await openTestDatabase();
      const seeded = await seedCompany(database.prisma);
      return { ...seeded, env: { DATABASE_URL: database.url!, SECRET_KEY: 'crash-safety-test-secret-key-0123456789' } };
    },
    verify: (_dataDir, companyId) => verifyLedger(tenantClient(database!.prisma, companyId)),
    cleanup: async () => database?.close(),
  };
});
