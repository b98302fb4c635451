// A PostgreSQL server of a test's own, on 127.0.0.1 and a free port, for a test that stops and starts the
// database under the service (the suite's shared server must stay up for the other files). Needs the Debian
// packages' server binaries, as scripts/with-postgres.sh does; as root the server runs as the postgres user.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  start(): void;
  /** Stops the server: `fast` ends every session, as a restart does; `immediate` as a crash does. */
  stop(mode?: 'fast' | 'immediate'): void;
  remove(): void;
}

function serverBinaries(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return path.join('/usr/lib/postgresql', versions.at(-1)!, 'bin');
}

/** Runs a program as the postgres user when this process is root (a server's files must be that user's). */
export function runAsPostgres(file: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  execFileSync(root ? 'runuser' : file, root ? ['-u', 'postgres', '--', file, ...args] : args, { stdio: 'pipe', timeout: 60_000 });
}

/** Runs one of the server's programs (initdb, pg_ctl), as the postgres user when this process is root. */
export function runServerProgram(program: string, args: string[]): void {
  runAsPostgres(path.join(serverBinaries(), program), args);
}

/** Runs one of PostgreSQL's client programs (pg_dump, pg_restore) as this process's user. */
export function runClientProgram(program: string, args: string[]): void {
  execFileSync(path.join(serverBinaries(), program), args, { stdio: 'pipe', timeout: 120_000 });
}

export async function ownPostgres(): Promise<OwnPostgres> {
  const root = process.getuid?.() === 0;
  const run = runServerProgram;
  const dir = mkdtempSync(path.join(tmpdir(), 'own-pg-'));
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  const settings = ['-c', `port=${port}`, '-c', "listen_addresses=127.0.0.1", '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off', '-c', 'full_page_writes=off'];
  const start = () => void run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', settings.map((s) => (s.includes(' ') ? `'${s}'` : s)).join(' '), 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => void run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove() {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
