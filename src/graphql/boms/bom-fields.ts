// Queries and mutations of bills of materials: argument plumbing only; the rules live in src/domain/boms.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { boms } from '../../domain/boms/index.js';
import { BomCreateInput, BomPageRef, BomUpdateInput } from './bom-types.js';

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('boms', 'Bom', (ctx, args, query) => boms.listBoms(ctx.db, args, query));
compiledRecord('bom', 'Bom', (ctx, args, query) => boms.getBom(ctx.db, args.id, query));

builder.queryFields((t) => ({
  boms: t.field({
    type: BomPageRef,
    description: 'Bills of materials, one page at a time. sort: id, name, created_at, updated_at.',
    args: {
      ...pageArgs(t.arg),
      q: t.arg.string({ required: false, description: 'Part of the name, any case.' }),
    },
    resolve: (_root, args, ctx, info) =>
      boms.listBoms(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'Bom', path: ['items'] })),
  }),
  bom: t.prismaField({
    type: 'Bom',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => boms.getBom(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createBom: t.prismaField({
    type: 'Bom',
    args: { input: t.arg({ type: BomCreateInput, required: true }) },
    resolve: compiledMutation('createBom', 'Bom', (ctx, args, query) => boms.createBom(ctx.db, args.input, query)),
  }),
  updateBom: t.prismaField({
    type: 'Bom',
    description: 'Partial update; items and extraCosts, when given, replace the whole stored arrays.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: BomUpdateInput, required: true }) },
    resolve: compiledMutation('updateBom', 'Bom', (ctx, args, query) => boms.updateBom(ctx.db, args.id, args.input, query)),
  }),
  deleteBom: t.prismaField({
    type: 'Bom',
    description: 'Deletes a BOM with its items and extra costs; products that named it stop naming it. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteBom', 'Bom', (ctx, args, query) => boms.deleteBom(ctx.db, args.id, query)),
  }),
}));
