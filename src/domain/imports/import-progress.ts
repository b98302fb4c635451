// Live progress of an import, as a stream of events: `progress` whenever its job moves, then one of
// `finished`, `failed` or `cancelled`, and the end. Progress is read from the database (any server
// process may be running the import), a few times a second while someone watches.
import type { TenantDb } from '../../db/tenant-client.js';
import { JOB_DONE_STATUSES, type JobStatus } from '../jobs/index.js';
import { NotFoundError } from '../shared/errors.js';

const POLL_MS = 250;

export interface ImportProgressEvent {
  event: 'progress' | 'finished' | 'failed' | 'cancelled';
  import: Awaited<ReturnType<typeof readImport>>;
}

async function readImport(db: TenantDb, id: number) {
  const found = await db.import.findFirst({ where: { id }, include: { job: true } });
  if (!found) throw new NotFoundError('Import', id);
  return found;
}

/**
 * Checks the import exists (a 404 before any event), then streams its events. `stop` ends the stream between two
 * reads (the watcher went away): a generator's return() would only be seen at its next event, and an import that
 * does not move has none.
 */
export async function watchImport(db: TenantDb, id: number, stop?: AbortSignal): Promise<AsyncGenerator<ImportProgressEvent>> {
  const first = await readImport(db, id);
  return events(db, id, first, stop);
}

async function* events(db: TenantDb, id: number, first: Awaited<ReturnType<typeof readImport>>, stop?: AbortSignal): AsyncGenerator<ImportProgressEvent> {
  let current = first;
  let last = '';
  for (;;) {
    const status = current.job.status as JobStatus;
    const done = JOB_DONE_STATUSES.includes(status);
    const key = `${status}:${current.job.progressNow}:${current.job.progressMax}:${current.successCount}:${current.errorCount}`;
    if (key !== last || done) {
      last = key;
      yield { event: done ? (status as 'finished' | 'failed' | 'cancelled') : 'progress', import: current };
    }
    if (done || stop?.aborted) return;
    await pause(POLL_MS, stop);
    if (stop?.aborted) return;
    current = await readImport(db, id);
  }
}

/** Waits `ms`, or less when `stop` fires. */
function pause(ms: number, stop?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    stop?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      stop?.removeEventListener('abort', done);
      resolve();
    }
  });
}
