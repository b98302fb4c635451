// GraphQL types of receiving reports.
import { builder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { costAdjustmentsOf, costAdjustmentsSql, LANDED_COST_ALLOCATIONS } from '../../domain/purchasing/index.js';
import { loaderFor } from '../shared/loaders.js';
import { jsonSql } from '../shared/derived-json-types.js';

export const LandedCostAllocationEnum = builder.enumType('LandedCostAllocation', {
  description: 'How a landed cost is spread over the lines of a receipt: by value (base quantity × purchase cost), base quantity or weight (base quantity × product weight in lb).',
  values: LANDED_COST_ALLOCATIONS,
});

builder.prismaObject('ReceivingReportLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    purchaseOrderLineId: t.exposeInt('purchaseOrderLineId'),
    product: t.relation('product'),
    location: t.relation('location'),
    lot: t.relation('lot', { nullable: true }),
    quantity: t.expose('quantity', { type: 'Decimal', description: "In the order line's unit." }),
    baseQuantity: t.expose('baseQuantity', { type: 'Decimal' }),
    purchaseUnitCost: t.expose('purchaseUnitCost', { type: 'Decimal', description: 'Per base unit, in base currency, at the receipt date rate.' }),
    landedUnitCost: t.expose('landedUnitCost', { type: 'Decimal', description: "Per base unit, in base currency: the line's share of the landed costs." }),
    unitCost: t.expose('unitCost', { type: 'Decimal', description: 'purchase_unit_cost + landed_unit_cost: what the stock came in at.' }),
    movementId: t.exposeInt('movementId', { nullable: true }),
  }),
});

builder.prismaObject('ReceivingReportCost', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    amount: t.expose('amount', { type: 'Decimal' }),
    currency: t.exposeString('currency'),
    exchangeRate: t.expose('exchangeRate', { type: 'Decimal' }),
    amountBase: t.expose('amountBase', { type: 'Decimal' }),
    allocation: t.exposeString('allocation'),
  }),
});

type CostAdjustmentRow = Awaited<ReturnType<typeof costAdjustmentsOf>>[number][number];

const CostAdjustmentRef = builder.objectRef<CostAdjustmentRow>('ReceiptCostAdjustment').implement({
  description: 'Cost a late landed cost added to stock that had already been issued, against the issuing movement.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    movementId: t.exposeInt('movementId'),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    amount: t.expose('amount', { type: 'Decimal', description: 'In base currency.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const ReceivingReportRef = builder.prismaObject('ReceivingReport', {
  description: 'Goods received against a purchase order, posted into stock.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    reportNumber: t.exposeString('reportNumber'),
    purchaseOrder: t.relation('purchaseOrder'),
    status: t.exposeString('status', { description: 'posted or voided' }),
    receivedAt: t.expose('receivedAt', { type: 'DateTime' }),
    exchangeRate: t.expose('exchangeRate', { type: 'Decimal', description: "Base currency per unit of the order's currency on the receipt date." }),
    voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true }),
    lines: t.relation('lines', { query: { orderBy: { id: 'asc' } } }),
    landedCosts: t.relation('landedCosts', { query: { orderBy: { id: 'asc' } } }),
    costAdjustments: t.field({
      type: [CostAdjustmentRef],
      description: 'What late landed costs added to stock of this receipt that had already been issued.',
      resolve: (report, _args, ctx) => loaderFor(ctx, 'receiptCostAdjustments', (ids: readonly number[]) => costAdjustmentsOf(ctx.db, ids)).load(report.id),
      // The rows costAdjustmentsOf reads; their exposed fields read their columns.
      extensions: jsonSql({ type: 'ReceiptCostAdjustment', many: costAdjustmentsSql }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const ReceivingReportPageRef = pageOf('ReceivingReportPage', ReceivingReportRef);

const ReceiptLineInput = builder.inputType('ReceiptLineInput', {
  fields: (t) => ({
    purchaseOrderLineId: t.int({ required: true }),
    quantity: t.field({ type: 'Decimal', required: true, description: "Greater than 0, in the order line's unit." }),
    locationId: t.int({ required: false, description: 'The delivery warehouse or a location inside it; default the report\'s location_id, else the warehouse.' }),
    lotNumber: t.string({ required: false, description: 'Lot-tracked products: the lot (a new number creates it).' }),
    productionDate: t.string({ required: false, description: 'YYYY-MM-DD, for a new lot.' }),
    expiryDate: t.string({ required: false, description: 'YYYY-MM-DD, for a new lot.' }),
  }),
});

export const LandedCostInput = builder.inputType('LandedCostInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    amount: t.field({ type: 'Decimal', required: true, description: 'At most the minor units of its currency.' }),
    currency: t.string({ required: false, description: "ISO 4217; default the order's currency." }),
    allocation: t.field({ type: LandedCostAllocationEnum, required: true }),
  }),
});

export const ReceivingReportInput = builder.inputType('ReceivingReportInput', {
  fields: (t) => ({
    receivedAt: t.field({ type: 'DateTime', required: false, description: 'Default now.' }),
    locationId: t.int({ required: false, description: 'Where the lines go unless they say; the delivery warehouse or a location inside it.' }),
    lines: t.field({ type: [ReceiptLineInput], required: true }),
    landedCosts: t.field({ type: [LandedCostInput], required: false }),
  }),
});
