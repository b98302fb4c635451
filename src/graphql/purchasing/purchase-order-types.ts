// GraphQL object and input types of purchase orders. Relations go through the Prisma plugin, so a page of
// orders loads its lines, products and units in a fixed number of queries.
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { Decimal } from '../../domain/shared/decimal.js';
import {
  BALANCE_DUE_FROM,
  PURCHASE_ORDER_STATUSES,
  openQuantity,
  openQuantitySql,
  orderDealsSql,
  storedDepositPercentSql,
  storedPaymentTermsSql,
  supplierResponseView,
  supplierResponseViewSql,
} from '../../domain/purchasing/index.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { dateOnlyColumn, plainColumn } from '../../domain/shared/selection-json-sql.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

export const PurchaseOrderStatusEnum = builder.enumType('PurchaseOrderStatus', { values: PURCHASE_ORDER_STATUSES });
const BalanceDueFromEnum = builder.enumType('BalanceDueFrom', { values: BALANCE_DUE_FROM });

interface StoredTerms {
  depositPercent: string;
  depositDueDays: number;
  balanceDueDays: number;
  balanceDueFrom: (typeof BALANCE_DUE_FROM)[number];
}

const PaymentTermsRef = builder.objectRef<StoredTerms>('PaymentTerms').implement({
  fields: (t) => ({
    depositPercent: t.field({
      type: 'Decimal',
      resolve: (terms) => new Decimal(terms.depositPercent),
      extensions: jsonSql({ value: (terms) => decimalSql(storedDepositPercentSql(terms)) }),
    }),
    depositDueDays: t.exposeInt('depositDueDays'),
    balanceDueDays: t.exposeInt('balanceDueDays'),
    balanceDueFrom: t.field({ type: BalanceDueFromEnum, resolve: (terms) => terms.balanceDueFrom, extensions: jsonSql(plainColumn('balanceDueFrom')) }),
  }),
});

const dateOnly = (description = 'YYYY-MM-DD') => ({ nullable: true, description }) as const;

export const PurchaseOrderLineRef = builder.prismaObject('PurchaseOrderLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    product: t.relation('product'),
    supplierSkuId: t.exposeInt('supplierSkuId', { nullable: true }),
    quantity: t.expose('quantity', { type: 'Decimal', description: 'As entered, in `uom`.' }),
    uom: t.relation('uom', { nullable: true, description: "The unit the quantity is in; null: the product's own unit." }),
    baseQuantity: t.expose('baseQuantity', { type: 'Decimal', description: "The quantity in the product's own unit." }),
    quantityReceived: t.expose('quantityReceived', { type: 'Decimal' }),
    quantityOpen: t.field({
      type: 'Decimal',
      description: 'Ordered and not yet received; 0 once the order is closed or cancelled.',
      select: { quantity: true, quantityReceived: true, purchaseOrder: { select: { status: true } } },
      resolve: (line) => openQuantity(line, line.purchaseOrder.status),
      extensions: jsonSql({ value: (line) => decimalSql(openQuantitySql(line)) }),
    }),
    unitCost: t.expose('unitCost', { type: 'Decimal', description: "Per entered unit, in the order's currency." }),
    taxRate: t.expose('taxRate', { type: 'Decimal', description: 'Percent.' }),
    lineTotal: t.expose('lineTotal', { type: 'Decimal', description: "quantity × unit cost, rounded to the currency's minor units." }),
    taxAmount: t.expose('taxAmount', { type: 'Decimal' }),
    expectedDate: t.string({ ...dateOnly(), resolve: (line) => formatDateOnly(line.expectedDate), extensions: jsonSql(dateOnlyColumn('expectedDate')) }),
  }),
});

const PurchaseOrderCostRef = builder.prismaObject('PurchaseOrderCost', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    amount: t.expose('amount', { type: 'Decimal' }),
  }),
});

const DealSummaryRef = builder.objectRef<{ id: number; name: string }>('DealSummary').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

export const PurchaseOrderRef = builder.prismaObject('PurchaseOrder', {
  description: 'An order to a supplier, delivered to one warehouse.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    poNumber: t.exposeString('poNumber'),
    status: t.field({
      type: PurchaseOrderStatusEnum,
      resolve: (order) => order.status as (typeof PURCHASE_ORDER_STATUSES)[number],
      extensions: jsonSql(plainColumn('status')),
    }),
    syncStatus: t.exposeString('syncStatus', { description: 'not_synced, synced or failed: the push to an externally managed warehouse.' }),
    lastSyncedAt: t.expose('lastSyncedAt', { type: 'DateTime', nullable: true }),
    externalShipmentId: t.exposeString('externalShipmentId', { nullable: true }),
    supplier: t.relation('supplier'),
    warehouse: t.relation('warehouse'),
    currency: t.exposeString('currency'),
    exchangeRate: t.expose('exchangeRate', { type: 'Decimal', description: 'Base currency units per unit of the currency, at the order date.' }),
    orderDate: t.string({ resolve: (order) => formatDateOnly(order.orderDate)!, extensions: jsonSql(dateOnlyColumn('orderDate')) }),
    expectedDate: t.string({ ...dateOnly(), resolve: (order) => formatDateOnly(order.expectedDate), extensions: jsonSql(dateOnlyColumn('expectedDate')) }),
    reference: t.exposeString('reference', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    lines: t.relation('lines', { query: { orderBy: { position: 'asc' } } }),
    additionalCosts: t.relation('additionalCosts', { query: { orderBy: { position: 'asc' } } }),
    subtotal: t.expose('subtotal', { type: 'Decimal' }),
    taxTotal: t.expose('taxTotal', { type: 'Decimal' }),
    additionalCostsTotal: t.expose('additionalCostsTotal', { type: 'Decimal' }),
    total: t.expose('total', { type: 'Decimal' }),
    totalBase: t.expose('totalBase', { type: 'Decimal', description: 'The total in the base currency at the exchange rate.' }),
    deals: t.field({
      type: [DealSummaryRef],
      description: 'The deals this order is linked to.',
      select: { dealPurchaseOrders: { select: { deal: { select: { id: true, name: true } } }, orderBy: { dealId: 'asc' } } },
      resolve: (order) => order.dealPurchaseOrders.map((link) => link.deal),
      extensions: jsonSql({ type: 'DealSummary', many: orderDealsSql }),
    }),
    supplierResponse: t.field({
      type: 'JSON',
      nullable: true,
      select: { supplierResponse: true },
      resolve: (order) => supplierResponseView(order.supplierResponse),
      extensions: jsonSql({ value: (order) => supplierResponseViewSql(`${order}."supplierResponse"`) }),
      description: 'The answer through the supplier portal: {status (accepted, rejected, changes_proposed), responded_at, note, lines: [{line_id, quantity, unit_cost, expected_date}], applied_at?}.',
    }),
    paymentTerms: t.field({
      type: PaymentTermsRef,
      nullable: true,
      resolve: (order) => order.paymentTerms as unknown as StoredTerms | null,
      extensions: jsonSql({ type: 'PaymentTerms', one: storedPaymentTermsSql }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true }),
    closedAt: t.expose('closedAt', { type: 'DateTime', nullable: true }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
  }),
});

export const PurchaseOrderPageRef = pageOf('PurchaseOrderPage', PurchaseOrderRef);

const PurchaseOrderLineInput = builder.inputType('PurchaseOrderLineInput', {
  fields: (t) => ({
    productId: t.int({ required: false, description: 'The product; or give sku.' }),
    sku: t.string({ required: false, description: 'A product SKU or alternate SKU.' }),
    supplierSkuId: t.int({ required: false, description: "The supplier's SKU of the product (default: the supplier's SKU of the product, if any)." }),
    quantity: t.field({ type: 'Decimal', required: true, description: 'Greater than 0, in uom.' }),
    uomId: t.int({ required: false, description: "A unit of the product's unit class; default the product's own unit." }),
    unitCost: t.field({ type: 'Decimal', required: false, description: "Per entered unit, in the order's currency. Default: the PURCHASE_ORDER cost rule's unit cost (with the company's cost_rules feature), else the supplier SKU's cost, else the product's unit cost, these two converted into the order's currency." }),
    taxRate: t.field({ type: 'Decimal', required: false, description: 'Percent, 0 to 100. Default 0.' }),
    expectedDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
  }),
});

const AdditionalCostInput = builder.inputType('PurchaseOrderCostInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    amount: t.field({ type: 'Decimal', required: true, description: "In the order's currency, at most its minor units." }),
  }),
});

const PaymentTermsInput = builder.inputType('PaymentTermsInput', {
  fields: (t) => ({
    depositPercent: t.field({ type: 'Decimal', required: false, description: '0 to 100; default 0.' }),
    depositDueDays: t.int({ required: false, description: 'Days after the order date; default 0.' }),
    balanceDueDays: t.int({ required: false, description: 'Days after balanceDueFrom; default 0.' }),
    balanceDueFrom: t.field({ type: BalanceDueFromEnum, required: false, description: 'order (default) or receipt (the first one).' }),
  }),
});

const orderFields = <Creating extends boolean>(t: InputFieldBuilder, creating: Creating) => ({
  supplierId: t.int({ required: creating }),
  warehouseId: t.int({ required: creating, description: 'The delivery warehouse (a top-level location).' }),
  currency: t.string({ required: false, description: "ISO 4217; default the supplier's currency, else the base currency." }),
  orderDate: t.string({ required: false, description: 'YYYY-MM-DD; default today (UTC).' }),
  expectedDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
  reference: t.string({ required: false }),
  notes: t.string({ required: false }),
  paymentTerms: t.field({ type: PaymentTermsInput, required: false }),
  lines: t.field({ type: [PurchaseOrderLineInput], required: creating, description: creating ? 'At least one line.' : 'Replaces the lines.' }),
  additionalCosts: t.field({ type: [AdditionalCostInput], required: false, description: 'Freight, duty and the like; replaces the stored ones.' }),
});

export const PurchaseOrderCreateInput = builder.inputType('PurchaseOrderCreateInput', { fields: (t) => orderFields(t, true) });
export const PurchaseOrderUpdateInput = builder.inputType('PurchaseOrderUpdateInput', {
  description: 'Every field is optional; only the fields given change. Only a draft can be changed.',
  fields: (t) => orderFields(t, false),
});
