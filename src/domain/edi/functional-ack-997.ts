// The X12 997 we send for a functional group a partner sent: AK1 names the group (its GS01 and GS06), one
// AK2/AK5 pair per transaction set with A (accepted) or R (rejected), and AK9 the group's verdict: A when all
// were accepted, R when none, P (partially accepted) otherwise.
import type { TenantTx } from '../../db/tenant-client.js';
import { createOutboundDocument, type EdiChannel } from './edi-documents.js';
import type { ParsedGroup, Segment } from './x12.js';

export async function writeFunctionalAcknowledgement(tx: TenantTx, channel: EdiChannel, group: ParsedGroup, accepted: boolean[], acknowledgedDocumentId: number, at = new Date()): Promise<number> {
  const segments: Segment[] = [['AK1', group.functionalCode, group.controlNumber]];
  group.transactions.forEach((transaction, index) => {
    segments.push(['AK2', transaction.type, transaction.controlNumber]);
    segments.push(['AK5', accepted[index] ? 'A' : 'R']);
  });
  const acceptedCount = accepted.filter(Boolean).length;
  const verdict = acceptedCount === accepted.length ? 'A' : acceptedCount === 0 ? 'R' : 'P';
  segments.push(['AK9', verdict, group.transactions.length, group.transactions.length, acceptedCount]);
  return createOutboundDocument(tx, channel, '997', { type: 'edi_document', id: acknowledgedDocumentId }, segments, at);
}
