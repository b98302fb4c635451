// GraphQL types of picklists and their items. Rules in src/domain/fulfillment/picklist*.ts.
import { builder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { PICKLIST_STATUSES, picklists } from '../../domain/fulfillment/index.js';
import { UnitOfMeasureRef } from '../units/unit-types.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { plainColumn } from '../../domain/shared/selection-json-sql.js';
import { dateOnlySql } from '../../domain/shared/json-sql.js';

const PicklistStatusEnum = builder.enumType('PicklistStatus', { values: PICKLIST_STATUSES });

export const PicklistItemRef = builder.prismaObject('PicklistItem', {
  description: 'One product to pick at one location (and lot).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    picklistId: t.exposeInt('picklistId'),
    locationId: t.exposeInt('locationId', { nullable: true, description: 'The location to pick from.' }),
    rfqId: t.exposeInt('productId', { nullable: true, description: 'The product being picked.' }),
    product: t.relation('product'),
    quantity: t.expose('quantity', { type: 'Decimal', description: "To pick, in the product's base unit." }),
    availableQuantity: t.expose('availableQuantity', { type: 'Decimal', nullable: true, description: 'What the location (and lot) held when the picklist was made.' }),
    pickedQuantity: t.expose('pickedQuantity', { type: 'Decimal', nullable: true }),
    lotId: t.exposeInt('lotId', { nullable: true }),
    lotNumber: t.string({
      nullable: true,
      select: { lot: { select: { lotNumber: true } } },
      resolve: (item) => item.lot?.lotNumber ?? null,
      extensions: jsonSql({ value: (item) => picklists.itemLotSql(item, 'lotNumber') }),
    }),
    productionDate: t.string({
      nullable: true,
      description: 'YYYY-MM-DD',
      select: { lot: { select: { productionDate: true } } },
      resolve: (item) => formatDateOnly(item.lot?.productionDate),
      extensions: jsonSql({ value: (item) => dateOnlySql(picklists.itemLotSql(item, 'productionDate')) }),
    }),
    expiryDate: t.string({
      nullable: true,
      description: 'YYYY-MM-DD',
      select: { lot: { select: { expiryDate: true } } },
      resolve: (item) => formatDateOnly(item.lot?.expiryDate),
      extensions: jsonSql({ value: (item) => dateOnlySql(picklists.itemLotSql(item, 'expiryDate')) }),
    }),
    lotDeductionStrategy: t.string({
      nullable: true,
      description: "The product's own lot deduction strategy; null: the warehouse group's setting, or the newest lot, applies.",
      select: { product: { select: { lotDeductionStrategy: true } } },
      resolve: (item) => item.product.lotDeductionStrategy ?? null,
      extensions: jsonSql({ value: (item) => picklists.itemProductSql(item, 'lotDeductionStrategy') }),
    }),
    uomId: t.int({
      nullable: true,
      description: "The product's unit of measure (its base unit).",
      select: { product: { select: { defaultUomId: true } } },
      resolve: (item) => item.product.defaultUomId ?? null,
      extensions: jsonSql({ value: (item) => picklists.itemProductSql(item, 'defaultUomId') }),
    }),
    uom: t.field({
      type: UnitOfMeasureRef,
      nullable: true,
      select: (_args, _ctx, nestedSelection) => ({ product: { select: { defaultUom: nestedSelection(true) } } }),
      resolve: (item) => item.product.defaultUom ?? null,
      extensions: jsonSql({
        type: 'UnitOfMeasure',
        one: (item, related) => ({ from: `"UnitOfMeasure" ${related}`, where: `${related}."companyId" = $1::int AND ${related}.id = ${picklists.itemProductSql(item, 'defaultUomId')}` }),
      }),
    }),
  }),
});

export const PicklistRef = builder.prismaObject('Picklist', {
  description: 'Items to pick for one or more fulfillment orders of one warehouse, and the picking and packing that follow.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    warehouseId: t.exposeInt('warehouseId'),
    status: t.field({ type: PicklistStatusEnum, resolve: (p) => p.status as (typeof PICKLIST_STATUSES)[number], extensions: jsonSql(plainColumn('status')) }),
    fulfillmentOrderIds: t.field({
      type: ['Int'],
      select: { fulfillmentOrders: { select: { fulfillmentOrderId: true }, orderBy: { fulfillmentOrderId: 'asc' } } },
      resolve: (p) => p.fulfillmentOrders.map((l) => l.fulfillmentOrderId),
      extensions: jsonSql({ value: picklists.fulfillmentOrderIdsSql }),
    }),
    items: t.relation('items', { query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } }),
    pickingStartedAt: t.expose('pickingStartedAt', { type: 'DateTime', nullable: true }),
    pickingEndedAt: t.expose('pickingEndedAt', { type: 'DateTime', nullable: true }),
    packingStartedAt: t.expose('packingStartedAt', { type: 'DateTime', nullable: true }),
    packingEndedAt: t.expose('packingEndedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime', nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', nullable: true }),
  }),
});

export const PicklistPageRef = pageOf('PicklistPage', PicklistRef);

export const PicklistCreateInput = builder.inputType('PicklistCreateInput', {
  fields: (t) => ({
    fulfillmentOrderIds: t.intList({ required: false, description: 'Open fulfillment orders of one warehouse, on no other active picklist.' }),
  }),
});

export const PicklistPickInput = builder.inputType('PicklistPickInput', {
  fields: (t) => ({
    quantity: t.field({ type: 'Decimal', required: false, description: "Greater than 0, in the product's base unit; an item's picks never exceed its quantity." }),
    locationId: t.int({ required: false, description: "Default: the item's location. Another location of the warehouse whose stock covers the quantity." }),
    lotId: t.int({ required: false, description: "Default: the item's lot." }),
  }),
});
