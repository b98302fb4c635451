// Production batches: argument plumbing only; the rules live in src/domain/production.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import { productionBatches as batches, runTotalOf } from '../../domain/production/index.js';
import { decimalSql } from '../../domain/shared/json-sql.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';

// Both computed fields read the same selection of the batch's work orders, so a page loads them in one query.
const WORK_ORDERS = { workOrders: { select: { id: true, status: true, plannedQty: true }, orderBy: { id: 'asc' as const } } };

const ProductionBatchRef = builder.prismaObject('ProductionBatch', {
  description: 'A named group of work orders run together; its total planned quantity is the PRODUCTION_RUN_TOTAL basis of cost rules.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    notes: t.exposeString('notes', { nullable: true }),
    workOrderIds: t.field({
      type: ['Int'],
      description: 'The work orders of the batch, by id.',
      select: WORK_ORDERS,
      resolve: (batch) => batch.workOrders.map((order) => order.id),
      extensions: jsonSql({ value: batches.workOrderIdsSql }),
    }),
    totalPlannedQty: t.field({
      type: 'Decimal',
      description: 'The planned quantity of the work orders of the batch that are not cancelled.',
      select: WORK_ORDERS,
      resolve: (batch) => runTotalOf(batch.workOrders),
      extensions: jsonSql({ value: (batch) => decimalSql(batches.runTotalSql(batch)) }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ProductionBatchPageRef = pageOf('ProductionBatchPage', ProductionBatchRef);

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('productionBatches', 'ProductionBatch', (ctx, args, query) => batches.listProductionBatches(ctx.db, withFilterParams(args), query));
compiledRecord('productionBatch', 'ProductionBatch', (ctx, args, query) => batches.getProductionBatch(ctx.db, args.id, query));

// Optional in the schema so that a missing name is a 422 naming it, from the domain.
const batchFields = (t: InputFieldBuilder, creating: boolean) => ({
  name: t.string({ required: false, description: creating ? 'Required; at most 255 characters, unique per company.' : 'At most 255 characters, unique per company.' }),
  notes: t.string({ required: false, description: creating ? undefined : 'null clears them.' }),
  workOrderIds: t.intList({
    required: false,
    description:
      'Replaces the batch\'s work orders: these get the batch (moved from another batch if need be), the others are let go. ' +
      'A work order joining must be draft, released or in_progress.',
  }),
});

const ProductionBatchCreateInput = builder.inputType('ProductionBatchCreateInput', { fields: (t) => batchFields(t, true) });
const ProductionBatchUpdateInput = builder.inputType('ProductionBatchUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => batchFields(t, false),
});

builder.queryFields((t) => ({
  productionBatches: t.field({
    type: ProductionBatchPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: name, created_at.') },
    resolve: (_root, args, ctx, info) =>
      batches.listProductionBatches(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'ProductionBatch', path: ['items'] })),
  }),
  productionBatch: t.prismaField({
    type: 'ProductionBatch',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => batches.getProductionBatch(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createProductionBatch: t.prismaField({
    type: 'ProductionBatch',
    args: { input: t.arg({ type: ProductionBatchCreateInput, required: true }) },
    resolve: compiledMutation('createProductionBatch', 'ProductionBatch', (ctx, args, query) =>
      batches.createProductionBatch(ctx.db, args.input, query),
    ),
  }),
  updateProductionBatch: t.prismaField({
    type: 'ProductionBatch',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: ProductionBatchUpdateInput, required: true }) },
    resolve: compiledMutation('updateProductionBatch', 'ProductionBatch', (ctx, args, query) =>
      batches.updateProductionBatch(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteProductionBatch: t.prismaField({
    type: 'ProductionBatch',
    description: 'Lets go of the batch\'s work orders and deletes it. Returns the batch as it was.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteProductionBatch', 'ProductionBatch', (ctx, args, query) =>
      batches.deleteProductionBatch(ctx.db, args.id, query),
    ),
  }),
}));
