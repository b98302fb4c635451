// The CLI while the real server runs, end to end on one embedded data folder: the server (a child process, as
// `npm start` runs it) owns the PGlite folder and takes CLI commands on DATA_DIR/cli/cli.sock; the CLI (a child
// process too) hands its command over and prints the same output, with the same exit code, as when it opens
// the folder itself once the server has stopped. A token made through the server works over its HTTP API,
// which shows the command ran on the server's own database.
import { lstatSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ARGS, runCliWith, runInShell, type CliResult } from '../support/cli.js';
import { acmeRequest, portOf, startServerProcess, type ServerProcess } from '../support/server-process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cli-beside-server-'));
const socketFile = path.join(dataDir, 'cli', 'cli.sock');
const CLI_TIMEOUT = 120_000;
const cli = (args: string[], env: Record<string, string> = {}) => runCliWith(dataDir, args, { env, timeoutMs: CLI_TIMEOUT });

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop(10_000);
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): ServerProcess {
  const server = startServerProcess(dataDir);
  servers.push(server);
  return server;
}

/** GET on the company's host, with a bearer token. */
const apiGet = (port: number, urlPath: string, token: string) => acmeRequest(port, 'GET', urlPath, token);

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;

/** Commands whose outcome does not depend on who runs them: each is run beside the server, then without it. */
const SAME_EITHER_WAY: Array<{ why: string; args: string[]; code: number }> = [
  { why: 'a list', args: ['company:features', '--company', 'acme'], code: 0 },
  { why: 'a change already made', args: ['company:features', '--company', 'acme', '--enable', 'cost_rules'], code: 0 },
  { why: 'the token list', args: ['token:list', '--company', 'acme'], code: 0 },
  { why: 'an unknown feature (usage)', args: ['company:features', '--company', 'acme', '--enable', 'teleport'], code: 2 },
  { why: 'an unknown flag (usage)', args: ['token:list', '--company', 'acme', '--colour', 'red'], code: 2 },
  {
    why: 'a slug already taken (conflict)',
    args: ['company:create', '--slug', 'acme', '--name', 'Again', '--admin-email', 'x@again.test', '--admin-password', 'correct horse'],
    code: 1,
  },
  {
    why: 'invalid input (validation)',
    args: ['company:create', '--slug', 'Not_A_Slug', '--name', 'X', '--admin-email', 'nope', '--admin-password', 'short'],
    code: 1,
  },
  { why: 'an unknown company (not found)', args: ['token:list', '--company', 'nowhere'], code: 1 },
];

describe('the CLI beside a running server', () => {
  let server: ServerProcess;
  let port = 0;
  let token = '';
  const besideServer: CliResult[] = [];
  let hintCommand = '';

  it('a server on a fresh data folder logs the command that creates the first company, and listens on a private socket', { timeout: 180_000 }, async () => {
    server = start();
    const listening = await server.waitForLog('listening');
    port = portOf(listening);
    expect(listening.cli_socket).toMatch(/cli\/cli\.sock$/);

    const hint = await server.waitForLog('no company yet', 30_000);
    // The folder is not ./data, so the command names it: run without it, the CLI would create the company elsewhere.
    expect(hint).toMatchObject({
      level: 'info',
      command: `DATA_DIR=${dataDir} npm run cli -- company:create --slug <slug> --name <name> --admin-email <email> --admin-password <password>`,
    });
    hintCommand = hint.command as string;

    expect(JSON.parse(readFileSync(path.join(dataDir, 'owner.lock'), 'utf8'))).toEqual({ pid: server.child.pid, role: 'server', acceptsCliCommands: true });
    const dir = lstatSync(path.dirname(socketFile));
    expect(dir.isDirectory()).toBe(true);
    expect(dir.mode & 0o777).toBe(0o700);
    const socket = lstatSync(socketFile);
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('creates a company and a token through the server; the token works on its HTTP API', { timeout: 180_000 }, async () => {
    // The first company is made by the hint's command line as printed, its placeholders filled in (and npm's
    // script replaced by what it runs, as every CLI call of the tests does).
    const created = await runInShell(
      hintCommand
        .replace('npm run cli --', [process.execPath, ...CLI_ARGS].join(' '))
        .replace('<slug>', 'acme')
        .replace('<name>', "'Acme Inc.'")
        .replace('<email>', 'admin@acme.test')
        .replace('<password>', "'a long password'"),
    );
    expect(created).toEqual({ code: 0, stdout: 'Created company "Acme Inc." (slug acme, id 1) with admin admin@acme.test.\nIts address: acme.localhost\n', stderr: '' });

    // The CLI's own settings shape the output, as if it had run the command itself.
    const beta = await cli(['company:create', '--slug', 'beta', '--name', 'Beta', '--admin-email', 'a@beta.test', '--admin-password', 'a long password'], {
      BASE_DOMAIN: 'example.test',
    });
    expect(beta.code, beta.stderr).toBe(0);
    expect(beta.stdout).toContain('Its address: beta.example.test');

    const issued = await cli(['token:create', '--company', 'acme', '--name', 'beside the server', '--scopes', 'read,write']);
    expect(issued.code, issued.stderr).toBe(0);
    expect(issued.stderr).toBe('');
    token = lastLine(issued.stdout);
    expect(token).toMatch(/^inv_[A-Za-z0-9_-]+$/);

    const enabled = await cli(['company:features', '--company', 'acme', '--enable', 'cost_rules']);
    expect(enabled).toEqual({ code: 0, stdout: 'Feature cost_rules is on for company acme.\n', stderr: '' });

    const locations = await apiGet(port, '/external/api/v1/locations', token);
    expect(locations.status).toBe(200);
    expect(locations.body.meta.total).toBe(0);
    // The feature turned on through the CLI is on for the API at once (same database, no cache).
    const costRules = await apiGet(port, '/external/api/v1/cost-rules', token);
    expect(costRules.status).toBe(200);

    const ran = server.logs.filter((line) => line.message === 'cli command').map((line) => [line.command, line.exit_code]);
    expect(ran).toEqual([
      ['company:create', 0],
      ['company:create', 0],
      ['token:create', 0],
      ['company:features', 0],
    ]);
  });

  it('prints the same output and exits with the same code for usage errors, failures and lists', { timeout: 240_000 }, async () => {
    for (const { why, args, code } of SAME_EITHER_WAY) {
      const result = await cli(args);
      expect(result.code, `${why}: ${result.stderr}`).toBe(code);
      besideServer.push(result);
    }
    expect(besideServer[0].stdout).toMatch(/cost_rules\s+on\nforecast_materialized_table\s+off\n/);
    expect(besideServer[2].stdout).toMatch(/^beside the server\s+read,write\s/m);
    expect(besideServer[3].stderr).toContain('Unknown feature "teleport" for --enable.');
    expect(besideServer[5].stderr).toBe('company:create failed: A company with the slug "acme" already exists.\n');
    expect(besideServer[7].stderr).toMatch(/^token:list failed: Company .*nowhere.* not found/);
  });

  it('after SIGTERM the socket is gone, and the CLI opens the folder itself with the same results', { timeout: 600_000 }, async () => {
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    expect(existsSync(socketFile)).toBe(false);
    expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(false);

    for (const [i, { why, args }] of SAME_EITHER_WAY.entries()) {
      const result = await cli(args);
      expect(result, why).toEqual(besideServer[i]);
    }
  });

  it('works in any order: a command started with the server runs, whoever opens the folder first', { timeout: 240_000 }, async () => {
    server = start();
    const listed = await cli(['token:list', '--company', 'acme']);
    expect(listed).toEqual(besideServer[2]);
    await server.waitForLog('listening');
    expect(server.logs.some((line) => line.message === 'no company yet')).toBe(false);
    const features = await cli(['company:features', '--company', 'acme']);
    expect(features).toEqual(besideServer[0]);
    expect(server.logs.some((line) => line.message === 'cli command' && line.command === 'company:features')).toBe(true);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
