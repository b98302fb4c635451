// Backup and restore of the embedded database, end to end with real processes (issue 17 §8): a backup taken
// through the running server while clients keep writing, more changes after it, a restore refused while the
// server runs and refused for a file that is not a backup, then a restore with the server stopped — and the
// restarted server answers with the state of the backup.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliWith } from '../support/cli.js';
import { acmeRequest, portOf, startServerProcess, type ServerProcess } from '../support/server-process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-restore-'));
const backupFile = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
const CLI_TIMEOUT = 120_000;
const cli = (args: string[]) => runCliWith(dataDir, args, { timeoutMs: CLI_TIMEOUT });

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop(10_000);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupFile, { force: true });
});

async function start(): Promise<number> {
  const server = startServerProcess(dataDir);
  servers.push(server);
  return portOf(await server.waitForLog('listening'));
}

const api = (port: number, method: string, urlPath: string, token: string, body?: unknown) => acmeRequest(port, method, `/external/api/v1${urlPath}`, token, body);

const names = async (port: number, token: string) =>
  ((await api(port, 'GET', '/locations?per_page=100&sort=id', token)).body.data as Array<{ name: string }>).map((l) => l.name);

describe('backup and restore of the embedded database', () => {
  it('restores exactly the state a backup taken beside the running server saw', { timeout: 300_000 }, async () => {
    let port = await start();
    expect((await cli(['company:create', '--slug', 'acme', '--name', 'Acme', '--admin-email', 'admin@acme.test', '--admin-password', 'a long password'])).code).toBe(0);
    const issued = await cli(['token:create', '--company', 'acme', '--name', 'backup test', '--scopes', 'read,write']);
    expect(issued.code, issued.stderr).toBe(0);
    const token = issued.stdout.trimEnd().split('\n').at(-1)!;
    expect((await api(port, 'POST', '/locations', token, { name: 'Before backup' })).status).toBe(201);

    // Clients keep writing while the backup is taken: it holds a prefix of their writes, each one whole.
    let writing = true;
    const written: string[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await api(port, 'POST', '/locations', token, { name: `During ${i}` });
        expect(res.status).toBe(201);
        written.push(`During ${i}`);
      }
    })();
    const backedUp = await cli(['backup', '--out', backupFile]);
    const doneWhenBackupEnded = written.length;
    writing = false;
    await writer;
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toMatch(new RegExp(`^Backed up the embedded database to ${backupFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+ bytes\\)\\.\\n$`));

    expect((await api(port, 'POST', '/locations', token, { name: 'After backup' })).status).toBe(201);
    const restoredWhileRunning = await cli(['restore', '--from', backupFile]);
    expect(restoredWhileRunning.code).toBe(1);
    expect(restoredWhileRunning.stderr).toMatch(/restore failed: .*in use/i);
    expect(await names(port, token)).toContain('After backup');

    await servers.pop()!.stop(30_000);
    const notABackup = path.join(dataDir, '..', `${path.basename(dataDir)}-not-a-backup.tar.gz`);
    writeFileSync(notABackup, 'this is not a tarball');
    const refused = await cli(['restore', '--from', notABackup]);
    rmSync(notABackup, { force: true });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not a backup of this service's embedded database/);
    expect((await cli(['restore', '--from', path.join(dataDir, 'missing.tar.gz')])).stderr).toMatch(/There is no backup file/);

    const restored = await cli(['restore', '--from', backupFile]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .* \(1 company\)\.\nThe data folder it replaced is kept as .*pglite\.before-restore-/);

    port = await start();
    const after = await names(port, token);
    expect(after[0]).toBe('Before backup');
    expect(after).not.toContain('After backup');
    const during = after.slice(1);
    // A prefix of what the writer had been answered 201 for by the end of the backup, nothing half-written.
    expect(during).toEqual(written.slice(0, during.length));
    expect(during.length).toBeLessThanOrEqual(doneWhenBackupEnded + 1); // + the one whose answer was on its way
  });
});
