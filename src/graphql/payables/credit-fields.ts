// Vendor credits and prepayments: what a supplier owes back and what was paid ahead, with their applications
// to bills. Types, queries and mutations; the rules live in src/domain/payables/vendor-credits.ts and
// prepayments.ts.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { vendorCredits as credits, prepayments } from '../../domain/payables/index.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { dateOnlyColumn } from '../../domain/shared/selection-json-sql.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

compiledList('vendorCredits', 'VendorCredit', (ctx, args, query) => credits.listVendorCredits(ctx.db, args, query));
compiledRecord('vendorCredit', 'VendorCredit', (ctx, args, query) => credits.getVendorCredit(ctx.db, args.id, query));
compiledList('prepayments', 'Prepayment', (ctx, args, query) => prepayments.listPrepayments(ctx.db, args, query));
compiledRecord('prepayment', 'Prepayment', (ctx, args, query) => prepayments.getPrepayment(ctx.db, args.id, query));

builder.prismaObject('VendorCreditApplication', {
  description: 'Part of a vendor credit applied to a bill: the bill’s amount_credited grows by it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    vendorCreditId: t.exposeInt('vendorCreditId'),
    billId: t.exposeInt('billId'),
    bill: t.relation('bill'),
    amount: t.expose('amount', { type: 'Decimal', description: 'In the currency of the credit and the bill.' }),
    appliedAt: t.expose('appliedAt', { type: 'DateTime' }),
  }),
});

const VendorCreditRef = builder.prismaObject('VendorCredit', {
  description: 'What a supplier owes back (a credit note, or the value of a vendor return), to apply to its bills.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    supplier: t.relation('supplier'),
    amount: t.expose('amount', { type: 'Decimal' }),
    currency: t.exposeString('currency'),
    exchangeRate: t.expose('exchangeRate', { type: 'Decimal', description: 'Base currency per unit of the currency on the credit date.' }),
    creditDate: t.string({ description: 'YYYY-MM-DD', resolve: (credit) => formatDateOnly(credit.creditDate)!, extensions: jsonSql(dateOnlyColumn('creditDate')) }),
    reason: t.exposeString('reason', { nullable: true }),
    vendorReturnId: t.exposeInt('vendorReturnId', { nullable: true, description: 'The vendor return the credit was generated for.' }),
    amountApplied: t.expose('amountApplied', { type: 'Decimal' }),
    remainingAmount: t.field({
      type: 'Decimal',
      description: 'amount − amount_applied.',
      resolve: (credit) => credits.remainingAmount(credit),
      extensions: jsonSql({ value: (credit) => decimalSql(credits.remainingAmountSql(credit)) }),
    }),
    applications: t.relation('applications', { query: { orderBy: { id: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('PrepaymentApplication', {
  description: 'Part of a prepayment applied to a bill: the bill’s amount_paid grows by it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    prepaymentId: t.exposeInt('prepaymentId'),
    billId: t.exposeInt('billId'),
    bill: t.relation('bill'),
    amount: t.expose('amount', { type: 'Decimal', description: 'In the currency of the prepayment and the bill.' }),
    appliedAt: t.expose('appliedAt', { type: 'DateTime' }),
  }),
});

const PrepaymentRef = builder.prismaObject('Prepayment', {
  description: 'Money paid to a supplier ahead of its bills, applied to them later.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    supplier: t.relation('supplier'),
    amount: t.expose('amount', { type: 'Decimal' }),
    currency: t.exposeString('currency'),
    exchangeRate: t.expose('exchangeRate', { type: 'Decimal', description: 'Base currency per unit of the currency on the payment date.' }),
    paidAt: t.string({ description: 'YYYY-MM-DD', resolve: (prepayment) => formatDateOnly(prepayment.paidAt)!, extensions: jsonSql(dateOnlyColumn('paidAt')) }),
    purchaseOrderId: t.exposeInt('purchaseOrderId', { nullable: true }),
    paymentObligationId: t.exposeInt('paymentObligationId', { nullable: true, description: 'The obligation it counts as paid on.' }),
    reference: t.exposeString('reference', { nullable: true }),
    amountApplied: t.expose('amountApplied', { type: 'Decimal' }),
    remainingAmount: t.field({
      type: 'Decimal',
      description: 'amount − amount_applied.',
      resolve: (prepayment) => prepayments.remainingAmount(prepayment),
      extensions: jsonSql({ value: (prepayment) => decimalSql(prepayments.remainingAmountSql(prepayment)) }),
    }),
    applications: t.relation('applications', { query: { orderBy: { id: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const VendorCreditPageRef = pageOf('VendorCreditPage', VendorCreditRef);
const PrepaymentPageRef = pageOf('PrepaymentPage', PrepaymentRef);

const VendorCreditInput = builder.inputType('VendorCreditInput', {
  fields: (t) => ({
    supplierId: t.int({ required: true }),
    amount: t.field({ type: 'Decimal', required: true, description: "Greater than 0, in the currency's minor units." }),
    currency: t.string({ required: true, description: 'ISO 4217.' }),
    creditDate: t.string({ required: true, description: 'YYYY-MM-DD: the rate to base is the one of this date.' }),
    reason: t.string({ required: false, description: 'At most 255 characters.' }),
  }),
});

const PrepaymentInput = builder.inputType('PrepaymentInput', {
  fields: (t) => ({
    supplierId: t.int({ required: true }),
    amount: t.field({ type: 'Decimal', required: true, description: "Greater than 0, in the currency's minor units." }),
    currency: t.string({ required: true, description: 'ISO 4217.' }),
    paidAt: t.string({ required: true, description: 'YYYY-MM-DD: the rate to base is the one of this date.' }),
    purchaseOrderId: t.int({ required: false, description: 'An order of the supplier that is not cancelled.' }),
    paymentObligationId: t.int({ required: false, description: "An open obligation of the supplier's order in the same currency: the prepayment counts as paid on it." }),
    reference: t.string({ required: false, description: 'At most 255 characters.' }),
  }),
});

const BillApplicationInput = builder.inputType('BillApplicationInput', {
  fields: (t) => ({
    billId: t.int({ required: true, description: 'An approved bill of the same supplier and currency.' }),
    amount: t.field({ type: 'Decimal', required: true, description: 'At most what is left of the source and the bill’s balance due.' }),
  }),
});

builder.queryFields((t) => ({
  vendorCredits: t.field({
    type: VendorCreditPageRef,
    args: {
      ...pageArgs(t.arg),
      supplierId: t.arg.int({ required: false }),
      currency: t.arg.string({ required: false }),
      open: t.arg.boolean({ required: false, description: 'true: something is left to apply; false: fully applied.' }),
    },
    resolve: (_root, args, ctx, info) => credits.listVendorCredits(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'VendorCredit', path: ['items'] })),
  }),
  vendorCredit: t.prismaField({
    type: 'VendorCredit',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => credits.getVendorCredit(ctx.db, args.id, query),
  }),
  prepayments: t.field({
    type: PrepaymentPageRef,
    args: {
      ...pageArgs(t.arg),
      supplierId: t.arg.int({ required: false }),
      currency: t.arg.string({ required: false }),
      open: t.arg.boolean({ required: false, description: 'true: something is left to apply; false: fully applied.' }),
    },
    resolve: (_root, args, ctx, info) => prepayments.listPrepayments(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'Prepayment', path: ['items'] })),
  }),
  prepayment: t.prismaField({
    type: 'Prepayment',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => prepayments.getPrepayment(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createVendorCredit: t.prismaField({
    type: 'VendorCredit',
    args: { input: t.arg({ type: VendorCreditInput, required: true }) },
    resolve: compiledMutation('createVendorCredit', 'VendorCredit', (ctx, args, query) => credits.createVendorCredit(ctx.db, args.input, query)),
  }),
  applyVendorCredit: t.prismaField({
    type: 'VendorCreditApplication',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: BillApplicationInput, required: true }) },
    resolve: compiledMutation('applyVendorCredit', 'VendorCreditApplication', (ctx, args, query) => credits.applyVendorCredit(ctx.db, args.id, args.input, query)),
  }),
  deleteVendorCreditApplication: t.prismaField({
    type: 'VendorCredit',
    description: 'Takes one application back; answers with the credit.',
    args: { id: t.arg.int({ required: true }), applicationId: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteVendorCreditApplication', 'VendorCredit', (ctx, args, query) => credits.deleteVendorCreditApplication(ctx.db, args.id, args.applicationId, query)),
  }),
  createPrepayment: t.prismaField({
    type: 'Prepayment',
    args: { input: t.arg({ type: PrepaymentInput, required: true }) },
    resolve: compiledMutation('createPrepayment', 'Prepayment', (ctx, args, query) => prepayments.createPrepayment(ctx.db, args.input, query)),
  }),
  applyPrepayment: t.prismaField({
    type: 'PrepaymentApplication',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: BillApplicationInput, required: true }) },
    resolve: compiledMutation('applyPrepayment', 'PrepaymentApplication', (ctx, args, query) => prepayments.applyPrepayment(ctx.db, args.id, args.input, query)),
  }),
  deletePrepaymentApplication: t.prismaField({
    type: 'Prepayment',
    description: 'Takes one application back; answers with the prepayment.',
    args: { id: t.arg.int({ required: true }), applicationId: t.arg.int({ required: true }) },
    resolve: compiledMutation('deletePrepaymentApplication', 'Prepayment', (ctx, args, query) => prepayments.deletePrepaymentApplication(ctx.db, args.id, args.applicationId, query)),
  }),
}));
