// Integration mappings and field mappings: argument plumbing only; rules in src/domain/integrations.
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { mappings } from '../../domain/integrations/index.js';

const MappingRef = builder.prismaObject('IntegrationMapping', {
  description: 'The id a record of ours has in an external system.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    integration: t.exposeString('integration', { description: 'Which system, e.g. wms.' }),
    entityType: t.exposeString('entityType', { description: 'product, location or supplier' }),
    internalId: t.exposeInt('internalId'),
    externalId: t.exposeString('externalId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const FieldMappingRef = builder.prismaObject('IntegrationFieldMapping', {
  description: 'A field of our records sent to an external system under its own name.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    integration: t.exposeString('integration'),
    entityType: t.exposeString('entityType'),
    internalField: t.exposeString('internalField'),
    externalField: t.exposeString('externalField'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const MappingPageRef = pageOf('IntegrationMappingPage', MappingRef);
const FieldMappingPageRef = pageOf('IntegrationFieldMappingPage', FieldMappingRef);

const MappingInput = builder.inputType('IntegrationMappingInput', {
  fields: (t) => ({
    integration: t.string({ required: true, description: 'At most 64 characters, e.g. wms.' }),
    entityType: t.string({ required: true, description: 'product, location or supplier' }),
    internalId: t.int({ required: true }),
    externalId: t.string({ required: true }),
  }),
});

const fieldMappingFields = <Creating extends boolean>(t: PothosSchemaTypes.InputFieldBuilder<any, 'InputObject'>, creating: Creating) => ({
  integration: t.string({ required: creating }),
  entityType: t.string({ required: creating, description: 'product, location or supplier' }),
  internalField: t.string({ required: creating, description: 'A field of the entity, e.g. upc, hsCode, productWeightLb.' }),
  externalField: t.string({ required: creating, description: "The name the external system gives it." }),
});
const FieldMappingCreateInput = builder.inputType('IntegrationFieldMappingCreateInput', { fields: (t) => fieldMappingFields(t, true) });
const FieldMappingUpdateInput = builder.inputType('IntegrationFieldMappingUpdateInput', { fields: (t) => fieldMappingFields(t, false) });

const listArgs = (t: any) => ({
  ...pageArgs(t.arg),
  integration: t.arg.string({ required: false }),
  entityType: t.arg.string({ required: false }),
});

builder.queryFields((t) => ({
  integrationMappings: t.field({
    type: MappingPageRef,
    args: { ...listArgs(t), internalId: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) => mappings.listMappings(ctx.db, args as any),
  }),
  integrationFieldMappings: t.field({
    type: FieldMappingPageRef,
    args: listArgs(t),
    resolve: (_root, args, ctx) => mappings.listFieldMappings(ctx.db, args as any),
  }),
}));

builder.mutationFields((t) => ({
  createIntegrationMapping: t.field({
    type: MappingRef,
    args: { input: t.arg({ type: MappingInput, required: true }) },
    resolve: (_root, args, ctx) => mappings.createMapping(ctx.db, args.input),
  }),
  deleteIntegrationMapping: t.field({
    type: MappingRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => mappings.deleteMapping(ctx.db, args.id),
  }),
  createIntegrationFieldMapping: t.field({
    type: FieldMappingRef,
    args: { input: t.arg({ type: FieldMappingCreateInput, required: true }) },
    resolve: (_root, args, ctx) => mappings.createFieldMapping(ctx.db, args.input),
  }),
  updateIntegrationFieldMapping: t.field({
    type: FieldMappingRef,
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: FieldMappingUpdateInput, required: true }) },
    resolve: (_root, args, ctx) => mappings.updateFieldMapping(ctx.db, args.id, args.input),
  }),
  deleteIntegrationFieldMapping: t.field({
    type: FieldMappingRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => mappings.deleteFieldMapping(ctx.db, args.id),
  }),
}));
