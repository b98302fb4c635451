// Removes the company's Idempotency-Key records older than their 24-hour window, once a day (schedules in
// background.ts): they are never replayed again, and only a reused key would have replaced them.
import { IDEMPOTENCY_WINDOW_MS } from '../http/idempotency.js';
import type { JobHandler } from './job-handler.js';

export const IDEMPOTENCY_PURGE_JOB = 'idempotency_keys.purge';

export const idempotencyPurgeJob: JobHandler = {
  async run(run) {
    await run.db.$transaction(async (tx) => {
      await run.hold(tx);
      const { count } = await tx.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS) } } });
      if (count > 0) run.logger.log('info', 'expired idempotency keys removed', { company_id: run.job.companyId, removed: count });
      await run.finish(tx);
    });
  },
};
