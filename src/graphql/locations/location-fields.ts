// Queries and mutations of locations: argument plumbing only; the rules live in src/domain/locations.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { locations } from '../../domain/locations/index.js';
import {
  LocationCreateInput,
  LocationKindEnum,
  LocationPageRef,
  LocationRef,
  LocationUpdateInput,
} from './location-types.js';

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('locations', 'Location', (ctx, args, query) => locations.listLocations(ctx.db, args, query));
compiledRecord('location', 'Location', (ctx, args, query) => locations.getLocation(ctx.db, args.id, query));

builder.queryFields((t) => ({
  locations: t.field({
    type: LocationPageRef,
    description: 'Warehouses and locations, one page at a time.',
    args: {
      ...pageArgs(t.arg),
      parentId: t.arg.int({ required: false, description: 'Only the locations inside this warehouse.' }),
      kind: t.arg({ type: LocationKindEnum, required: false }),
      q: t.arg.string({ required: false, description: 'Part of the name, any case.' }),
    },
    resolve: (_root, args, ctx, info) =>
      locations.listLocations(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'Location', path: ['items'] })),
  }),
  location: t.prismaField({
    type: 'Location',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => locations.getLocation(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createLocation: t.prismaField({
    type: 'Location',
    description: 'Creates a warehouse (no parentId) or a location inside a warehouse.',
    args: { input: t.arg({ type: LocationCreateInput, required: true }) },
    resolve: compiledMutation('createLocation', 'Location', (ctx, args, query) => locations.createLocation(ctx.db, args.input, query)),
  }),
  updateLocation: t.prismaField({
    type: 'Location',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: LocationUpdateInput, required: true }) },
    resolve: compiledMutation('updateLocation', 'Location', (ctx, args, query) => locations.updateLocation(ctx.db, args.id, args.input, query)),
  }),
  deleteLocation: t.prismaField({
    type: 'Location',
    description: 'Deletes a location, or a warehouse that holds no locations. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteLocation', 'Location', (ctx, args, query) => locations.deleteLocation(ctx.db, args.id, query)),
  }),
}));

export { LocationRef };
