// How long the audit log keeps an entry. Entries older than the retention are removed once a day per company
// (src/jobs/audit-purge-job.ts); AUDIT_RETENTION_DAYS sets it for the service, `forever` keeps every entry.
// Seven years by default: what tax and bookkeeping rules commonly ask of records behind the accounts.
import type { TenantTx } from '../../db/tenant-client.js';
import { addDays } from '../shared/dates.js';

export const DEFAULT_AUDIT_RETENTION_DAYS = 2557;

/** Removes the company's entries that occurred more than `retentionDays` before `now`; how many. */
export async function purgeExpiredAuditEntries(tx: TenantTx, retentionDays: number, now = new Date()): Promise<number> {
  const { count } = await tx.auditLogEntry.deleteMany({ where: { occurredAt: { lt: addDays(now, -retentionDays) } } });
  return count;
}
