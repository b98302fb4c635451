// The filter table of `GET /products` (contract: Endpoints › Products › GET /products): every filterable
// field, its kind, and the SQL condition on the product row (alias `p`) one filter on it becomes: the page is
// chosen in SQL (products.ts), together with its total and, for a planned selection, its JSON.
import { Prisma } from '../../generated/prisma/client.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { parseFilterParams, type FilterFieldSpec, type FilterSpec } from '../shared/filters/index.js';
import { allConditions, comparisonCondition, dateTimeCondition, stringCondition, type ComparedType } from '../shared/filters/sql.js';
import { PRODUCT_TYPES } from './product-input.js';

type ProductFilter = FilterFieldSpec<Prisma.Sql>;

/** A column of the product row, aliased `p` in the page's statement. */
const column = (name: string) => Prisma.raw(`p."${name}"`);

/**
 * Stands for the page's company in the conditions below; productFilterSql binds it. A condition on another table
 * names the company itself rather than through the product row: on Citus a subquery under OR is planned apart
 * from the product row, and only a company given as a value keeps it on the company's shard.
 */
const THE_COMPANY = Symbol('the page\'s company');
const company = Prisma.sql`${THE_COMPANY}::int`;

/** A row of `table` that belongs to the product (its `productColumn` is the product's id) and meets `condition`. */
const related = (table: string, productColumn: string, condition: (row: (name: string) => Prisma.Sql) => Prisma.Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM ${Prisma.raw(`"${table}"`)} r WHERE r."companyId" = ${company} AND ${Prisma.raw(`r."${productColumn}"`)} = p.id AND ${condition((name) => Prisma.raw(`r."${name}"`))})`;

/** The row of `table` the product's `idColumn` names, when it meets `condition` (`{ category: { is: ... } }`). */
const referenced = (table: string, idColumn: string, condition: (row: (name: string) => Prisma.Sql) => Prisma.Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM ${Prisma.raw(`"${table}"`)} r WHERE r."companyId" = ${company} AND r.id = ${column(idColumn)} AND ${condition((name) => Prisma.raw(`r."${name}"`))})`;

const string = (where: (match: (target: Prisma.Sql) => Prisma.Sql) => Prisma.Sql, description?: string): ProductFilter => ({
  kind: 'string',
  ...(description ? { description } : {}),
  where: (op, value) => where((target) => stringCondition(target, op, value)),
});

const compared = (kind: 'integer' | 'float' | 'boolean', type: ComparedType) =>
  (where: (compare: (target: Prisma.Sql) => Prisma.Sql) => Prisma.Sql, description?: string): ProductFilter => ({
    kind,
    ...(description ? { description } : {}),
    where: (op, value) => where((target) => comparisonCondition(target, op, value, type)),
  });
const integer = compared('integer', 'int');

/** A Decimal column of Product (prices, dimensions, weight totals). */
const decimal = (name: string): ProductFilter => compared('float', 'numeric')((compare) => compare(column(name)));

const boolean = (name: 'sellable' | 'discontinued'): ProductFilter => compared('boolean', 'boolean')((compare) => compare(column(name)));

const dateTime = (name: 'createdAt' | 'updatedAt'): ProductFilter => ({
  kind: 'datetime',
  where: (op, value) => dateTimeCondition(column(name), op, value),
});

/** The product's own SKU or any alternate one. */
const skuMatches = (match: (target: Prisma.Sql) => Prisma.Sql) =>
  Prisma.sql`(${match(column('sku'))} OR ${related('ProductAlternateSku', 'productId', (r) => match(r('sku')))})`;

const DIMENSION_GROUPS = ['product', 'box', 'carton', 'shipping', 'pallet'] as const;
const WEIGHT_GROUPS = ['product', 'box', 'carton', 'shipping', 'pallet', 'dimensional'] as const;
const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

const DIMENSION_FILTERS: Record<string, ProductFilter> = Object.fromEntries(
  DIMENSION_GROUPS.flatMap((group) =>
    (['length', 'width', 'height'] as const).map((side) => [
      `${group}_${side}`,
      decimal(`${group}${capitalized(side)}`),
    ]),
  ),
);

const WEIGHT_FILTERS: Record<string, ProductFilter> = Object.fromEntries(
  WEIGHT_GROUPS.flatMap((group) =>
    (['oz', 'lb'] as const).map((unit) => [
      `${group}_weight_${unit}`,
      decimal(`${group}Weight${capitalized(unit)}`),
    ]),
  ),
);

export const PRODUCT_FILTERS: FilterSpec<Prisma.Sql> = {
  name: string((match) => match(column('name'))),
  description: string((match) => match(column('description'))),
  sku: string(skuMatches, 'the internal SKU or any alternate SKU'),
  upc: string((match) => match(column('upc'))),
  tag: string(
    (match) =>
      related('ProductTag', 'productId', (r) => Prisma.sql`EXISTS (SELECT 1 FROM "Tag" t WHERE t."companyId" = ${company} AND t.id = ${r('tagId')} AND ${match(Prisma.raw('t.name'))})`),
    'the name of any of its tags',
  ),
  q: {
    ...string(
      (match) => Prisma.sql`(${match(column('name'))} OR ${match(column('upc'))} OR ${skuMatches(match)})`,
      'name, UPC or SKU (internal or alternate); `q=text` means q[contains]',
    ),
    bareOperator: 'contains',
  },
  'category.name': string((match) => referenced('ProductCategory', 'categoryId', (r) => match(r('name')))),
  'sub_category.name': string((match) => referenced('ProductCategory', 'subcategoryId', (r) => match(r('name')))),
  'supplier.name': string((match) => referenced('Supplier', 'supplierId', (r) => match(r('name')))),
  'priority_list.name': string((match) => referenced('PriorityList', 'priorityListId', (r) => match(r('name')))),
  // The contract's Integer row reads "{base_url}" where the product's own id belongs (a slip in the table).
  id: integer((compare) => compare(column('id')), 'the product\'s own id'),
  'category.id': integer((compare) => compare(column('categoryId'))),
  'sub_category.id': integer((compare) => compare(column('subcategoryId'))),
  'supplier.id': integer((compare) => compare(column('supplierId'))),
  'bom.id': integer((compare) => related('ProductBom', 'productId', (r) => compare(r('bomId'))), 'products attached to the BOM'),
  'kit_items.product_id': integer((compare) => related('KitItem', 'kitId', (r) => compare(r('productId'))), 'kits containing that product'),
  'priority_list.id': integer((compare) => compare(column('priorityListId'))),
  type: {
    kind: 'enum',
    enumValues: PRODUCT_TYPES,
    where: (op, value) => comparisonCondition(column('type'), op, value, 'text'),
  },
  retail_price: decimal('retailPrice'),
  wholesale_price: decimal('wholesalePrice'),
  ...DIMENSION_FILTERS,
  ...WEIGHT_FILTERS,
  sellable: boolean('sellable'),
  discontinued: boolean('discontinued'),
  created_at: dateTime('createdAt'),
  updated_at: dateTime('updatedAt'),
};

/**
 * The SQL condition on a product row (alias `p`) from its filter parameters (`[['retail_price[gt]', '10'], ...]`).
 * Problems are added to `errors` keyed by the parameter as given; the caller throws them.
 */
export function productFilterSql(companyId: number, params: ReadonlyArray<readonly [string, string]>, errors: FieldErrorCollector): Prisma.Sql {
  const conditions = allConditions(parseFilterParams(params, PRODUCT_FILTERS, errors).map((c) => PRODUCT_FILTERS[c.field]!.where(c.operator, c.value)));
  return new Prisma.Sql(conditions.strings, conditions.values.map((value) => (value === THE_COMPANY ? companyId : value)));
}
