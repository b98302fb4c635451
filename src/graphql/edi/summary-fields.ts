// The EDI summary report in GraphQL (REST: GET /reports/edi/summary, bare). Definitions in
// src/domain/edi/edi-summary.ts.
import { builder } from '../builder.js';
import { ediSummary, type EdiSummary } from '../../domain/edi/index.js';

const EdiSummaryRef = builder.objectRef<EdiSummary>('EdiSummary').implement({
  description: 'EDI documents over a range: counts and success and acknowledgement rates (fractions from 0 to 1; 0 when there is nothing to divide by).',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Documents of the types created in the range, both directions.' }),
    successCount: t.exposeInt('successCount', { description: 'Accepted, or sent and acknowledged.' }),
    failedCount: t.exposeInt('failedCount', { description: 'Failed or rejected.' }),
    pendingCount: t.exposeInt('pendingCount', { description: 'Pending.' }),
    successRate: t.exposeFloat('successRate', { description: 'success_count / total.' }),
    ack997Count: t.exposeInt('ack997Count', { description: 'Outbound documents other than 997s whose functional acknowledgement is recorded.' }),
    ack997Rate: t.exposeFloat('ack997Rate', { description: 'ack_997_count / outbound documents other than 997s.' }),
    byType: t.expose('byType', { type: 'JSON', description: 'The same numbers for each requested type, keyed by it (snake_case keys).' }),
  }),
});

builder.queryField('ediSummary', (t) =>
  t.field({
    type: EdiSummaryRef,
    args: {
      from: t.arg.string({ required: false, description: 'YYYY-MM-DD, included.' }),
      to: t.arg.string({ required: false, description: 'YYYY-MM-DD, included.' }),
      types: t.arg.string({ required: false, description: 'Comma-separated among 850, 855, 856, 810, 997; default 850,855,856,810.' }),
    },
    resolve: (_root, args, ctx) => ediSummary(ctx.db, args),
  }),
);
