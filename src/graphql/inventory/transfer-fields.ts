// Queries and mutations of transfer orders: argument plumbing only; the rules live in
// src/domain/inventory/transfers.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { transferOrders as orders, transferTransitions as transitions } from '../../domain/inventory/index.js';
import {
  TransferOrderCreateInput,
  TransferOrderPageRef,
  TransferOrderStatusEnum,
  TransferOrderUpdateInput,
  TransferReceiveInput,
} from './transfer-types.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';

compiledList('transferOrders', 'TransferOrder', (ctx, args, query) => orders.listTransferOrders(ctx.db, args, query));
compiledRecord('transferOrder', 'TransferOrder', (ctx, args, query) => orders.getTransferOrder(ctx.db, args.id, query));

builder.queryFields((t) => ({
  transferOrders: t.field({
    type: TransferOrderPageRef,
    description: 'Transfer orders, one page at a time.',
    args: {
      ...pageArgs(t.arg),
      status: t.arg({ type: TransferOrderStatusEnum, required: false }),
      sourceLocationId: t.arg.int({ required: false }),
      destinationLocationId: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx, info) =>
      orders.listTransferOrders(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'TransferOrder', path: ['items'] })),
  }),
  transferOrder: t.prismaField({
    type: 'TransferOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => orders.getTransferOrder(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createTransferOrder: t.prismaField({
    type: 'TransferOrder',
    description: 'Creates a draft transfer order.',
    args: { input: t.arg({ type: TransferOrderCreateInput, required: true }) },
    resolve: compiledMutation('createTransferOrder', 'TransferOrder', (ctx, args, query) => orders.createTransferOrder(ctx.db, args.input, query)),
  }),
  updateTransferOrder: t.prismaField({
    type: 'TransferOrder',
    description: 'Changes a draft transfer order; lines, when given, replace all lines.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: TransferOrderUpdateInput, required: true }) },
    resolve: compiledMutation('updateTransferOrder', 'TransferOrder', (ctx, args, query) => orders.updateTransferOrder(ctx.db, args.id, args.input, query)),
  }),
  deleteTransferOrder: t.prismaField({
    type: 'TransferOrder',
    description: 'Deletes a draft transfer order. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteTransferOrder', 'TransferOrder', (ctx, args, query) => orders.deleteTransferOrder(ctx.db, args.id, query)),
  }),
  shipTransferOrder: t.prismaField({
    type: 'TransferOrder',
    description: 'Ships a draft: the stock leaves the source and is in transit.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('shipTransferOrder', 'TransferOrder', (ctx, args, query) => transitions.shipTransferOrder(ctx.db, args.id, { tokenId: ctx.caller.tokenId }, query)),
  }),
  receiveTransferOrder: t.prismaField({
    type: 'TransferOrder',
    description: 'Receives the given quantities of lines at the destination, or everything outstanding when no lines are given.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: TransferReceiveInput, required: false }) },
    resolve: compiledMutation('receiveTransferOrder', 'TransferOrder', (ctx, args, query) =>
      transitions.receiveTransferOrder(ctx.db, args.id, args.input?.lines ?? null, { tokenId: ctx.caller.tokenId }, query),
    ),
  }),
  cancelTransferOrder: t.prismaField({
    type: 'TransferOrder',
    description: 'Cancels a draft, or a shipped order with nothing received (its stock returns to the source).',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('cancelTransferOrder', 'TransferOrder', (ctx, args, query) => transitions.cancelTransferOrder(ctx.db, args.id, { tokenId: ctx.caller.tokenId }, query)),
  }),
}));
