// Delivering outbound documents to a channel's partner, after the transaction that wrote them committed: the
// interchange is POSTed as application/edi-x12 to the channel's ediEndpointUrl (10 s time-out, 64 KiB answer
// cap, the outbound policy of src/outbound). A 2xx answer marks it sent; anything else marks it failed with
// why, to be sent again (POST /edi/documents/{id}/send). A channel without an endpoint leaves its documents
// pending for the partner to collect (GET /edi/documents/{id}/raw). A delivery never undoes the business
// event that wrote the document.
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { sendOutbound, type OutboundPolicy } from '../../outbound/http-request.js';
import { UpstreamError, ValidationError } from '../shared/errors.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { getEdiDocument } from './edi-documents.js';

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/** After the commit of a business event: delivers the documents it wrote (none when no policy is given: they stay pending). */
export async function deliverAfterCommit(db: TenantDb, ids: Array<number | null>, policy: OutboundPolicy | undefined): Promise<void> {
  const written = ids.filter((id): id is number => id !== null);
  if (policy && written.length > 0) await deliverEdiDocuments(db, written, policy);
}

/** Delivers each document whose channel has an endpoint; answers why each failed (by id). Never throws for the partner's failures. */
export async function deliverEdiDocuments(db: TenantDb, ids: number[], policy: OutboundPolicy): Promise<Map<number, string>> {
  const failures = new Map<number, string>();
  if (ids.length === 0) return failures;
  const documents = await db.ediDocument.findMany({
    where: { id: { in: ids }, direction: 'outbound', status: { in: ['pending', 'failed'] } },
    select: { id: true, raw: true, channel: { select: { id: true, label: true, ediEndpointUrl: true } } },
    orderBy: { id: 'asc' },
  });
  for (const document of documents) {
    const url = document.channel.ediEndpointUrl;
    if (!url) continue;
    const error = await post(url, document.raw, `the EDI partner of channel ${document.channel.id} (${document.channel.label})`, policy);
    await db.ediDocument.updateMany({
      where: { id: document.id, status: { in: ['pending', 'failed'] } },
      data: error ? { status: 'failed', error } : { status: 'sent', sentAt: new Date(), error: null },
    });
    if (error) failures.set(document.id, error);
  }
  return failures;
}

/** Null when the partner took it; else what went wrong, naming the partner. */
async function post(url: string, raw: string, system: string, policy: OutboundPolicy): Promise<string | null> {
  try {
    const answer = await sendOutbound({ system, method: 'POST', url, headers: { 'content-type': 'application/edi-x12', accept: '*/*' }, body: raw, timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_ANSWER_BYTES }, policy);
    return answer.status >= 200 && answer.status < 300 ? null : `${system[0].toUpperCase()}${system.slice(1)} answered HTTP ${answer.status}.`;
  } catch (error) {
    if (error instanceof UpstreamError) return error.message;
    throw error;
  }
}

/**
 * Sends an outbound document again (or for the first time). A document already sent or acknowledged, an
 * inbound one, or one whose channel has no endpoint is a 422; the partner failing is a 502 naming it, and the
 * document stays failed with the reason.
 */
export async function sendEdiDocument(db: TenantDb, id: number, policy: OutboundPolicy, query: AnswerQuery = {}) {
  const document = await getEdiDocument(db, id, { include: { channel: { select: { ediEndpointUrl: true } } } });
  const channel = (document as typeof document & { channel: { ediEndpointUrl: string | null } }).channel;
  if (document.direction !== 'outbound') throw new ValidationError({ id: [`EDI document ${id} was received, not sent.`] });
  if (!['pending', 'failed'].includes(document.status)) throw new ValidationError({ id: [`EDI document ${id} is ${document.status}: only pending or failed documents are sent.`] });
  if (!channel.ediEndpointUrl) throw new ValidationError({ id: [`Channel ${document.channelId} has no ediEndpointUrl: its partner collects documents with GET /edi/documents/{id}/raw.`] });
  const failures = await deliverEdiDocuments(db, [id], policy);
  const failure = failures.get(id);
  if (failure) throw new UpstreamError(failure);
  // Read once the partner has answered and the document's status is written (no transaction spans the delivery).
  return readAnswer(db, id, query, (q) => db.ediDocument.findUniqueOrThrow({ ...q, where: byId(id) }));
}
