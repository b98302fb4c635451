// Contacts: people at a customer company or at a supplier (exactly one owner). A supplier's contacts also
// appear as SupplierContact under the supplier (src/graphql/suppliers). Rules in src/domain/sales/contacts.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { contacts } from '../../domain/sales/index.js';

const ContactRef = builder.prismaObject('Contact', {
  description: 'A person at a customer company or at a supplier.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    companyId: t.exposeInt('customerCompanyId', { nullable: true, description: 'The customer company; null for a supplier contact.' }),
    company: t.relation('customerCompany', { nullable: true }),
    supplierId: t.exposeInt('supplierId', { nullable: true, description: 'The supplier; null for a customer contact.' }),
    supplier: t.relation('supplier', { nullable: true }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    title: t.exposeString('title', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ContactPageRef = pageOf('ContactPage', ContactRef);

const contactFields = <Creating extends boolean>(t: InputFieldBuilder, creating: Creating) => ({
  companyId: t.int({ required: false, description: 'The customer company (give this or supplier_id, not both).' }),
  supplierId: t.int({ required: false, description: 'The supplier (give this or company_id, not both).' }),
  firstName: t.string({ required: creating, description: 'At most 255 characters.' }),
  lastName: t.string({ required: false }),
  email: t.string({ required: false }),
  phone: t.string({ required: false, description: 'At most 64 characters.' }),
  title: t.string({ required: false, description: 'What the person does, for example Buyer.' }),
});

const ContactCreateInput = builder.inputType('ContactCreateInput', { fields: (t) => contactFields(t, true) });
const ContactUpdateInput = builder.inputType('ContactUpdateInput', {
  description: 'Every field is optional; only the fields given change. To move a contact to the other kind of owner, set the old owner to null in the same call.',
  fields: (t) => contactFields(t, false),
});

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('contacts', 'Contact', (ctx, args, query) => contacts.listContacts(ctx.db, withFilterParams(args), query));
compiledRecord('contact', 'Contact', (ctx, args, query) => contacts.getContact(ctx.db, args.id, query));

builder.queryFields((t) => ({
  contacts: t.field({
    type: ContactPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: company_id, supplier_id, email, name, created_at.') },
    resolve: (_root, args, ctx, info) =>
      contacts.listContacts(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'Contact', path: ['items'] })),
  }),
  contact: t.prismaField({
    type: 'Contact',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => contacts.getContact(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createContact: t.prismaField({
    type: 'Contact',
    args: { input: t.arg({ type: ContactCreateInput, required: true }) },
    resolve: compiledMutation('createContact', 'Contact', (ctx, args, query) => contacts.createContact(ctx.db, args.input, query)),
  }),
  updateContact: t.prismaField({
    type: 'Contact',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: ContactUpdateInput, required: true }) },
    resolve: compiledMutation('updateContact', 'Contact', (ctx, args, query) => contacts.updateContact(ctx.db, args.id, args.input, query)),
  }),
  deleteContact: t.prismaField({
    type: 'Contact',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteContact', 'Contact', (ctx, args, query) => contacts.deleteContact(ctx.db, args.id, query)),
  }),
}));
