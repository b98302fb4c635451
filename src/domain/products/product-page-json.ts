// A page of `GET /products` as the contract's JSON text, for the REST route (rest-mapping/products.ts), which
// sends it as it is. listProducts (filters, sort, window, total) picks the page, reading only the ids; then one
// SQL statement writes those products' JSON, in page order, with every relation the route's ProductFields
// selection shows: the same keys in the same order, decimals as the Decimal scalar's JSON numbers, date-times as
// the DateTime scalar's ISO text, the stored weight totals.
//
// Why not the GraphQL execution the other routes use: a page of 100 products with its relations spent most of
// its time in Prisma's relation stitching and result objects, several times the cost of the statement itself.
// The operation stays the definition of the shape; test/rest/products-direct.test.ts holds the two equal, so a
// field added to ProductFields must be added here too.
import type { TenantDb } from '../../db/tenant-client.js';
import type { SqlRunner } from '../../db/sql-runner.js';
import { decimalSql, isoSql } from '../shared/json-sql.js';
import { PRODUCT_DIMENSION_FIELDS, PRODUCT_PRICE_FIELDS } from './product-input.js';
import { listProducts, type ProductListArgs } from './products.js';
import { snakeCase } from '../../rest/casing.js';
import { WEIGHT_GROUPS } from './weights.js';

/** A key of the JSON and the SQL expression of its value. */
type Field = [key: string, sql: string];

/** A column of table alias `t`, keyed by its REST name (the GraphQL field of the same name, snake-cased). */
const column = (t: string, name: string): Field => [snakeCase(name), `${t}."${name}"`];
const decimal = (t: string, name: string): Field => [snakeCase(name), decimalSql(`${t}."${name}"`)];
const dateTime = (t: string, name: string): Field => [snakeCase(name), isoSql(`${t}."${name}"`)];

/** A JSON object with the fields in order (json_build_object takes at most 50 of them). */
const object = (fields: Field[]) => `json_build_object(${fields.map(([key, sql]) => `'${key}', ${sql}`).join(', ')})`;

/** A JSON object with any number of fields in order: a row of one subquery. */
const record = (fields: Field[]) => `(SELECT row_to_json(r) FROM (SELECT ${fields.map(([key, sql]) => `${sql} AS "${key}"`).join(', ')}) r)`;

/** The rows of `from` matching `where` as a JSON array in `order` ([] when none). */
const list = (from: string, where: string, order: string, fields: Field[]) =>
  `coalesce((SELECT json_agg(${object(fields)} ORDER BY ${order}) FROM ${from} WHERE ${where}), '[]'::json)`;

/** The row of `table` (alias x) with id `id`, as an object, or NULL (no id, or no such row). */
const one = (table: string, id: string, fields: Field[]) => `(SELECT ${object(fields)} FROM "${table}" x WHERE x."companyId" = $1::int AND x.id = ${id})`;

/** A weight group's entries as the Weight type shows them: {unit, value} with the stored decimal text as a number. */
const weightEntries = (t: string, group: string): Field => [
  snakeCase(group),
  `coalesce((SELECT json_agg(json_build_object('unit', w.e->>'unit', 'value', ${decimalSql(`(w.e->>'value')::numeric`)}) ORDER BY w.n) ` +
    `FROM jsonb_array_elements(${t}."${group}") WITH ORDINALITY AS w(e, n)), '[]'::json)`,
];

/** The ProductWeights fragment: each group's entries, then its stored totals in ounces and pounds. */
const weights = (t: string): Field[] => WEIGHT_GROUPS.flatMap((group) => [weightEntries(t, group), decimal(t, `${group}Oz`), decimal(t, `${group}Lb`)]);

const attachments = (t: string): Field => [
  'attachments',
  list('"ProductAttachment" x', `x."companyId" = $1::int AND x."productId" = ${t}.id`, 'x.id', [
    column('x', 'id'), column('x', 'name'), column('x', 'type'), column('x', 'size'), column('x', 'fullUrl'), column('x', 'thumbUrl'),
  ]),
];

const variantAttributes = (t: string): Field => [
  'variant_attributes',
  list('"VariantAttribute" x', `x."companyId" = $1::int AND x."productId" = ${t}.id`, 'x.id', [column('x', 'variantName'), column('x', 'variantTerms')]),
];

/** An active variant of the product, as the selection's `variants { ... }` shows it. */
const VARIANT: Field[] = [
  column('v', 'id'), column('v', 'name'), column('v', 'sku'), column('v', 'upc'), column('v', 'hsCode'), column('v', 'roundUpAsComponent'),
  decimal('v', 'retailPrice'), decimal('v', 'wholesalePrice'), column('v', 'customFields'), dateTime('v', 'createdAt'), dateTime('v', 'updatedAt'),
  ...weights('v'),
  attachments('v'),
  variantAttributes('v'),
];

const KIT_ITEM: Field[] = [
  column('x', 'id'), column('x', 'productId'), column('x', 'uomId'), decimal('x', 'quantity'), decimal('x', 'baseUomQuantity'),
  decimal('x', 'price'), decimal('x', 'originalPrice'),
  // kitItemTotal: quantity × price, null without a price (exact in both: numeric and Decimal products).
  ['total', decimalSql('x.quantity * x.price')],
  ['product', object([column('c', 'id'), column('c', 'name'), column('c', 'sku'), column('c', 'description'), decimal('c', 'retailPrice'), decimal('c', 'wholesalePrice')])],
  ['unit_of_measure', `CASE WHEN u.id IS NULL THEN NULL ELSE ${object([column('u', 'id'), column('u', 'name'), column('u', 'description'), column('u', 'baseUnit')])} END`],
];

/** The ProductFields fragment of rest-mapping/products.ts, field by field in its order (p: the product). */
const PRODUCT: Field[] = [
  ...['id', 'name', 'description', 'sku', 'upc', 'hsCode', 'type', 'imageUrl'].map((name) => column('p', name)),
  dateTime('p', 'createdAt'), dateTime('p', 'updatedAt'),
  ...PRODUCT_PRICE_FIELDS.map((name) => decimal('p', name)),
  ...PRODUCT_DIMENSION_FIELDS.map((name) => decimal('p', name)),
  ...weights('p'),
  ...['sellable', 'discontinued', 'isDropShipItem', 'taxable', 'lotTracking', 'roundUpAsComponent', 'lotDeductionStrategy', 'defaultSupplyMethod'].map((name) => column('p', name)),
  ['category', one('ProductCategory', 'p."categoryId"', [column('x', 'id'), column('x', 'name')])],
  ['subcategory', one('ProductCategory', 'p."subcategoryId"', [column('x', 'id'), column('x', 'name')])],
  column('p', 'customFields'),
  attachments('p'),
  ['variants', list('"Product" v', `v."companyId" = $1::int AND v."parentProductId" = p.id AND v.status = 1`, 'v.id', VARIANT)],
  variantAttributes('p'),
  ['alternate_skus', list('"ProductAlternateSku" x', `x."companyId" = $1::int AND x."productId" = p.id`, 'x.id', [column('x', 'id'), column('x', 'sku')])],
  [
    'tags',
    list('"ProductTag" pt JOIN "Tag" x ON x."companyId" = pt."companyId" AND x.id = pt."tagId"', `pt."companyId" = $1::int AND pt."productId" = p.id`, 'x.name', [
      column('x', 'id'), column('x', 'name'), column('x', 'description'), column('x', 'icon'), column('x', 'color'),
    ]),
  ],
  [
    'substitutions',
    list('"ProductSubstitution" x JOIN "Product" s ON s."companyId" = x."companyId" AND s.id = x."substituteId"', `x."companyId" = $1::int AND x."productId" = p.id`, 'x.priority, x.id', [
      column('x', 'id'), column('x', 'priority'), ['product', object([column('s', 'id'), column('s', 'name'), column('s', 'sku')])],
    ]),
  ],
  ['supplier', one('Supplier', 'p."supplierId"', [column('x', 'id'), column('x', 'name'), column('x', 'email'), column('x', 'currency')])],
  [
    'kit_items',
    list(
      '"KitItem" x JOIN "Product" c ON c."companyId" = x."companyId" AND c.id = x."productId" LEFT JOIN "UnitOfMeasure" u ON u."companyId" = x."companyId" AND u.id = x."uomId"',
      `x."companyId" = $1::int AND x."kitId" = p.id`,
      'x.id',
      KIT_ITEM,
    ),
  ],
  ['priority_list', one('PriorityList', 'p."priorityListId"', [column('x', 'id'), column('x', 'name'), column('x', 'description')])],
  ['distribution_template', one('DistributionTemplate', 'p."distributionTemplateId"', [column('x', 'id'), column('x', 'name'), column('x', 'source')])],
  ['distribution_template_category', one('DistributionTemplateCategory', 'p."distributionTemplateCategoryId"', [column('x', 'id'), column('x', 'name')])],
  [
    'boms',
    list('"ProductBom" pb JOIN "Bom" x ON x."companyId" = pb."companyId" AND x.id = pb."bomId"', `pb."companyId" = $1::int AND pb."productId" = p.id`, 'x.id', [
      column('x', 'id'), column('x', 'name'), dateTime('x', 'createdAt'), dateTime('x', 'updatedAt'),
    ]),
  ],
];

// $1 company, $2 the page's ids in page order (an int[] literal). Every relation is a correlated subquery on
// the tenant-first indexes; the page's rows are joined to the ids by primary key.
const PAGE_SQL = `
SELECT '[' || coalesce(string_agg(${record(PRODUCT)}::text, ',' ORDER BY page.n), '') || ']' AS data
FROM unnest($2::int[]) WITH ORDINALITY AS page(id, n)
JOIN "Product" p ON p."companyId" = $1::int AND p.id = page.id`;

/** The JSON array of the products with these ids, in this order (one statement). */
export async function productsJson(sql: SqlRunner, companyId: number, ids: number[]): Promise<string> {
  if (ids.length === 0) return '[]';
  const [row] = await sql.query<{ data: string }>(PAGE_SQL, [companyId, `{${ids.join(',')}}`]);
  return row.data;
}

/** The response body of `GET /products`: {data, meta}, as the route's `page` envelope writes the operation's answer. */
export async function listProductsJson(db: TenantDb, sql: SqlRunner, companyId: number, args: ProductListArgs): Promise<string[]> {
  // The list itself decides the page (checks, filters, sort, window, total); only the ids are read.
  const { items, meta } = await listProducts(db, args, { select: { id: true } });
  const data = await productsJson(sql, companyId, items.map((item: { id: number }) => item.id));
  // Keys in the order of PAGE_META (rest-mapping/shared.ts).
  const metaJson = JSON.stringify({ current_page: meta.currentPage, from: meta.from, last_page: meta.lastPage, per_page: meta.perPage, to: meta.to, total: meta.total });
  return ['{"data":', data, ',"meta":', metaJson, '}'];
}
