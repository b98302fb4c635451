// Cycle count batches in GraphQL. Rules in src/domain/cycle-counts/cycle-count-batches.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { cycleCountBatches as batches } from '../../domain/cycle-counts/index.js';
import { dateOnlyColumn } from '../../domain/shared/selection-json-sql.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';

export const CycleCountBatchRef = builder.prismaObject('CycleCountBatch', {
  description: 'What to count in which warehouses; one session per warehouse.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    warehouseIds: t.intList({
      select: { sessions: { select: { warehouseId: true }, orderBy: { id: 'asc' } } },
      resolve: (b) => b.sessions.map((s) => s.warehouseId),
      extensions: jsonSql({ value: batches.warehouseIdsSql }),
    }),
    locationIds: t.exposeIntList('locationIds', { description: 'Empty: every location of each warehouse.' }),
    productIds: t.exposeIntList('productIds'),
    categoryIds: t.exposeIntList('categoryIds', { description: "A product's category or subcategory." }),
    tagIds: t.exposeIntList('tagIds'),
    blind: t.exposeBoolean('blind', { description: 'Expected quantities are hidden while counting.' }),
    scheduledFor: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (b) => formatDateOnly(b.scheduledFor), extensions: jsonSql(dateOnlyColumn('scheduledFor')) }),
    notes: t.exposeString('notes', { nullable: true }),
    sessions: t.relation('sessions', { query: { orderBy: { id: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CycleCountBatchPageRef = pageOf('CycleCountBatchPage', CycleCountBatchRef);

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('cycleCountBatches', 'CycleCountBatch', (ctx, args, query) => batches.listCycleCountBatches(ctx.db, args, query));
compiledRecord('cycleCountBatch', 'CycleCountBatch', (ctx, args, query) => batches.getCycleCountBatch(ctx.db, args.id, query));

const CycleCountBatchInput = builder.inputType('CycleCountBatchInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: 'At most 255 characters.' }),
    warehouseIds: t.intList({ required: true, description: 'At least one warehouse (a top-level location).' }),
    locationIds: t.intList({ required: false, description: 'Locations of those warehouses; default all of them.' }),
    productIds: t.intList({ required: false }),
    categoryIds: t.intList({ required: false }),
    tagIds: t.intList({ required: false }),
    blind: t.boolean({ required: false, description: 'Default false.' }),
    scheduledFor: t.string({ required: false, description: 'YYYY-MM-DD' }),
    notes: t.string({ required: false }),
  }),
});

builder.queryFields((t) => ({
  cycleCountBatches: t.field({
    type: CycleCountBatchPageRef,
    args: { ...pageArgs(t.arg) },
    resolve: (_root, args, ctx, info) => batches.listCycleCountBatches(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'CycleCountBatch', path: ['items'] })),
  }),
  cycleCountBatch: t.prismaField({
    type: 'CycleCountBatch',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => batches.getCycleCountBatch(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createCycleCountBatch: t.prismaField({
    type: 'CycleCountBatch',
    args: { input: t.arg({ type: CycleCountBatchInput, required: true }) },
    resolve: compiledMutation('createCycleCountBatch', 'CycleCountBatch', (ctx, args, query) => batches.createCycleCountBatch(ctx.db, args.input, query)),
  }),
  deleteCycleCountBatch: t.prismaField({
    type: 'CycleCountBatch',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteCycleCountBatch', 'CycleCountBatch', (ctx, args, query) => batches.deleteCycleCountBatch(ctx.db, args.id, query)),
  }),
}));
