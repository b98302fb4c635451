// Product categories and subcategories in GraphQL (type `Category`); rules in src/domain/catalog-support.
import { jsonSql } from '../shared/derived-json-types.js';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { categories } from '../../domain/catalog-support/index.js';

export const CategoryRef = builder.prismaObject('ProductCategory', {
  name: 'Category',
  description: 'A product category (no parent) or a subcategory under a category.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    type: t.string({
      description: 'category or subcategory.',
      select: { parentId: true },
      resolve: (category) => (category.parentId === null ? 'category' : 'subcategory'),
      extensions: jsonSql({ value: (row) => `CASE WHEN ${row}."parentId" IS NULL THEN 'category' ELSE 'subcategory' END` }),
    }),
    parentId: t.exposeInt('parentId', { nullable: true, description: 'The category a subcategory sits under; null for a category.' }),
    parent: t.relation('parent', { nullable: true }),
    subcategories: t.relation('children', { description: 'Empty for a subcategory.', query: { orderBy: { id: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CategoryPageRef = pageOf('CategoryPage', CategoryRef);

export const CategoryKindEnum = builder.enumType('CategoryKind', {
  values: { CATEGORY: { value: 'category' }, SUBCATEGORY: { value: 'subcategory' } } as const,
});

const categoryFields = <Required extends boolean>(t: InputFieldBuilder, nameRequired: Required) => ({
  name: t.string({ required: nameRequired, description: 'At most 255 characters; unique among its siblings, ignoring case.' }),
  parentId: t.int({ required: false, description: 'A category of the same company makes this a subcategory; null a category.' }),
});

const CategoryCreateInput = builder.inputType('CategoryCreateInput', { fields: (t) => categoryFields(t, true) });
const CategoryUpdateInput = builder.inputType('CategoryUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => categoryFields(t, false),
});

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('categories', 'Category', (ctx, args, query) => categories.listCategories(ctx.db, args, query));
compiledRecord('category', 'Category', (ctx, args, query) => categories.getCategory(ctx.db, args.id, query));

builder.queryFields((t) => ({
  categories: t.field({
    type: CategoryPageRef,
    description: 'Categories and subcategories, one page at a time.',
    args: {
      ...pageArgs(t.arg),
      parentId: t.arg.int({ required: false, description: 'Only the subcategories of this category.' }),
      kind: t.arg({ type: CategoryKindEnum, required: false }),
      q: t.arg.string({ required: false, description: 'Part of the name, any case.' }),
    },
    resolve: (_root, args, ctx, info) =>
      categories.listCategories(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'Category', path: ['items'] })),
  }),
  category: t.prismaField({
    type: 'ProductCategory',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => categories.getCategory(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createCategory: t.prismaField({
    type: 'ProductCategory',
    description: 'Creates a category (no parentId) or a subcategory under a category.',
    args: { input: t.arg({ type: CategoryCreateInput, required: true }) },
    resolve: compiledMutation('createCategory', 'Category', (ctx, args, query) => categories.createCategory(ctx.db, args.input, query)),
  }),
  updateCategory: t.prismaField({
    type: 'ProductCategory',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: CategoryUpdateInput, required: true }) },
    resolve: compiledMutation('updateCategory', 'Category', (ctx, args, query) => categories.updateCategory(ctx.db, args.id, args.input, query)),
  }),
  deleteCategory: t.prismaField({
    type: 'ProductCategory',
    description: 'Refused while products use it or while it holds subcategories. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteCategory', 'Category', (ctx, args, query) => categories.deleteCategory(ctx.db, args.id, query)),
  }),
}));
