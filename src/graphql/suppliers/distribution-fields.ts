// Priority lists, distribution templates and distribution template categories in GraphQL: small named
// records that products point at. Rules in src/domain/catalog-support.
import { jsonSql } from '../shared/derived-json-types.js';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import {
  priorityLists,
  distributionTemplates as templates,
  distributionTemplateCategories as templateCategories,
} from '../../domain/catalog-support/index.js';

export const PriorityListRef = builder.prismaObject('PriorityList', {
  description: 'A fulfillment priority list products can name: the order in which their orders take stock from warehouses.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    warehouseIds: t.intList({
      description: 'Warehouses in priority order (first is taken first); warehouses not listed come after, by id.',
      select: { warehouses: { select: { warehouseId: true }, orderBy: { position: 'asc' } } },
      resolve: (list) => list.warehouses.map((entry) => entry.warehouseId),
      extensions: jsonSql({
        value: (row) =>
          `(SELECT coalesce(array_agg(e."warehouseId" ORDER BY e.position), '{}') FROM "PriorityListWarehouse" e WHERE e."companyId" = $1::int AND e."priorityListId" = ${row}.id)`,
      }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const DistributionTemplateRef = builder.prismaObject('DistributionTemplate', {
  description: "How a product's stock is spread over warehouses.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    source: t.exposeString('source', { description: 'Where the template comes from; "assigned" by default.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const DistributionTemplateCategoryRef = builder.prismaObject('DistributionTemplateCategory', {
  description: 'A group products belong to for distribution.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const PriorityListPageRef = pageOf('PriorityListPage', PriorityListRef);
const DistributionTemplatePageRef = pageOf('DistributionTemplatePage', DistributionTemplateRef);
const DistributionTemplateCategoryPageRef = pageOf('DistributionTemplateCategoryPage', DistributionTemplateCategoryRef);

const UPDATE = 'Every field is optional; only the fields given change.';
const NAME = 'At most 255 characters.';

const WAREHOUSE_IDS = 'Warehouses (top-level locations) in priority order, each once; replaces the list when given.';
const PriorityListCreateInput = builder.inputType('PriorityListCreateInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: NAME }),
    description: t.string({ required: false }),
    warehouseIds: t.intList({ required: false, description: WAREHOUSE_IDS }),
  }),
});
const PriorityListUpdateInput = builder.inputType('PriorityListUpdateInput', {
  description: UPDATE,
  fields: (t) => ({
    name: t.string({ required: false, description: NAME }),
    description: t.string({ required: false }),
    warehouseIds: t.intList({ required: false, description: WAREHOUSE_IDS }),
  }),
});
const DistributionTemplateCreateInput = builder.inputType('DistributionTemplateCreateInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: NAME }),
    source: t.string({ required: false, description: 'Default "assigned"; at most 64 characters.' }),
  }),
});
const DistributionTemplateUpdateInput = builder.inputType('DistributionTemplateUpdateInput', {
  description: UPDATE,
  fields: (t) => ({ name: t.string({ required: false, description: NAME }), source: t.string({ required: false }) }),
});
const DistributionTemplateCategoryCreateInput = builder.inputType('DistributionTemplateCategoryCreateInput', {
  fields: (t) => ({ name: t.string({ required: true, description: NAME }) }),
});
const DistributionTemplateCategoryUpdateInput = builder.inputType('DistributionTemplateCategoryUpdateInput', {
  description: UPDATE,
  fields: (t) => ({ name: t.string({ required: false, description: NAME }) }),
});

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('priorityLists', 'PriorityList', (ctx, args, query) => priorityLists.listPriorityLists(ctx.db, args, query));
compiledRecord('priorityList', 'PriorityList', (ctx, args, query) => priorityLists.getPriorityList(ctx.db, args.id, query));
compiledList('distributionTemplates', 'DistributionTemplate', (ctx, args, query) => templates.listDistributionTemplates(ctx.db, args, query));
compiledRecord('distributionTemplate', 'DistributionTemplate', (ctx, args, query) => templates.getDistributionTemplate(ctx.db, args.id, query));
compiledList('distributionTemplateCategories', 'DistributionTemplateCategory', (ctx, args, query) =>
  templateCategories.listDistributionTemplateCategories(ctx.db, args, query),
);
compiledRecord('distributionTemplateCategory', 'DistributionTemplateCategory', (ctx, args, query) =>
  templateCategories.getDistributionTemplateCategory(ctx.db, args.id, query),
);

builder.queryFields((t) => {
  const listArgs = () => ({ ...pageArgs(t.arg), q: t.arg.string({ required: false, description: 'Part of the name, any case.' }) });
  return {
    priorityLists: t.field({
      type: PriorityListPageRef,
      args: listArgs(),
      resolve: (_root, args, ctx, info) =>
        priorityLists.listPriorityLists(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'PriorityList', path: ['items'] })),
    }),
    priorityList: t.prismaField({
      type: 'PriorityList',
      args: { id: t.arg.int({ required: true }) },
      resolve: (query, _root, args, ctx) => priorityLists.getPriorityList(ctx.db, args.id, query),
    }),
    distributionTemplates: t.field({
      type: DistributionTemplatePageRef,
      args: listArgs(),
      resolve: (_root, args, ctx, info) =>
        templates.listDistributionTemplates(
          ctx.db,
          args,
          queryFromInfo({ context: ctx, info, typeName: 'DistributionTemplate', path: ['items'] }),
        ),
    }),
    distributionTemplate: t.prismaField({
      type: 'DistributionTemplate',
      args: { id: t.arg.int({ required: true }) },
      resolve: (query, _root, args, ctx) => templates.getDistributionTemplate(ctx.db, args.id, query),
    }),
    distributionTemplateCategories: t.field({
      type: DistributionTemplateCategoryPageRef,
      args: listArgs(),
      resolve: (_root, args, ctx, info) =>
        templateCategories.listDistributionTemplateCategories(
          ctx.db,
          args,
          queryFromInfo({ context: ctx, info, typeName: 'DistributionTemplateCategory', path: ['items'] }),
        ),
    }),
    distributionTemplateCategory: t.prismaField({
      type: 'DistributionTemplateCategory',
      args: { id: t.arg.int({ required: true }) },
      resolve: (query, _root, args, ctx) => templateCategories.getDistributionTemplateCategory(ctx.db, args.id, query),
    }),
  };
});

builder.mutationFields((t) => ({
  createPriorityList: t.prismaField({
    type: 'PriorityList',
    args: { input: t.arg({ type: PriorityListCreateInput, required: true }) },
    resolve: compiledMutation('createPriorityList', 'PriorityList', (ctx, args, query) => priorityLists.createPriorityList(ctx.db, args.input, query)),
  }),
  updatePriorityList: t.prismaField({
    type: 'PriorityList',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: PriorityListUpdateInput, required: true }) },
    resolve: compiledMutation('updatePriorityList', 'PriorityList', (ctx, args, query) =>
      priorityLists.updatePriorityList(ctx.db, args.id, args.input, query),
    ),
  }),
  deletePriorityList: t.prismaField({
    type: 'PriorityList',
    description: 'Refused while products use it. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deletePriorityList', 'PriorityList', (ctx, args, query) => priorityLists.deletePriorityList(ctx.db, args.id, query)),
  }),
  createDistributionTemplate: t.prismaField({
    type: 'DistributionTemplate',
    args: { input: t.arg({ type: DistributionTemplateCreateInput, required: true }) },
    resolve: compiledMutation('createDistributionTemplate', 'DistributionTemplate', (ctx, args, query) =>
      templates.createDistributionTemplate(ctx.db, args.input, query),
    ),
  }),
  updateDistributionTemplate: t.prismaField({
    type: 'DistributionTemplate',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: DistributionTemplateUpdateInput, required: true }) },
    resolve: compiledMutation('updateDistributionTemplate', 'DistributionTemplate', (ctx, args, query) =>
      templates.updateDistributionTemplate(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteDistributionTemplate: t.prismaField({
    type: 'DistributionTemplate',
    description: 'Refused while products use it. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteDistributionTemplate', 'DistributionTemplate', (ctx, args, query) =>
      templates.deleteDistributionTemplate(ctx.db, args.id, query),
    ),
  }),
  createDistributionTemplateCategory: t.prismaField({
    type: 'DistributionTemplateCategory',
    args: { input: t.arg({ type: DistributionTemplateCategoryCreateInput, required: true }) },
    resolve: compiledMutation('createDistributionTemplateCategory', 'DistributionTemplateCategory', (ctx, args, query) =>
      templateCategories.createDistributionTemplateCategory(ctx.db, args.input, query),
    ),
  }),
  updateDistributionTemplateCategory: t.prismaField({
    type: 'DistributionTemplateCategory',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: DistributionTemplateCategoryUpdateInput, required: true }) },
    resolve: compiledMutation('updateDistributionTemplateCategory', 'DistributionTemplateCategory', (ctx, args, query) =>
      templateCategories.updateDistributionTemplateCategory(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteDistributionTemplateCategory: t.prismaField({
    type: 'DistributionTemplateCategory',
    description: 'Refused while products use it. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteDistributionTemplateCategory', 'DistributionTemplateCategory', (ctx, args, query) =>
      templateCategories.deleteDistributionTemplateCategory(ctx.db, args.id, query),
    ),
  }),
}));
