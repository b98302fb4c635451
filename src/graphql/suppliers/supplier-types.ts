// GraphQL types of suppliers and their contacts.
import { plainColumn } from '../../domain/shared/selection-json-sql.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';

export const SupplierRef = builder.prismaObject('Supplier', {
  description: 'A company goods are bought from.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    currency: t.exposeString('currency', { nullable: true, description: 'ISO 4217 code, for example USD.' }),
    address: t.exposeString('address', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    overReceiptTolerancePercent: t.expose('overReceiptTolerancePercent', {
      type: 'Decimal',
      description: 'How much more than ordered a purchase receipt may bring in, in percent of the line.',
    }),
    paymentTermsDays: t.exposeInt('paymentTermsDays', { nullable: true, description: 'Net days: its bills are due this many days after the bill date unless an order says otherwise.' }),
    defaultLeadTimeDays: t.exposeInt('defaultLeadTimeDays', { nullable: true, description: 'Days from order to receipt when a supplier SKU gives no lead time of its own.' }),
    contacts: t.relation('contacts', { type: SupplierContactRef, query: { orderBy: { id: 'asc' } } }),
    supplierSkus: t.relation('supplierSkus', {
      description: 'What this supplier calls our products, and its terms.',
      query: { orderBy: { id: 'asc' } },
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

/**
 * A supplier's contact in the shape of /suppliers/{id}/contacts: a Contact owned by a supplier (the same
 * record /contacts lists), `name` being first and last name together and `role` its title.
 */
export const SupplierContactRef = builder.prismaObject('Contact', {
  variant: 'SupplierContact',
  description: 'A person to talk to at a supplier (a contact owned by the supplier, in this older shape).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    supplierId: t.int({ select: { supplierId: true }, resolve: (contact) => contact.supplierId!, extensions: jsonSql(plainColumn('supplierId')) }),
    name: t.string({
      description: 'First name and last name.',
      select: { firstName: true, lastName: true },
      resolve: (contact) => [contact.firstName, contact.lastName].filter(Boolean).join(' '),
      // concat_ws leaves out NULLs, and nullif makes an empty name one, as filter(Boolean) does.
      extensions: jsonSql({ value: (row) => `concat_ws(' ', nullif(${row}."firstName", ''), nullif(${row}."lastName", ''))` }),
    }),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    role: t.string({ nullable: true, description: "The contact's title.", select: { title: true }, resolve: (contact) => contact.title, extensions: jsonSql(plainColumn('title')) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const SupplierPageRef = pageOf('SupplierPage', SupplierRef);
export const SupplierContactPageRef = pageOf('SupplierContactPage', SupplierContactRef);

const supplierFields = <Required extends boolean>(t: InputFieldBuilder, nameRequired: Required) => ({
  name: t.string({ required: nameRequired, description: 'At most 255 characters.' }),
  email: t.string({ required: false }),
  phone: t.string({ required: false, description: 'At most 64 characters.' }),
  currency: t.string({ required: false, description: 'Three uppercase letters (ISO 4217), for example USD.' }),
  address: t.string({ required: false }),
  city: t.string({ required: false }),
  country: t.string({ required: false }),
  notes: t.string({ required: false }),
  overReceiptTolerancePercent: t.field({ type: 'Decimal', required: false, description: 'Percent, at least 0 (default 0: no more than ordered).' }),
  paymentTermsDays: t.int({ required: false, description: 'Net days for its bills, 0 to 3650 (null: due on the bill date).' }),
  defaultLeadTimeDays: t.int({ required: false, description: 'Days from order to receipt, 0 to 3650, for supplier SKUs without their own lead time.' }),
});

export const SupplierCreateInput = builder.inputType('SupplierCreateInput', { fields: (t) => supplierFields(t, true) });
export const SupplierUpdateInput = builder.inputType('SupplierUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => supplierFields(t, false),
});

const contactFields = <Required extends boolean>(t: InputFieldBuilder, nameRequired: Required) => ({
  name: t.string({ required: nameRequired, description: 'At most 255 characters.' }),
  email: t.string({ required: false }),
  phone: t.string({ required: false, description: 'At most 64 characters.' }),
  role: t.string({ required: false, description: 'What the person does, for example Sales.' }),
});

export const SupplierContactCreateInput = builder.inputType('SupplierContactCreateInput', { fields: (t) => contactFields(t, true) });
export const SupplierContactUpdateInput = builder.inputType('SupplierContactUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => contactFields(t, false),
});
