// Queries and mutations of picklists: argument plumbing only.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { filterArg, filterParams } from '../shared/filters.js';
import { picklists, picklistTransitions as transitions, pickItem } from '../../domain/fulfillment/index.js';
import { PicklistCreateInput, PicklistPageRef, PicklistPickInput } from './picklist-types.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';

compiledList('picklists', 'Picklist', (ctx, args, query) => picklists.listPicklists(ctx.db, { ...args, filters: filterParams(args.filters) }, query));
compiledRecord('picklist', 'Picklist', (ctx, args, query) => picklists.getPicklist(ctx.db, args.id, query));

builder.queryFields((t) => ({
  picklists: t.field({
    type: PicklistPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: status, warehouse_id.') },
    resolve: (_root, args, ctx, info) =>
      picklists.listPicklists(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'Picklist', path: ['items'] })),
  }),
  picklist: t.prismaField({
    type: 'Picklist',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => picklists.getPicklist(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createPicklist: t.prismaField({
    type: 'Picklist',
    description: 'A picklist for open fulfillment orders of one warehouse: items assigned to its locations and lots.',
    args: { input: t.arg({ type: PicklistCreateInput, required: true }) },
    resolve: compiledMutation('createPicklist', 'Picklist', (ctx, args, query) => picklists.createPicklist(ctx.db, args.input, query)),
  }),
  startPicklistPicking: t.prismaField({
    type: 'Picklist',
    description: 'created → picking; its fulfillment orders are picking.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('startPicklistPicking', 'Picklist', (ctx, args, query) => transitions.startPicking(ctx.db, args.id, query)),
  }),
  pickPicklistItem: t.prismaField({
    type: 'Picklist',
    description: 'Picks (part of) an item while the picklist is picking; answers the picklist.',
    args: { picklistId: t.arg.int({ required: true }), itemId: t.arg.int({ required: true }), input: t.arg({ type: PicklistPickInput, required: true }) },
    resolve: compiledMutation('pickPicklistItem', 'Picklist', (ctx, args, query) => pickItem(ctx.db, args.picklistId, args.itemId, args.input, query)),
  }),
  finishPicklistPicking: t.prismaField({
    type: 'Picklist',
    description: 'picking → picked (short picks allowed); its fulfillment orders are picked.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('finishPicklistPicking', 'Picklist', (ctx, args, query) => transitions.finishPicking(ctx.db, args.id, query)),
  }),
  startPicklistPacking: t.prismaField({
    type: 'Picklist',
    description: 'A picked picklist starts packing.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('startPicklistPacking', 'Picklist', (ctx, args, query) => transitions.startPacking(ctx.db, args.id, query)),
  }),
  finishPicklistPacking: t.prismaField({
    type: 'Picklist',
    description: 'picked (packing started) → packed; its fulfillment orders are packed.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('finishPicklistPacking', 'Picklist', (ctx, args, query) => transitions.finishPacking(ctx.db, args.id, query)),
  }),
  deletePicklist: t.prismaField({
    type: 'Picklist',
    description: 'Before packed: status deleted, its picks undone, its fulfillment orders open again.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deletePicklist', 'Picklist', (ctx, args, query) => transitions.deletePicklist(ctx.db, args.id, query)),
  }),
}));
