// Recurring jobs (the daily forecast refresh, the daily rates feed). Every process looks once a minute and
// enqueues the jobs that are due, one per company and period: the job's uniqueKey (type + period) makes a
// second enqueue — by another process, or after a restart — a no-op, so a period runs once.
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../http/logger.js';
import { describeError } from '../http/logger.js';

export interface Schedule {
  type: string;
  /** The period's key; a new key means a new job is due. */
  period(now: Date): string;
  /** Only companies with this feature on (Company.featureFlags) get the job. */
  feature?: string;
  maxAttempts?: number;
}

export const daily = (now: Date) => now.toISOString().slice(0, 10);

/** Enqueues the due jobs of every schedule in one statement each; returns how many were new. */
export async function enqueueDueSchedules(prisma: PrismaClient, schedules: readonly Schedule[], now = new Date()): Promise<number> {
  let created = 0;
  for (const schedule of schedules) {
    const uniqueKey = `${schedule.type}:${schedule.period(now)}`;
    // Counted from RETURNING: on Citus an INSERT … SELECT … ON CONFLICT DO NOTHING reports the rows it tried.
    const inserted = await prisma.$queryRaw<unknown[]>`
      INSERT INTO "Job" ("companyId", type, "uniqueKey", "maxAttempts", "updatedAt")
      SELECT id, ${schedule.type}, ${uniqueKey}, ${schedule.maxAttempts ?? 5}, now() FROM "Company"
      WHERE ${schedule.feature ?? null}::text IS NULL OR "featureFlags" @> jsonb_build_object(${schedule.feature ?? ''}::text, true)
      ON CONFLICT ("companyId", "uniqueKey") DO NOTHING
      RETURNING 1`;
    created += inserted.length;
  }
  return created;
}

export function startSchedules(prisma: PrismaClient, schedules: readonly Schedule[], logger: Logger, everyMs = 60_000): () => void {
  const tick = () =>
    void enqueueDueSchedules(prisma, schedules).catch((error) => logger.log('warn', 'could not enqueue scheduled jobs', describeError(error)));
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
