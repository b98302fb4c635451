// GraphQL types of shipment packages (nested) and their items. Rules in src/domain/fulfillment/packages.ts.
import { builder } from '../builder.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { dateOnlyColumn } from '../../domain/shared/selection-json-sql.js';
import { PACKING_ORDER } from '../../domain/fulfillment/index.js';
import type { PackageInput as PackageInputShape, PackageItemInput as PackageItemInputShape } from '../../domain/fulfillment/index.js';

builder.prismaObject('PackageItem', {
  description: 'Goods of one sales order line in a package, with their lot, serial and expiration data.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    orderItemId: t.exposeInt('salesOrderLineId', { description: 'The sales order line.' }),
    lineItemKey: t.exposeString('lineItemKey', { nullable: true }),
    sku: t.exposeString('sku', { nullable: true }),
    internalSku: t.exposeString('internalSku', { nullable: true }),
    upc: t.exposeString('upc', { nullable: true }),
    quantity: t.expose('quantity', { type: 'Decimal', description: "In the order line's unit." }),
    description: t.exposeString('description', { nullable: true }),
    lotNumber: t.exposeString('lotNumber', { nullable: true }),
    serialNumber: t.exposeString('serialNumber', { nullable: true }),
    expirationDate: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (i) => formatDateOnly(i.expirationDate), extensions: jsonSql(dateOnlyColumn('expirationDate')) }),
    weightLb: t.expose('weightLb', { type: 'Decimal', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('ShipmentPackage', {
  description: 'A package of a shipment; packages nest (a pallet of cartons).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    sscc: t.exposeString('sscc', {
      description: 'GS1 SSCC, always 18 digits as a string: an 18-digit JSON number would lose precision in JavaScript and JSON parsers.',
    }),
    tracking: t.exposeString('tracking', { nullable: true }),
    packageQuantity: t.exposeInt('packageQuantity'),
    packageType: t.exposeString('packageType', { nullable: true }),
    packingType: t.exposeString('packingType', { nullable: true }),
    lengthIn: t.expose('lengthIn', { type: 'Decimal', nullable: true }),
    widthIn: t.expose('widthIn', { type: 'Decimal', nullable: true }),
    heightIn: t.expose('heightIn', { type: 'Decimal', nullable: true }),
    weightLb: t.expose('weightLb', { type: 'Decimal', nullable: true }),
    parentPackageId: t.exposeInt('parentPackageId', { nullable: true }),
    shipmentId: t.exposeInt('shipmentId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    items: t.relation('items', { query: { orderBy: { id: 'asc' } } }),
    childPackages: t.relation('childPackages', {
      query: { orderBy: [...PACKING_ORDER] },
    }),
  }),
});

export const PackageItemInput = builder.inputRef<PackageItemInputShape>('PackageItemInput').implement({
  fields: (t) => ({
    orderItemId: t.int({ required: true, description: 'A line of the sales order.' }),
    lineItemKey: t.string({ required: false }),
    sku: t.string({ required: false, description: "Default: the line's product SKU." }),
    internalSku: t.string({ required: false, description: "Default: the line's product SKU." }),
    upc: t.string({ required: false, description: "Default: the line's product UPC." }),
    quantity: t.field({ type: 'Decimal', required: true, description: "Greater than 0, in the order line's unit." }),
    description: t.string({ required: false, description: "Default: the line's product name." }),
    lotNumber: t.string({ required: false }),
    serialNumber: t.string({ required: false }),
    expirationDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
    weightLb: t.field({ type: 'Decimal', required: false }),
  }),
});

export const PackageInput = builder.inputRef<PackageInputShape>('PackageInput');
PackageInput.implement({
  description: 'A package; child_packages have the same shape and nest (at most 8 levels in all).',
  fields: (t) => ({
    sscc: t.field({
      type: 'JSON',
      required: false,
      description:
        '18 digits with a valid GS1 check digit, unique in the company: a digit string (preferred) or a JSON number (read as an integer padded to 18 digits; past 2^53 a JSON number is rounded and fails its check digit). Absent: assigned from the company gs1_company_prefix.',
      // JSON takes a string or a number (the domain checks it); its `unknown` is narrowed to the shape's non-null value.
      // The OpenAPI document says what JSON alone cannot (src/rest/openapi.ts reads `openApi`).
      extensions: { openApi: { oneOf: [{ type: 'string', pattern: '^\\d{18}$' }, { type: 'integer', minimum: 0 }] } },
    }) as never,
    tracking: t.string({ required: false }),
    packageQuantity: t.int({ required: false, description: 'At least 1; default 1.' }),
    packageType: t.string({ required: false }),
    packingType: t.string({ required: false }),
    lengthIn: t.field({ type: 'Decimal', required: false }),
    widthIn: t.field({ type: 'Decimal', required: false }),
    heightIn: t.field({ type: 'Decimal', required: false }),
    weightLb: t.field({ type: 'Decimal', required: false }),
    containedItems: t.field({ type: [PackageItemInput], required: false }),
    childPackages: t.field({ type: [PackageInput], required: false, description: 'Packages inside this one, of the same shape.' }),
  }),
});

export const ShipmentPackagesInput = builder.inputType('ShipmentPackagesInput', {
  fields: (t) => ({
    packages: t.field({ type: [PackageInput], required: true, description: 'At least one.' }),
    billOfLadingNumber: t.string({ required: false, description: 'Saved on the shipment (at most 64 characters).' }),
    proNumber: t.string({ required: false, description: "The carrier's progressive rotating order number, saved on the shipment." }),
    partnerReferenceNumber: t.string({ required: false, description: 'Saved on the shipment.' }),
    trailerNumber: t.string({ required: false, description: 'Saved on the shipment.' }),
    carrierAlphaCode: t.string({ required: false, description: 'SCAC, at most 10 characters; saved on the shipment.' }),
  }),
});
