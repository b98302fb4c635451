// The audit log as GraphQL sees it: argument plumbing only; entries are written by database triggers
// (src/domain/audit/audited-tables.ts) and read by src/domain/audit/audit-log.ts.
import type { AuditLogEntry } from '../../generated/prisma/client.js';
import { builder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { listAuditLog } from '../../domain/audit/index.js';

const AuditActorRef = builder.objectRef<AuditLogEntry>('AuditActor').implement({
  description: 'Who made a change.',
  fields: (t) => ({
    type: t.exposeString('actorType', { description: 'token, user, supplier (the supplier portal), cli or system (jobs, and changes made without a caller).' }),
    id: t.exposeInt('actorId', { nullable: true, description: 'The id of the API token, user or supplier.' }),
    name: t.exposeString('actorName', { nullable: true, description: 'Its name (the token\'s name, the user\'s email) when the change was made.' }),
  }),
});

const AuditLogEntryRef = builder.objectRef<AuditLogEntry>('AuditLogEntry').implement({
  description: 'One change of one business record, written in the transaction that made it.',
  fields: (t) => ({
    id: t.expose('id', { type: 'SafeInt', description: 'Unique within the company. On Citus each database node numbers the entries it writes from a range of its own, so ids do not follow time: order by occurredAt.' }),
    occurredAt: t.expose('occurredAt', { type: 'DateTime', description: 'When the transaction that made the change started.' }),
    actor: t.field({ type: AuditActorRef, resolve: (entry) => entry }),
    requestId: t.exposeString('requestId', { nullable: true, description: 'The X-Request-Id of the request that made it: the changes of one request share it.' }),
    entity: t.exposeString('entity', { description: 'The kind of record in snake_case: product, purchase_order, purchase_order_line, location...' }),
    entityId: t.exposeInt('entityId', { nullable: true, description: 'The record\'s id; null for a link between two records (its key is in changes).' }),
    action: t.exposeString('action', { description: 'create, update or delete.' }),
    changes: t.field({
      type: 'JSON',
      description:
        '{field: {before, after}} in snake_case: every field set on create (before null), every field changed on update, every field on delete (after null). ' +
        'updated_at is left out; secrets show as "[redacted]"; a value longer than 10,000 characters shows its length only.',
      resolve: (entry) => entry.changes,
    }),
  }),
});

const AuditLogPageRef = pageOf('AuditLogPage', AuditLogEntryRef);

builder.queryFields((t) => ({
  auditLog: t.field({
    type: AuditLogPageRef,
    description: 'Changes of business records, newest first.',
    args: {
      page: t.arg.int({ required: false, description: 'Page number, from 1. Default 1.' }),
      perPage: t.arg.int({ required: false, description: 'Items per page, 1 to 100. Default 25.' }),
      entity: t.arg.string({ required: false, description: 'Only this kind of record (product, purchase_order_line...).' }),
      entityId: t.arg.int({ required: false, description: 'Only the record with this id.' }),
      actor: t.arg.string({ required: false, description: 'Only changes by token:<id>, user:<id>, supplier:<id>, cli or system.' }),
      from: t.arg.string({ required: false, description: 'Changes at or after this time: YYYY-MM-DD HH:MM:SS (UTC), YYYY-MM-DD, or ISO 8601 with a zone.' }),
      to: t.arg.string({ required: false, description: 'Changes at or before this time, in the same forms.' }),
    },
    resolve: (_root, args, ctx) => listAuditLog(ctx.db, args),
  }),
}));
