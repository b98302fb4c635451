// Queries and mutations of suppliers and their contacts: argument plumbing only; the rules live in
// src/domain/suppliers.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { suppliers, supplierContacts as contacts } from '../../domain/suppliers/index.js';
import {
  SupplierContactCreateInput,
  SupplierContactPageRef,
  SupplierContactRef,
  SupplierContactUpdateInput,
  SupplierCreateInput,
  SupplierPageRef,
  SupplierUpdateInput,
} from './supplier-types.js';

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('suppliers', 'Supplier', (ctx, args, query) => suppliers.listSuppliers(ctx.db, args, query));
compiledRecord('supplier', 'Supplier', (ctx, args, query) => suppliers.getSupplier(ctx.db, args.id, query));
compiledList('supplierContacts', 'SupplierContact', (ctx, args, query) => contacts.listSupplierContacts(ctx.db, args.supplierId, args, query));
compiledRecord('supplierContact', 'SupplierContact', (ctx, args, query) => contacts.getSupplierContact(ctx.db, args.supplierId, args.id, query));

builder.queryFields((t) => ({
  suppliers: t.field({
    type: SupplierPageRef,
    description: 'Suppliers, one page at a time.',
    args: { ...pageArgs(t.arg), q: t.arg.string({ required: false, description: 'Part of the name, any case.' }) },
    resolve: (_root, args, ctx, info) =>
      suppliers.listSuppliers(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'Supplier', path: ['items'] })),
  }),
  supplier: t.prismaField({
    type: 'Supplier',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => suppliers.getSupplier(ctx.db, args.id, query),
  }),
  supplierContacts: t.field({
    type: SupplierContactPageRef,
    description: 'The contacts of one supplier, one page at a time.',
    args: { ...pageArgs(t.arg), supplierId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx, info) =>
      contacts.listSupplierContacts(
        ctx.db,
        args.supplierId,
        args,
        queryFromInfo({ context: ctx, info, typeName: 'SupplierContact', path: ['items'] }),
      ),
  }),
  supplierContact: t.prismaField({
    type: SupplierContactRef,
    args: { supplierId: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => contacts.getSupplierContact(ctx.db, args.supplierId, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createSupplier: t.prismaField({
    type: 'Supplier',
    args: { input: t.arg({ type: SupplierCreateInput, required: true }) },
    resolve: compiledMutation('createSupplier', 'Supplier', (ctx, args, query) => suppliers.createSupplier(ctx.db, args.input, query)),
  }),
  updateSupplier: t.prismaField({
    type: 'Supplier',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: SupplierUpdateInput, required: true }) },
    resolve: compiledMutation('updateSupplier', 'Supplier', (ctx, args, query) => suppliers.updateSupplier(ctx.db, args.id, args.input, query)),
  }),
  deleteSupplier: t.prismaField({
    type: 'Supplier',
    description: 'Deletes a supplier and its contacts; refused while products or supplier SKUs use it. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteSupplier', 'Supplier', (ctx, args, query) => suppliers.deleteSupplier(ctx.db, args.id, query)),
  }),
  createSupplierContact: t.prismaField({
    type: SupplierContactRef,
    args: { supplierId: t.arg.int({ required: true }), input: t.arg({ type: SupplierContactCreateInput, required: true }) },
    resolve: compiledMutation('createSupplierContact', 'SupplierContact', (ctx, args, query) =>
      contacts.createSupplierContact(ctx.db, args.supplierId, args.input, query),
    ),
  }),
  updateSupplierContact: t.prismaField({
    type: SupplierContactRef,
    args: {
      supplierId: t.arg.int({ required: true }),
      id: t.arg.int({ required: true }),
      input: t.arg({ type: SupplierContactUpdateInput, required: true }),
    },
    resolve: compiledMutation('updateSupplierContact', 'SupplierContact', (ctx, args, query) =>
      contacts.updateSupplierContact(ctx.db, args.supplierId, args.id, args.input, query),
    ),
  }),
  deleteSupplierContact: t.prismaField({
    type: SupplierContactRef,
    args: { supplierId: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteSupplierContact', 'SupplierContact', (ctx, args, query) =>
      contacts.deleteSupplierContact(ctx.db, args.supplierId, args.id, query),
    ),
  }),
}));
