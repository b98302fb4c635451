// The CLI end to end: each case spawns the real CLI (`node dist/cli.js`, what `npm run cli` runs) against one embedded data folder
// (fresh for this file), the way `npm run cli -- ...` runs it. Spawns are slow (PGlite starts each time),
// so the cases build on each other in order: create a company, issue a token, list, revoke, ...
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authenticateToken } from '../../src/domain/tenancy/api-tokens.js';
import { cliDataDir } from '../support/cli.js';

const { dataDir, cli, withData } = cliDataDir('inventory-cli-test-');
const TIMEOUT = 60_000;
/** The first command also creates the PGlite cluster and applies every migration. */
const FIRST_TIMEOUT = 120_000;

function lastLine(text: string): string {
  const lines = text.trimEnd().split('\n');
  return lines[lines.length - 1];
}

/** A fingerprint of every file in the data folder (except the lock), to prove nothing was written. */
function fingerprint(dir = dataDir): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name !== 'owner.lock') hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

describe('CLI', () => {
  let secret = '';

  it('answers a bad command line with the usage text and exit code 2', { timeout: TIMEOUT }, async () => {
    const [none, unknown, badFlag, badValue] = await Promise.all([
      cli(),
      cli('company:frobnicate'),
      cli('token:list', '--company', 'acme', '--colour', 'red'),
      cli('token:create', '--company=acme', '--name=ci', '--expires-in-days=soon'),
    ]);
    for (const result of [none, unknown, badFlag, badValue]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Usage: npm run cli --');
      expect(result.stdout).toBe('');
    }
    expect(none.stderr).toContain('company:create');
    expect(none.stderr).toContain('token:revoke');
    expect(unknown.stderr).toContain('Unknown command "company:frobnicate"');
    expect(badFlag.stderr).toContain('Unknown flag --colour');
    expect(badFlag.stderr).toContain('Usage: npm run cli -- token:list --company <slug>');
    expect(badValue.stderr).toContain('--expires-in-days must be a whole number');
  });

  it('creates a company, and refuses a second one with the same slug', { timeout: FIRST_TIMEOUT }, async () => {
    const created = await cli('company:create', '--slug', 'acme', '--name', 'Acme Inc', '--admin-email', 'admin@acme.test', '--admin-password=correct horse');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('acme');

    const duplicate = await cli('company:create', '--slug=acme', '--name=Other', '--admin-email=x@other.test', '--admin-password=correct horse');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('A company with the slug "acme" already exists.');
  });

  it('prints each validation message and exits 1', { timeout: TIMEOUT }, async () => {
    const result = await cli('company:create', '--slug', 'Not_A_Slug', '--name', 'X', '--admin-email', 'nope', '--admin-password', 'short');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--slug: The slug may contain only/);
    expect(result.stderr).toMatch(/--admin-email: The admin email must be a valid email address/);
    expect(result.stderr).toMatch(/--admin-password: The password must be at least 8 characters/);
    expect(result.stderr).not.toContain('Usage');
  });

  it('token:create prints the token alone on the last line, and the token authenticates', { timeout: TIMEOUT }, async () => {
    const result = await cli('token:create', '--company', 'acme', '--name', 'ci-deploy', '--scopes', 'read', '--expires-in-days', '30');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    secret = lastLine(result.stdout);
    expect(secret).toMatch(/^inv_[A-Za-z0-9_-]+$/);
    expect(result.stdout.trimEnd().split('\n').length).toBeGreaterThan(1); // description lines first

    const check = await withData((database) => authenticateToken(database.prisma, database.sql, secret, 'acme'));
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.company.slug).toBe('acme');
      expect(check.token.name).toBe('ci-deploy');
      expect(check.token.scopes).toEqual(['read']);
      expect(check.token.expiresAt).not.toBeNull();
    }
  });

  it('token:list shows the token without its secret', { timeout: TIMEOUT }, async () => {
    const result = await cli('token:list', '--company', 'acme');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/NAME\s+SCOPES\s+CREATED\s+LAST USED\s+EXPIRES\s+STATUS/);
    const row = result.stdout.split('\n').find((line) => line.startsWith('ci-deploy'));
    expect(row).toBeDefined();
    expect(row).toMatch(/\bread\b/);
    expect(row).toMatch(/\bactive$/);
    expect(row).not.toContain('never  '); // used once by the authentication check above
    expect(result.stdout).not.toContain(secret);
    expect(result.stdout).not.toContain(secret.slice(4));
  });

  it('token:revoke revokes it', { timeout: TIMEOUT }, async () => {
    const revoked = await cli('token:revoke', '--company', 'acme', '--name', 'ci-deploy');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('Revoked API token "ci-deploy"');

    const listed = await cli('token:list', '--company=acme');
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n').find((line) => line.startsWith('ci-deploy'))).toMatch(/\brevoked$/);

    const check = await withData((database) => authenticateToken(database.prisma, database.sql, secret, 'acme'));
    expect(check).toEqual({ ok: false, reason: 'The API token has been revoked.' });
  });

  it('refuses to run while a server holds the data folder, and leaves the data untouched', { timeout: TIMEOUT }, async () => {
    const before = fingerprint();
    // A live process standing in for a server that takes no CLI commands over a socket (a server of an earlier
    // version): its pid in the lock file, without acceptsCliCommands. (A server that takes them: cli-beside-server.test.ts.)
    const server: ChildProcess = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, 'owner.lock'), JSON.stringify({ pid: server.pid, role: 'server' }));
      const result = await cli('company:create', '--slug', 'beta', '--name', 'Beta', '--admin-email', 'a@beta.test', '--admin-password', 'correct horse');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`in use by a running server (pid ${server.pid})`);
      expect(result.stdout).toBe('');
      expect(fingerprint()).toBe(before);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'owner.lock'), 'utf8'))).toEqual({ pid: server.pid, role: 'server' });
    } finally {
      server.kill();
      await new Promise((resolve) => server.once('exit', resolve));
    }
    // The server is gone: its stale lock is taken over, and the earlier data is all there, without "beta".
    const companies = await withData((database) => database.prisma.company.findMany({ orderBy: { slug: 'asc' } }));
    expect(companies.map((company) => company.slug)).toEqual(['acme']);
  });
});
