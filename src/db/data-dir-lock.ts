// PGlite is a single-process database: two processes opening one folder would corrupt it. Whoever opens
// the embedded data folder (the server or a CLI command) first claims it with a lock file holding its pid;
// a second claimant is refused with a clear message. A lock left by a dead process is taken over.
// A server that takes CLI commands over its socket (src/cli/server-socket.ts) says so in the lock, so a CLI that
// finds the folder held knows whether to hand its command over or to give up at once.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirClaim {
  release(): void;
}

export interface DataDirHolder {
  pid: number;
  role: string;
  /** The holder is a server listening for CLI commands on DATA_DIR's CLI socket (once it has started). */
  acceptsCliCommands?: boolean;
}

export class DataDirBusyError extends Error {
  constructor(readonly holder: DataDirHolder, dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by a running ${holder.role} (pid ${holder.pid}). ` +
        (holder.role === 'server'
          ? 'Stop the server first (the embedded database serves one process at a time), or run the service on PostgreSQL with DATABASE_URL.'
          : 'Wait for it to finish and try again.'),
    );
    this.name = 'DataDirBusyError';
  }
}

export function claimDataDir(dataDir: string, role: 'server' | 'cli', options: { acceptsCliCommands?: boolean } = {}): DataDirClaim {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'owner.lock');
  const holder: DataDirHolder = { pid: process.pid, role, ...(options.acceptsCliCommands ? { acceptsCliCommands: true } : {}) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(holder), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release); // a process that claims folders again and again keeps no listener per claim
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

/**
 * Claims the folder for a server, waiting while a CLI command holds it (a command takes seconds; a server that
 * refused to start because of one would make the order of "create a company, start the server" matter).
 * Another server holding it is refused at once, and so is a CLI that still holds it after timeoutMs.
 */
export async function claimDataDirForServer(
  dataDir: string,
  options: { acceptsCliCommands?: boolean; timeoutMs?: number; onWaiting?: (holder: DataDirHolder) => void },
): Promise<DataDirClaim> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let told = false;
  for (;;) {
    try {
      return claimDataDir(dataDir, 'server', { acceptsCliCommands: options.acceptsCliCommands });
    } catch (error) {
      if (!(error instanceof DataDirBusyError) || error.holder.role !== 'cli' || Date.now() >= deadline) throw error;
      if (!told) options.onWaiting?.(error.holder);
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function readHolder(file: string): DataDirHolder | null {
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
