// PGlite is a single-process database: two processes opening one folder would corrupt it. Whoever opens
// the embedded data folder (the server or a CLI command) first claims it with a lock file holding its pid;
// a second claimant is refused with a clear message. A lock left by a dead process is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirClaim {
  release(): void;
}

export class DataDirBusyError extends Error {
  constructor(readonly holder: { pid: number; role: string }, dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by a running ${holder.role} (pid ${holder.pid}). ` +
        (holder.role === 'server'
          ? 'Stop the server first (the embedded database serves one process at a time), or run the service on PostgreSQL with DATABASE_URL.'
          : 'Wait for it to finish and try again.'),
    );
    this.name = 'DataDirBusyError';
  }
}

export function claimDataDir(dataDir: string, role: 'server' | 'cli'): DataDirClaim {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'owner.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, role }), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && isAlive(holder.pid) && holder.pid !== process.pid) throw new DataDirBusyError(holder, dataDir);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not claim the data folder ${dataDir}.`);
}

function readHolder(file: string): { pid: number; role: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed.pid === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
