// An import survives its server being killed: a real server process on an embedded data folder is killed
// with SIGKILL in the middle of an 8,000-row import (16 chunks of 500); a new server process takes the job again once its lease
// has run out (JOB_LEASE_SECONDS=2), resumes after the last committed chunk, and finishes with every row
// applied exactly once (a row applied twice would fail as "already exists", and the count would be off).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process.js';

// Killed once 2,000 rows (4 chunks) are in: 12 chunks are left for the second run, seconds of work that the
// progress poll (every 100 ms) cannot miss.
const ROWS = 8_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'import-sigkill-'));
const children = new Set<ServerProcess>();
let token = '';
let port = 0;

beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const { company } = await createCompany(database.prisma, { slug: 'acme', name: 'Acme', adminEmail: 'a@acme.test', adminPassword: 'correct horse battery staple' });
  token = (await createApiToken(database.prisma, { companyId: company.id, name: 'importer', scopes: ['read', 'write'] })).secret;
  await database.close();
  // A fixed port for both runs, so the client calls the restarted server at the same address.
  port = await freePort();
}, 120_000);

afterAll(() => {
  for (const proc of children) proc.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): ServerProcess {
  const proc = startServerProcess(dataDir, { PORT: String(port), JOB_LEASE_SECONDS: '2' });
  children.add(proc);
  void proc.exited.then(() => children.delete(proc));
  return proc;
}

function request(method: string, urlPath: string, body?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: `/external/api/v1${urlPath}`, agent: false, headers: { host: `acme.localhost:${port}`, authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'text/csv' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('request timed out')));
    req.once('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('finishes an import with every row applied exactly once after the server is killed in the middle of it', async () => {
  const first = startServer();
  await first.waitForLog('listening');
  const lines = ['sku,name,retail_price'];
  for (let i = 1; i <= ROWS; i++) lines.push(`KILL-${String(i).padStart(6, '0')},Product ${i},${(i % 50) + 1}`);
  const started = await request('POST', '/imports?type=master_skus', lines.join('\n') + '\n');
  expect(started.status).toBe(202);
  const id = started.body.data.id;

  const midway = await waitFor(
    () => request('GET', `/imports/${id}`),
    (got) => got.body.data.job.progress_now >= 2_000,
    120_000,
    'the import to be under way',
  );
  expect(midway.body.data.job.status).toBe('running');
  first.child.kill('SIGKILL');
  await first.exited;

  const second = startServer();
  await second.waitForLog('listening');
  const resumed = await request('GET', `/imports/${id}`);
  expect(resumed.body.data.stats.success_count).toBeLessThan(ROWS); // the killed run got part of the way
  const done = await waitFor(
    () => request('GET', `/imports/${id}`),
    (got) => ['finished', 'failed', 'cancelled'].includes(got.body.data.job.status),
    180_000,
    'the import to finish',
  );
  expect(done.body.data.job).toMatchObject({ status: 'finished', attempts: 2, progress_now: ROWS, progress_max: ROWS });
  expect(done.body.data.stats).toEqual({ total_rows: ROWS, success_count: ROWS, error_count: 0 });
  const products = await request('GET', '/products?per_page=1');
  expect(products.body.meta.total).toBe(ROWS);
  const last = await request('GET', `/products?sku=KILL-${String(ROWS).padStart(6, '0')}`);
  expect(last.body.data[0]).toMatchObject({ name: `Product ${ROWS}`, retail_price: (ROWS % 50) + 1 });
  await second.stop();
}, 420_000);
