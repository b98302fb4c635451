// Queries and mutations of receiving: argument plumbing only; the rules live in src/domain/purchasing/receiving.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { receiving } from '../../domain/purchasing/index.js';
import { LandedCostInput, ReceivingReportInput, ReceivingReportPageRef } from './receiving-types.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('receivingReports', 'ReceivingReport', (ctx, args, query) => receiving.listReceivingReports(ctx.db, args, query));
compiledRecord('receivingReport', 'ReceivingReport', (ctx, args, query) => receiving.getReceivingReport(ctx.db, args.id, query));

builder.queryFields((t) => ({
  receivingReports: t.field({
    type: ReceivingReportPageRef,
    args: {
      ...pageArgs(t.arg),
      purchaseOrderId: t.arg.int({ required: false }),
      supplierId: t.arg.int({ required: false }),
      receivedAt: t.arg.string({ required: false, description: 'YYYY-MM-DD: received that day (UTC).' }),
    },
    resolve: (_root, args, ctx, info) =>
      receiving.listReceivingReports(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'ReceivingReport', path: ['items'] })),
  }),
  receivingReport: t.prismaField({
    type: 'ReceivingReport',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => receiving.getReceivingReport(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  receivePurchaseOrder: t.prismaField({
    type: 'ReceivingReport',
    description: 'Receives goods against a submitted or partially received order and posts them into stock.',
    args: { purchaseOrderId: t.arg.int({ required: true }), input: t.arg({ type: ReceivingReportInput, required: true }) },
    resolve: compiledMutation('receivePurchaseOrder', 'ReceivingReport', (ctx, args, query) => receiving.receivePurchaseOrder(ctx.db, args.purchaseOrderId, args.input, { tokenId: ctx.caller.tokenId }, query)),
  }),
  addLandedCost: t.prismaField({
    type: 'ReceivingReport',
    description: 'Adds a landed cost that arrived after the receipt: the open stock takes it, issued stock gets cost adjustments.',
    args: { receivingReportId: t.arg.int({ required: true }), input: t.arg({ type: LandedCostInput, required: true }) },
    resolve: compiledMutation('addLandedCost', 'ReceivingReport', (ctx, args, query) => receiving.addLandedCost(ctx.db, args.receivingReportId, args.input, query)),
  }),
  voidReceivingReport: t.prismaField({
    type: 'ReceivingReport',
    description: 'Reverses a receipt whose stock is untouched and reopens the quantities on the order.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('voidReceivingReport', 'ReceivingReport', (ctx, args, query) => receiving.voidReceivingReport(ctx.db, args.id, { tokenId: ctx.caller.tokenId }, query)),
  }),
}));
