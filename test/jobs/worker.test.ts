// The durable job worker on a real database (PGlite here; PostgreSQL in CI): retries with backoff, the last
// attempt failing the job, a dead process's job taken again when its lease runs out, a worker that lost its
// job unable to commit a step, cancelling, unique keys and schedules, and — with several workers on one
// database — every job run exactly once, never two at a time.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/config.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { cancelJob, enqueueJob } from '../../src/domain/jobs/jobs.js';
import { silentLogger } from '../../src/http/logger.js';
import { JobLostError, type JobHandler } from '../../src/jobs/job-handler.js';
import { enqueueDueSchedules } from '../../src/jobs/schedules.js';
import { createWorker } from '../../src/jobs/worker.js';
import { onPostgres } from '../support/test-database.js';
import { companyWithClient } from '../support/seed.js';
import { databaseForTests } from '../support/file-server.js';

const database = databaseForTests();
let companyId: number;
const config = { allowPrivateOutbound: true } as Config;
const db = () => tenantClient(database.prisma, companyId);

beforeAll(async () => {
  companyId = (await companyWithClient(database.prisma, 'jobs')).companyId;
});

const workerWith = (handlers: Record<string, JobHandler>, extra: Partial<Config> = {}) =>
  createWorker({ prisma: database.prisma, config: { ...config, ...extra }, logger: silentLogger, handlers: new Map(Object.entries(handlers)), pollMs: 20 });

const jobRow = (id: number) => db().job.findFirstOrThrow({ where: { id } });

describe('job worker', () => {
  it('retries a failing job with backoff and finishes it when an attempt succeeds', async () => {
    let calls = 0;
    const job = await enqueueJob(db(), { type: 'flaky', maxAttempts: 5 });
    const worker = workerWith({
      flaky: {
        async run() {
          calls++;
          if (calls < 3) throw new Error(`attempt ${calls} failed`);
        },
        backoffMs: () => 0,
      },
    });
    // Each retry is due at once (no backoff here): three attempts in one drain.
    expect(await worker.drain()).toBe(3);
    expect(await jobRow(job.id)).toMatchObject({ status: 'finished', attempts: 3, lastError: 'attempt 2 failed', lockedBy: null, lockedUntil: null });
    expect((await jobRow(job.id)).finishedAt).not.toBeNull();
  });

  it('waits for the backoff before the next attempt, and fails the job after its last attempt', async () => {
    const job = await enqueueJob(db(), { type: 'broken', maxAttempts: 2 });
    const worker = workerWith({ broken: { run: async () => Promise.reject(new Error('always')), backoffMs: () => 60_000 } });
    await worker.drain();
    const waiting = await jobRow(job.id);
    expect(waiting.status).toBe('queued');
    expect(waiting.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await worker.drain()).toBe(0); // not due yet
    await db().job.update({ where: { companyId_id: { companyId, id: job.id } }, data: { runAt: new Date() } });
    await worker.drain();
    expect(await jobRow(job.id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'always' });
  });

  it('takes again a job whose process died, once its lease has run out, and a step of the old holder cannot commit', async () => {
    const job = await enqueueJob(db(), { type: 'steps' });
    // A process claimed it and died: running, held by nobody alive, lease over.
    await database.prisma.$executeRaw`UPDATE "Job" SET status = 'running', attempts = 1, "lockedBy" = 'dead-process', "lockedUntil" = now() - interval '1 second' WHERE id = ${job.id}`;
    const steps: string[] = [];
    const worker = workerWith({
      steps: {
        async run(run) {
          await run.db.$transaction(async (tx) => {
            await run.hold(tx, { now: 1, max: 1 });
            steps.push(`step by ${run.job.lockedBy}`);
            await run.finish(tx);
          });
        },
      },
    });
    await worker.drain();
    expect(steps).toEqual([`step by ${worker.id}`]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'finished', attempts: 2, progressNow: 1, progressMax: 1, lockedBy: null });

    // A holder whose lease was taken over cannot commit its step.
    const second = await enqueueJob(db(), { type: 'stolen' });
    let outcome: unknown = null;
    const stealing = workerWith({
      stolen: {
        async run(run) {
          await database.prisma.$executeRaw`UPDATE "Job" SET "lockedBy" = 'another-process' WHERE id = ${second.id}`;
          try {
            await run.db.$transaction(async (tx) => {
              await run.hold(tx);
              await tx.tag.create({ data: { name: 'must not exist' } as any });
            });
          } catch (error) {
            outcome = error;
            throw error;
          }
        },
      },
    });
    await stealing.drain();
    expect(outcome).toBeInstanceOf(JobLostError);
    expect(await db().tag.count({ where: { name: 'must not exist' } })).toBe(0);
    expect(await jobRow(second.id)).toMatchObject({ status: 'running', lockedBy: 'another-process' });
  });

  it('fails a job that died during its last attempt instead of running it again', async () => {
    const job = await enqueueJob(db(), { type: 'steps', maxAttempts: 1 });
    await database.prisma.$executeRaw`UPDATE "Job" SET status = 'running', attempts = 1, "lockedBy" = 'dead', "lockedUntil" = now() - interval '1 second' WHERE id = ${job.id}`;
    const worker = workerWith({ steps: { run: async () => {} } });
    expect(await worker.drain()).toBe(0);
    expect(await jobRow(job.id)).toMatchObject({ status: 'failed', lastError: expect.stringContaining('stopped during its last attempt') });
  });

  it('stops a running job at its next step when it is cancelled', async () => {
    const job = await enqueueJob(db(), { type: 'long' });
    const committed: number[] = [];
    const worker = workerWith({
      long: {
        async run(run) {
          for (let step = 1; step <= 3; step++) {
            if (step === 2) await cancelJob(run.db, run.job.id);
            await run.db.$transaction(async (tx) => {
              await run.hold(tx, { now: step });
              committed.push(step);
            });
          }
        },
      },
    });
    await worker.drain();
    expect(committed).toEqual([1]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'cancelled', progressNow: 1 });
    await expect(cancelJob(db(), job.id)).rejects.toThrow(/already cancelled/);
  });

  it('keeps one job per unique key, and enqueues each schedule once per period and company', async () => {
    const first = await enqueueJob(db(), { type: 'daily', uniqueKey: 'daily:2026-11-23' });
    const again = await enqueueJob(db(), { type: 'daily', uniqueKey: 'daily:2026-11-23' });
    expect(again.id).toBe(first.id);
    const day = new Date('2026-11-24T10:00:00Z');
    const schedule = [{ type: 'refresh', period: (now: Date) => now.toISOString().slice(0, 10) }];
    expect(await enqueueDueSchedules(database.prisma, schedule, day)).toBe(1);
    expect(await enqueueDueSchedules(database.prisma, schedule, day)).toBe(0);
    expect(await enqueueDueSchedules(database.prisma, schedule, new Date('2026-11-25T00:00:01Z'))).toBe(1);
    const gated = [{ type: 'gated', period: () => 'p', feature: 'forecast_materialized_table' }];
    expect(await enqueueDueSchedules(database.prisma, gated, day)).toBe(0);
  });

  it('runs every job exactly once with several workers on one database, never two at a time', async () => {
    const count = 40;
    for (let i = 0; i < count; i++) await enqueueJob(db(), { type: 'counted', payload: { n: i } });
    const runs: number[] = [];
    let running = 0;
    let overlapOnOneJob = false;
    const active = new Set<number>();
    const handler: JobHandler = {
      async run(run) {
        if (active.has(run.job.id)) overlapOnOneJob = true;
        active.add(run.job.id);
        running++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        await run.db.$transaction(async (tx) => {
          await run.hold(tx);
          runs.push((run.job.payload as { n: number }).n);
        });
        running--;
        active.delete(run.job.id);
      },
    };
    const workers = [workerWith({ counted: handler }), workerWith({ counted: handler }), workerWith({ counted: handler })];
    for (const worker of workers) worker.start();
    const deadline = Date.now() + 30_000;
    while (runs.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(overlapOnOneJob).toBe(false);
    expect(running).toBe(0);
    expect([...runs].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(await db().job.count({ where: { type: 'counted', status: 'finished' } })).toBe(count);
    if (onPostgres) expect(new Set((await db().job.findMany({ where: { type: 'counted' } })).map((j) => j.attempts))).toEqual(new Set([1]));
  });
});
