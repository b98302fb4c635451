// Tags in GraphQL: the type, its inputs, queries and mutations (rules in src/domain/catalog-support).
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { tags } from '../../domain/catalog-support/index.js';

export const TagRef = builder.prismaObject('Tag', {
  description: 'A label attached to products; the name is unique per company, ignoring case.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    icon: t.exposeString('icon', { nullable: true }),
    color: t.exposeString('color', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const TagPageRef = pageOf('TagPage', TagRef);

const tagFields = <Required extends boolean>(t: InputFieldBuilder, nameRequired: Required) => ({
  name: t.string({ required: nameRequired, description: 'At most 255 characters; unique per company, ignoring case.' }),
  description: t.string({ required: false }),
  icon: t.string({ required: false, description: 'At most 255 characters.' }),
  color: t.string({ required: false, description: 'At most 32 characters, for example #ff8800.' }),
});

const TagCreateInput = builder.inputType('TagCreateInput', { fields: (t) => tagFields(t, true) });
const TagUpdateInput = builder.inputType('TagUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => tagFields(t, false),
});

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('tags', 'Tag', (ctx, args, query) => tags.listTags(ctx.db, args, query));
compiledRecord('tag', 'Tag', (ctx, args, query) => tags.getTag(ctx.db, args.id, query));

builder.queryFields((t) => ({
  tags: t.field({
    type: TagPageRef,
    description: 'Tags, one page at a time.',
    args: { ...pageArgs(t.arg), q: t.arg.string({ required: false, description: 'Part of the name, any case.' }) },
    resolve: (_root, args, ctx, info) => tags.listTags(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'Tag', path: ['items'] })),
  }),
  tag: t.prismaField({
    type: 'Tag',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => tags.getTag(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createTag: t.prismaField({
    type: 'Tag',
    args: { input: t.arg({ type: TagCreateInput, required: true }) },
    resolve: compiledMutation('createTag', 'Tag', (ctx, args, query) => tags.createTag(ctx.db, args.input, query)),
  }),
  updateTag: t.prismaField({
    type: 'Tag',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: TagUpdateInput, required: true }) },
    resolve: compiledMutation('updateTag', 'Tag', (ctx, args, query) => tags.updateTag(ctx.db, args.id, args.input, query)),
  }),
  deleteTag: t.prismaField({
    type: 'Tag',
    description: 'Deletes a tag and detaches it from its products. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteTag', 'Tag', (ctx, args, query) => tags.deleteTag(ctx.db, args.id, query)),
  }),
}));
