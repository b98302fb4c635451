// A page of products written as JSON by PostgreSQL in one statement, for whatever the selection asks of each
// product (`types` says how each field is read: the SQL derived from the GraphQL types): the page's choice
// (product-page.ts), its total and the products' JSON, from one snapshot. GraphQL's `products` answers through
// it when SQL can write every field asked for (src/graphql/products/compiled-products.ts), and so does the REST
// products page, whose operation asks for them.
//
// Why not field by field: a page of 100 products with its relations spent most of its time in Prisma's
// relation stitching and result objects, several times the cost of the statement itself.
import { Prisma } from '../../generated/prisma/client.js';
import type { SqlRunner } from '../../db/sql-runner.js';
import type { PageMeta } from '../shared/pagination.js';
import { objectJsonSql, type JsonSelection, type JsonSqlTypes, type PageRelations } from '../shared/selection-json-sql.js';
import { companyFirst, pageIdsSql, planProductPage, productPageMeta, totalSql, type ProductListArgs } from './product-page.js';

export interface ProductPageJson {
  meta: PageMeta;
  /** The JSON array of the page's products for each selection, in page order. */
  items: string[];
}

/**
 * A page of the company's products (the arguments checked as listProducts checks them): its meta and, for each
 * selection, the JSON array of its products, from one statement.
 */
export async function productPageJson(sql: SqlRunner, companyId: number, args: ProductListArgs, types: JsonSqlTypes, selections: JsonSelection[]): Promise<ProductPageJson> {
  const plan = planProductPage(companyId, args);
  // The fields' SQL reads the company as $1 (companyFirst holds the statement to it). The page's ids are read once
  // (the CTE); each product's lists come from one grouped read per relation for the whole page.
  const arrays = selections.map((selection) => {
    const relations: PageRelations = { ids: 'SELECT id FROM page', joins: [] };
    const json = objectJsonSql(types, 'Product', selection, 'p', relations);
    return Prisma.sql`(
      SELECT '[' || coalesce(string_agg((${Prisma.raw(json)})::text, ',' ORDER BY page.n), '') || ']'
      FROM page
      JOIN "Product" p ON p."companyId" = $1::int AND p.id = page.id
      ${Prisma.raw(relations.joins.join('\n      '))})`;
  });
  const columns = [Prisma.sql`${totalSql(plan)} AS total`, ...arrays.map((array, index) => Prisma.sql`${array} AS ${Prisma.raw(`items_${index}`)}`)];
  const statement = companyFirst(
    plan,
    Prisma.sql`WITH page AS MATERIALIZED (SELECT id, n FROM unnest(${pageIdsSql(plan)}) WITH ORDINALITY AS page(id, n))
    SELECT ${Prisma.join(columns, ', ')}`,
  );
  const [row] = await sql.queryPrepared<Record<string, unknown>>(statement.text, statement.values);
  return { meta: productPageMeta(plan, Number(row!.total)), items: selections.map((_, index) => row![`items_${index}`] as string) };
}
