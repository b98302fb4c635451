// Supplier SKUs in GraphQL: the type, its inputs, queries and mutations (rules in src/domain/suppliers).
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { supplierSkus } from '../../domain/suppliers/index.js';

export const SupplierSkuRef = builder.prismaObject('SupplierSku', {
  description: "One supplier's code for one of our products, with its purchasing terms.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    supplierId: t.exposeInt('supplierId'),
    supplier: t.relation('supplier'),
    productId: t.exposeInt('productId'),
    product: t.relation('product'),
    supplierSku: t.exposeString('supplierSku', { description: "The supplier's own code; unique per supplier." }),
    cost: t.expose('cost', { type: 'Decimal', nullable: true }),
    currency: t.exposeString('currency', { nullable: true, description: 'ISO 4217 code of the cost.' }),
    minOrderQuantity: t.expose('minOrderQuantity', { type: 'Decimal', nullable: true }),
    orderMultiple: t.expose('orderMultiple', { type: 'Decimal', nullable: true, description: 'Orders are placed in multiples of this.' }),
    leadTimeDays: t.exposeInt('leadTimeDays', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const SupplierSkuPageRef = pageOf('SupplierSkuPage', SupplierSkuRef);

const supplierSkuFields = <Required extends boolean>(t: InputFieldBuilder, required: Required) => ({
  supplierId: t.int({ required }),
  productId: t.int({ required }),
  supplierSku: t.string({ required, description: "The supplier's own code, at most 255 characters; unique per supplier." }),
  cost: t.field({ type: 'Decimal', required: false, description: 'At least 0.' }),
  currency: t.string({ required: false, description: "ISO 4217 code; when left out on create, the supplier's currency." }),
  minOrderQuantity: t.field({ type: 'Decimal', required: false, description: 'At least 0.' }),
  orderMultiple: t.field({ type: 'Decimal', required: false, description: 'Greater than 0.' }),
  leadTimeDays: t.int({ required: false, description: 'Whole days, at least 0.' }),
});

const SupplierSkuCreateInput = builder.inputType('SupplierSkuCreateInput', { fields: (t) => supplierSkuFields(t, true) });
const SupplierSkuUpdateInput = builder.inputType('SupplierSkuUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => supplierSkuFields(t, false),
});

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('supplierSkus', 'SupplierSku', (ctx, args, query) => supplierSkus.listSupplierSkus(ctx.db, args, query));
compiledRecord('supplierSku', 'SupplierSku', (ctx, args, query) => supplierSkus.getSupplierSku(ctx.db, args.id, query));

builder.queryFields((t) => ({
  supplierSkus: t.field({
    type: SupplierSkuPageRef,
    description: 'Supplier SKUs, one page at a time.',
    args: {
      ...pageArgs(t.arg),
      supplierId: t.arg.int({ required: false, description: 'Only the SKUs of this supplier.' }),
      productId: t.arg.int({ required: false, description: 'Only the SKUs of this product.' }),
    },
    resolve: (_root, args, ctx, info) =>
      supplierSkus.listSupplierSkus(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'SupplierSku', path: ['items'] })),
  }),
  supplierSku: t.prismaField({
    type: 'SupplierSku',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => supplierSkus.getSupplierSku(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createSupplierSku: t.prismaField({
    type: 'SupplierSku',
    args: { input: t.arg({ type: SupplierSkuCreateInput, required: true }) },
    resolve: compiledMutation('createSupplierSku', 'SupplierSku', (ctx, args, query) => supplierSkus.createSupplierSku(ctx.db, args.input, query)),
  }),
  updateSupplierSku: t.prismaField({
    type: 'SupplierSku',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: SupplierSkuUpdateInput, required: true }) },
    resolve: compiledMutation('updateSupplierSku', 'SupplierSku', (ctx, args, query) =>
      supplierSkus.updateSupplierSku(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteSupplierSku: t.prismaField({
    type: 'SupplierSku',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteSupplierSku', 'SupplierSku', (ctx, args, query) => supplierSkus.deleteSupplierSku(ctx.db, args.id, query)),
  }),
}));
