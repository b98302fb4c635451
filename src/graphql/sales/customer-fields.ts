// Customer companies (the businesses sold to; `Company` is the tenant) and the postal address type they
// share with sales documents. Rules in src/domain/sales/customers.ts and address.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, withFilterParams } from '../shared/filters.js';
import { customers } from '../../domain/sales/index.js';
import type { Address } from '../../domain/sales/index.js';
import { compiledList, compiledRecord, compiledMutation } from '../shared/compiled-records.js';
import { embeddedDocument, jsonSql } from '../shared/derived-json-types.js';
import { flatObjectColumn } from '../../domain/shared/selection-json-sql.js';

export const AddressRef = builder.objectRef<Address>('Address').implement({
  description: 'A postal address; country is an ISO 3166-1 alpha-2 code.',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true, description: 'Who or what is at the address (a person, a department).' }),
    street1: t.exposeString('street1'),
    street2: t.exposeString('street2', { nullable: true }),
    city: t.exposeString('city'),
    state: t.exposeString('state', { nullable: true }),
    zip: t.exposeString('zip', { nullable: true }),
    country: t.exposeString('country', { description: 'ISO 3166-1 alpha-2, for example US.' }),
  }),
});

export const AddressInput = builder.inputType('AddressInput', {
  description: 'street_1, city and country are required; country is an ISO 3166-1 alpha-2 code (any case).',
  fields: (t) => ({
    name: t.string({ required: false }),
    street1: t.string({ required: false }),
    street2: t.string({ required: false }),
    city: t.string({ required: false }),
    state: t.string({ required: false }),
    zip: t.string({ required: false, description: 'At most 32 characters.' }),
    country: t.string({ required: false }),
  }),
});

const CustomerCompanyRef = builder.prismaObject('CustomerCompany', {
  description: 'A business the company sells to (a customer), with its terms, addresses and contacts. Not the tenant (`Company`).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    taxId: t.exposeString('taxId', { nullable: true }),
    currency: t.exposeString('currency', { nullable: true, description: 'ISO 4217; the default currency of its orders and quotes.' }),
    priceListId: t.exposeInt('priceListId', { nullable: true }),
    priceList: t.relation('priceList', { nullable: true, description: 'Prices its sales lines first.' }),
    paymentTermsDays: t.exposeInt('paymentTermsDays', { nullable: true, description: 'Net days.' }),
    billingAddress: t.field({
      type: AddressRef,
      nullable: true,
      resolve: (customer) => customer.billingAddress as Address | null,
      extensions: jsonSql(embeddedDocument('billingAddress')),
    }),
    shippingAddress: t.field({
      type: AddressRef,
      nullable: true,
      resolve: (customer) => customer.shippingAddress as Address | null,
      extensions: jsonSql(embeddedDocument('shippingAddress')),
    }),
    notes: t.exposeString('notes', { nullable: true }),
    customFields: t.expose('customFields', {
      type: 'JSON',
      description: 'Free-form values keyed by snake_case name: text, numbers or booleans.',
      extensions: jsonSql(flatObjectColumn('customFields')),
    }),
    contacts: t.relation('contacts', { query: { orderBy: { id: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CustomerCompanyPageRef = pageOf('CustomerCompanyPage', CustomerCompanyRef);

const customerFields = <Creating extends boolean>(t: InputFieldBuilder, creating: Creating) => ({
  name: t.string({ required: creating, description: 'At most 255 characters.' }),
  email: t.string({ required: false }),
  phone: t.string({ required: false, description: 'At most 64 characters.' }),
  taxId: t.string({ required: false, description: 'At most 64 characters.' }),
  currency: t.string({ required: false, description: 'Three uppercase letters (ISO 4217).' }),
  priceListId: t.int({ required: false, description: 'A price list of the company; null removes it.' }),
  paymentTermsDays: t.int({ required: false, description: 'Net days, 0 to 3650.' }),
  billingAddress: t.field({ type: AddressInput, required: false, description: 'Replaces the stored address; null removes it.' }),
  shippingAddress: t.field({ type: AddressInput, required: false, description: 'Replaces the stored address; null removes it.' }),
  notes: t.string({ required: false }),
  customFields: t.field({
    type: 'JSON',
    required: false,
    description: creating
      ? 'An object of snake_case keys holding text, numbers or booleans.'
      : 'Merged into the stored values: a key set to null is removed; null removes them all.',
  }),
});

const CustomerCompanyCreateInput = builder.inputType('CustomerCompanyCreateInput', { fields: (t) => customerFields(t, true) });
const CustomerCompanyUpdateInput = builder.inputType('CustomerCompanyUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => customerFields(t, false),
});

compiledList('customerCompanies', 'CustomerCompany', (ctx, args, query) => customers.listCustomerCompanies(ctx.db, withFilterParams(args), query));
compiledRecord('customerCompany', 'CustomerCompany', (ctx, args, query) => customers.getCustomerCompany(ctx.db, args.id, query));

builder.queryFields((t) => ({
  customerCompanies: t.field({
    type: CustomerCompanyPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: name, email, currency, price_list_id, created_at, updated_at.') },
    resolve: (_root, args, ctx, info) =>
      customers.listCustomerCompanies(ctx.db, withFilterParams(args), queryFromInfo({ context: ctx, info, typeName: 'CustomerCompany', path: ['items'] })),
  }),
  customerCompany: t.prismaField({
    type: 'CustomerCompany',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => customers.getCustomerCompany(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createCustomerCompany: t.prismaField({
    type: 'CustomerCompany',
    args: { input: t.arg({ type: CustomerCompanyCreateInput, required: true }) },
    resolve: compiledMutation('createCustomerCompany', 'CustomerCompany', (ctx, args, query) => customers.createCustomerCompany(ctx.db, args.input, query)),
  }),
  updateCustomerCompany: t.prismaField({
    type: 'CustomerCompany',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: CustomerCompanyUpdateInput, required: true }) },
    resolve: compiledMutation('updateCustomerCompany', 'CustomerCompany', (ctx, args, query) => customers.updateCustomerCompany(ctx.db, args.id, args.input, query)),
  }),
  deleteCustomerCompany: t.prismaField({
    type: 'CustomerCompany',
    description: 'Deletes a customer company and its contacts; refused while sales orders name it. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteCustomerCompany', 'CustomerCompany', (ctx, args, query) => customers.deleteCustomerCompany(ctx.db, args.id, query)),
  }),
}));
