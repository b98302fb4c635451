import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { jsonSql } from '../shared/derived-json-types.js';

export const LocationRef = builder.prismaObject('Location', {
  description: 'A warehouse (top-level location, no parent) or a location inside a warehouse.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    status: t.exposeString('status', { description: 'active' }),
    name: t.exposeString('name'),
    parentId: t.exposeInt('parentId', { nullable: true, description: 'The warehouse this location sits in; null for a warehouse.' }),
    parent: t.relation('parent', { nullable: true }),
    isWarehouse: t.boolean({ resolve: (location) => location.parentId === null, extensions: jsonSql({ value: (row) => `(${row}."parentId" IS NULL)` }) }),
    isPickLocation: t.exposeBoolean('isPickLocation'),
    address: t.exposeString('address', { nullable: true }),
    streetAddress1: t.exposeString('streetAddress1', { nullable: true }),
    streetAddress2: t.exposeString('streetAddress2', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    state: t.exposeString('state', { nullable: true }),
    zip: t.exposeString('zip', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
    locations: t.relation('children', { description: 'Locations inside this warehouse (empty for a location).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const LocationKindEnum = builder.enumType('LocationKind', {
  values: { WAREHOUSE: { value: 'warehouse' }, LOCATION: { value: 'location' } } as const,
});

export const LocationPageRef = pageOf('LocationPage', LocationRef);

const locationFields = <Required extends boolean>(t: InputFieldBuilder, nameRequired: Required) => ({
  name: t.string({ required: nameRequired, description: 'At most 255 characters.' }),
  parentId: t.int({ required: false, description: 'A warehouse of the same company; null makes this a warehouse.' }),
  address: t.string({ required: false }),
  streetAddress1: t.string({ required: false }),
  streetAddress2: t.string({ required: false }),
  city: t.string({ required: false }),
  state: t.string({ required: false }),
  zip: t.string({ required: false }),
  country: t.string({ required: false }),
  isPickLocation: t.boolean({ required: false }),
});

export const LocationCreateInput = builder.inputType('LocationCreateInput', {
  fields: (t) => locationFields(t, true),
});

export const LocationUpdateInput = builder.inputType('LocationUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => locationFields(t, false),
});
