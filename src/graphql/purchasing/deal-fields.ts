// Deals and their links to purchase orders: types, queries and mutations. Rules in src/domain/purchasing/deals.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../builder.js';
import { loaderFor } from '../shared/loaders.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { deals } from '../../domain/purchasing/index.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { dateOnlyColumn, linkedRows, plainColumn } from '../../domain/shared/selection-json-sql.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

compiledList('deals', 'Deal', (ctx, args, query) => deals.listDeals(ctx.db, args, query));
compiledRecord('deal', 'Deal', (ctx, args, query) => deals.getDeal(ctx.db, args.id, query));

const DealStageEnum = builder.enumType('DealStage', { values: deals.DEAL_STAGES });

const DealOrderRef = builder.prismaObject('PurchaseOrder', {
  variant: 'DealPurchaseOrder',
  description: 'A purchase order linked to a deal.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    poNumber: t.exposeString('poNumber'),
    status: t.exposeString('status'),
    currency: t.exposeString('currency'),
    total: t.expose('total', { type: 'Decimal' }),
    totalBase: t.expose('totalBase', { type: 'Decimal' }),
  }),
});

const DealRef = builder.prismaObject('Deal', {
  description: 'A buying opportunity or negotiation, optionally with one supplier, and the purchase orders that came of it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    supplier: t.relation('supplier', { nullable: true }),
    stage: t.field({ type: DealStageEnum, resolve: (deal) => deal.stage as (typeof deals.DEAL_STAGES)[number], extensions: jsonSql(plainColumn('stage')) }),
    amount: t.expose('amount', { type: 'Decimal', nullable: true }),
    currency: t.exposeString('currency', { nullable: true }),
    expectedCloseDate: t.string({
      nullable: true,
      description: 'YYYY-MM-DD',
      resolve: (deal) => formatDateOnly(deal.expectedCloseDate),
      extensions: jsonSql(dateOnlyColumn('expectedCloseDate')),
    }),
    notes: t.exposeString('notes', { nullable: true }),
    purchaseOrders: t.field({
      type: [DealOrderRef],
      select: { purchaseOrders: { select: { purchaseOrder: true }, orderBy: { purchaseOrderId: 'asc' } } },
      resolve: (deal) => deal.purchaseOrders.map((link) => link.purchaseOrder),
      extensions: jsonSql(linkedRows('DealPurchaseOrder', 'DealPurchaseOrder', 'dealId', 'purchaseOrderId', 'PurchaseOrder', (_order, link) => `${link}."purchaseOrderId"`)),
    }),
    purchaseOrdersTotalBase: t.field({
      type: 'Decimal',
      description: 'The total of the linked orders in base currency, cancelled ones left out.',
      resolve: (deal, _args, ctx) => loaderFor(ctx, 'dealOrderTotals', (ids: readonly number[]) => deals.dealOrderTotals(ctx.db, ids)).load(deal.id),
      extensions: jsonSql({ value: (deal) => decimalSql(deals.dealOrderTotalSql(deal)) }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const DealPageRef = pageOf('DealPage', DealRef);

const dealFields = <Creating extends boolean>(t: InputFieldBuilder, creating: Creating) => ({
  name: t.string({ required: creating, description: 'At most 255 characters.' }),
  supplierId: t.int({ required: false }),
  stage: t.field({ type: DealStageEnum, required: false, description: 'Default open.' }),
  amount: t.field({ type: 'Decimal', required: false }),
  currency: t.string({ required: false, description: 'ISO 4217; default the base currency when an amount is given.' }),
  expectedCloseDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
  notes: t.string({ required: false }),
});

const DealCreateInput = builder.inputType('DealCreateInput', { fields: (t) => dealFields(t, true) });
const DealUpdateInput = builder.inputType('DealUpdateInput', { description: 'Every field is optional; only the fields given change.', fields: (t) => dealFields(t, false) });

const DealUnlinkResult = builder.objectRef<{ message: string }>('DealUnlinkResult').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

builder.queryFields((t) => ({
  deals: t.field({
    type: DealPageRef,
    args: {
      ...pageArgs(t.arg),
      stage: t.arg.string({ required: false }),
      supplierId: t.arg.int({ required: false }),
      q: t.arg.string({ required: false, description: 'Part of the name.' }),
    },
    resolve: (_root, args, ctx, info) => deals.listDeals(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'Deal', path: ['items'] })),
  }),
  deal: t.prismaField({
    type: 'Deal',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => deals.getDeal(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createDeal: t.prismaField({
    type: 'Deal',
    args: { input: t.arg({ type: DealCreateInput, required: true }) },
    resolve: compiledMutation('createDeal', 'Deal', (ctx, args, query) => deals.createDeal(ctx.db, args.input, query)),
  }),
  updateDeal: t.prismaField({
    type: 'Deal',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: DealUpdateInput, required: true }) },
    resolve: compiledMutation('updateDeal', 'Deal', (ctx, args, query) => deals.updateDeal(ctx.db, args.id, args.input, query)),
  }),
  deleteDeal: t.prismaField({
    type: 'Deal',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteDeal', 'Deal', (ctx, args, query) => deals.deleteDeal(ctx.db, args.id, query)),
  }),
  linkDealPurchaseOrder: t.prismaField({
    type: 'Deal',
    description: 'Links a purchase order to a deal (linking twice changes nothing).',
    args: { dealId: t.arg.int({ required: true }), purchaseOrderId: t.arg.int({ required: true }) },
    resolve: compiledMutation('linkDealPurchaseOrder', 'Deal', (ctx, args, query) => deals.linkDealPurchaseOrder(ctx.db, args.dealId, args.purchaseOrderId, query)),
  }),
  unlinkDealPurchaseOrder: t.field({
    type: DealUnlinkResult,
    description: 'Removes the link; the purchase order stays.',
    args: { dealId: t.arg.int({ required: true }), purchaseOrderId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => deals.unlinkDealPurchaseOrder(ctx.db, args.dealId, args.purchaseOrderId),
  }),
}));
