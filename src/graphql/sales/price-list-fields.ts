// Price lists with quantity breaks, and the price quote. Rules in src/domain/pricing/price-lists.ts and
// price-quote.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { priceLists, quotePrice, type PriceQuoteResult } from '../../domain/pricing/index.js';

builder.prismaObject('PriceListEntry', {
  description: 'The price of a product from a quantity on (per base unit, in the list currency).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    productId: t.exposeInt('productId'),
    product: t.relation('product'),
    minQuantity: t.expose('minQuantity', { type: 'Decimal', description: "In the product's base unit." }),
    price: t.expose('price', { type: 'Decimal', description: 'Per base unit, in the currency of the list.' }),
  }),
});

const PriceListRef = builder.prismaObject('PriceList', {
  description: 'Prices by product and quantity break, assigned to customer companies and channels.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    currency: t.exposeString('currency'),
    entries: t.relation('entries', { query: { orderBy: [{ productId: 'asc' }, { minQuantity: 'asc' }] } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const PriceListPageRef = pageOf('PriceListPage', PriceListRef);

const PriceListEntryInput = builder.inputType('PriceListEntryInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    minQuantity: t.field({ type: 'Decimal', required: true, description: "At least 0, in the product's base unit; unique per product in a list." }),
    price: t.field({ type: 'Decimal', required: true, description: 'At least 0, per base unit, in the currency of the list.' }),
  }),
});

const priceListFields = <Creating extends boolean>(t: InputFieldBuilder, creating: Creating) => ({
  name: t.string({ required: creating, description: 'At most 255 characters, unique per company.' }),
  currency: t.string({ required: creating, description: 'Three uppercase letters (ISO 4217).' }),
  entries: t.field({ type: [PriceListEntryInput], required: false, description: creating ? 'Default none.' : 'Replaces every entry.' }),
});

const PriceListCreateInput = builder.inputType('PriceListCreateInput', { fields: (t) => priceListFields(t, true) });
const PriceListUpdateInput = builder.inputType('PriceListUpdateInput', {
  description: 'Every field is optional; only the fields given change. Entries, when given, replace the list’s entries.',
  fields: (t) => priceListFields(t, false),
});

const PriceQuoteRef = builder.objectRef<PriceQuoteResult>('PriceQuote').implement({
  description: 'The unit price a sales line of the product would take without one.',
  fields: (t) => ({
    unitPrice: t.expose('unitPrice', { type: 'Decimal', nullable: true, description: 'Per base unit; null when no source prices the product.' }),
    currency: t.exposeString('currency', { nullable: true }),
    source: t.exposeString('source', { nullable: true, description: 'customer_price_list, channel_price_list or retail_price; null when nothing prices the product.' }),
    priceListId: t.exposeInt('priceListId', { nullable: true }),
  }),
});

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('priceLists', 'PriceList', (ctx, args, query) => priceLists.listPriceLists(ctx.db, withFilterParams(args), query));
compiledRecord('priceList', 'PriceList', (ctx, args, query) => priceLists.getPriceList(ctx.db, args.id, query));

builder.queryFields((t) => ({
  priceLists: t.field({
    type: PriceListPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: name, currency, created_at.') },
    resolve: (_root, args, ctx, info) =>
      priceLists.listPriceLists(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'PriceList', path: ['items'] })),
  }),
  priceList: t.prismaField({
    type: 'PriceList',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => priceLists.getPriceList(ctx.db, args.id, query),
  }),
  priceQuote: t.field({
    type: PriceQuoteRef,
    description: "The customer company's price list, else the channel's, else the product's retail price; within a list the entry with the highest min quantity not above the quantity.",
    args: {
      productId: t.arg.int({ required: true }),
      quantity: t.arg({ type: 'Decimal', required: true, description: "Greater than 0, in the product's base unit." }),
      companyId: t.arg.int({ required: false, description: 'A customer company.' }),
      channelId: t.arg.int({ required: false }),
      currency: t.arg.string({ required: false, description: "Default the customer company's currency, else the source's." }),
    },
    resolve: (_root, args, ctx) => quotePrice(ctx.db, args),
  }),
}));

builder.mutationFields((t) => ({
  createPriceList: t.prismaField({
    type: 'PriceList',
    args: { input: t.arg({ type: PriceListCreateInput, required: true }) },
    resolve: compiledMutation('createPriceList', 'PriceList', (ctx, args, query) => priceLists.createPriceList(ctx.db, args.input, query)),
  }),
  updatePriceList: t.prismaField({
    type: 'PriceList',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: PriceListUpdateInput, required: true }) },
    resolve: compiledMutation('updatePriceList', 'PriceList', (ctx, args, query) => priceLists.updatePriceList(ctx.db, args.id, args.input, query)),
  }),
  deletePriceList: t.prismaField({
    type: 'PriceList',
    description: 'Deletes a price list with its entries; refused while customer companies or channels use it.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deletePriceList', 'PriceList', (ctx, args, query) => priceLists.deletePriceList(ctx.db, args.id, query)),
  }),
}));
