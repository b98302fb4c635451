// Invoices and credit notes: types, queries and mutations. Rules in src/domain/invoicing (invoices.ts,
// invoice-payments.ts).
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { currentCompanyNameSql } from '../../domain/tenancy/index.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams } from '../shared/filters.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { currentCompany } from '../../domain/tenancy/index.js';
import { invoices, recordInvoicePayment } from '../../domain/invoicing/index.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { dateOnlyColumn, plainColumn } from '../../domain/shared/selection-json-sql.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

const InvoiceStatusEnum = builder.enumType('InvoiceStatus', { values: invoices.INVOICE_STATUSES });
const InvoiceKindEnum = builder.enumType('InvoiceKind', { values: invoices.INVOICE_KINDS });

builder.prismaObject('InvoiceLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type', { description: 'product, shipping or fee' }),
    description: t.exposeString('description'),
    sku: t.exposeString('sku', { nullable: true }),
    quantity: t.expose('quantity', { type: 'Decimal', description: "In the order line's unit (products); negative on a credit note." }),
    unitPrice: t.expose('unitPrice', { type: 'Decimal', description: 'After the line discount.' }),
    amount: t.expose('amount', { type: 'Decimal' }),
    taxAmount: t.expose('taxAmount', { type: 'Decimal' }),
    shipmentId: t.exposeInt('shipmentId', { nullable: true }),
    salesOrderLineId: t.exposeInt('salesOrderLineId', { nullable: true }),
  }),
});

export const InvoiceRef = builder.prismaObject('Invoice', {
  description: 'An invoice for shipped goods (INV-000001), built from the shipments’ billable lines, or a credit note (CN-000001, negative amounts).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    invoiceNumber: t.exposeString('invoiceNumber'),
    kind: t.field({ type: InvoiceKindEnum, resolve: (i) => i.kind as (typeof invoices.INVOICE_KINDS)[number], extensions: jsonSql(plainColumn('kind')) }),
    salesOrderId: t.exposeInt('salesOrderId'),
    salesOrder: t.relation('salesOrder'),
    company: t.relation('customerCompany', { nullable: true, description: "The order's customer company." }),
    companyName: t.string({
      description: 'The company the invoice is issued by (the tenant).',
      resolve: async (_i, _a, ctx) => (await currentCompany(ctx.db)).name,
      extensions: jsonSql({ value: currentCompanyNameSql }),
    }),
    creditedInvoiceId: t.exposeInt('creditedInvoiceId', { nullable: true, description: 'A credit note: the invoice it credits.' }),
    creditedInvoice: t.relation('creditedInvoice', { nullable: true }),
    customerReturnId: t.exposeInt('customerReturnId', { nullable: true }),
    status: t.field({ type: InvoiceStatusEnum, resolve: (i) => i.status as (typeof invoices.INVOICE_STATUSES)[number], extensions: jsonSql(plainColumn('status')) }),
    currency: t.exposeString('currency'),
    lines: t.relation('lines', { query: { orderBy: { position: 'asc' } } }),
    subtotal: t.expose('subtotal', { type: 'Decimal' }),
    taxTotal: t.expose('taxTotal', { type: 'Decimal' }),
    total: t.expose('total', { type: 'Decimal' }),
    amountPaid: t.expose('amountPaid', { type: 'Decimal' }),
    balanceDue: t.field({
      type: 'Decimal',
      description: 'total − amount_paid (0 when void).',
      select: { total: true, amountPaid: true, status: true },
      resolve: (i) => invoices.balanceDue(i),
      extensions: jsonSql({ value: (i) => decimalSql(invoices.balanceDueSql(i)) }),
    }),
    issueDate: t.string({ description: 'YYYY-MM-DD', select: { issueDate: true }, resolve: (i) => formatDateOnly(i.issueDate)!, extensions: jsonSql(dateOnlyColumn('issueDate')) }),
    dueDate: t.string({
      description: "YYYY-MM-DD: the issue date plus the customer's payment terms days.",
      select: { dueDate: true },
      resolve: (i) => formatDateOnly(i.dueDate)!,
      extensions: jsonSql(dateOnlyColumn('dueDate')),
    }),
    voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const InvoicePageRef = pageOf('InvoicePage', InvoiceRef);

builder.prismaObject('InvoicePayment', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    invoiceId: t.exposeInt('invoiceId'),
    amount: t.expose('amount', { type: 'Decimal' }),
    paidAt: t.string({ description: 'YYYY-MM-DD', select: { paidAt: true }, resolve: (p) => formatDateOnly(p.paidAt)!, extensions: jsonSql(dateOnlyColumn('paidAt')) }),
    reference: t.exposeString('reference', { nullable: true }),
    invoice: t.relation('invoice', { description: 'The invoice after the payment.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const InvoiceCreateInput = builder.inputType('InvoiceCreateInput', {
  fields: (t) => ({
    shipmentIds: t.intList({ required: false, description: 'Shipped shipments of the order not invoiced yet; default every one of them.' }),
  }),
});

const InvoicePaymentInput = builder.inputType('InvoicePaymentInput', {
  fields: (t) => ({
    amount: t.field({ type: 'Decimal', required: true, description: 'Greater than 0, at most the balance due, in the invoice currency.' }),
    paidAt: t.string({ required: true, description: 'YYYY-MM-DD' }),
    reference: t.string({ required: false, description: 'At most 255 characters.' }),
  }),
});

compiledList('invoices', 'Invoice', (ctx, args, query) => invoices.listInvoices(ctx.db, { ...args, filters: filterParams(args.filters) }, query));
compiledRecord('invoice', 'Invoice', (ctx, args, query) => invoices.getInvoice(ctx.db, args.id, query));

builder.queryFields((t) => ({
  invoices: t.field({
    type: InvoicePageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: status, kind, company_id, sales_order_id, overdue.') },
    resolve: (_root, args, ctx, info) =>
      invoices.listInvoices(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'Invoice', path: ['items'] })),
  }),
  invoice: t.prismaField({
    type: 'Invoice',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => invoices.getInvoice(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createInvoice: t.prismaField({
    type: 'Invoice',
    description: 'Invoices shipped shipments of a sales order not invoiced yet, from their billable lines.',
    args: { salesOrderId: t.arg.int({ required: true }), input: t.arg({ type: InvoiceCreateInput, required: false }) },
    resolve: compiledMutation('createInvoice', 'Invoice', (ctx, args, query) => invoices.createInvoice(ctx.db, args.salesOrderId, args.input ?? {}, query, ctx.outbound)),
  }),
  recordInvoicePayment: t.prismaField({
    type: 'InvoicePayment',
    description: 'Records a payment of an open invoice (at most its balance due); fully paid → paid.',
    args: { invoiceId: t.arg.int({ required: true }), input: t.arg({ type: InvoicePaymentInput, required: true }) },
    resolve: compiledMutation('recordInvoicePayment', 'InvoicePayment', (ctx, args, query) => recordInvoicePayment(ctx.db, args.invoiceId, args.input, query)),
  }),
  voidInvoice: t.prismaField({
    type: 'Invoice',
    description: 'open → void when nothing is paid; its shipments can be invoiced again.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('voidInvoice', 'Invoice', (ctx, args, query) => invoices.voidInvoice(ctx.db, args.id, query)),
  }),
}));
