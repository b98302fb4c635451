// Order intake from channels and purgatory: types, queries and mutations. Rules in
// src/domain/sales/order-intake.ts and purgatory.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { embeddedDocuments, jsonSql } from '../shared/derived-json-types.js';
import {
  getSalesOrder,
  receiveChannelOrder,
  type IntakeOutcome,
  type PurgatoryReason,
  purgatory,
} from '../../domain/sales/index.js';
import { AddressInput } from './customer-fields.js';

const PurgatoryReasonRef = builder.objectRef<PurgatoryReason>('PurgatoryReason').implement({
  description: 'Why an order could not be posted.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'unknown_sku, inactive_product, missing_address, invalid_address or duplicate_conflict' }),
    message: t.exposeString('message'),
    line: t.exposeInt('line', { nullable: true, description: "The line's index in the payload; null for the order." }),
  }),
});

const PurgatoryEntryRef = builder.prismaObject('PurgatoryEntry', {
  description: 'A channel order that could not be posted, kept as received with every reason.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    channelId: t.exposeInt('channelId'),
    externalOrderId: t.exposeString('externalOrderId'),
    payload: t.expose('payload', { type: 'JSON', description: 'The order as the channel posted it.' }),
    reasons: t.field({
      type: [PurgatoryReasonRef],
      resolve: (entry) => entry.reasons as unknown as PurgatoryReason[],
      extensions: jsonSql(embeddedDocuments('reasons')),
    }),
    status: t.exposeString('status', { description: 'pending, resolved or discarded' }),
    salesOrderId: t.exposeInt('salesOrderId', { nullable: true, description: 'The order it became, once resolved.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    resolvedAt: t.expose('resolvedAt', { type: 'DateTime', nullable: true, description: 'When it was resolved or discarded.' }),
  }),
});

const PurgatoryPageRef = pageOf('PurgatoryPage', PurgatoryEntryRef);

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections
// (the payload, the caller's own JSON, among them).
compiledList('purgatoryEntries', 'PurgatoryEntry', (ctx, args, query) => purgatory.listPurgatory(ctx.db, withFilterParams(args), query));
compiledRecord('purgatoryEntry', 'PurgatoryEntry', (ctx, args, query) => purgatory.getPurgatoryEntry(ctx.db, args.id, query));

const IntakeOutcomeEnum = builder.enumType('OrderIntakeOutcome', { values: ['created', 'existing', 'purgatory'] as const });

const OrderIntakeResultRef = builder.objectRef<IntakeOutcome>('OrderIntakeResult').implement({
  description: 'What became of a channel order: a new sales order, the one posted before for the same content, or a purgatory entry.',
  fields: (t) => ({
    outcome: t.field({ type: IntakeOutcomeEnum, resolve: (result) => result.outcome }),
    salesOrder: t.prismaField({
      type: 'SalesOrder',
      nullable: true,
      resolve: (query, result, _args, ctx) => (result.salesOrderId === null ? null : getSalesOrder(ctx.db, result.salesOrderId, query)),
    }),
    purgatoryEntry: t.prismaField({
      type: 'PurgatoryEntry',
      nullable: true,
      resolve: (query, result, _args, ctx) => (result.purgatoryEntryId === null ? null : purgatory.getPurgatoryEntry(ctx.db, result.purgatoryEntryId, query)),
    }),
  }),
});

const SkuMappingInput = builder.inputType('SkuMappingInput', {
  fields: (t) => ({
    externalSku: t.string({ required: true, description: "The channel's SKU." }),
    productId: t.int({ required: true, description: 'An active product.' }),
  }),
});

const PurgatoryResolveInput = builder.inputType('PurgatoryResolveInput', {
  fields: (t) => ({
    skuMappings: t.field({ type: [SkuMappingInput], required: false, description: 'Saved for the channel; they replace earlier mappings of the same SKU or product.' }),
    shipTo: t.field({ type: AddressInput, required: false, description: 'Posts the order to this address instead of the one received.' }),
  }),
});

builder.queryFields((t) => ({
  purgatoryEntries: t.field({
    type: PurgatoryPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: channel_id, status, reason_code, created_at.') },
    resolve: (_root, args, ctx, info) =>
      purgatory.listPurgatory(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'PurgatoryEntry', path: ['items'] })),
  }),
  purgatoryEntry: t.prismaField({
    type: 'PurgatoryEntry',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => purgatory.getPurgatoryEntry(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  receiveChannelOrder: t.field({
    type: OrderIntakeResultRef,
    description: 'Order intake: the order as the channel sends it (snake_case JSON).',
    args: { channelId: t.arg.int({ required: true }), order: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, ctx) => receiveChannelOrder(ctx.db, args.channelId, args.order),
  }),
  resolvePurgatoryEntry: t.prismaField({
    type: 'SalesOrder',
    description: 'Saves the SKU mappings for the channel and posts the order again; a 422 names what still stands in the way.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: PurgatoryResolveInput, required: false }) },
    resolve: compiledMutation('resolvePurgatoryEntry', 'SalesOrder', (ctx, args, query) => purgatory.resolvePurgatoryEntry(ctx.db, args.id, args.input ?? {}, query)),
  }),
  discardPurgatoryEntry: t.prismaField({
    type: 'PurgatoryEntry',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('discardPurgatoryEntry', 'PurgatoryEntry', (ctx, args, query) => purgatory.discardPurgatoryEntry(ctx.db, args.id, query)),
  }),
}));
