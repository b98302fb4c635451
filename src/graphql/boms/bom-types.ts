// GraphQL types of bills of materials. The component product and the unit of an item are shown through
// small variants of Product and UnitOfMeasure ({id, name, sku, description} and {id, name}), as the contract
// describes them, so this area does not depend on the full Product and UnitOfMeasure types.
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';

export const BomItemProductRef = builder.prismaObject('Product', {
  variant: 'BomItemProduct',
  description: 'The component product of a BOM item.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    sku: t.exposeString('sku'),
    description: t.exposeString('description', { nullable: true }),
  }),
});

export const BomItemUnitRef = builder.prismaObject('UnitOfMeasure', {
  variant: 'BomItemUnitOfMeasure',
  description: 'The unit of measure the quantity of a BOM item is given in.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
  }),
});

export const BomItemRef = builder.prismaObject('BomItem', {
  description: 'One component of a BOM: a product and the quantity of it that the BOM uses.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    bomId: t.exposeInt('bomId'),
    productId: t.exposeInt('productId'),
    product: t.relation('product', { type: BomItemProductRef }),
    quantity: t.expose('quantity', { type: 'Decimal', description: 'In the item\'s unit of measure.' }),
    baseQuantity: t.expose('baseQuantity', { type: 'Decimal', description: 'The quantity in the product\'s default unit of measure.' }),
    note: t.exposeString('note', { nullable: true }),
    uomId: t.exposeInt('uomId', { nullable: true, description: 'Defaults to the product\'s default unit; null when the product has none.' }),
    unitOfMeasure: t.relation('uom', { type: BomItemUnitRef, nullable: true }),
    order: t.exposeInt('order', { description: 'Position of the item; defaults to its place in the request.' }),
    consumptionBasis: t.exposeString('consumptionBasis', { description: 'planned (default) or actual.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const BomExtraCostRef = builder.prismaObject('BomExtraCost', {
  description: 'A cost of a BOM beyond its components (labour, packaging...).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    unitPrice: t.expose('unitPrice', { type: 'Decimal' }),
    lineTotal: t.expose('lineTotal', { type: 'Decimal', description: 'quantity × unitPrice, calculated by the service.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const BomRef = builder.prismaObject('Bom', {
  description: 'A bill of materials: the components and extra costs that build a product.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    items: t.relation('items', { query: { orderBy: [{ order: 'asc' }, { id: 'asc' }] } }),
    extraCosts: t.relation('extraCosts', { query: { orderBy: { id: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const BomPageRef = pageOf('BomPage', BomRef);

export const BomItemInput = builder.inputType('BomItemInput', {
  description: 'A component, named by productId or by sku (a product\'s SKU or one of its alternate SKUs).',
  fields: (t) => ({
    productId: t.int({ required: false }),
    sku: t.string({ required: false, description: 'Looked up among the products\' SKUs and alternate SKUs.' }),
    quantity: t.field({ type: 'Decimal', required: true, description: 'Greater than 0, at most 6 decimals.' }),
    note: t.string({ required: false }),
    uomId: t.int({ required: false, description: 'Default: the product\'s default unit of measure.' }),
    order: t.int({ required: false, description: 'Default: the item\'s position in the list.' }),
    consumptionBasis: t.string({ required: false, description: 'planned (default) or actual.' }),
  }),
});

export const BomExtraCostInput = builder.inputType('BomExtraCostInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: 'At most 255 characters.' }),
    quantity: t.field({ type: 'Decimal', required: true }),
    unitPrice: t.field({ type: 'Decimal', required: true }),
    lineTotal: t.field({
      type: 'Decimal',
      required: false,
      description: 'Refused: the service calculates the line total. Listed only so that sending it gets a clear error.',
    }),
  }),
});

const bomFields = <Required extends boolean>(t: InputFieldBuilder, required: Required) => ({
  name: t.string({ required, description: 'Unique in the company, at most 255 characters.' }),
  items: t.field({
    type: [BomItemInput],
    required,
    description: required ? 'At least one item.' : 'At least one item; when given, replaces every stored item.',
  }),
  extraCosts: t.field({
    type: [BomExtraCostInput],
    required: false,
    description: required ? 'Costs beyond the components.' : 'When given, replaces every stored extra cost ([] removes them all).',
  }),
});

export const BomCreateInput = builder.inputType('BomCreateInput', { fields: (t) => bomFields(t, true) });

export const BomUpdateInput = builder.inputType('BomUpdateInput', {
  description: 'Every field is optional; items and extraCosts, when given, replace the stored arrays.',
  fields: (t) => bomFields(t, false),
});
