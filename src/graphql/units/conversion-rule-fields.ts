// Queries and mutations of conversion rules: argument plumbing only; the rules live in src/domain/units.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { conversionRules as rules } from '../../domain/units/index.js';
import { UnitConversionRuleCreateInput, UnitConversionRuleUpdateInput } from './unit-inputs.js';
import { UnitConversionRulePageRef, UnitConversionRuleTypeEnum } from './unit-types.js';

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('unitConversionRules', 'UnitConversionRule', (ctx, args, query) => rules.listConversionRules(ctx.db, args, query));
compiledRecord('unitConversionRule', 'UnitConversionRule', (ctx, args, query) => rules.getConversionRule(ctx.db, args.id, query));

builder.queryFields((t) => ({
  unitConversionRules: t.field({
    type: UnitConversionRulePageRef,
    description: 'Conversion rules, one page at a time. `sort` takes id, conversion_factor, created_at or updated_at.',
    args: {
      ...pageArgs(t.arg),
      productId: t.arg.int({ required: false, description: 'Only the rules of this product.' }),
      unitClassId: t.arg.int({ required: false, description: 'Only the rules converting units of this class.' }),
      type: t.arg({ type: UnitConversionRuleTypeEnum, required: false }),
    },
    resolve: (_root, args, ctx, info) =>
      rules.listConversionRules(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'UnitConversionRule', path: ['items'] })),
  }),
  unitConversionRule: t.prismaField({
    type: 'UnitConversionRule',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => rules.getConversionRule(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createUnitConversionRule: t.prismaField({
    type: 'UnitConversionRule',
    args: { input: t.arg({ type: UnitConversionRuleCreateInput, required: true }) },
    resolve: compiledMutation('createUnitConversionRule', 'UnitConversionRule', (ctx, args, query) =>
      rules.createConversionRule(ctx.db, args.input, query),
    ),
  }),
  updateUnitConversionRule: t.prismaField({
    type: 'UnitConversionRule',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: UnitConversionRuleUpdateInput, required: true }) },
    resolve: compiledMutation('updateUnitConversionRule', 'UnitConversionRule', (ctx, args, query) =>
      rules.updateConversionRule(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteUnitConversionRule: t.prismaField({
    type: 'UnitConversionRule',
    description: 'Deletes a rule; a unit that products, kits or BOMs measure in keeps its system rule. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteUnitConversionRule', 'UnitConversionRule', (ctx, args, query) =>
      rules.deleteConversionRule(ctx.db, args.id, query),
    ),
  }),
}));
