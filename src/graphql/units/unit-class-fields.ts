// Queries and mutations of unit classes: argument plumbing only; the rules live in src/domain/units.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { unitClasses } from '../../domain/units/index.js';
import { UnitClassCreateInput, UnitClassUpdateInput } from './unit-inputs.js';
import { UnitClassPageRef } from './unit-types.js';

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('unitClasses', 'UnitClass', (ctx, args, query) => unitClasses.listUnitClasses(ctx.db, args, query));
compiledRecord('unitClass', 'UnitClass', (ctx, args, query) => unitClasses.getUnitClass(ctx.db, args.id, query));

builder.queryFields((t) => ({
  unitClasses: t.field({
    type: UnitClassPageRef,
    description: 'Unit classes, one page at a time. `sort` takes id, name, created_at or updated_at.',
    args: { ...pageArgs(t.arg), q: t.arg.string({ required: false, description: 'Part of the name, any case.' }) },
    resolve: (_root, args, ctx, info) =>
      unitClasses.listUnitClasses(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'UnitClass', path: ['items'] })),
  }),
  unitClass: t.prismaField({
    type: 'UnitClass',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => unitClasses.getUnitClass(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createUnitClass: t.prismaField({
    type: 'UnitClass',
    args: { input: t.arg({ type: UnitClassCreateInput, required: true }) },
    resolve: compiledMutation('createUnitClass', 'UnitClass', (ctx, args, query) => unitClasses.createUnitClass(ctx.db, args.input, query)),
  }),
  updateUnitClass: t.prismaField({
    type: 'UnitClass',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: UnitClassUpdateInput, required: true }) },
    resolve: compiledMutation('updateUnitClass', 'UnitClass', (ctx, args, query) => unitClasses.updateUnitClass(ctx.db, args.id, args.input, query)),
  }),
  deleteUnitClass: t.prismaField({
    type: 'UnitClass',
    description: 'Deletes a unit class that has no units. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteUnitClass', 'UnitClass', (ctx, args, query) => unitClasses.deleteUnitClass(ctx.db, args.id, query)),
  }),
  setDefaultUnitOfMeasure: t.prismaField({
    type: 'UnitClass',
    description:
      'Makes the unit the base (default) unit of its class. The previous base is unset and every factor of the class is re-expressed relative to the new base, so conversions do not change.',
    args: { unitClassId: t.arg.int({ required: true }), unitOfMeasureId: t.arg.int({ required: true }) },
    resolve: compiledMutation('setDefaultUnitOfMeasure', 'UnitClass', (ctx, args, query) =>
      unitClasses.setDefaultUnitOfMeasure(ctx.db, args.unitClassId, args.unitOfMeasureId, query),
    ),
  }),
}));
