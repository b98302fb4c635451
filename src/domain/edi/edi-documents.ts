// The EDI document log: every X12 transaction set sent to or received from a channel's trading partner.
// Outbound documents are written in the transaction of the business event (a shipment shipped, an invoice
// issued, an order received), so a document exists exactly when its event happened; delivery comes after the
// commit (edi-delivery.ts). Outbound interchange control numbers count up per company, one after another:
// an advisory lock held to the end of the transaction serialises whoever takes the next one.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';
import { comparisonFilter, dateTimeFilter, type FilterSpec } from '../shared/filters/index.js';
import { readAnswer, readAnswers, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { buildInterchange, FUNCTIONAL_CODES, type Segment } from './x12.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export const EDI_TYPES = ['850', '855', '856', '810', '997'] as const;
export const EDI_STATUSES = ['pending', 'sent', 'accepted', 'rejected', 'failed'] as const;
export const EDI_DIRECTIONS = ['inbound', 'outbound'] as const;
export type EdiType = (typeof EDI_TYPES)[number];

export const REFERENCE_TYPES = ['sales_order', 'shipment', 'invoice', 'purgatory_entry', 'edi_document'] as const;

/** What a document is about. */
export interface EdiReference {
  type: (typeof REFERENCE_TYPES)[number];
  id: number;
}

/** A channel that trades by EDI, as documents need it. */
export interface EdiChannel {
  id: number;
  ediPartnerId: string | null;
  ediQualifier: string | null;
}

export const EDI_CHANNEL_SELECT = { id: true, ediEnabled: true, ediPartnerId: true, ediQualifier: true } as const;

/** The channel of a sales order when it trades by EDI, else null. */
export async function ediChannelOfOrder(tx: TenantTx, salesOrderId: number): Promise<EdiChannel | null> {
  const order = await tx.salesOrder.findUnique({ where: byId(salesOrderId), select: { channel: { select: EDI_CHANNEL_SELECT } } });
  const channel = order?.channel;
  return channel?.ediEnabled && channel.ediPartnerId && channel.ediQualifier ? channel : null;
}

/**
 * Writes an outbound document: takes the company's next control number, builds the interchange around the
 * segments and logs it pending. Answers the new document's id.
 */
export async function createOutboundDocument(tx: TenantTx, channel: EdiChannel, type: EdiType, reference: EdiReference, segments: Segment[], at = new Date()): Promise<number> {
  const company = await tx.company.findFirstOrThrow({ select: { id: true, ediSenderId: true, ediSenderQualifier: true } });
  if (!company.ediSenderId || !company.ediSenderQualifier) {
    throw new ValidationError({ ediSenderId: ["The company has no EDI sender id: set edi_sender_id and edi_sender_qualifier (PATCH /company)."] });
  }
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`edi-control:${company.id}`}))`;
  const last = await tx.ediDocument.aggregate({ where: { direction: 'outbound' }, _max: { controlNumber: true } });
  const controlNumber = (last._max.controlNumber ?? 0) + 1;
  const raw = await buildInterchange(
    {
      sender: { qualifier: company.ediSenderQualifier, id: company.ediSenderId },
      receiver: { qualifier: channel.ediQualifier!, id: channel.ediPartnerId! },
      controlNumber,
      functionalCode: FUNCTIONAL_CODES[type],
      type,
      at,
    },
    segments,
  );
  const created = await tx.ediDocument.create({
    data: { direction: 'outbound', type, channelId: channel.id, controlNumber, groupControlNumber: controlNumber, referenceType: reference.type, referenceId: reference.id, raw, createdAt: at } as Prisma.EdiDocumentUncheckedCreateInput,
    select: { id: true },
  });
  return created.id;
}

export const EDI_DOCUMENT_FILTERS: FilterSpec<Prisma.EdiDocumentWhereInput> = {
  type: { kind: 'enum', enumValues: EDI_TYPES, where: (op, value) => ({ type: comparisonFilter(op, value as string) }) },
  status: { kind: 'enum', enumValues: EDI_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  direction: { kind: 'enum', enumValues: EDI_DIRECTIONS, where: (op, value) => ({ direction: comparisonFilter(op, value as string) }) },
  channel_id: { kind: 'integer', where: (op, value) => ({ channelId: comparisonFilter(op, value as number) }) },
  reference_type: { kind: 'enum', enumValues: REFERENCE_TYPES, where: (op, value) => ({ referenceType: comparisonFilter(op, value as string) }) },
  reference_id: { kind: 'integer', where: (op, value) => ({ referenceId: comparisonFilter(op, value as number) }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', created_at: 'createdAt', acknowledged_at: 'acknowledgedAt', type: 'type', status: 'status' };

/** Newest first unless `sort` says otherwise. */
export async function listEdiDocuments(db: TenantDb, args: ListArgs, query: PassThroughQuery = {}) {
  const { window, orderBy, where } = readListArgs(args, EDI_DOCUMENT_FILTERS, SORTABLE, '-id');
  return listPage(db, 'ediDocument', query, { where, orderBy, window });
}

export async function getEdiDocument(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const found = await db.ediDocument.findUnique({ ...query, where: byId(id) });
  if (!found) throw new NotFoundError('EDI document', id);
  return found;
}

/** The documents with these ids, in the order given (the answer of an interchange received, after its transactions). */
export async function ediDocumentsInOrder(db: TenantDb, ids: number[], query: AnswerQuery = {}) {
  return readAnswers(db, ids, query, async (q) => {
    const byIdFound = new Map((await db.ediDocument.findMany({ ...q, where: { id: { in: ids } } })).map((document) => [document.id, document]));
    return ids.map((id) => byIdFound.get(id)!);
  });
}

/** A 997's verdict, or one recorded by hand: accepted or rejected. */
export type AcknowledgementStatus = 'accepted' | 'rejected';

/**
 * Records the functional acknowledgement of an outbound document (a 997 or a person). Only outbound
 * documents other than 997s are acknowledged; acknowledging again with the same verdict changes nothing,
 * another verdict replaces it.
 */
export async function acknowledgeEdiDocument(db: TenantDb, id: number, status: string, query: AnswerQuery = {}) {
  if (status !== 'accepted' && status !== 'rejected') throw new ValidationError({ status: ['The status must be accepted or rejected.'] });
  return db.$transaction(async (tx) => {
    const document = await getEdiDocument(tx, id);
    const problem = acknowledgementProblem(document);
    if (problem) throw new ValidationError({ id: [problem] });
    await recordAcknowledgement(tx, [id], status);
    return readAnswer(tx, id, query, (q) => tx.ediDocument.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export function acknowledgementProblem(document: { direction: string; type: string; id: number }): string | null {
  if (document.direction !== 'outbound') return `EDI document ${document.id} was received, not sent: only outbound documents are acknowledged.`;
  if (document.type === '997') return `EDI document ${document.id} is a 997: acknowledgements are not acknowledged.`;
  return null;
}

export async function recordAcknowledgement(tx: TenantTx, ids: number[], status: AcknowledgementStatus, at = new Date()): Promise<void> {
  if (ids.length > 0) await tx.ediDocument.updateMany({ where: { id: { in: ids } }, data: { status, acknowledgedAt: at, error: null } });
}
