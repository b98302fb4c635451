// What a job handler is given and must do. A handler does its work in steps, each step one transaction that
// starts with `run.hold(tx)`: that renews the lease and fails (rolling the step back) once the job is no
// longer this worker's — cancelled, or taken over by another process after this one stalled past its lease.
// So a step is applied exactly once even when a process dies between steps.
import type { Job, PrismaClient } from '../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../db/tenant-client.js';
import type { Logger } from '../http/logger.js';
import type { OutboundPolicy } from '../outbound/http-request.js';
import type { Config } from '../config/config.js';

export interface JobProgress {
  now?: number;
  max?: number;
}

export interface JobRun {
  job: Job;
  prisma: PrismaClient;
  /** The job's company. */
  db: TenantDb;
  config: Config;
  outbound: OutboundPolicy;
  logger: Logger;
  /** Aborted when the process stops: after the current step, throw (`signal.throwIfAborted()`); the job is queued again. */
  signal: AbortSignal;
  /** First statement of a step's transaction: renews the lease, records progress, or throws JobLostError. */
  hold(tx: TenantTx, progress?: JobProgress): Promise<void>;
  /** Last statement of the final step: the job is finished, atomically with that step's effects. */
  finish(tx: TenantTx, progress?: JobProgress): Promise<void>;
}

export interface JobHandler {
  run(run: JobRun): Promise<void>;
  /** Delay before attempt `attempt + 1` after a failure; default exponential from 5 s, capped at 1 hour. */
  backoffMs?(attempt: number): number;
  /** Lease length; default 30 s. A step must finish well within it. */
  leaseMs?: number;
}

/** The job is no longer this worker's: cancelled, finished elsewhere, or claimed again after a lost lease. */
export class JobLostError extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} is no longer held by this worker.`);
    this.name = 'JobLostError';
  }
}

/** A failure that retrying cannot mend (bad input in the job itself): the job fails at once. */
export class JobFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailedError';
  }
}

export function defaultBackoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}
