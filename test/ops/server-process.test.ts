// The real server process, as `npm start` runs it (`node dist/main.js` after its build) on an embedded data folder: it starts
// and answers health checks, refuses a bad configuration and a data folder already in use, and on SIGTERM
// finishes the request in flight, exits 0 and releases the folder. Every line it logs on stdout is JSON.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimDataDir } from '../../src/db/data-dir-lock.js';
import { openDatabase } from '../../src/db/database.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process.js';

const TIMEOUT = 120_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-server-test-'));
const lockFile = path.join(dataDir, 'owner.lock');
const started: ServerProcess[] = [];
let token = '';

/** Servers still running when a test ends (it failed midway) are killed, so the next test can use the folder. */
const running = new Set<ServerProcess>();
afterEach(async () => {
  for (const proc of running) {
    proc.child.kill('SIGKILL');
    await proc.exited;
  }
});

function startServer(env: Record<string, string>): ServerProcess {
  const proc = startServerProcess(dataDir, env);
  started.push(proc);
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

function expectJsonLines(stdout: string): void {
  const lines = stdout.split('\n').filter((line) => line.trim() !== '');
  for (const line of lines) {
    expect(() => JSON.parse(line), `not a JSON log line: ${line}`).not.toThrow();
    expect(JSON.parse(line)).toMatchObject({ time: expect.any(String), level: expect.any(String), message: expect.any(String) });
  }
}

function get(port: number, urlPath: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      })
      .once('error', reject);
  });
}

function stillWaiting(promise: Promise<unknown>, ms = 500): Promise<boolean> {
  return Promise.race([
    promise.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms)),
  ]);
}

/** POST /external/api/v1/locations with a declared length but only half the body sent so far. */
function halfSentCreate(port: number, agent: http.Agent, name: string) {
  const body = JSON.stringify({ name });
  const half = Math.floor(body.length / 2);
  let finishBody = () => {};
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/external/api/v1/locations',
        agent,
        headers: {
          host: `acme.localhost:${port}`,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
      },
    );
    req.once('error', reject);
    req.write(body.slice(0, half));
    finishBody = () => req.end(body.slice(half));
  });
  return { response, finishBody: () => finishBody() };
}

beforeAll(async () => {
  // A company and a token, written the way the CLI writes them (claim the folder, then open it).
  const claim = claimDataDir(dataDir, 'cli');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const { company } = await createCompany(database.prisma, {
      slug: 'acme',
      name: 'Acme',
      adminEmail: 'admin@acme.test',
      adminPassword: 'correct horse',
    });
    token = (await createApiToken(database.prisma, { companyId: company.id, name: 'ops-test' })).secret;
  } finally {
    await database.close();
    claim.release();
  }
}, TIMEOUT);

afterAll(async () => {
  for (const proc of started) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) {
      proc.child.kill('SIGKILL');
      await proc.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server process', () => {
  it('refuses an invalid configuration with a message naming the variable', { timeout: TIMEOUT }, async () => {
    const proc = startServer({ PORT: 'abc' });
    const { code } = await proc.exited;
    expect(code).toBe(1);
    expect(proc.stderr).toContain('Invalid configuration');
    expect(proc.stderr).toMatch(/PORT.*"abc"/);
    expectJsonLines(proc.stdout);
    expect(existsSync(lockFile)).toBe(false);
  });

  it(
    'serves health checks, refuses a second server on the same data folder, and on SIGTERM finishes the request in flight',
    { timeout: TIMEOUT },
    async () => {
      const port = await freePort();
      const server = startServer({ PORT: String(port) });
      const listening = await server.waitForLog('listening');
      expect(listening).toMatchObject({ level: 'info', url: `http://127.0.0.1:${port}`, database: 'pglite' });
      expect(existsSync(lockFile)).toBe(true);

      expect(await get(port, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await get(port, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });

      // A second server on the same folder must not open the embedded database.
      const second = startServer({ PORT: String(await freePort()) });
      const secondExit = await second.exited;
      expect(secondExit.code).toBe(1);
      const failure = second.logs.find((line) => line.message === 'failed to start');
      expect(failure?.error).toMatch(new RegExp(`data folder .* is in use by a running server \\(pid \\d+\\)`));
      expectJsonLines(second.stdout);
      expect(existsSync(lockFile)).toBe(true); // still the first server's
      expect(await get(port, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });

      // An authenticated create whose body is only half sent, on a keep-alive connection: the handler is
      // waiting for the rest of the body when SIGTERM arrives.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const { response, finishBody } = halfSentCreate(port, agent, 'Main warehouse');
      // Still unanswered after half a second: the server is waiting for the rest of the body.
      expect(await stillWaiting(response)).toBe(true);

      server.child.kill('SIGTERM');
      await server.waitForLog('shutting down');
      // The server no longer takes new connections...
      await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
      // ...but the request in flight still completes.
      const signalledAt = Date.now();
      finishBody();
      const created = await response;
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ name: 'Main warehouse' });

      const { code, signal } = await server.exited;
      const shutdownMs = Date.now() - signalledAt;
      agent.destroy();
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(server.logs.at(-1)).toMatchObject({ level: 'info', message: 'stopped' });
      expect(server.logs.some((l) => l.message === 'request' && l.path === '/external/api/v1/locations' && l.status === 201)).toBe(true);
      expectJsonLines(server.stdout);
      expect(server.stderr).toBe('');
      expect(existsSync(lockFile)).toBe(false);
      // Bounded by the keep-alive timeout (5 s) today; see the next test.
      expect(shutdownMs).toBeLessThan(15_000);

      // The write made it to disk before the database was closed.
      const claim = claimDataDir(dataDir, 'cli');
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const names = (await database.prisma.location.findMany()).map((l) => l.name);
        expect(names).toEqual(['Main warehouse']);
      } finally {
        await database.close();
        claim.release();
      }
    },
  );

  // A keep-alive connection must not hold shutdown open until its idle timeout.
  it('on SIGTERM closes a keep-alive connection as soon as its request is answered', { timeout: TIMEOUT }, async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    await server.waitForLog('listening');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { response, finishBody } = halfSentCreate(port, agent, 'Second warehouse');
      expect(await stillWaiting(response)).toBe(true);
      server.child.kill('SIGTERM');
      await server.waitForLog('shutting down');
      finishBody();
      const created = await response;
      const answeredAt = Date.now();
      expect(created.status).toBe(201);
      expect(created.headers.connection).toBe('close');
      expect((await server.exited).code).toBe(0);
      expect(Date.now() - answeredAt).toBeLessThan(3_000);
    } finally {
      agent.destroy();
      await server.exited;
    }
  });
});
