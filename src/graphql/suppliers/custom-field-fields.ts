// Custom field definitions in GraphQL; rules in src/domain/custom-fields.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import {
  customFieldDefinitions as definitions,
  CUSTOM_FIELD_ENTITY_TYPES,
  CUSTOM_FIELD_TYPES,
} from '../../domain/custom-fields/index.js';

const TYPES = `One of ${CUSTOM_FIELD_TYPES.join(', ')}.`;
const ENTITY_TYPES = `One of ${CUSTOM_FIELD_ENTITY_TYPES.join(', ')}.`;

export const CustomFieldDefinitionRef = builder.prismaObject('CustomFieldDefinition', {
  description: 'A custom field of one entity type; records keep their values in `customFields` under `key`.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    entityType: t.exposeString('entityType', { description: ENTITY_TYPES }),
    key: t.exposeString('key', { description: 'snake_case identifier, unique per entity type.' }),
    label: t.exposeString('label'),
    type: t.exposeString('type', { description: TYPES }),
    options: t.exposeStringList('options', { description: 'The allowed values of a single_select field; empty otherwise.' }),
    required: t.exposeBoolean('required'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CustomFieldDefinitionPageRef = pageOf('CustomFieldDefinitionPage', CustomFieldDefinitionRef);

const CustomFieldDefinitionCreateInput = builder.inputType('CustomFieldDefinitionCreateInput', {
  fields: (t) => ({
    entityType: t.string({ required: true, description: ENTITY_TYPES }),
    key: t.string({ required: true, description: 'snake_case identifier of at most 64 characters, unique per entity type.' }),
    label: t.string({ required: true, description: 'At most 255 characters.' }),
    type: t.string({ required: true, description: TYPES }),
    options: t.stringList({ required: false, description: 'Required and non-empty for single_select; not allowed otherwise.' }),
    required: t.boolean({ required: false, description: 'Default false.' }),
  }),
});

const CustomFieldDefinitionUpdateInput = builder.inputType('CustomFieldDefinitionUpdateInput', {
  description: 'Label, options and required may change; entity type, key and type are fixed once created (given, they must be unchanged).',
  fields: (t) => ({
    entityType: t.string({ required: false }),
    key: t.string({ required: false }),
    label: t.string({ required: false }),
    type: t.string({ required: false }),
    options: t.stringList({ required: false }),
    required: t.boolean({ required: false }),
  }),
});

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('customFieldDefinitions', 'CustomFieldDefinition', (ctx, args, query) => definitions.listCustomFieldDefinitions(ctx.db, args, query));
compiledRecord('customFieldDefinition', 'CustomFieldDefinition', (ctx, args, query) => definitions.getCustomFieldDefinition(ctx.db, args.id, query));

builder.queryFields((t) => ({
  customFieldDefinitions: t.field({
    type: CustomFieldDefinitionPageRef,
    description: 'Custom field definitions, one page at a time.',
    args: { ...pageArgs(t.arg), entityType: t.arg.string({ required: false, description: 'Only the fields of this entity type.' }) },
    resolve: (_root, args, ctx, info) =>
      definitions.listCustomFieldDefinitions(
        ctx.db,
        args,
        queryFromInfo({ context: ctx, info, typeName: 'CustomFieldDefinition', path: ['items'] }),
      ),
  }),
  customFieldDefinition: t.prismaField({
    type: 'CustomFieldDefinition',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => definitions.getCustomFieldDefinition(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createCustomFieldDefinition: t.prismaField({
    type: 'CustomFieldDefinition',
    args: { input: t.arg({ type: CustomFieldDefinitionCreateInput, required: true }) },
    resolve: compiledMutation('createCustomFieldDefinition', 'CustomFieldDefinition', (ctx, args, query) =>
      definitions.createCustomFieldDefinition(ctx.db, args.input, query),
    ),
  }),
  updateCustomFieldDefinition: t.prismaField({
    type: 'CustomFieldDefinition',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: CustomFieldDefinitionUpdateInput, required: true }) },
    resolve: compiledMutation('updateCustomFieldDefinition', 'CustomFieldDefinition', (ctx, args, query) =>
      definitions.updateCustomFieldDefinition(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteCustomFieldDefinition: t.prismaField({
    type: 'CustomFieldDefinition',
    description: "Values stored under the key are no longer accepted, and are dropped the next time a record's custom fields are written. Returns what was deleted.",
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteCustomFieldDefinition', 'CustomFieldDefinition', (ctx, args, query) =>
      definitions.deleteCustomFieldDefinition(ctx.db, args.id, query),
    ),
  }),
}));
