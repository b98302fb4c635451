// The JSON of a page of products, written by PostgreSQL in one statement for whatever the selection asks of
// each product (src/domain/products/product-json-types.ts says how each field is read). GraphQL's `products`
// answers through it when every field asked for is known there (src/graphql/products/compiled-products.ts),
// and so does the REST products page, whose operation asks for them.
//
// Why not field by field: a page of 100 products with its relations spent most of its time in Prisma's
// relation stitching and result objects, several times the cost of the statement itself.
import type { SqlRunner } from '../../db/sql-runner.js';
import { canWriteSelection, objectJsonSql, type JsonSelection } from '../shared/selection-json-sql.js';
import { PRODUCT_JSON_TYPES } from './product-json-types.js';

/** Whether productsJson can write this selection of a product. */
export const canWriteProducts = (selection: JsonSelection) => canWriteSelection(PRODUCT_JSON_TYPES, 'Product', selection);

/** The JSON array of the products with these ids, in this order, each as the selection asks (one statement). */
export async function productsJson(sql: SqlRunner, companyId: number, ids: number[], selection: JsonSelection): Promise<string> {
  if (ids.length === 0) return '[]';
  // $1 company, $2 the page's ids in page order; the page's rows are joined to the ids by primary key.
  const statement = `
    SELECT '[' || coalesce(string_agg((${objectJsonSql(PRODUCT_JSON_TYPES, 'Product', selection, 'p')})::text, ',' ORDER BY page.n), '') || ']' AS data
    FROM unnest($2::int[]) WITH ORDINALITY AS page(id, n)
    JOIN "Product" p ON p."companyId" = $1::int AND p.id = page.id`;
  const [row] = await sql.query<{ data: string }>(statement, [companyId, `{${ids.join(',')}}`]);
  return row.data;
}
