// GraphQL object types of products and kits and of the lists a product owns. Every relation goes through
// the Prisma plugin (t.relation, or a `select` with nestedSelection through a join table), so a page of
// products loads each relation for the whole page in one query, whatever the page size.
import { builder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { BomRef } from '../boms/bom-types.js';
import { TagRef } from '../suppliers/tag-fields.js';
import {
  LOT_DEDUCTION_STRATEGIES,
  PRODUCT_DIMENSION_FIELDS,
  PRODUCT_PRICE_FIELDS,
  PRODUCT_TYPES,
  type LotDeductionStrategy,
  type ProductType,
  WEIGHT_GROUPS,
  type WeightEntry,
  kitItemTotal,
  kitItemTotalSql,
} from '../../domain/products/index.js';
import { embeddedDocuments, jsonSql } from '../shared/derived-json-types.js';
import { decimalColumn, flatObjectColumn, linkedRows, plainColumn } from '../../domain/shared/selection-json-sql.js';
import { Decimal } from '../../domain/shared/decimal.js';

export const ProductTypeEnum = builder.enumType('ProductType', { values: PRODUCT_TYPES });
export const LotDeductionStrategyEnum = builder.enumType('LotDeductionStrategy', {
  description: 'FIFO by production date, FEFO by expiry date, LIFO newest first.',
  values: LOT_DEDUCTION_STRATEGIES,
});

export const WeightRef = builder.objectRef<WeightEntry>('Weight').implement({
  description: 'One weight entry as given: a value in a unit (g, kg, mg, oz, lb, t).',
  fields: (t) => ({
    unit: t.exposeString('unit'),
    value: t.field({ type: 'Decimal', resolve: (entry) => new Decimal(entry.value), extensions: jsonSql(decimalColumn('value')) }),
  }),
});

export const ProductRef = builder.prismaObject('Product', {
  description: 'A product (type PRODUCT) or a kit (type KIT). A variant is a product with a parent product.',
  fields: (t) => {
    const decimals = Object.fromEntries(
      [...PRODUCT_PRICE_FIELDS, ...PRODUCT_DIMENSION_FIELDS].map((field) => [
        field,
        t.expose(field as 'retailPrice', { type: 'Decimal', nullable: true }),
      ]),
    );
    const weights = Object.fromEntries(
      WEIGHT_GROUPS.flatMap((group) => [
        [group, t.field({ type: [WeightRef], resolve: (product) => product[group] as unknown as WeightEntry[], extensions: jsonSql(embeddedDocuments(group, { value: 'numeric' })) })],
        [`${group}Oz`, t.expose(`${group}Oz` as 'productWeightOz', { type: 'Decimal', nullable: true, description: 'Total in ounces.' })],
        [`${group}Lb`, t.expose(`${group}Lb` as 'productWeightLb', { type: 'Decimal', nullable: true, description: 'Total in pounds.' })],
      ]),
    );
    return {
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      description: t.exposeString('description', { nullable: true }),
      sku: t.exposeString('sku'),
      upc: t.exposeString('upc', { nullable: true }),
      hsCode: t.exposeString('hsCode', { nullable: true }),
      type: t.field({ type: ProductTypeEnum, resolve: (product) => product.type as ProductType, extensions: jsonSql(plainColumn('type')) }),
      status: t.exposeInt('status', { description: '1 active, 0 deactivated (deleted while it had history).' }),
      imageUrl: t.exposeString('imageUrl', { nullable: true }),
      ...(decimals as Record<string, ReturnType<typeof t.exposeInt>>),
      ...(weights as Record<string, ReturnType<typeof t.exposeInt>>),
      sellable: t.exposeBoolean('sellable'),
      discontinued: t.exposeBoolean('discontinued'),
      isDropShipItem: t.exposeBoolean('isDropShipItem'),
      taxable: t.exposeBoolean('taxable'),
      lotTracking: t.exposeBoolean('lotTracking'),
      roundUpAsComponent: t.exposeBoolean('roundUpAsComponent'),
      lotDeductionStrategy: t.field({
        type: LotDeductionStrategyEnum,
        nullable: true,
        description: 'null: the warehouse group setting, else the newest lot.',
        resolve: (product) => product.lotDeductionStrategy as LotDeductionStrategy | null,
        extensions: jsonSql(plainColumn('lotDeductionStrategy')),
      }),
      defaultSupplyMethod: t.exposeString('defaultSupplyMethod', { nullable: true, description: 'For example purchase.' }),
      customFields: t.expose('customFields', { type: 'JSON', description: 'Values keyed by custom field key, typed by their definitions.', extensions: jsonSql(flatObjectColumn('customFields')) }),
      categoryId: t.exposeInt('categoryId', { nullable: true }),
      category: t.relation('category', { nullable: true }),
      subcategoryId: t.exposeInt('subcategoryId', { nullable: true }),
      subcategory: t.relation('subcategory', { nullable: true }),
      supplierId: t.exposeInt('supplierId', { nullable: true }),
      supplier: t.relation('supplier', { nullable: true }),
      priorityListId: t.exposeInt('priorityListId', { nullable: true }),
      priorityList: t.relation('priorityList', { nullable: true }),
      distributionTemplateId: t.exposeInt('distributionTemplateId', { nullable: true }),
      distributionTemplate: t.relation('distributionTemplate', { nullable: true }),
      distributionTemplateCategoryId: t.exposeInt('distributionTemplateCategoryId', { nullable: true }),
      distributionTemplateCategory: t.relation('distributionTemplateCategory', { nullable: true }),
      defaultUomId: t.exposeInt('defaultUomId', { nullable: true, description: 'The unit its quantities are counted in; null: each.' }),
      defaultUom: t.relation('defaultUom', { nullable: true }),
      parentProductId: t.exposeInt('parentProductId', { nullable: true, description: 'Set on a variant: the product it is a variant of.' }),
      parentProduct: t.relation('parentProduct', { nullable: true }),
      variants: t.relation('variants', { query: { where: { status: 1 }, orderBy: { id: 'asc' } } }),
      variantAttributes: t.relation('variantAttributes', { query: { orderBy: { id: 'asc' } } }),
      alternateSkus: t.relation('alternateSkus', { query: { orderBy: { id: 'asc' } } }),
      attachments: t.relation('attachments', { query: { orderBy: { id: 'asc' } } }),
      substitutions: t.relation('substitutions', {
        description: 'Products that can stand in for this one, tried by ascending priority.',
        query: { orderBy: [{ priority: 'asc' }, { id: 'asc' }] },
      }),
      kitItems: t.relation('kitItems', { description: 'The components of a kit.', query: { orderBy: { id: 'asc' } } }),
      tags: t.field({
        type: [TagRef],
        select: (_args, _ctx, nestedSelection) => ({
          tags: { select: { tag: nestedSelection(true) }, orderBy: { tag: { name: 'asc' } } },
        }),
        resolve: (product) => product.tags.map((link) => link.tag),
        extensions: jsonSql(linkedRows('Tag', 'ProductTag', 'productId', 'tagId', 'Tag', (tag) => `${tag}.name`)),
      }),
      boms: t.field({
        type: [BomRef],
        description: 'The bills of materials that build this product.',
        select: (_args, _ctx, nestedSelection) => ({
          boms: { select: { bom: nestedSelection(true) }, orderBy: { bomId: 'asc' } },
        }),
        resolve: (product) => product.boms.map((link) => link.bom),
        extensions: jsonSql(linkedRows('Bom', 'ProductBom', 'productId', 'bomId', 'Bom', (_bom, link) => `${link}."bomId"`)),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    };
  },
});

export const KitItemRef = builder.prismaObject('KitItem', {
  description: 'A component of a kit.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    kitId: t.exposeInt('kitId'),
    productId: t.exposeInt('productId'),
    product: t.relation('product'),
    uomId: t.exposeInt('uomId', { nullable: true }),
    unitOfMeasure: t.relation('uom', { nullable: true }),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    baseUomQuantity: t.expose('baseUomQuantity', { type: 'Decimal', description: "The quantity in the component's base unit." }),
    price: t.expose('price', { type: 'Decimal', nullable: true }),
    originalPrice: t.expose('originalPrice', { type: 'Decimal', nullable: true, description: "The component's retail price when the item was set." }),
    total: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'quantity × price.',
      resolve: (item) => kitItemTotal(item),
      extensions: jsonSql({ value: kitItemTotalSql }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const ProductSubstitutionRef = builder.prismaObject('ProductSubstitution', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    priority: t.exposeInt('priority', { description: '1 is tried first.' }),
    product: t.relation('substitute', { description: 'The product that can stand in.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const ProductAlternateSkuRef = builder.prismaObject('ProductAlternateSku', {
  description: 'Another SKU the product is known by; unique in the company across all SKUs.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    sku: t.exposeString('sku'),
    productId: t.exposeInt('productId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const ProductAttachmentRef = builder.prismaObject('ProductAttachment', {
  description: 'Metadata of a file attached to a product (the file itself is stored elsewhere).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    type: t.exposeString('type', { nullable: true, description: 'Media type, e.g. image/png.' }),
    size: t.exposeInt('size', { nullable: true, description: 'Bytes.' }),
    fullUrl: t.exposeString('fullUrl', { nullable: true }),
    thumbUrl: t.exposeString('thumbUrl', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const VariantAttributeRef = builder.prismaObject('VariantAttribute', {
  description: 'An attribute the variants of a product differ by (size, colour...) and its terms.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    variantName: t.exposeString('variantName'),
    variantTerms: t.exposeStringList('variantTerms'),
  }),
});

export const ProductPageRef = pageOf('ProductPage', ProductRef);
