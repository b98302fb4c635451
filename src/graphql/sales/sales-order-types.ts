// GraphQL object and input types of sales orders. A line's allocated and backordered quantities come from its
// allocations (loaded with the line) and, for a kit, its components: see src/domain/sales/demand.ts.
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { Decimal, ZERO } from '../../domain/shared/decimal.js';
import type { Address } from '../../domain/sales/index.js';
import {
  allocatedInLineUnit,
  allocatedInLineUnitSql,
  allocationsByWarehouseSql,
  backorderedInLineUnit,
  backorderedInLineUnitSql,
  LINE_SHARED_SQL,
  shippedInLineUnitSql,
  LINE_ALLOCATION_SELECT,
  type LineFacts,
  SALES_ORDER_STATUSES,
} from '../../domain/sales/index.js';
import { AddressInput, AddressRef } from './customer-fields.js';
import { embeddedDocument, jsonSql } from '../shared/derived-json-types.js';
import { dateOnlyColumn, plainColumn } from '../../domain/shared/selection-json-sql.js';
import { decimalSql } from '../../domain/shared/json-sql.js';

export const SalesOrderStatusEnum = builder.enumType('SalesOrderStatus', { values: SALES_ORDER_STATUSES });

const WarehouseAllocationRef = builder.objectRef<{ warehouseId: number; quantity: Decimal }>('SalesOrderLineAllocation').implement({
  description: "Stock reserved for the line in one warehouse, in the product's base unit (a kit line: its components, summed).",
  fields: (t) => ({
    warehouseId: t.exposeInt('warehouseId'),
    quantity: t.expose('quantity', { type: 'Decimal' }),
  }),
});

export const SalesOrderLineRef = builder.prismaObject('SalesOrderLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    product: t.relation('product'),
    quantity: t.expose('quantity', { type: 'Decimal', description: 'In the line’s unit (uom).' }),
    uom: t.relation('uom', { nullable: true, description: "The unit the quantity is in; null: the product's own unit." }),
    unitPrice: t.expose('unitPrice', { type: 'Decimal', description: "Per unit of the line, in the order's currency." }),
    priceSource: t.exposeString('priceSource', { description: 'given, customer_price_list, channel_price_list or retail_price' }),
    discountPercent: t.expose('discountPercent', { type: 'Decimal' }),
    taxRate: t.expose('taxRate', { type: 'Decimal', description: 'Percent.' }),
    discountAmount: t.expose('discountAmount', { type: 'Decimal' }),
    lineTotal: t.expose('lineTotal', { type: 'Decimal', description: 'quantity × unit_price − discount, rounded to the currency.' }),
    taxAmount: t.expose('taxAmount', { type: 'Decimal' }),
    quantityAllocated: t.field({
      type: 'Decimal',
      description: 'Reserved, in the line’s unit. A kit: the smallest, over its components, of the reserved quantity divided by the quantity per kit; a fraction of a kit when the components are partly reserved.',
      select: LINE_ALLOCATION_SELECT,
      resolve: (line) => allocatedInLineUnit(line as LineFacts),
      extensions: jsonSql({ value: (line) => decimalSql(allocatedInLineUnitSql(line)), shared: { allocated_base: LINE_SHARED_SQL.allocated_base } }),
    }),
    quantityBackordered: t.field({
      type: 'Decimal',
      description: 'Neither shipped nor reserved while the order is open, in the line’s unit; 0 otherwise.',
      select: LINE_ALLOCATION_SELECT,
      resolve: (line) => backorderedInLineUnit(line as LineFacts),
      extensions: jsonSql({ value: (line) => decimalSql(backorderedInLineUnitSql(line)), shared: LINE_SHARED_SQL }),
    }),
    quantityShipped: t.field({
      type: 'Decimal',
      description: 'In the line’s unit.',
      select: LINE_ALLOCATION_SELECT,
      resolve: (line) => line.baseQuantityShipped.mul(line.quantity).div(line.baseQuantity).toDecimalPlaces(10),
      extensions: jsonSql({ value: (line) => decimalSql(shippedInLineUnitSql(line)) }),
    }),
    allocations: t.field({
      type: [WarehouseAllocationRef],
      // The same selection as the quantities above, so one query loads it for every line.
      select: LINE_ALLOCATION_SELECT,
      resolve: (line) => {
        const sums = new Map<number, Decimal>();
        for (const a of line.allocations) sums.set(a.warehouseId, (sums.get(a.warehouseId) ?? ZERO).plus(a.quantity));
        return [...sums].map(([warehouseId, quantity]) => ({ warehouseId, quantity }));
      },
      extensions: jsonSql({ type: 'SalesOrderLineAllocation', many: allocationsByWarehouseSql }),
    }),
  }),
});

export const SalesOrderRef = builder.prismaObject('SalesOrder', {
  description: 'An order of a customer through a sales channel: confirmed, it reserves stock; what cannot be reserved is backordered.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    orderNumber: t.exposeString('orderNumber', { description: "The channel's own number, unique per channel (SO-000001 from the service when none is given)." }),
    externalOrderId: t.exposeString('externalOrderId', { nullable: true, description: 'The order id in the channel’s system (order intake).' }),
    status: t.field({ type: SalesOrderStatusEnum, resolve: (order) => order.status as (typeof SALES_ORDER_STATUSES)[number], extensions: jsonSql(plainColumn('status')) }),
    channel: t.relation('channel'),
    company: t.relation('customerCompany', { nullable: true }),
    orderDate: t.string({ description: 'YYYY-MM-DD', resolve: (order) => formatDateOnly(order.orderDate)!, extensions: jsonSql(dateOnlyColumn('orderDate')) }),
    currency: t.exposeString('currency'),
    shipTo: t.field({ type: AddressRef, nullable: true, resolve: (order) => order.shipTo as Address | null, extensions: jsonSql(embeddedDocument('shipTo')) }),
    requestedShipDate: t.string({
      nullable: true,
      description: 'YYYY-MM-DD',
      resolve: (order) => formatDateOnly(order.requestedShipDate),
      extensions: jsonSql(dateOnlyColumn('requestedShipDate')),
    }),
    shippingMethod: t.exposeString('shippingMethod', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    lines: t.relation('lines', { query: { orderBy: { position: 'asc' } } }),
    subtotal: t.expose('subtotal', { type: 'Decimal', description: 'Σ quantity × unit_price, before discounts.' }),
    discountTotal: t.expose('discountTotal', { type: 'Decimal' }),
    taxTotal: t.expose('taxTotal', { type: 'Decimal' }),
    total: t.expose('total', { type: 'Decimal', description: 'subtotal − discount_total + tax_total.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    closedAt: t.expose('closedAt', { type: 'DateTime', nullable: true }),
  }),
});

export const SalesOrderPageRef = pageOf('SalesOrderPage', SalesOrderRef);

export const SalesOrderLineInput = builder.inputType('SalesOrderLineInput', {
  fields: (t) => ({
    productId: t.int({ required: false, description: 'The product, or give sku.' }),
    sku: t.string({ required: false, description: 'A product SKU or an alternate SKU.' }),
    quantity: t.field({ type: 'Decimal', required: true, description: 'Greater than 0, in uom.' }),
    uomId: t.int({ required: false, description: "A unit of the product's unit class; default the product's own unit." }),
    unitPrice: t.field({ type: 'Decimal', required: false, description: "Per unit of the line; default the customer's list, else the channel's, else the retail price." }),
    discountPercent: t.field({ type: 'Decimal', required: false, description: '0 to 100.' }),
    taxRate: t.field({ type: 'Decimal', required: false, description: 'Percent, 0 to 100.' }),
  }),
});

const orderFields = <Creating extends boolean>(t: InputFieldBuilder, creating: Creating) => ({
  channelId: t.int({ required: creating, description: 'An unlocked channel: its warehouse group supplies the stock.' }),
  companyId: t.int({ required: false, description: 'The customer company; its price list and currency are the defaults.' }),
  orderNumber: t.string({ required: false, description: "The channel's own number, unique per channel; default SO-000001 on." }),
  orderDate: t.string({ required: false, description: 'YYYY-MM-DD; default today.' }),
  currency: t.string({ required: false, description: "ISO 4217; default the customer's, else the base currency." }),
  shipTo: t.field({ type: AddressInput, required: false }),
  requestedShipDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
  shippingMethod: t.string({ required: false, description: 'At most 64 characters.' }),
  notes: t.string({ required: false }),
  lines: t.field({ type: [SalesOrderLineInput], required: creating, description: creating ? 'At least one line.' : 'Replaces the lines.' }),
});

export const SalesOrderCreateInput = builder.inputType('SalesOrderCreateInput', { fields: (t) => orderFields(t, true) });
export const SalesOrderUpdateInput = builder.inputType('SalesOrderUpdateInput', {
  description: 'Every field is optional; only the fields given change. Only a draft can be changed.',
  fields: (t) => orderFields(t, false),
});
