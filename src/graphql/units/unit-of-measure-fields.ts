// Queries and mutations of units of measure: argument plumbing only; the rules live in src/domain/units.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { unitsOfMeasure as units } from '../../domain/units/index.js';
import { UnitOfMeasureCreateInput, UnitOfMeasureUpdateInput } from './unit-inputs.js';
import { UnitOfMeasurePageRef } from './unit-types.js';

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('unitOfMeasures', 'UnitOfMeasure', (ctx, args, query) => units.listUnitsOfMeasure(ctx.db, args, query));
compiledRecord('unitOfMeasure', 'UnitOfMeasure', (ctx, args, query) => units.getUnitOfMeasure(ctx.db, args.id, query));

builder.queryFields((t) => ({
  unitOfMeasures: t.field({
    type: UnitOfMeasurePageRef,
    description: 'Units of measure, one page at a time. `sort` takes id, name, unit_class_id, created_at or updated_at.',
    args: {
      ...pageArgs(t.arg),
      unitClassId: t.arg.int({ required: false, description: 'Only the units of this class.' }),
      q: t.arg.string({ required: false, description: 'Part of the name, any case.' }),
    },
    resolve: (_root, args, ctx, info) =>
      units.listUnitsOfMeasure(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'UnitOfMeasure', path: ['items'] })),
  }),
  unitOfMeasure: t.prismaField({
    type: 'UnitOfMeasure',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => units.getUnitOfMeasure(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createUnitOfMeasure: t.prismaField({
    type: 'UnitOfMeasure',
    description: 'Creates a unit; the first unit of a class becomes its base. conversionFactor creates its SYSTEM rule.',
    args: { input: t.arg({ type: UnitOfMeasureCreateInput, required: true }) },
    resolve: compiledMutation('createUnitOfMeasure', 'UnitOfMeasure', (ctx, args, query) => units.createUnitOfMeasure(ctx.db, args.input, query)),
  }),
  updateUnitOfMeasure: t.prismaField({
    type: 'UnitOfMeasure',
    description: 'baseUnit: true makes the unit the base of its class, as setDefaultUnitOfMeasure does.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: UnitOfMeasureUpdateInput, required: true }) },
    resolve: compiledMutation('updateUnitOfMeasure', 'UnitOfMeasure', (ctx, args, query) =>
      units.updateUnitOfMeasure(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteUnitOfMeasure: t.prismaField({
    type: 'UnitOfMeasure',
    description: 'Deletes a unit nothing is measured in, with its system rule. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteUnitOfMeasure', 'UnitOfMeasure', (ctx, args, query) => units.deleteUnitOfMeasure(ctx.db, args.id, query)),
  }),
}));
