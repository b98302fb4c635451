// Runs durable jobs. Each server process runs one worker (on PGlite, inside the server, which is the only
// process). A worker claims the oldest due job (an UPDATE that re-checks it is due) and holds it under a lease
// (lockedBy, lockedUntil) that every step renews; several processes on one PostgreSQL never run a job at the
// same time, and a job whose process died is claimed again once its lease has run out. A failed attempt is
// retried after its handler's backoff until maxAttempts; then the job is failed.
// Times are LOCALTIMESTAMP, as the columns (timestamp without time zone) hold them, and never inside CASE or
// coalesce: Citus sends an UPDATE to the worker only when it can work out every function that is not IMMUTABLE
// on the coordinator first (the clock a claim needs there comes from the statement that found the job).
import { actingAs, type AuditActor } from '../db/audit-actor.js';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Prisma, type Job, type PrismaClient } from '../generated/prisma/client.js';
import { tenantClient, type TenantTx } from '../db/tenant-client.js';
import type { Logger } from '../http/logger.js';
import { describeError } from '../http/logger.js';
import { outboundPolicy, type Config } from '../config/config.js';
import { defaultBackoffMs, JobFailedError, JobLostError, type JobHandler, type JobProgress, type JobRun } from './job-handler.js';

export interface WorkerOptions {
  prisma: PrismaClient;
  config: Config;
  logger: Logger;
  handlers: ReadonlyMap<string, JobHandler>;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** Pause between looks for due jobs when there were none. */
  pollMs?: number;
}

export interface Worker {
  readonly id: string;
  start(): void;
  /** Stops claiming, tells running handlers to stop after their step, and waits for them. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is due (tests and the CLI use it to drain the queue). */
  drain(): Promise<number>;
}

const DEFAULT_LEASE_MS = 30_000;
/** Due jobs looked at per claim: enough that workers racing for the oldest still find one each. */
const CLAIM_CANDIDATES = 8;

export function createWorker(options: WorkerOptions): Worker {
  const { prisma, logger, handlers } = options;
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 500;
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let loops: Promise<void>[] = [];

  const claimLeaseSeconds = (options.config.jobLeaseSeconds ?? DEFAULT_LEASE_MS / 1000);

  async function claim(): Promise<Job | null> {
    await failJobsThatDied();
    const types = [...handlers.keys()];
    // The oldest due jobs of any company, then each claimed by an UPDATE that re-checks it is still due: of two
    // workers after the same job one updates it, and the other's UPDATE, run after the first commits, finds it
    // no longer due and moves on to the next. (A lock taken across companies, FOR UPDATE SKIP LOCKED, cannot
    // run on Citus, where the jobs of different companies live on different workers.)
    const due = await prisma.$queryRaw<Array<{ companyId: number; id: number; now: string }>>`
      SELECT "companyId", id, LOCALTIMESTAMP::text AS now FROM "Job"
      WHERE type = ANY(${types}::text[])
        AND ((status = 'queued' AND "runAt" <= LOCALTIMESTAMP) OR (status = 'running' AND "lockedUntil" < LOCALTIMESTAMP))
      ORDER BY "runAt", id
      LIMIT ${CLAIM_CANDIDATES}`;
    for (const candidate of due) {
      const rows = await prisma.$queryRaw<Job[]>`
        UPDATE "Job" AS j SET status = 'running', attempts = j.attempts + 1, "lockedBy" = ${id},
          "lockedUntil" = LOCALTIMESTAMP + make_interval(secs => ${claimLeaseSeconds}::double precision),
          "startedAt" = coalesce(j."startedAt", ${candidate.now}::timestamp), "updatedAt" = LOCALTIMESTAMP
        WHERE j."companyId" = ${candidate.companyId} AND j.id = ${candidate.id}
          AND ((status = 'queued' AND "runAt" <= LOCALTIMESTAMP) OR (status = 'running' AND "lockedUntil" < LOCALTIMESTAMP))
        RETURNING j.*`;
      if (rows[0]) return rows[0];
    }
    return null;
  }

  /**
   * A job that died holding its last attempt is failed rather than taken again. Looked for first and written only
   * when there is one: an UPDATE across companies runs on every Citus worker and commits in two phases there
   * even when it changes nothing, and this runs at every look for due jobs (each left a record that made every
   * read of the event feed's horizon ask the workers, migration 20261202180000). The UPDATE re-checks each row: a
   * company and an id from two different rows can only name a row that died as well.
   */
  async function failJobsThatDied(): Promise<void> {
    const dead = await prisma.$queryRaw<Array<{ companyId: number; id: number }>>`
      SELECT "companyId", id FROM "Job" WHERE status = 'running' AND "lockedUntil" < LOCALTIMESTAMP AND attempts >= "maxAttempts"`;
    if (dead.length === 0) return;
    await prisma.$executeRaw`
      UPDATE "Job" SET status = 'failed', "finishedAt" = LOCALTIMESTAMP, "updatedAt" = LOCALTIMESTAMP, "lockedBy" = NULL, "lockedUntil" = NULL,
        "lastError" = coalesce("lastError", 'The process running the job stopped during its last attempt.')
      WHERE "companyId" = ANY(${dead.map((job) => job.companyId)}::int[]) AND id = ANY(${dead.map((job) => job.id)}::int[])
        AND status = 'running' AND "lockedUntil" < LOCALTIMESTAMP AND attempts >= "maxAttempts"`;
  }

  async function hold(tx: TenantTx, job: Job, leaseMs: number, progress: JobProgress | undefined, finished: boolean): Promise<void> {
    const held = await tx.$executeRaw`
      UPDATE "Job" SET "lockedUntil" = LOCALTIMESTAMP + make_interval(secs => ${leaseMs / 1000}::double precision), "updatedAt" = LOCALTIMESTAMP,
        "progressNow" = coalesce(${progress?.now ?? null}::int, "progressNow"),
        "progressMax" = coalesce(${progress?.max ?? null}::int, "progressMax")
        ${finished ? Prisma.sql`, status = 'finished', "finishedAt" = LOCALTIMESTAMP, "lockedBy" = NULL` : Prisma.empty}
      WHERE "companyId" = ${job.companyId} AND id = ${job.id} AND status = 'running' AND "lockedBy" = ${id}`;
    if (held !== 1) throw new JobLostError(job.id);
  }

  async function settle(job: Job, handler: JobHandler, error: unknown): Promise<void> {
    if (error instanceof JobLostError) return; // cancelled or someone else's now: nothing to record
    if (stopping.signal.aborted && !(error instanceof JobFailedError)) {
      // Interrupted by a shutdown, not a failure: back to the queue without spending an attempt.
      await prisma.$executeRaw`
        UPDATE "Job" SET status = 'queued', attempts = greatest(attempts - 1, 0), "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = LOCALTIMESTAMP
        WHERE "companyId" = ${job.companyId} AND id = ${job.id} AND status = 'running' AND "lockedBy" = ${id}`;
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof JobFailedError || job.attempts >= job.maxAttempts;
    const delayMs = (handler.backoffMs ?? defaultBackoffMs)(job.attempts);
    await prisma.$executeRaw`
      UPDATE "Job" SET "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = LOCALTIMESTAMP, "lastError" = ${message.slice(0, 2000)},
        status = ${final ? 'failed' : 'queued'}, "finishedAt" = ${final ? Prisma.sql`LOCALTIMESTAMP` : Prisma.sql`NULL`},
        "runAt" = LOCALTIMESTAMP + make_interval(secs => ${delayMs / 1000}::double precision)
      WHERE "companyId" = ${job.companyId} AND id = ${job.id} AND status = 'running' AND "lockedBy" = ${id}`;
    logger.log(final ? 'error' : 'warn', final ? 'job failed' : 'job attempt failed; retrying', {
      job_id: job.id, company_id: job.companyId, type: job.type, attempt: job.attempts, ...describeError(error),
    });
  }

  async function execute(job: Job): Promise<void> {
    const handler = handlers.get(job.type)!;
    const leaseMs = options.config.jobLeaseSeconds ? options.config.jobLeaseSeconds * 1000 : (handler.leaseMs ?? DEFAULT_LEASE_MS);
    const run: JobRun = {
      job,
      prisma,
      db: tenantClient(prisma, job.companyId),
      config: options.config,
      outbound: outboundPolicy(options.config),
      logger,
      signal: stopping.signal,
      hold: (tx, progress) => hold(tx, job, leaseMs, progress, false),
      finish: (tx, progress) => hold(tx, job, leaseMs, progress, true),
    };
    try {
      await run.db.$transaction((tx) => hold(tx, job, leaseMs, undefined, false)); // the handler's lease from now
      // Its changes are recorded in the audit log as those of whoever asked for the job (else the system's).
      const requestedBy = job.requestedBy as AuditActor | null;
      await (requestedBy ? actingAs(requestedBy, () => handler.run(run)) : handler.run(run));
      // A handler that did not finish the job itself in its last step is finished here.
      await prisma.$executeRaw`
        UPDATE "Job" SET status = 'finished', "finishedAt" = LOCALTIMESTAMP, "lockedBy" = NULL, "lockedUntil" = NULL, "updatedAt" = LOCALTIMESTAMP
        WHERE "companyId" = ${job.companyId} AND id = ${job.id} AND status = 'running' AND "lockedBy" = ${id}`;
    } catch (error) {
      await settle(job, handler, error).catch((e) => logger.log('error', 'could not record a job failure', describeError(e)));
    }
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const task = execute(job);
    running.add(task);
    try {
      await task;
    } finally {
      running.delete(task);
    }
    return true;
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        if (stopping.signal.aborted) return;
        logger.log('warn', 'job worker could not claim a job', describeError(error));
      }
      if (!worked) await sleep(pollMs, stopping.signal);
    }
  }

  return {
    id,
    start() {
      if (loops.length > 0) return;
      loops = Array.from({ length: concurrency }, () => loop());
    },
    async stop() {
      stopping.abort();
      await Promise.allSettled([...loops, ...running]);
    },
    async drain() {
      let count = 0;
      while (await runOne()) count++;
      return count;
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref?.();
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
