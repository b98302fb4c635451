// Runs the real CLI as a child process on an embedded data folder (no DATABASE_URL, no SECRET_KEY), as a
// user would with `npm run cli -- ...`: the command that script runs, without npm around it, so a timeout's kill
// reaches it. The bundle is brought up to date before the tests start (build-bundles.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { claimDataDir } from '../../src/db/data-dir-lock.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { PROJECT_ROOT as ROOT } from '../../src/project-root.js';

export { ROOT };

/** What `npm start` and `npm run cli` run, after their build step (package.json). */
export const SERVER_ARGS = ['--enable-source-maps', 'dist/main.js'];
export const CLI_ARGS = ['--enable-source-maps', 'dist/cli.js'];

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(dataDir: string, ...args: string[]): Promise<CliResult> {
  return runCliWith(dataDir, args);
}

/** runCli with extra environment variables; the child is killed (code null) when it runs longer than timeoutMs. */
export function runCliWith(dataDir: string, args: string[], options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...options.env };
  delete env.DATABASE_URL;
  delete env.SECRET_KEY;
  return runChild(process.execPath, [...CLI_ARGS, ...args], env, options.timeoutMs);
}

/** A line run by sh as a user would paste it, with no DATA_DIR, DATABASE_URL or SECRET_KEY of the test's around it. */
export function runInShell(line: string): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATA_DIR;
  delete env.DATABASE_URL;
  delete env.SECRET_KEY;
  return runChild('sh', ['-c', line], env);
}

/** Runs a command in the project's folder to its end, collecting its output. */
function runChild(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export async function withDataDir<T>(dataDir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const claim = claimDataDir(dataDir, 'cli');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
    claim.release();
  }
}

/**
 * An embedded data folder of the file's own for the real CLI, removed after the file's tests:
 * `cli` runs a command on it, `withData` opens it between commands.
 */
export function cliDataDir(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) => runCli(dataDir, ...args);
  const withData = <T>(use: (database: Database) => Promise<T>) => withDataDir(dataDir, use);
  return { dataDir, cli, withData };
}
