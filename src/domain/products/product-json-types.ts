// How the GraphQL types a product page shows are written in SQL (src/domain/shared/selection-json-sql.ts): the
// Product type and every type reachable from it that a page asks for, field by field, with the same values,
// order of lists and filters as the GraphQL types in src/graphql/products/product-types.ts and their
// neighbours. A field left out here (a computed one such as Supplier.contacts) is answered the ordinary way.
// test/graphql/compiled-products.test.ts asks for every field listed here both ways and finds them equal.
import {
  columnsOf as columns,
  dateTimeColumn as dateTime,
  decimalColumn as decimal,
  flatObjectColumn,
  linkedRows,
  oneById,
  plainColumn as column,
  type JsonSqlField,
  type JsonSqlType,
  type JsonSqlTypes,
} from '../shared/selection-json-sql.js';
import { decimalSql } from '../shared/json-sql.js';
import { PRODUCT_DIMENSION_FIELDS, PRODUCT_PRICE_FIELDS } from './product-input.js';
import { WEIGHT_GROUPS } from './weights.js';

const timestamps: JsonSqlType = columns(dateTime, ['createdAt', 'updatedAt']);

/** Rows of `table` whose `parentColumn` is the row's id, in the company, in `order` (of the related alias). */
const childRows = (type: string, table: string, parentColumn: string, order: (related: string) => string, extra = (_related: string) => ''): JsonSqlField => ({
  type,
  many: (row, related) => ({
    from: `"${table}" ${related}`,
    where: `${related}."companyId" = $1::int${extra(related)}`,
    order: order(related),
    owner: `${related}."${parentColumn}"`,
  }),
});


/** A weight group's stored entries, in their order, as Weight rows (columns unit and value). */
const weightEntries = (group: string): JsonSqlField => ({
  type: 'Weight',
  many: (row, related) => ({
    from: `ROWS FROM (jsonb_to_recordset(${row}."${group}") AS (unit text, value numeric)) WITH ORDINALITY AS ${related}(unit, value, n)`,
    where: 'true',
    order: `${related}.n`,
    when: `jsonb_array_length(${row}."${group}") > 0`,
  }),
});

const byId = (related: string) => `${related}.id`;

/**
 * The Product fields the GraphQL type computes with resolvers of its own (product-types.ts declares these as their
 * SQL, so every document that shows a product writes them the same way): the weights' entries, the stored enums,
 * custom fields, and the tags and BOMs through their link tables.
 */
export const PRODUCT_COMPUTED_SQL: JsonSqlType = {
  type: column('type'),
  lotDeductionStrategy: column('lotDeductionStrategy'),
  customFields: flatObjectColumn('customFields'),
  ...Object.fromEntries(WEIGHT_GROUPS.map((group) => [group, weightEntries(group)])),
  tags: linkedRows('Tag', 'ProductTag', 'productId', 'tagId', 'Tag', (related) => `${related}.name`),
  boms: linkedRows('Bom', 'ProductBom', 'productId', 'bomId', 'Bom', (_related, link) => `${link}."bomId"`),
};

const PRODUCT: JsonSqlType = {
  ...columns(column, [
    'id', 'name', 'description', 'sku', 'upc', 'hsCode', 'status', 'imageUrl',
    'sellable', 'discontinued', 'isDropShipItem', 'taxable', 'lotTracking', 'roundUpAsComponent', 'defaultSupplyMethod',
    'categoryId', 'subcategoryId', 'supplierId', 'priorityListId', 'distributionTemplateId', 'distributionTemplateCategoryId',
    'defaultUomId', 'parentProductId',
  ]),
  ...columns(decimal, [...PRODUCT_PRICE_FIELDS, ...PRODUCT_DIMENSION_FIELDS]),
  ...PRODUCT_COMPUTED_SQL,
  ...Object.fromEntries(WEIGHT_GROUPS.flatMap((group) => [[`${group}Oz`, decimal(`${group}Oz`)], [`${group}Lb`, decimal(`${group}Lb`)]])),
  ...timestamps,
  category: oneById('Category', 'ProductCategory', 'categoryId'),
  subcategory: oneById('Category', 'ProductCategory', 'subcategoryId'),
  supplier: oneById('Supplier', 'Supplier', 'supplierId'),
  priorityList: oneById('PriorityList', 'PriorityList', 'priorityListId'),
  distributionTemplate: oneById('DistributionTemplate', 'DistributionTemplate', 'distributionTemplateId'),
  distributionTemplateCategory: oneById('DistributionTemplateCategory', 'DistributionTemplateCategory', 'distributionTemplateCategoryId'),
  defaultUom: oneById('UnitOfMeasure', 'UnitOfMeasure', 'defaultUomId'),
  parentProduct: oneById('Product', 'Product', 'parentProductId'),
  // Deactivated variants are not shown, as Product.variants filters them.
  variants: childRows('Product', 'Product', 'parentProductId', byId, (related) => ` AND ${related}.status = 1`),
  variantAttributes: childRows('VariantAttribute', 'VariantAttribute', 'productId', byId),
  alternateSkus: childRows('ProductAlternateSku', 'ProductAlternateSku', 'productId', byId),
  attachments: childRows('ProductAttachment', 'ProductAttachment', 'productId', byId),
  substitutions: childRows('ProductSubstitution', 'ProductSubstitution', 'productId', (related) => `${related}.priority, ${related}.id`),
  kitItems: childRows('KitItem', 'KitItem', 'kitId', byId),
};

/** Product and the types a product's fields lead to, by GraphQL type name. */
export const PRODUCT_JSON_TYPES: JsonSqlTypes = {
  Product: PRODUCT,
  Weight: { unit: column('unit'), value: decimal('value') },
  Category: { ...columns(column, ['id', 'name', 'parentId']), ...timestamps },
  Supplier: {
    ...columns(column, ['id', 'name', 'email', 'phone', 'currency', 'address', 'city', 'country', 'notes', 'paymentTermsDays', 'defaultLeadTimeDays']),
    overReceiptTolerancePercent: decimal('overReceiptTolerancePercent'),
    ...timestamps,
  },
  PriorityList: { ...columns(column, ['id', 'name', 'description']), ...timestamps },
  DistributionTemplate: { ...columns(column, ['id', 'name', 'source']), ...timestamps },
  DistributionTemplateCategory: { ...columns(column, ['id', 'name']), ...timestamps },
  UnitOfMeasure: { ...columns(column, ['id', 'name', 'description', 'status', 'unitClassId', 'baseUnit']), ...timestamps },
  VariantAttribute: columns(column, ['id', 'variantName', 'variantTerms']),
  ProductAlternateSku: { ...columns(column, ['id', 'sku', 'productId']), ...timestamps },
  ProductAttachment: { ...columns(column, ['id', 'name', 'type', 'size', 'fullUrl', 'thumbUrl']), ...timestamps },
  ProductSubstitution: { ...columns(column, ['id', 'priority']), product: oneById('Product', 'Product', 'substituteId'), ...timestamps },
  KitItem: {
    ...columns(column, ['id', 'kitId', 'productId', 'uomId']),
    ...columns(decimal, ['quantity', 'baseUomQuantity', 'price', 'originalPrice']),
    // kitItemTotal: quantity × price, null without a price (exact in both: numeric and Decimal products).
    total: { value: (row) => decimalSql(`${row}.quantity * ${row}.price`) },
    product: oneById('Product', 'Product', 'productId'),
    unitOfMeasure: oneById('UnitOfMeasure', 'UnitOfMeasure', 'uomId'),
    ...timestamps,
  },
  Tag: { ...columns(column, ['id', 'name', 'description', 'icon', 'color']), ...timestamps },
  Bom: { ...columns(column, ['id', 'name']), ...timestamps },
};
