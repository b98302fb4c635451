// The EDI summary (issue 12): returned bare, as the contract says.
import type { RestRoute } from '../src/rest/route.js';

export const ediSummaryRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/reports/edi/summary',
    operationId: 'getEdiSummary',
    tag: 'Reports',
    summary: 'EDI summary: counts and rates over a range of days',
    description:
      'Query: from and to (YYYY-MM-DD, both optional and included, on the UTC date a document was created), types (comma-separated among 850, 855, 856, 810, 997; default the core set 850,855,856,810). ' +
      'Answers the bare object {total, success_count, failed_count, pending_count, success_rate, ack_997_count, ack_997_rate, by_type}: ' +
      'total = documents of those types created in the range, inbound and outbound; success_count = status accepted, or sent with acknowledged_at set; failed_count = failed or rejected; pending_count = pending ' +
      '(a document sent and not acknowledged yet counts in total only); success_rate = success_count / total; ack_997_count = outbound documents other than 997s whose functional acknowledgement (a 997, or POST /edi/documents/{id}/acknowledge) is recorded; ' +
      'ack_997_rate = ack_997_count / outbound documents other than 997s. Rates are fractions from 0 to 1 rounded to 4 places, and 0 (never null or NaN) when there is nothing to divide by. ' +
      'by_type holds the same seven numbers for each requested type, keyed by the type, zeros included. A date not in the form YYYY-MM-DD, from after to, or an unknown type → 422 naming the parameter.',
    graphql: /* GraphQL */ `
      query EdiSummary($from: String, $to: String, $types: String) {
        ediSummary(from: $from, to: $to, types: $types) { total successCount failedCount pendingCount successRate ack997Count ack997Rate byType }
      }`,
    queryParams: { from: 'from', to: 'to', types: 'types' },
    envelope: 'bare',
  },
];
