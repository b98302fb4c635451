// The CLI socket in process (no spawns): the server side (startCliSocket) over an in-memory database in a
// temporary DATA_DIR, reached by the client side (handToServer) and by runCli itself when a "server" holds the
// folder. Covers what the end-to-end test (cli-beside-server.test.ts) cannot reach cheaply: the socket's
// permissions, malformed and oversized requests, settings forwarded from the CLI, a CLI that hangs up mid-command,
// refusal while closing, and a server that never answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Output } from '../../src/cli/command.js';
import { handToServer } from '../../src/cli/remote.js';
import { runCli } from '../../src/cli/run.js';
import { startCliSocket, type CliSocket } from '../../src/cli/server-socket.js';
import { PROTOCOL_VERSION, socketAddress, type CommandRequest } from '../../src/cli/socket-protocol.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import type { Database } from '../../src/db/database.js';
import type { Logger } from '../../src/http/logger.js';
import { openTestDatabase } from '../support/test-database.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cli-socket-'));
const SECRET = 's'.repeat(40);
let config: Config;
let database: Database;
let socket: CliSocket;
const logs: Array<{ level: string; message: string } & Record<string, unknown>> = [];
const logger: Logger = { log: (level, message, fields = {}) => void logs.push({ level, message, ...fields }) };
/** A live process standing in for the server in the lock file (the lock ignores this process's own pid). */
let standIn: ChildProcess;

function capture(): Output & { lines: string[] } {
  const lines: string[] = [];
  return { lines, line: (text = '') => void lines.push(`out: ${text}`), error: (text) => void lines.push(`err: ${text}`) };
}

const request = (argv: string[], env: Record<string, string> = {}): CommandRequest => ({ version: PROTOCOL_VERSION, argv, env });

/** Sends raw bytes and collects every line the server answers until it closes the connection. */
function rawExchange(payload: string | Buffer): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const client = net.createConnection(socket.address);
    let text = '';
    client.setEncoding('utf8');
    client.on('data', (chunk) => (text += chunk));
    client.on('error', reject);
    client.on('close', () => resolve(text.split('\n').filter(Boolean).map((line) => JSON.parse(line))));
    client.setTimeout(20_000, () => client.destroy(new Error('no answer in 20 s')));
    client.write(payload);
  });
}

beforeAll(async () => {
  config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: SECRET });
  database = await openTestDatabase();
  // A stale socket file left by a server that was killed: the next server replaces it.
  mkdirSync(path.join(dataDir, 'cli'), { recursive: true, mode: 0o755 });
  writeFileSync(path.join(dataDir, 'cli', 'cli.sock'), 'stale');
  socket = await startCliSocket({ config, database, logger });
  standIn = spawn('sleep', ['600'], { stdio: 'ignore' });
});

afterAll(async () => {
  standIn?.kill('SIGKILL');
  await socket?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server side', () => {
  it('listens in a folder only the owner may enter, on a socket only the owner may use', () => {
    const dir = lstatSync(path.join(dataDir, 'cli'));
    expect(dir.isDirectory()).toBe(true);
    expect(dir.mode & 0o777).toBe(0o700); // tightened although it existed with 0755
    const file = statSync(path.join(dataDir, 'cli', 'cli.sock'));
    expect(file.isSocket()).toBe(true);
    expect(file.mode & 0o777).toBe(0o600);
  });

  it('runs a command on its database and streams the output, then the exit code', async () => {
    const out = capture();
    const handed = await handToServer(
      socket.address,
      request(['company:create', '--slug', 'acme', '--name', 'Acme', '--admin-email', 'a@acme.test', '--admin-password', 'correct horse']),
      out,
    );
    expect(handed).toEqual({ ran: true, exitCode: 0 });
    expect(out.lines).toEqual(['out: Created company "Acme" (slug acme, id 1) with admin a@acme.test.', 'out: Its address: acme.localhost']);
    expect(await database.prisma.company.count({ where: { slug: 'acme' } })).toBe(1);
    const logged = logs.find((line) => line.message === 'cli command');
    expect(logged).toMatchObject({ level: 'info', command: 'company:create', exit_code: 0 });
    expect(JSON.stringify(logs)).not.toContain('correct horse'); // argument values are never logged
  });

  it("uses the CLI's settings, not the server's (BASE_DOMAIN), and never its DATA_DIR or SECRET_KEY", async () => {
    const out = capture();
    const env = { BASE_DOMAIN: 'example.test', DATA_DIR: '/nowhere', SECRET_KEY: 'short' };
    const argv = ['company:create', '--slug', 'beta', '--name', 'Beta', '--admin-email', 'a@beta.test', '--admin-password', 'correct horse'];
    expect(await handToServer(socket.address, request(argv, env), out)).toEqual({ ran: true, exitCode: 0 });
    expect(out.lines).toContain('out: Its address: beta.example.test');
  });

  it('answers usage errors (2) and failures (1) with the same lines the CLI prints', async () => {
    const usage = capture();
    expect(await handToServer(socket.address, request(['company:features', '--company', 'acme', '--enable', 'teleport']), usage)).toEqual({ ran: true, exitCode: 2 });
    expect(usage.lines[0]).toBe('err: Unknown feature "teleport" for --enable. Known features: cost_rules, forecast_materialized_table.');
    expect(usage.lines[1]).toBe('err: Usage: npm run cli -- company:features --company <slug> [--enable <feature>] [--disable <feature>]');

    const failed = capture();
    expect(await handToServer(socket.address, request(['token:list', '--company', 'nowhere']), failed)).toEqual({ ran: true, exitCode: 1 });
    expect(failed.lines).toEqual([expect.stringMatching(/^err: token:list failed: Company .*nowhere.* not found/)]);
  });

  it('refuses a malformed, unversioned or oversized request with an error message', async () => {
    expect(await rawExchange('not json\n')).toEqual([{ type: 'error', message: 'The request is not JSON.' }]);
    expect(await rawExchange(JSON.stringify({ version: 99, argv: [], env: {} }) + '\n')).toEqual([
      { type: 'error', message: `Unsupported protocol version 99 (this server speaks ${PROTOCOL_VERSION}).` },
    ]);
    expect(await rawExchange(JSON.stringify({ version: PROTOCOL_VERSION, argv: [1], env: {} }) + '\n')).toEqual([
      { type: 'error', message: 'argv must be an array of strings.' },
    ]);
    expect(await rawExchange(Buffer.alloc(1024 * 1024 + 10, 'a'))).toEqual([{ type: 'error', message: 'The request is longer than 1048576 bytes.' }]);
  });

  it('finishes a command whose CLI hung up', async () => {
    const client = net.createConnection(socket.address);
    await new Promise((resolve) => client.once('connect', resolve));
    client.write(JSON.stringify(request(['company:create', '--slug', 'gone', '--name', 'Gone', '--admin-email', 'a@gone.test', '--admin-password', 'correct horse'])) + '\n');
    await new Promise((resolve) => client.once('data', resolve)); // "accepted"
    client.destroy();
    await expect.poll(() => database.prisma.company.count({ where: { slug: 'gone' } }), { timeout: 20_000 }).toBe(1);
  });
});

describe('the socket path', () => {
  it('is DATA_DIR/cli/cli.sock, relative to the working directory when shorter, and none when too long for a Unix socket', () => {
    expect(socketAddress('/tmp/d', '/srv/app')).toBe('/tmp/d/cli/cli.sock');
    const deep = '/' + 'x'.repeat(120);
    expect(socketAddress(deep, '/elsewhere')).toBeNull();
    expect(socketAddress(deep, deep)).toBe('cli/cli.sock');
    expect(socketAddress('data', '/srv/app')).toBe('data/cli/cli.sock');
  });
});

describe('runCli beside a server', () => {
  it('hands the command to the server that holds the data folder and returns its exit code', async () => {
    writeFileSync(path.join(dataDir, 'owner.lock'), JSON.stringify({ pid: standIn.pid, role: 'server', acceptsCliCommands: true }));
    const out = capture();
    const code = await runCli(['company:features', '--company', 'acme', '--enable', 'cost_rules'], out, { env: { DATA_DIR: dataDir } });
    expect(code).toBe(0);
    expect(out.lines).toEqual(['out: Feature cost_rules is on for company acme.']);
    const listed = capture();
    expect(await runCli(['company:features', '--company', 'acme'], listed, { env: { DATA_DIR: dataDir } })).toBe(0);
    expect(listed.lines).toEqual([
      'out: FEATURE                      STATE',
      'out: ---------------------------  -----',
      'out: cost_rules                   on',
      'out: forecast_materialized_table  off',
    ]);
  });

  it('gives up with a clear failure when the server never takes the command', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'cli-socket-silent-'));
    try {
      writeFileSync(path.join(elsewhere, 'owner.lock'), JSON.stringify({ pid: standIn.pid, role: 'server', acceptsCliCommands: true }));
      const out = capture();
      const started = Date.now();
      const code = await runCli(['token:list', '--company', 'acme'], out, { env: { DATA_DIR: elsewhere }, serverWaitMs: 1_000 });
      expect(code).toBe(1);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(out.lines.join('\n')).toMatch(
        new RegExp(`^err: token:list failed: The data folder .* is in use by a running server \\(pid ${standIn.pid}\\), which did not take the command on its CLI socket within 1 s \\(.*ENOENT`),
      );
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('on close drops connections that sent no command yet and removes the socket; a CLI is told nothing ran', async () => {
    const idle = net.createConnection(socket.address); // connected, request not sent yet
    await new Promise((resolve) => idle.once('connect', resolve));
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    await socket.close();
    await idleClosed; // dropped, so its CLI tries again (and then opens the folder itself)
    expect(existsSync(path.join(dataDir, 'cli', 'cli.sock'))).toBe(false);
    const handed = await handToServer(socketAddress(dataDir)!, request(['token:list', '--company', 'acme']), capture());
    expect(handed.ran).toBe(false);
  });
});
