// Products and kits (contract: Endpoints › Products, Resources › Product).
//
// The response carries exactly the contract's Product fields. Where the contract leaves a shape open:
// - supplier: the contract says "Product supplier object: fields not shown". We answer {id, name, email,
//   currency}: enough to name and contact the supplier and to read its prices, without pulling its whole
//   record (contacts, supplier SKUs) into every product of a page.
// - boms: BOM objects as {id, name, created_at, updated_at}; GET /boms/{id} has the items and extra costs.
// - variants: the fields the contract lists for a variant, plus its id and name.
// Foreign-key columns (category_id, supplier_id...) are not repeated in the response: the nested objects
// carry the ids. Create and update take them, with the lists (tag_ids, kit_items...), as input.
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment ProductWeights on Product {
    productWeight { unit value } productWeightOz productWeightLb
    dimensionalWeight { unit value } dimensionalWeightOz dimensionalWeightLb
    boxWeight { unit value } boxWeightOz boxWeightLb
    cartonWeight { unit value } cartonWeightOz cartonWeightLb
    shippingWeight { unit value } shippingWeightOz shippingWeightLb
    palletWeight { unit value } palletWeightOz palletWeightLb
  }
  fragment ProductFields on Product {
    id name description sku upc hsCode type imageUrl createdAt updatedAt
    retailPrice wholesalePrice unitCost landedCost manufacturingFee
    productLength productWidth productHeight boxLength boxWidth boxHeight cartonLength cartonWidth cartonHeight
    shippingLength shippingWidth shippingHeight palletLength palletWidth palletHeight
    ...ProductWeights
    sellable discontinued isDropShipItem taxable lotTracking roundUpAsComponent
    lotDeductionStrategy defaultSupplyMethod
    category { id name }
    subcategory { id name }
    customFields
    attachments { id name type size fullUrl thumbUrl }
    variants {
      id name sku upc hsCode roundUpAsComponent retailPrice wholesalePrice customFields createdAt updatedAt
      ...ProductWeights
      attachments { id name type size fullUrl thumbUrl }
      variantAttributes { variantName variantTerms }
    }
    variantAttributes { variantName variantTerms }
    alternateSkus { id sku }
    tags { id name description icon color }
    substitutions { id priority product { id name sku } }
    supplier { id name email currency }
    kitItems {
      id productId uomId quantity baseUomQuantity price originalPrice total
      product { id name sku description retailPrice wholesalePrice }
      unitOfMeasure { id name description baseUnit }
    }
    priorityList { id name description }
    distributionTemplate { id name source }
    distributionTemplateCategory { id name }
    boms { id name createdAt updatedAt }
  }`;

const INPUT_NOTES =
  'Relations are given by id (category_id, subcategory_id, supplier_id, tag_ids, bom_ids, priority_list_id, distribution_template_id, distribution_template_category_id, default_uom_id, parent_product_id for a variant). ' +
  'Weights are arrays of {unit, value} with units g, kg, mg, oz, lb or t; the _oz and _lb totals are computed exactly (1 lb = 16 oz, 1 oz = 28.349523125 g). ' +
  'kit_items ({product_id, quantity, uom_id?, price?}) only for type KIT. custom_fields is an object keyed by custom field key.';

export const productRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/products',
    operationId: 'listProducts',
    tag: 'Products',
    summary: 'List products and kits',
    description:
      'Paginated (page, per_page up to 100). Deleted products are not listed. `sort` takes id, name, sku, type, retail_price, wholesale_price, created_at or updated_at, with a leading - for descending order. ' +
      '`id` filters on the product\'s own id (the contract\'s Integer filter row begins with `{base_url}`, a slip read as `id`).',
    graphql: /* GraphQL */ `
      query ListProducts($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        products(page: $page, perPage: $perPage, sort: $sort, filters: $filters) {
          items { ...ProductFields }
          ${PAGE_META}
        }
      }
      ${PRODUCT_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'products' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/products/{productId}',
    operationId: 'getProduct',
    tag: 'Products',
    summary: 'Get a product or kit',
    graphql: /* GraphQL */ `
      query GetProduct($id: Int!) { product(id: $id) { ...ProductFields } }
      ${PRODUCT_FIELDS}`,
    pathParams: { productId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/products',
    operationId: 'createProduct',
    tag: 'Products',
    summary: 'Create a product or kit',
    description: `name and sku are required; the sku is unique in the company across products, variants and alternate SKUs. ${INPUT_NOTES}`,
    graphql: /* GraphQL */ `
      mutation CreateProduct($input: ProductCreateInput!) { createProduct(input: $input) { ...ProductFields } }
      ${PRODUCT_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'PATCH',
    path: '/products/{productId}',
    operationId: 'updateProduct',
    tag: 'Products',
    summary: 'Update a product or kit',
    description: `Every field optional; only the fields given change. Arrays given (tag_ids, bom_ids, alternate_skus, kit_items, substitutions, attachments, variant_attributes, weights) replace the stored ones; custom_fields are merged (a null value removes one). ${INPUT_NOTES}`,
    graphql: /* GraphQL */ `
      mutation UpdateProduct($id: Int!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { ...ProductFields } }
      ${PRODUCT_FIELDS}`,
    pathParams: { productId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/products/{productId}',
    operationId: 'deleteProduct',
    tag: 'Products',
    summary: 'Delete a product or kit',
    description:
      'A product with history (it or one of its variants is a component of a kit, an item of a BOM, has supplier SKUs or price list entries, or appears in stock movements, adjustments, transfer orders, purchase orders, bills, vendor returns or sales orders) is deactivated, with its variants, instead of erased: it disappears from this API but the records naming it keep it. Answers with the product as it was.',
    graphql: /* GraphQL */ `
      mutation DeleteProduct($id: Int!) { deleteProduct(id: $id) { ...ProductFields } }
      ${PRODUCT_FIELDS}`,
    pathParams: { productId: 'id' },
    envelope: 'data',
  },
];
