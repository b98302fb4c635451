// The JSON of one product, written by PostgreSQL in one statement for whatever the selection asks
// (product-json-types.ts says how each field is read), as the products page writes each of its products.
// Reading a product, and creating or updating one, answer with it when GraphQL's selection is known there
// (src/graphql/products/compiled-products.ts). Why: field by field, the answer to POST /products read each
// relation of the new product with a statement of its own, about twenty, several times the cost of the write.
import { companyIdOf, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import { NotFoundError } from '../shared/errors.js';
import { objectJsonSql, type JsonSelection } from '../shared/selection-json-sql.js';
import { PRODUCT_JSON_TYPES } from './product-json-types.js';
import { ACTIVE } from './product-status.js';

/** The active product as the selection asks, as JSON text (one statement); NotFoundError when there is none. */
export async function productJson(db: TenantDb | TenantTx, id: number, selection: JsonSelection): Promise<string> {
  // The catalogues read the company as $1.
  const statement = `
    SELECT (${objectJsonSql(PRODUCT_JSON_TYPES, 'Product', selection, 'p')})::text AS data
    FROM "Product" p WHERE p."companyId" = $1::int AND p.id = $2::int AND p.status = ${ACTIVE}`;
  const [row] = await db.$queryRawUnsafe<Array<{ data: string }>>(statement, companyIdOf(db), id);
  if (!row) throw new NotFoundError('Product', id);
  return row.data;
}
