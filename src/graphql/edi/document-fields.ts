// The EDI document log in GraphQL: documents, their raw X12, inbound interchanges, acknowledgements and
// sending again. Rules in src/domain/edi/.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import { compiledList, compiledListMutation, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';
import {
  acknowledgeEdiDocument,
  ediDocumentsInOrder,
  getEdiDocument,
  listEdiDocuments,
  sendEdiDocument,
  receiveInterchange,
  controlNumberText,
  controlNumberTextSql,
} from '../../domain/edi/index.js';

const EdiReferenceRef = builder.objectRef<{ type: string; id: number }>('EdiReference').implement({
  description: 'What a document is about.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'sales_order, shipment, invoice, purgatory_entry (an 850 waiting in purgatory) or edi_document (what a 997 acknowledges)' }),
    id: t.exposeInt('id'),
  }),
});

export const EdiDocumentRef = builder.prismaObject('EdiDocument', {
  description: 'One X12 transaction set sent to or received from a channel’s trading partner.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    direction: t.exposeString('direction', { description: 'inbound or outbound' }),
    type: t.exposeString('type', { description: '850, 855, 856, 810 or 997' }),
    channelId: t.exposeInt('channelId'),
    controlNumber: t.string({
      description: 'The interchange control number (ISA13), 9 digits.',
      select: { controlNumber: true },
      resolve: (d) => controlNumberText(d.controlNumber),
      extensions: jsonSql({ value: (d) => controlNumberTextSql(`${d}."controlNumber"`) }),
    }),
    groupControlNumber: t.exposeInt('groupControlNumber', { description: 'GS06: what a 997 names in AK1.' }),
    status: t.exposeString('status', { description: 'pending, sent, accepted, rejected or failed' }),
    reference: t.field({
      type: EdiReferenceRef,
      nullable: true,
      select: { referenceType: true, referenceId: true },
      resolve: (d) => (d.referenceType && d.referenceId !== null ? { type: d.referenceType, id: d.referenceId } : null),
      // The same pair as one row of `reference`, when there is one (an empty type is none, as it is above).
      extensions: jsonSql({
        type: 'EdiReference',
        one: (d, reference) => ({
          from: `(SELECT ${d}."referenceType" AS type, ${d}."referenceId" AS id) ${reference}`,
          where: 'true',
          when: `${d}."referenceType" <> '' AND ${d}."referenceId" IS NOT NULL`,
        }),
      }),
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why delivery failed, why an inbound document was rejected, or why an 850 waits in purgatory.' }),
    raw: t.exposeString('raw', { description: 'The X12 interchange as sent or received.' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    acknowledgedAt: t.expose('acknowledgedAt', { type: 'DateTime', nullable: true, description: "When the partner's functional acknowledgement (997) or a manual one was recorded." }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const EdiAcknowledgementInput = builder.inputType('EdiAcknowledgementInput', {
  fields: (t) => ({ status: t.string({ required: true, description: 'accepted or rejected' }) }),
});

const EdiDocumentPageRef = pageOf('EdiDocumentPage', EdiDocumentRef);

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('ediDocuments', 'EdiDocument', (ctx, args, query) => listEdiDocuments(ctx.db, withFilterParams(args), query));
compiledRecord('ediDocument', 'EdiDocument', (ctx, args, query) => getEdiDocument(ctx.db, args.id, query));

builder.queryFields((t) => ({
  ediDocuments: t.field({
    type: EdiDocumentPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: type, status, direction, channel_id, reference_type, reference_id, created_at.') },
    resolve: (_root, args, ctx, info) => listEdiDocuments(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'EdiDocument', path: ['items'] })),
  }),
  ediDocument: t.prismaField({
    type: 'EdiDocument',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => getEdiDocument(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  receiveEdiInterchange: t.prismaField({
    type: ['EdiDocument'],
    description: 'One X12 interchange from a trading partner (850s, 997s). Answers the documents logged: the inbound ones, then the 855s and 997s written in reply.',
    args: { x12: t.arg.string({ required: true }) },
    resolve: compiledListMutation('receiveEdiInterchange', 'EdiDocument', async (ctx, args, query) => {
      const result = await receiveInterchange(ctx.db, args.x12, ctx.outbound);
      return ediDocumentsInOrder(ctx.db, result.documentIds, query);
    }),
  }),
  acknowledgeEdiDocument: t.prismaField({
    type: 'EdiDocument',
    description: 'Records the functional acknowledgement of an outbound document by hand: accepted or rejected.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: EdiAcknowledgementInput, required: true }) },
    resolve: compiledMutation('acknowledgeEdiDocument', 'EdiDocument', (ctx, args, query) => acknowledgeEdiDocument(ctx.db, args.id, args.input.status, query)),
  }),
  sendEdiDocument: t.prismaField({
    type: 'EdiDocument',
    description: "Sends a pending or failed outbound document to the channel's ediEndpointUrl; the partner failing is a 502.",
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('sendEdiDocument', 'EdiDocument', (ctx, args, query) => sendEdiDocument(ctx.db, args.id, ctx.outbound, query)),
  }),
}));
