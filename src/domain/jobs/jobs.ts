// Durable jobs as business data: a job is a row written in the caller's transaction (so it exists exactly
// when the change that asked for it commits), read back for its status and progress, and cancelled.
// Running them is src/jobs/worker.ts.
import type { Job, Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { currentActor } from '../../db/audit-actor.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';

export const JOB_STATUSES = ['queued', 'running', 'finished', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** A job in one of these states never runs again. */
export const JOB_DONE_STATUSES: readonly JobStatus[] = ['finished', 'failed', 'cancelled'];

export interface EnqueueJobInput {
  type: string;
  payload?: Prisma.InputJsonValue;
  queue?: string;
  maxAttempts?: number;
  runAt?: Date;
  progressMax?: number;
  /** At most one job per key in the company: a second enqueue with the key returns the first job. */
  uniqueKey?: string;
}

export async function enqueueJob(tx: TenantTx | TenantDb, input: EnqueueJobInput) {
  const data = {
    type: input.type,
    payload: input.payload ?? {},
    queue: input.queue ?? 'default',
    maxAttempts: input.maxAttempts ?? 5,
    runAt: input.runAt ?? new Date(),
    progressMax: input.progressMax ?? 0,
    uniqueKey: input.uniqueKey ?? null,
    // The caller of the request that asks for the job: what the job changes is recorded as theirs.
    requestedBy: (currentActor() as unknown as Prisma.InputJsonValue) ?? undefined,
  };
  if (!input.uniqueKey) return tx.job.create({ data: data as any });
  // upsert on the unique key: an existing job wins and is returned unchanged.
  return tx.job.upsert({ where: { companyId_uniqueKey: { companyId: 0, uniqueKey: input.uniqueKey } }, create: data as any, update: {} });
}

export async function findJob(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const job = await db.job.findFirst({ ...query, where: { id } });
  if (!job) throw new NotFoundError('Job', id);
  return job;
}

/**
 * Stops a job that has not ended: a queued job never starts; a running one is told at its next checkpoint
 * (the worker's hold on it fails, and the transaction of that step rolls back). Cancelling an ended job → 409.
 * Answers the job as cancelled, read in the cancel's transaction.
 */
export async function cancelJob(db: TenantDb | TenantTx, id: number, query: AnswerQuery = {}): Promise<Job> {
  // Given the client, a transaction holds the cancel and its answer together (given a transaction, that one does).
  if ('$transaction' in db) return db.$transaction((tx) => cancelJob(tx, id, query));
  const cancelled = await db.job.updateManyAndReturn({
    where: { id, status: { in: ['queued', 'running'] } },
    data: { status: 'cancelled', finishedAt: new Date(), lockedBy: null, lockedUntil: null },
  });
  if (cancelled.length === 1) return readAnswer(db, id, query, (q) => db.job.findFirstOrThrow({ ...q, where: { id } }));
  const job = await findJob(db, id);
  throw new ConflictError(`Job ${id} is already ${job.status}; only a queued or running job can be cancelled.`);
}
