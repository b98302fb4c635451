// GraphQL types of fulfillment orders, shipments and billable lines. Rules in src/domain/fulfillment.
import { currentCompany } from '../../domain/tenancy/index.js';
import { builder } from '../builder.js';
import { currentCompanyNameSql } from '../../domain/tenancy/index.js';
import { pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import type { BillableLine } from '../../domain/fulfillment/index.js';
import {
  FULFILLMENT_ORDER_STATUSES,
  PACKING_ORDER,
  SHIPMENT_STATUSES,
} from '../../domain/fulfillment/index.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { dateOnlyColumn, plainColumn } from '../../domain/shared/selection-json-sql.js';

const FulfillmentOrderStatusEnum = builder.enumType('FulfillmentOrderStatus', { values: FULFILLMENT_ORDER_STATUSES });
const ShipmentStatusEnum = builder.enumType('ShipmentStatus', { values: SHIPMENT_STATUSES });

builder.prismaObject('FulfillmentOrderLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    salesOrderLineId: t.exposeInt('salesOrderLineId'),
    product: t.relation('product', { description: "The product to pick: the line's own, or a component of its kit." }),
    quantity: t.expose('quantity', { type: 'Decimal', description: "Reserved in this warehouse, in the product's base unit." }),
    quantityPicked: t.expose('quantityPicked', { type: 'Decimal' }),
    quantityShipped: t.expose('quantityShipped', { type: 'Decimal' }),
  }),
});

export const FulfillmentOrderRef = builder.prismaObject('FulfillmentOrder', {
  description: 'The part of a confirmed sales order that one warehouse fulfills.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    salesOrderId: t.exposeInt('salesOrderId'),
    warehouse: t.relation('warehouse'),
    status: t.field({ type: FulfillmentOrderStatusEnum, resolve: (fo) => fo.status as (typeof FULFILLMENT_ORDER_STATUSES)[number], extensions: jsonSql(plainColumn('status')) }),
    lines: t.relation('lines', { query: { orderBy: { id: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const FulfillmentOrderPageRef = pageOf('FulfillmentOrderPage', FulfillmentOrderRef);

builder.prismaObject('ShipmentLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    salesOrderLineId: t.exposeInt('salesOrderLineId'),
    product: t.relation('product', { description: "The product that leaves: the line's own, or a component of its kit." }),
    quantity: t.expose('quantity', { type: 'Decimal', description: "In the product's base unit." }),
    location: t.relation('location'),
    lot: t.relation('lot', { nullable: true, description: 'The lot named or picked; null: the deduction strategy picks at shipping.' }),
    unitCost: t.expose('unitCost', { type: 'Decimal', nullable: true, description: 'Base currency per unit: the FIFO cost of goods sold, once shipped.' }),
  }),
});

export const ShipmentRef = builder.prismaObject('Shipment', {
  description: 'Goods of a sales order leaving: a draft, then shipped through the ledger, or void.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    salesOrderId: t.exposeInt('salesOrderId'),
    fulfillmentOrderId: t.exposeInt('fulfillmentOrderId', { nullable: true }),
    status: t.field({ type: ShipmentStatusEnum, resolve: (s) => s.status as (typeof SHIPMENT_STATUSES)[number], extensions: jsonSql(plainColumn('status')) }),
    carrier: t.exposeString('carrier', { nullable: true }),
    service: t.exposeString('service', { nullable: true }),
    shipDate: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (s) => formatDateOnly(s.shipDate), extensions: jsonSql(dateOnlyColumn('shipDate')) }),
    billOfLadingNumber: t.exposeString('billOfLadingNumber', { nullable: true }),
    proNumber: t.exposeString('proNumber', { nullable: true }),
    partnerReferenceNumber: t.exposeString('partnerReferenceNumber', { nullable: true }),
    trailerNumber: t.exposeString('trailerNumber', { nullable: true }),
    carrierAlphaCode: t.exposeString('carrierAlphaCode', { nullable: true }),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true, description: 'Of the label bought (POST /shipments/{id}/labels).' }),
    labelProvider: t.exposeString('labelProvider', { nullable: true }),
    labelCarrier: t.exposeString('labelCarrier', { nullable: true }),
    labelService: t.exposeString('labelService', { nullable: true }),
    labelCost: t.expose('labelCost', { type: 'Decimal', nullable: true, description: 'In label_currency.' }),
    labelCurrency: t.exposeString('labelCurrency', { nullable: true }),
    labelPurchasedAt: t.expose('labelPurchasedAt', { type: 'DateTime', nullable: true }),
    lines: t.relation('lines', { query: { orderBy: { position: 'asc' } } }),
    salesOrder: t.relation('salesOrder'),
    packages: t.relation('packages', {
      description: 'Every package of the shipment at any level (parent_package_id says where it sits), in the order they were packed.',
      query: { orderBy: [...PACKING_ORDER] },
    }),
    companyName: t.string({
      description: 'The company the goods ship from (the tenant).',
      resolve: async (_s, _a, ctx) => (await currentCompany(ctx.db)).name,
      extensions: jsonSql({ value: currentCompanyNameSql }),
    }),
    shippedAt: t.expose('shippedAt', { type: 'DateTime', nullable: true }),
    voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const ShipmentPageRef = pageOf('ShipmentPage', ShipmentRef);

export const BillableLineRef = builder.objectRef<BillableLine>('BillableLine').implement({
  description: 'What a shipment bills: a shipped order line, the shipping charge or a package fee.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'product, shipping or fee' }),
    description: t.exposeString('description'),
    sku: t.exposeString('sku', { nullable: true }),
    quantity: t.expose('quantity', { type: 'Decimal', description: "In the order line's unit (products)." }),
    unitPrice: t.expose('unitPrice', { type: 'Decimal', description: 'After the line discount.' }),
    amount: t.expose('amount', { type: 'Decimal', description: "quantity × unit_price, rounded to the currency's minor units." }),
    currency: t.exposeString('currency'),
    salesOrderLineId: t.exposeInt('salesOrderLineId', { nullable: true }),
  }),
});

export const ShipmentLineInput = builder.inputType('ShipmentLineInput', {
  fields: (t) => ({
    salesOrderLineId: t.int({ required: true }),
    quantity: t.field({ type: 'Decimal', required: true, description: "Greater than 0, in the order line's unit." }),
    locationId: t.int({ required: false, description: "Default: the location of the line's warehouse with the most stock." }),
    lotNumber: t.string({ required: false, description: 'Lot-tracked products: the lot to ship; else the deduction strategy picks.' }),
  }),
});

export const ShipmentCreateInput = builder.inputType('ShipmentCreateInput', {
  fields: (t) => ({
    fulfillmentOrderId: t.int({ required: false, description: 'Ship what the fulfillment order picked (its locations and lots). Or give lines.' }),
    lines: t.field({ type: [ShipmentLineInput], required: false }),
    carrier: t.string({ required: false }),
    service: t.string({ required: false }),
    shipDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
  }),
});
