// GraphQL object and input types of bills, their payments and allocations. Relations go through the Prisma
// plugin, so a page of bills loads its lines and suppliers in a fixed number of queries.
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { Decimal } from '../../domain/shared/decimal.js';
import {
  BILL_STATUSES,
  balanceDue,
  balanceDueSql,
  type BillStatus,
  shareAmountSql,
  shareLineIdSql,
  MATCH_STATUSES,
  type MatchStatus,
} from '../../domain/payables/index.js';
import { LANDED_COST_ALLOCATIONS } from '../../domain/purchasing/index.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { dateOnlyColumn, plainColumn, storedArrayElements } from '../../domain/shared/selection-json-sql.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

export const BillStatusEnum = builder.enumType('BillStatus', { values: BILL_STATUSES });
export const MatchStatusEnum = builder.enumType('BillMatchStatus', { values: MATCH_STATUSES });
export const LandedCostAllocationEnum = builder.enumType('BillAllocationMethod', { values: LANDED_COST_ALLOCATIONS });

export const BillLineRef = builder.prismaObject('BillLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    purchaseOrderLineId: t.exposeInt('purchaseOrderLineId', { nullable: true }),
    product: t.relation('product', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    unitPrice: t.expose('unitPrice', { type: 'Decimal', description: "In the bill's currency." }),
    taxRate: t.expose('taxRate', { type: 'Decimal', description: 'Percent.' }),
    lineTotal: t.expose('lineTotal', { type: 'Decimal', description: "quantity × unit price, rounded to the currency's minor units." }),
    taxAmount: t.expose('taxAmount', { type: 'Decimal' }),
    matchStatus: t.field({ type: MatchStatusEnum, resolve: (line) => line.matchStatus as MatchStatus, extensions: jsonSql(plainColumn('matchStatus')) }),
    receivedQuantity: t.expose('matchedQuantity', {
      type: 'Decimal',
      nullable: true,
      description: 'Received on the order line and not billed on other approved bills, at the last match; null without an order line.',
    }),
    quantityVariance: t.expose('quantityVariance', { type: 'Decimal', nullable: true, description: 'quantity − received_quantity: above 0 bills more than was received.' }),
    orderedUnitPrice: t.expose('orderedUnitPrice', { type: 'Decimal', nullable: true, description: "The order line's unit cost." }),
    priceVariance: t.expose('priceVariance', { type: 'Decimal', nullable: true, description: 'unit_price − ordered_unit_price.' }),
  }),
});

export const BillPaymentRef = builder.prismaObject('BillPayment', {
  description: 'A payment recorded against a bill.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    billId: t.exposeInt('billId'),
    amount: t.expose('amount', { type: 'Decimal', description: "In the bill's currency." }),
    paidAt: t.string({ description: 'YYYY-MM-DD', resolve: (payment) => formatDateOnly(payment.paidAt)!, extensions: jsonSql(dateOnlyColumn('paidAt')) }),
    method: t.exposeString('method', { nullable: true }),
    reference: t.exposeString('reference', { nullable: true }),
    bill: t.relation('bill'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const LineShareRef = builder.objectRef<{ lineId: number; share: Decimal }>('BillAllocationLineShare').implement({
  fields: (t) => ({
    lineId: t.exposeInt('lineId', { description: 'The receiving report line.', extensions: jsonSql({ value: shareLineIdSql }) }),
    share: t.field({ type: 'Decimal', description: 'In the base currency.', resolve: (s) => s.share, extensions: jsonSql({ value: (share) => decimalSql(shareAmountSql(share)) }) }),
  }),
});

export const BillAllocationRef = builder.prismaObject('BillAllocation', {
  description: 'Part of a bill made landed cost of a receipt.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    billId: t.exposeInt('billId'),
    receivingReportId: t.exposeInt('receivingReportId'),
    amount: t.expose('amount', { type: 'Decimal', description: "In the bill's currency." }),
    amountBase: t.expose('amountBase', { type: 'Decimal', description: "In the base currency, at the bill's exchange rate." }),
    allocation: t.exposeString('allocation', { description: 'value, quantity or weight: how it was spread over the receipt lines.' }),
    issuedAmountBase: t.expose('issuedAmountBase', {
      type: 'Decimal',
      description: 'The part of amount_base that went to stock already issued (as cost adjustments); the rest raised the open stock.',
    }),
    lineShares: t.field({
      type: [LineShareRef],
      description: 'The base amount each receipt line took.',
      select: { lineShares: true },
      resolve: (allocation) => (allocation.lineShares as unknown as Array<{ lineId: number; share: string }>).map((s) => ({ lineId: s.lineId, share: new Decimal(s.share) })),
      extensions: jsonSql(storedArrayElements('BillAllocationLineShare', 'lineShares', 'share')),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const BillRef = builder.prismaObject('Bill', {
  description: "A supplier's invoice.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    billNumber: t.exposeString('billNumber', { description: "The supplier's invoice number, unique per supplier." }),
    supplier: t.relation('supplier'),
    purchaseOrderId: t.exposeInt('purchaseOrderId', { nullable: true }),
    status: t.field({ type: BillStatusEnum, resolve: (bill) => bill.status as BillStatus, extensions: jsonSql(plainColumn('status')) }),
    billDate: t.string({ description: 'YYYY-MM-DD', resolve: (bill) => formatDateOnly(bill.billDate)!, extensions: jsonSql(dateOnlyColumn('billDate')) }),
    dueDate: t.string({ description: 'YYYY-MM-DD', resolve: (bill) => formatDateOnly(bill.dueDate)!, extensions: jsonSql(dateOnlyColumn('dueDate')) }),
    currency: t.exposeString('currency'),
    exchangeRate: t.expose('exchangeRate', { type: 'Decimal', description: 'Base currency units per unit of the currency, at the bill date.' }),
    notes: t.exposeString('notes', { nullable: true }),
    lines: t.relation('lines', { query: { orderBy: { position: 'asc' } } }),
    payments: t.relation('payments', { query: { orderBy: { id: 'asc' } } }),
    subtotal: t.expose('subtotal', { type: 'Decimal' }),
    taxTotal: t.expose('taxTotal', { type: 'Decimal' }),
    total: t.expose('total', { type: 'Decimal' }),
    amountPaid: t.expose('amountPaid', { type: 'Decimal', description: 'Payments and applied prepayments.' }),
    amountCredited: t.expose('amountCredited', { type: 'Decimal', description: 'Applied vendor credits.' }),
    balanceDue: t.field({
      type: 'Decimal',
      description: 'total − amount_paid − amount_credited.',
      select: { total: true, amountPaid: true, amountCredited: true },
      resolve: (bill) => balanceDue(bill),
      extensions: jsonSql({ value: (bill) => decimalSql(balanceDueSql(bill)) }),
    }),
    matchStatus: t.field({
      type: MatchStatusEnum,
      description: 'The three-way match against the purchase order.',
      resolve: (bill) => bill.matchStatus as MatchStatus,
      extensions: jsonSql(plainColumn('matchStatus')),
    }),
    varianceAccepted: t.exposeBoolean('varianceAccepted', { description: 'Approved despite a mismatch.' }),
    approvedAt: t.expose('approvedAt', { type: 'DateTime', nullable: true }),
    voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const BillPageRef = pageOf('BillPage', BillRef);

const BillLineInput = builder.inputType('BillLineInput', {
  fields: (t) => ({
    purchaseOrderLineId: t.int({ required: false, description: "A line of the bill's purchase order: the line is matched against it." }),
    productId: t.int({ required: false, description: "Default: the order line's product." }),
    description: t.string({ required: false, description: 'At most 255 characters. A line needs an order line, a product or a description.' }),
    quantity: t.field({ type: 'Decimal', required: true, description: "Greater than 0 (in the order line's unit when tied to one)." }),
    unitPrice: t.field({ type: 'Decimal', required: true, description: "At least 0, in the bill's currency." }),
    taxRate: t.field({ type: 'Decimal', required: false, description: 'Percent, 0 to 100. Default 0.' }),
  }),
});

const billFields = <Creating extends boolean>(t: InputFieldBuilder, creating: Creating) => ({
  supplierId: t.int({ required: creating }),
  billNumber: t.string({ required: creating, description: "The supplier's invoice number; at most 64 characters, unique per supplier." }),
  billDate: t.string({ required: creating, description: 'YYYY-MM-DD' }),
  dueDate: t.string({
    required: false,
    description: "YYYY-MM-DD, not before the bill date. Default: the bill date plus the order's balance_due_days, else the supplier's payment_terms_days, else the bill date.",
  }),
  currency: t.string({ required: false, description: "ISO 4217. A bill of an order is in the order's currency; otherwise default the supplier's, else the base currency." }),
  purchaseOrderId: t.int({ required: false, description: "A submitted order of the supplier: the bill's lines can then name its lines." }),
  notes: t.string({ required: false }),
  lines: t.field({ type: [BillLineInput], required: creating, description: creating ? 'At least one line.' : 'Replaces the lines.' }),
});

export const BillCreateInput = builder.inputType('BillCreateInput', { fields: (t) => billFields(t, true) });
export const BillUpdateInput = builder.inputType('BillUpdateInput', {
  description: 'Every field is optional; only the fields given change. Only a draft can be changed.',
  fields: (t) => billFields(t, false),
});

export const BillApproveInput = builder.inputType('BillApproveInput', {
  fields: (t) => ({ acceptVariance: t.boolean({ required: false, description: 'Approve a bill that does not match its order. Default false.' }) }),
});

export const BillPaymentInput = builder.inputType('BillPaymentInput', {
  fields: (t) => ({
    amount: t.field({ type: 'Decimal', required: true, description: "Greater than 0, at most the balance due, in the bill's currency." }),
    paidAt: t.string({ required: true, description: 'YYYY-MM-DD' }),
    method: t.string({ required: false, description: 'For example bank_transfer or check; at most 32 characters.' }),
    reference: t.string({ required: false, description: 'At most 255 characters.' }),
  }),
});

export const BillAllocationInput = builder.inputType('BillAllocationInput', {
  fields: (t) => ({
    receivingReportId: t.int({ required: true, description: 'A posted receiving report.' }),
    amount: t.field({ type: 'Decimal', required: true, description: "Greater than 0, in the bill's currency; all allocations of a bill come to at most its total." }),
    allocation: t.field({ type: LandedCostAllocationEnum, required: true, description: 'How it is spread over the receipt lines: by value, quantity or weight.' }),
  }),
});
