// Vendor returns: types, queries and mutations. Rules in src/domain/payables/vendor-returns.ts and
// vendor-return-transitions.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { vendorReturns as returns, vendorReturnTransitions as transitions } from '../../domain/payables/index.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

compiledList('vendorReturns', 'VendorReturn', (ctx, args, query) => returns.listVendorReturns(ctx.db, args, query));
compiledRecord('vendorReturn', 'VendorReturn', (ctx, args, query) => returns.getVendorReturn(ctx.db, args.id, query));

builder.prismaObject('VendorReturnLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    product: t.relation('product'),
    quantity: t.expose('quantity', { type: 'Decimal', description: "In the product's base unit." }),
    lotNumber: t.exposeString('lotNumber', { nullable: true, description: 'The lot named; null: lots picked by the deduction strategy at shipping.' }),
    unitCost: t.expose('unitCost', {
      type: 'Decimal',
      nullable: true,
      description: "Per unit, in the return's currency: as given, else (from shipping on) the FIFO cost that left at the ship date's rate.",
    }),
    fifoUnitCost: t.expose('fifoUnitCost', { type: 'Decimal', nullable: true, description: 'Per unit, in base currency: the FIFO cost that left (set when shipped).' }),
    lineTotal: t.field({
      type: 'Decimal',
      nullable: true,
      description: "quantity × unit_cost rounded to the currency; null while the unit cost is not known yet.",
      resolve: (line) => returns.shownLineTotal(line),
      extensions: jsonSql({ value: (line) => decimalSql(returns.shownLineTotalSql(line)) }),
    }),
  }),
});

const VendorReturnRef = builder.prismaObject('VendorReturn', {
  description: 'Goods sent back to a supplier: shipping takes them out of stock at their FIFO cost; a vendor credit can follow.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    returnNumber: t.exposeString('returnNumber'),
    supplier: t.relation('supplier'),
    purchaseOrderId: t.exposeInt('purchaseOrderId', { nullable: true }),
    location: t.relation('location'),
    reason: t.exposeString('reason', { nullable: true }),
    status: t.exposeString('status', { description: 'draft, shipped or credited' }),
    currency: t.exposeString('currency', { description: "The order's, else the supplier's, else the base currency." }),
    exchangeRate: t.expose('exchangeRate', { type: 'Decimal', nullable: true, description: 'Base currency per unit of the currency on the ship date (null while draft).' }),
    total: t.expose('total', { type: 'Decimal', description: 'The sum of the line totals (while draft, of the lines with a unit cost).' }),
    lines: t.relation('lines', { query: { orderBy: { position: 'asc' } } }),
    vendorCreditId: t.field({
      type: 'Int',
      nullable: true,
      description: 'The vendor credit generated for the return (null until credited).',
      select: { credits: { select: { id: true }, take: 1 } },
      resolve: (found) => found.credits[0]?.id ?? null,
      // At most one credit per return (unique on the return).
      extensions: jsonSql({
        value: (found) => `(SELECT ${found}_credit.id FROM "VendorCredit" ${found}_credit WHERE ${found}_credit."companyId" = $1::int AND ${found}_credit."vendorReturnId" = ${found}.id)`,
      }),
    }),
    shippedAt: t.expose('shippedAt', { type: 'DateTime', nullable: true }),
    creditedAt: t.expose('creditedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const VendorReturnPageRef = pageOf('VendorReturnPage', VendorReturnRef);

const VendorReturnLineInput = builder.inputType('VendorReturnLineInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    quantity: t.field({ type: 'Decimal', required: true, description: "Greater than 0, in the product's base unit." }),
    lotNumber: t.string({ required: false, description: 'Lot-tracked products: the lot to return from; else the deduction strategy picks.' }),
    unitCost: t.field({ type: 'Decimal', required: false, description: "Per unit, in the return's currency; default the FIFO cost that leaves at shipping." }),
  }),
});

const returnFields = <Creating extends boolean>(t: InputFieldBuilder, creating: Creating) => ({
  supplierId: t.int({ required: creating }),
  purchaseOrderId: t.int({ required: false, description: "An order of the supplier the goods came with; its currency becomes the return's." }),
  locationId: t.int({ required: creating, description: 'Where the goods leave from.' }),
  reason: t.string({ required: false, description: 'At most 255 characters.' }),
  lines: t.field({ type: [VendorReturnLineInput], required: creating, description: creating ? 'At least one line.' : 'Replaces the lines.' }),
});

const VendorReturnCreateInput = builder.inputType('VendorReturnCreateInput', { fields: (t) => returnFields(t, true) });
const VendorReturnUpdateInput = builder.inputType('VendorReturnUpdateInput', {
  description: 'Every field is optional; only the fields given change. Only a draft can be changed.',
  fields: (t) => returnFields(t, false),
});

builder.queryFields((t) => ({
  vendorReturns: t.field({
    type: VendorReturnPageRef,
    args: {
      ...pageArgs(t.arg),
      status: t.arg.string({ required: false, description: 'draft, shipped or credited' }),
      supplierId: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx, info) => returns.listVendorReturns(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'VendorReturn', path: ['items'] })),
  }),
  vendorReturn: t.prismaField({
    type: 'VendorReturn',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => returns.getVendorReturn(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createVendorReturn: t.prismaField({
    type: 'VendorReturn',
    args: { input: t.arg({ type: VendorReturnCreateInput, required: true }) },
    resolve: compiledMutation('createVendorReturn', 'VendorReturn', (ctx, args, query) => returns.createVendorReturn(ctx.db, args.input, query)),
  }),
  updateVendorReturn: t.prismaField({
    type: 'VendorReturn',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: VendorReturnUpdateInput, required: true }) },
    resolve: compiledMutation('updateVendorReturn', 'VendorReturn', (ctx, args, query) => returns.updateVendorReturn(ctx.db, args.id, args.input, query)),
  }),
  deleteVendorReturn: t.prismaField({
    type: 'VendorReturn',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteVendorReturn', 'VendorReturn', (ctx, args, query) => returns.deleteVendorReturn(ctx.db, args.id, query)),
  }),
  shipVendorReturn: t.prismaField({
    type: 'VendorReturn',
    description: 'draft → shipped: the goods leave stock at their FIFO cost.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('shipVendorReturn', 'VendorReturn', (ctx, args, query) => transitions.shipVendorReturn(ctx.db, args.id, { tokenId: ctx.caller.tokenId }, query)),
  }),
  generateVendorReturnCredit: t.prismaField({
    type: 'VendorCredit',
    description: 'shipped → credited: a vendor credit for the value returned (once per return).',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('generateVendorReturnCredit', 'VendorCredit', (ctx, args, query) => transitions.generateVendorReturnCredit(ctx.db, args.id, query)),
  }),
}));
