// GET /reports/edi/summary: how EDI went over a range of days, over all channels and for each document type.
//   total          documents of the types created in the range (UTC dates, both ends included), both directions
//   success_count  accepted, or sent and acknowledged
//   failed_count   failed or rejected
//   pending_count  pending
//   (a document sent and not acknowledged yet counts in total only)
//   success_rate   success_count / total
//   ack_997_count  outbound documents other than 997s whose functional acknowledgement is recorded
//   ack_997_rate   ack_997_count / outbound documents other than 997s
// Rates are fractions from 0 to 1 rounded to 4 places, and 0 when there is nothing to divide by.
// Two grouped queries whatever the range.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb } from '../../db/tenant-client.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkDateOnly } from '../shared/field-checks.js';
import { EDI_TYPES } from './edi-documents.js';

export const CORE_TYPES = ['850', '855', '856', '810'];

export interface EdiCounts {
  total: number;
  successCount: number;
  failedCount: number;
  pendingCount: number;
  successRate: number;
  ack997Count: number;
  ack997Rate: number;
}

export interface EdiSummary extends EdiCounts {
  /** Per requested type, keyed by it, in REST's snake_case (it is data, not fields). */
  byType: Record<string, Record<string, number>>;
}

export interface EdiSummaryInput {
  from?: string | null;
  to?: string | null;
  types?: string | null;
}

export async function ediSummary(db: TenantDb, input: EdiSummaryInput): Promise<EdiSummary> {
  const { where, types } = readInput(input);
  const [byStatus, acknowledged] = await Promise.all([
    db.ediDocument.groupBy({ by: ['type', 'direction', 'status'], where, _count: { _all: true } }),
    db.ediDocument.groupBy({ by: ['type', 'direction', 'status'], where: { ...where, acknowledgedAt: { not: null } }, _count: { _all: true } }),
  ]);
  const countsOf = (type: string | null): EdiCounts => {
    const mine = <T extends { type: string }>(rows: T[]) => rows.filter((row) => type === null || row.type === type);
    const sum = (rows: Array<{ _count: { _all: number } }>) => rows.reduce((total, row) => total + row._count._all, 0);
    const rows = mine(byStatus);
    const acked = mine(acknowledged);
    const total = sum(rows);
    const successCount = sum(rows.filter((r) => r.status === 'accepted')) + sum(acked.filter((r) => r.status === 'sent'));
    const expectingAck = sum(rows.filter((r) => r.direction === 'outbound' && r.type !== '997'));
    const ack997Count = sum(acked.filter((r) => r.direction === 'outbound' && r.type !== '997'));
    return {
      total,
      successCount,
      failedCount: sum(rows.filter((r) => r.status === 'failed' || r.status === 'rejected')),
      pendingCount: sum(rows.filter((r) => r.status === 'pending')),
      successRate: rate(successCount, total),
      ack997Count,
      ack997Rate: rate(ack997Count, expectingAck),
    };
  };
  const byType = Object.fromEntries(types.map((type) => [type, snakeCounts(countsOf(type))]));
  return { ...countsOf(null), byType };
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

const snakeCounts = (counts: EdiCounts) => ({
  total: counts.total,
  success_count: counts.successCount,
  failed_count: counts.failedCount,
  pending_count: counts.pendingCount,
  success_rate: counts.successRate,
  ack_997_count: counts.ack997Count,
  ack_997_rate: counts.ack997Rate,
});

function readInput(input: EdiSummaryInput): { where: Prisma.EdiDocumentWhereInput; types: string[] } {
  const errors = new FieldErrorCollector();
  const from = input.from != null ? checkDateOnly(errors, 'from', input.from) : null;
  const to = input.to != null ? checkDateOnly(errors, 'to', input.to) : null;
  if (from && to && from > to) errors.add('from', 'The from date must be on or before the to date.');
  let types = CORE_TYPES;
  if (input.types != null) {
    types = [...new Set(input.types.split(',').map((type) => type.trim()).filter(Boolean))];
    const unknown = types.filter((type) => !(EDI_TYPES as readonly string[]).includes(type));
    if (types.length === 0) errors.add('types', `Name at least one type among ${EDI_TYPES.join(', ')}.`);
    else if (unknown.length > 0) errors.add('types', `Unknown type${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: the types are ${EDI_TYPES.join(', ')}.`);
  }
  errors.throwIfAny();
  // `to` is a whole day: everything before the next midnight (UTC).
  const before = to ? new Date(to.getTime() + 86_400_000) : null;
  return {
    types,
    where: { type: { in: types }, ...(from || before ? { createdAt: { ...(from ? { gte: from } : {}), ...(before ? { lt: before } : {}) } } : {}) },
  };
}
