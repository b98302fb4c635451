// Removes the company's audit entries older than the retention (src/domain/audit/audit-retention.ts), once a day
// (schedules in background.ts, not scheduled when the retention is forever).
import { DEFAULT_AUDIT_RETENTION_DAYS, purgeExpiredAuditEntries } from '../domain/audit/index.js';
import type { JobHandler } from './job-handler.js';

export const AUDIT_PURGE_JOB = 'audit_log.purge';

export const auditPurgeJob: JobHandler = {
  async run(run) {
    const days = run.config.auditRetentionDays === undefined ? DEFAULT_AUDIT_RETENTION_DAYS : run.config.auditRetentionDays;
    await run.db.$transaction(async (tx) => {
      await run.hold(tx);
      if (days !== null) {
        const removed = await purgeExpiredAuditEntries(tx, days);
        if (removed > 0) run.logger.log('info', 'expired audit entries removed', { company_id: run.job.companyId, removed, retention_days: days });
      }
      await run.finish(tx);
    });
  },
};
