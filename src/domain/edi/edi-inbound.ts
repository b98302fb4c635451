// POST /edi/inbound: one X12 interchange from a trading partner, taken in one transaction.
//   - The interchange must be addressed to the company (ISA07/ISA08 = its EDI sender id) and come from the
//     partner of an EDI channel (ISA05/ISA06); otherwise, or when it is not well-formed X12, or holds a
//     transaction set other than 850 or 997, it is a 422 and nothing is kept.
//   - Each 850 goes through the channel's order intake: posted → logged accepted with its sales order, and an
//     855 acknowledges it; not postable → purgatory, logged pending; unreadable as an order → logged rejected
//     with why. Each functional group of 850s is answered with a 997.
//   - A 997 records the partner's verdict on the outbound document whose group it names (AK1), and is logged
//     accepted; naming no document of ours it is logged rejected.
// Each 850 runs inside a savepoint, so one that fails half-way leaves nothing of itself behind.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { OutboundPolicy } from '../../outbound/http-request.js';
import { deliverAfterCommit } from './edi-delivery.js';
import { unlockedChannel, receiveChannelOrderIn } from '../sales/index.js';
import { ValidationError } from '../shared/errors.js';
import { acknowledgementProblem, EDI_CHANNEL_SELECT, recordAcknowledgement, type EdiChannel, type EdiReference } from './edi-documents.js';
import { writeFunctionalAcknowledgement } from './functional-ack-997.js';
import { writeOrderAcknowledgement } from './order-ack-855.js';
import { readPurchaseOrder } from './purchase-order-850.js';
import { parseInterchange, type ParsedGroup, type ParsedInterchange, type ParsedTransaction } from './x12.js';

const INBOUND_TYPES = ['850', '997'];

export interface InboundResult {
  /** The inbound documents logged, then the outbound acknowledgements (855, 997) written. */
  documentIds: number[];
  /** The outbound ones, to deliver after the commit. */
  outboundIds: number[];
}

/** Takes the interchange, then delivers the acknowledgements it wrote (under `outbound`; none without it). */
export async function receiveInterchange(db: TenantDb, text: string | null | undefined, outbound?: OutboundPolicy): Promise<InboundResult> {
  const result = await takeInterchange(db, text);
  await deliverAfterCommit(db, result.outboundIds, outbound);
  return result;
}

async function takeInterchange(db: TenantDb, text: string | null | undefined): Promise<InboundResult> {
  if (!text || text.trim() === '') throw new ValidationError({ body: ['The body must hold an X12 interchange (send it as application/edi-x12 or text/plain).'] });
  const interchange = await parseInterchange(text);
  const unsupported = interchange.groups.flatMap((g) => g.transactions).find((t) => !INBOUND_TYPES.includes(t.type));
  if (unsupported) throw new ValidationError({ body: [`Transaction set ${unsupported.type} is not taken inbound: send 850 purchase orders or 997 acknowledgements.`] });

  return db.$transaction(async (tx) => {
    const channel = await partnerChannel(tx, interchange);
    await unlockedChannel(tx, channel.id);
    const result: InboundResult = { documentIds: [], outboundIds: [] };
    for (const group of interchange.groups) {
      const orders = group.transactions.filter((t) => t.type === '850');
      const taken: Array<{ id: number; accepted: boolean }> = [];
      for (const transaction of group.transactions) {
        const logged = transaction.type === '850' ? await takePurchaseOrder(tx, channel, interchange, group, transaction, text, result) : await takeAcknowledgement(tx, channel, interchange, group, transaction, text);
        result.documentIds.push(logged.id);
        if (transaction.type === '850') taken.push(logged);
      }
      if (orders.length > 0) {
        const ack = await writeFunctionalAcknowledgement(tx, channel, { ...group, transactions: orders }, taken.map((t) => t.accepted), taken[0].id);
        result.outboundIds.push(ack);
      }
    }
    result.documentIds.push(...result.outboundIds);
    return result;
  });
}

/** The EDI channel of the interchange's sender, after checking the interchange is addressed to us. */
async function partnerChannel(tx: TenantTx, interchange: ParsedInterchange): Promise<EdiChannel> {
  const company = await tx.company.findFirstOrThrow({ select: { ediSenderId: true, ediSenderQualifier: true } });
  const { sender, receiver } = interchange;
  if (!company.ediSenderId || receiver.id !== company.ediSenderId || receiver.qualifier !== company.ediSenderQualifier) {
    const ours = company.ediSenderId ? `${company.ediSenderQualifier}:${company.ediSenderId}` : 'no EDI sender id (PATCH /company)';
    throw new ValidationError({ body: [`The interchange is addressed to ${receiver.qualifier}:${receiver.id}; this company is ${ours}.`] });
  }
  const channel = await tx.salesChannel.findFirst({ where: { ediEnabled: true, ediQualifier: sender.qualifier, ediPartnerId: sender.id }, select: EDI_CHANNEL_SELECT });
  if (!channel) throw new ValidationError({ body: [`No EDI channel trades with the sender ${sender.qualifier}:${sender.id}.`] });
  return channel;
}

type Logged = { id: number; accepted: boolean };

async function logInbound(tx: TenantTx, channel: EdiChannel, interchange: ParsedInterchange, group: ParsedGroup, transaction: ParsedTransaction, raw: string, outcome: { status: string; reference: EdiReference | null; error?: string | null }): Promise<number> {
  const created = await tx.ediDocument.create({
    data: {
      direction: 'inbound',
      type: transaction.type,
      channelId: channel.id,
      controlNumber: interchange.controlNumber,
      groupControlNumber: group.controlNumber,
      status: outcome.status,
      referenceType: outcome.reference?.type ?? null,
      referenceId: outcome.reference?.id ?? null,
      error: outcome.error ?? null,
      raw,
    } as Prisma.EdiDocumentUncheckedCreateInput,
    select: { id: true },
  });
  return created.id;
}

async function takePurchaseOrder(tx: TenantTx, channel: EdiChannel, interchange: ParsedInterchange, group: ParsedGroup, transaction: ParsedTransaction, raw: string, result: InboundResult): Promise<Logged> {
  const order = readPurchaseOrder(transaction);
  await tx.$executeRawUnsafe('SAVEPOINT edi_850');
  let intake;
  try {
    intake = await receiveChannelOrderIn(tx, channel.id, order.payload);
    await tx.$executeRawUnsafe('RELEASE SAVEPOINT edi_850');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT edi_850');
    const why = Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ');
    const id = await logInbound(tx, channel, interchange, group, transaction, raw, { status: 'rejected', reference: null, error: why });
    return { id, accepted: false };
  }
  if (intake.outcome === 'purgatory') {
    const entry = await tx.purgatoryEntry.findUniqueOrThrow({ where: byId(intake.purgatoryEntryId), select: { reasons: true } });
    const reasons = (entry.reasons as Array<{ message: string }>).map((reason) => reason.message).join(' ');
    const id = await logInbound(tx, channel, interchange, group, transaction, raw, { status: 'pending', reference: { type: 'purgatory_entry', id: intake.purgatoryEntryId }, error: `In purgatory: ${reasons}` });
    return { id, accepted: true };
  }
  const id = await logInbound(tx, channel, interchange, group, transaction, raw, { status: 'accepted', reference: { type: 'sales_order', id: intake.salesOrderId } });
  if (intake.outcome === 'created') result.outboundIds.push(await writeOrderAcknowledgement(tx, channel, intake.salesOrderId, order.lineNumbers));
  return { id, accepted: true };
}

/** AK9 A or E (accepted, with errors noted) accept; R rejects; P decides by the first AK5 (our groups hold one set). */
function verdictOf(transaction: ParsedTransaction): 'accepted' | 'rejected' | null {
  const ak9 = transaction.segments.find((s) => s.tag === 'AK9')?.elements[0];
  const ak5 = transaction.segments.find((s) => s.tag === 'AK5')?.elements[0];
  const code = ak9 === 'P' ? ak5 : ak9;
  if (code === 'A' || code === 'E') return 'accepted';
  if (code === 'R' || code === 'M' || code === 'W' || code === 'X') return 'rejected';
  return null;
}

async function takeAcknowledgement(tx: TenantTx, channel: EdiChannel, interchange: ParsedInterchange, group: ParsedGroup, transaction: ParsedTransaction, raw: string): Promise<Logged> {
  const ak1 = transaction.segments.find((s) => s.tag === 'AK1');
  const verdict = verdictOf(transaction);
  const groupNumber = Number(ak1?.elements[1]);
  const reject = async (error: string) => ({ id: await logInbound(tx, channel, interchange, group, transaction, raw, { status: 'rejected', reference: null, error }), accepted: false });
  if (!ak1 || !Number.isInteger(groupNumber)) return reject('The 997 has no AK1 naming a functional group.');
  if (!verdict) return reject('The 997 has no AK9 (or AK5) verdict we can read.');
  const acknowledged = await tx.ediDocument.findMany({ where: { channelId: channel.id, direction: 'outbound', groupControlNumber: groupNumber }, select: { id: true, direction: true, type: true } });
  const target = acknowledged.find((document) => acknowledgementProblem(document) === null);
  if (!target) return reject(`No document sent to this partner has group control number ${groupNumber}.`);
  await recordAcknowledgement(tx, [target.id], verdict);
  const id = await logInbound(tx, channel, interchange, group, transaction, raw, { status: 'accepted', reference: { type: 'edi_document', id: target.id } });
  return { id, accepted: true };
}
