// The audit area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/audit/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { listAuditLog } from './audit-log.js';
export { DEFAULT_AUDIT_RETENTION_DAYS, purgeExpiredAuditEntries } from './audit-retention.js';
