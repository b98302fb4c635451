// What create and update of a product accept: the scalar columns of the Product table (minus what the
// service computes) and the relations by id. Field names are the GraphQL input's (camelCase); error keys
// use them too (`kitItems.0.productId`).
import type { Decimal } from '../shared/decimal.js';
import type { WeightEntryInput, WeightGroup } from './weights.js';

export const PRODUCT_TYPES = ['PRODUCT', 'KIT'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const LOT_DEDUCTION_STRATEGIES = ['FIFO', 'FEFO', 'LIFO'] as const;
export type LotDeductionStrategy = (typeof LOT_DEDUCTION_STRATEGIES)[number];

/** Text columns and their length limits (description and image_url are unbounded text; 65535 keeps requests sane). */
export const PRODUCT_TEXT_FIELDS = {
  name: 255,
  description: 65535,
  sku: 255,
  upc: 64,
  hsCode: 32,
  imageUrl: 65535,
  defaultSupplyMethod: 32,
} as const;
export type ProductTextField = keyof typeof PRODUCT_TEXT_FIELDS;

export const PRODUCT_PRICE_FIELDS = ['retailPrice', 'wholesalePrice', 'unitCost', 'landedCost', 'manufacturingFee'] as const;

/** Dimensions in inches: product, box, carton, shipping and pallet, each length × width × height. */
export const PRODUCT_DIMENSION_FIELDS = (['product', 'box', 'carton', 'shipping', 'pallet'] as const).flatMap(
  (group) => (['Length', 'Width', 'Height'] as const).map((side) => `${group}${side}` as const),
);

export const PRODUCT_FLAG_FIELDS = ['sellable', 'discontinued', 'isDropShipItem', 'taxable', 'lotTracking', 'roundUpAsComponent'] as const;

/** Optional references to one record each, and the model that must hold the id. */
export const PRODUCT_REFERENCE_FIELDS = {
  supplierId: 'supplier',
  priorityListId: 'priorityList',
  distributionTemplateId: 'distributionTemplate',
  distributionTemplateCategoryId: 'distributionTemplateCategory',
  defaultUomId: 'unitOfMeasure',
} as const;

export type PriceField = (typeof PRODUCT_PRICE_FIELDS)[number];
export type DimensionField = (typeof PRODUCT_DIMENSION_FIELDS)[number];
export type FlagField = (typeof PRODUCT_FLAG_FIELDS)[number];
export type ReferenceField = keyof typeof PRODUCT_REFERENCE_FIELDS;

export interface AlternateSkuInput {
  sku: string;
}

export interface KitItemInput {
  productId: number;
  quantity: Decimal;
  uomId?: number | null;
  price?: Decimal | null;
}

export interface SubstitutionInput {
  productId: number;
  /** 1 is tried first; defaults to the entry's position in the array (1-based). */
  priority?: number | null;
}

export interface AttachmentInput {
  name: string;
  type?: string | null;
  size?: number | null;
  fullUrl?: string | null;
  thumbUrl?: string | null;
}

export interface VariantAttributeInput {
  variantName: string;
  variantTerms?: string[] | null;
}

/**
 * Every field optional: create requires name and sku, update changes only what is given. Arrays given
 * replace the stored ones (null counts as empty); arrays left out stay as they are.
 */
export type ProductInput = Partial<Record<ProductTextField, string | null>> &
  Partial<Record<PriceField | DimensionField, Decimal | null>> &
  Partial<Record<FlagField, boolean | null>> &
  Partial<Record<ReferenceField, number | null>> &
  Partial<Record<WeightGroup, WeightEntryInput[] | null>> & {
    type?: ProductType | null;
    lotDeductionStrategy?: LotDeductionStrategy | null;
    categoryId?: number | null;
    subcategoryId?: number | null;
    parentProductId?: number | null;
    tagIds?: number[] | null;
    bomIds?: number[] | null;
    alternateSkus?: AlternateSkuInput[] | null;
    kitItems?: KitItemInput[] | null;
    substitutions?: SubstitutionInput[] | null;
    attachments?: AttachmentInput[] | null;
    variantAttributes?: VariantAttributeInput[] | null;
    customFields?: Record<string, unknown> | null;
  };
