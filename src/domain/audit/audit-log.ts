// Reading the audit log. Entries are written by database triggers in the transaction of each change (see
// audited-tables.ts); here they are listed, newest first, with the filters of GET /audit-log, and their changes
// put in the API's form.
import type { TenantDb } from '../../db/tenant-client.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { parseUtcDateTime } from '../shared/filters/values.js';
import { pageMeta, pageWindow, type Page, type PageArgs, rowsAndTotal } from '../shared/pagination.js';
import { snakeCase } from '../shared/field-names.js';

export interface AuditLogArgs extends PageArgs {
  entity?: string | null;
  entityId?: number | null;
  /** token:<id>, user:<id>, supplier:<id>, cli or system. */
  actor?: string | null;
  from?: string | null;
  to?: string | null;
}

const ACTOR = /^(token|user|supplier):(\d{1,9})$|^(cli|system)$/;

export async function listAuditLog(db: TenantDb, args: AuditLogArgs): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const where: Prisma.AuditLogEntryWhereInput[] = [];
  if (args.entity != null) {
    if (!/^[a-z][a-z0-9_]{0,63}$/.test(args.entity)) errors.add('entity', 'The entity must be a record kind in snake_case, such as product or purchase_order_line.');
    else where.push({ entity: args.entity });
  }
  if (args.entityId != null) {
    if (!Number.isInteger(args.entityId) || args.entityId < 1) errors.add('entityId', 'The entity id must be a positive integer.');
    else where.push({ entityId: args.entityId });
  }
  if (args.actor != null) {
    const match = ACTOR.exec(args.actor.trim());
    if (!match) errors.add('actor', 'The actor must be token:<id>, user:<id>, supplier:<id>, cli or system.');
    else if (match[1]) where.push({ actorType: match[1], actorId: Number(match[2]) });
    else where.push({ actorType: match[3] });
  }
  const from = readTime(args.from, 'from', errors);
  const to = readTime(args.to, 'to', errors);
  if (from && to && from > to) errors.add('to', 'The end of the range must not be before its start.');
  if (from) where.push({ occurredAt: { gte: from } });
  if (to) where.push({ occurredAt: { lte: to } });
  errors.throwIfAny();

  const [items, total] = await rowsAndTotal(
    // Newest first by when the change's transaction started: ids alone do not say it on Citus, where each node
    // numbers the entries it writes from a range of its own.
    db.auditLogEntry.findMany({ where: { AND: where }, orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }], skip: window.skip, take: window.take }),
    db.auditLogEntry.count({ where: { AND: where } }),
  );
  return { items: items.map((entry) => ({ ...entry, changes: readableChanges(entry.action, entry.changes) })), meta: pageMeta(window, total, items.length) };
}

const LONGEST_SHOWN = 10_000;

/**
 * The stored form (kept cheap for the triggers to write: a created or deleted row's non-null columns, or an
 * update's {column: [before, after]}) as the API shows it: {field_in_snake_case: {before, after}}, with a value
 * longer than 10,000 characters (an EDI interchange) shown by its length only.
 */
export function readableChanges(action: string, stored: unknown): Record<string, { before: unknown; after: unknown }> {
  const readable: Record<string, { before: unknown; after: unknown }> = {};
  for (const [column, value] of Object.entries((stored ?? {}) as Record<string, unknown>)) {
    const [before, after] = action === 'update' ? (value as [unknown, unknown]) : action === 'create' ? [null, value] : [value, null];
    readable[snakeCase(column)] = { before: shown(before), after: shown(after) };
  }
  return readable;
}

/** A timestamp column as PostgreSQL's JSON writes it: UTC without a zone (the columns hold UTC). */
const ZONELESS_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

function shown(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  // As every answer writes a date-time: ISO 8601 in UTC with milliseconds and the Z.
  if (typeof value === 'string' && ZONELESS_TIME.test(value)) return new Date(`${value}Z`).toISOString();
  const length = typeof value === 'string' ? value.length : JSON.stringify(value).length;
  return length > LONGEST_SHOWN ? `[${length} characters, not shown]` : value;
}

function readTime(text: string | null | undefined, field: string, errors: FieldErrorCollector): Date | null {
  if (text == null) return null;
  const time = parseUtcDateTime(text.trim()) ?? (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text.trim()) ? new Date(text.trim()) : null);
  if (!time || Number.isNaN(time.getTime())) {
    errors.add(field, 'Must be a date-time: YYYY-MM-DD HH:MM:SS (UTC), YYYY-MM-DD, or ISO 8601 with a zone.');
    return null;
  }
  return time;
}
