// Input types of product create and update: the product's own fields plus its relations by id and its
// lists. Create and update share the fields; create requires name and sku.
import { builder, type InputFieldBuilder } from '../builder.js';
import {
  PRODUCT_DIMENSION_FIELDS,
  PRODUCT_FLAG_FIELDS,
  PRODUCT_PRICE_FIELDS,
  WEIGHT_GROUPS,
  WEIGHT_UNITS,
} from '../../domain/products/index.js';
import { LotDeductionStrategyEnum, ProductTypeEnum } from './product-types.js';

export const WeightInput = builder.inputType('WeightInput', {
  fields: (t) => ({
    unit: t.string({ required: true, description: `One of ${WEIGHT_UNITS.join(', ')}.` }),
    value: t.field({ type: 'Decimal', required: true, description: 'At least 0.' }),
  }),
});

export const ProductAlternateSkuInput = builder.inputType('ProductAlternateSkuInput', {
  fields: (t) => ({ sku: t.string({ required: true, description: 'Unique in the company across all SKUs.' }) }),
});

export const KitItemInput = builder.inputType('KitItemInput', {
  fields: (t) => ({
    productId: t.int({ required: true, description: 'An active product of the company; not this kit, nor a kit that contains it.' }),
    quantity: t.field({ type: 'Decimal', required: true, description: 'Greater than 0.' }),
    uomId: t.int({ required: false, description: "The unit of the quantity; default: the component's default unit." }),
    price: t.field({ type: 'Decimal', required: false, description: "Default: the component's retail price." }),
  }),
});

export const ProductSubstitutionInput = builder.inputType('ProductSubstitutionInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    priority: t.int({ required: false, description: 'At least 1; 1 is tried first. Default: the position in the list.' }),
  }),
});

export const ProductAttachmentInput = builder.inputType('ProductAttachmentInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    type: t.string({ required: false }),
    size: t.int({ required: false }),
    fullUrl: t.string({ required: false }),
    thumbUrl: t.string({ required: false }),
  }),
});

export const VariantAttributeInput = builder.inputType('VariantAttributeInput', {
  fields: (t) => ({
    variantName: t.string({ required: true }),
    variantTerms: t.stringList({ required: false }),
  }),
});

const productFields = <Required extends boolean>(t: InputFieldBuilder, required: Required) => {
  const decimals = Object.fromEntries(
    [...PRODUCT_PRICE_FIELDS, ...PRODUCT_DIMENSION_FIELDS].map((field) => [field, t.field({ type: 'Decimal', required: false })]),
  );
  const weights = Object.fromEntries(
    WEIGHT_GROUPS.map((group) => [group, t.field({ type: [WeightInput], required: false, description: 'Replaces the stored entries.' })]),
  );
  const flags = Object.fromEntries(PRODUCT_FLAG_FIELDS.map((field) => [field, t.boolean({ required: false })]));
  return {
    name: t.string({ required, description: 'At most 255 characters.' }),
    sku: t.string({ required, description: 'Unique in the company across products, variants and alternate SKUs.' }),
    description: t.string({ required: false }),
    upc: t.string({ required: false }),
    hsCode: t.string({ required: false }),
    type: t.field({ type: ProductTypeEnum, required: false, description: 'Default PRODUCT.' }),
    imageUrl: t.string({ required: false }),
    ...(decimals as Record<string, ReturnType<typeof t.boolean>>),
    ...(weights as Record<string, ReturnType<typeof t.boolean>>),
    ...(flags as Record<string, ReturnType<typeof t.boolean>>),
    lotDeductionStrategy: t.field({ type: LotDeductionStrategyEnum, required: false }),
    defaultSupplyMethod: t.string({ required: false }),
    categoryId: t.int({ required: false, description: 'A top-level category.' }),
    subcategoryId: t.int({ required: false, description: 'A subcategory of the category (which it sets when the product has none).' }),
    supplierId: t.int({ required: false }),
    priorityListId: t.int({ required: false }),
    distributionTemplateId: t.int({ required: false }),
    distributionTemplateCategoryId: t.int({ required: false }),
    defaultUomId: t.int({ required: false }),
    parentProductId: t.int({ required: false, description: 'Makes this product a variant of that one.' }),
    tagIds: t.intList({ required: false, description: 'Replaces the tags.' }),
    bomIds: t.intList({ required: false, description: 'The BOMs that build this product; replaces the stored ones.' }),
    alternateSkus: t.field({ type: [ProductAlternateSkuInput], required: false, description: 'Replaces the alternate SKUs.' }),
    kitItems: t.field({ type: [KitItemInput], required: false, description: 'Only for type KIT; replaces the kit items.' }),
    substitutions: t.field({ type: [ProductSubstitutionInput], required: false, description: 'Replaces the substitutions.' }),
    attachments: t.field({ type: [ProductAttachmentInput], required: false, description: 'Replaces the attachments.' }),
    variantAttributes: t.field({ type: [VariantAttributeInput], required: false, description: 'Replaces the variant attributes.' }),
    customFields: t.field({
      type: 'JSON',
      required: false,
      description: 'Values keyed by custom field key; merged into the stored ones, a null value removes one.',
    }),
  };
};

export const ProductCreateInput = builder.inputType('ProductCreateInput', {
  fields: (t) => productFields(t, true),
});

export const ProductUpdateInput = builder.inputType('ProductUpdateInput', {
  description: 'Every field is optional; only the fields given change. Lists given replace the stored ones.',
  fields: (t) => productFields(t, false),
});
