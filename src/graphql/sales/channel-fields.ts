// Sales channels: queries and mutations. Rules (the lock included) in src/domain/sales/channels.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { channels, CHANNEL_TYPES } from '../../domain/sales/index.js';
import { LegacySalesChannelInput, SalesChannelCreateInput, SalesChannelPageRef, SalesChannelUpdateInput } from './channel-types.js';

// Pages and records written by one statement (compiled-records.ts) when every field selected has SQL; a selection
// with one of the caller's JSON documents (the mappings, metafields, filters, restrictions, fees: their key order is
// the caller's, which jsonb does not keep) is answered by the resolvers below, field by field.
compiledList('salesChannels', 'SalesChannel', (ctx, args, query) => channels.listChannels(ctx.db, args, query));
compiledRecord('salesChannel', 'SalesChannel', (ctx, args, query) => channels.getChannel(ctx.db, args.id, query));

builder.queryFields((t) => ({
  salesChannels: t.field({
    type: SalesChannelPageRef,
    args: {
      ...pageArgs(t.arg),
      channelType: t.arg.string({ required: false, description: CHANNEL_TYPES.join(', ') }),
      enabled: t.arg.boolean({ required: false }),
    },
    resolve: (_root, args, ctx, info) =>
      channels.listChannels(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'SalesChannel', path: ['items'] })),
  }),
  salesChannel: t.prismaField({
    type: 'SalesChannel',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => channels.getChannel(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createSalesChannel: t.prismaField({
    type: 'SalesChannel',
    description: 'A sales, fulfillment or end-to-end channel.',
    args: { input: t.arg({ type: SalesChannelCreateInput, required: true }) },
    resolve: compiledMutation('createSalesChannel', 'SalesChannel', (ctx, args, query) =>
      channels.createChannel(ctx.db, args.input as channels.ChannelInput, { tokenId: ctx.caller.tokenId }, query),
    ),
  }),
  createLegacySalesChannel: t.prismaField({
    type: 'SalesChannel',
    description: 'Legacy: a sales channel from the fields of POST /channels/sales. Prefer createSalesChannel.',
    deprecationReason: 'Use createSalesChannel with channelType sales_channel.',
    args: { input: t.arg({ type: LegacySalesChannelInput, required: true }) },
    resolve: compiledMutation('createLegacySalesChannel', 'SalesChannel', (ctx, args, query) =>
      channels.createSalesChannel(ctx.db, args.input, { tokenId: ctx.caller.tokenId }, query),
    ),
  }),
  updateSalesChannel: t.prismaField({
    type: 'SalesChannel',
    description: 'Refused (FORBIDDEN) while the channel is locked.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: SalesChannelUpdateInput, required: true }) },
    resolve: compiledMutation('updateSalesChannel', 'SalesChannel', (ctx, args, query) =>
      channels.updateChannel(ctx.db, args.id, args.input as channels.ChannelInput, { tokenId: ctx.caller.tokenId }, query),
    ),
  }),
  deleteSalesChannel: t.prismaField({
    type: 'SalesChannel',
    description: 'Refused while the channel is locked or has sales orders. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteSalesChannel', 'SalesChannel', (ctx, args, query) => channels.deleteChannel(ctx.db, args.id, query)),
  }),
}));
