// The JSON of one inventory adjustment, written by PostgreSQL in one statement for whatever the selection asks
// (src/domain/inventory/adjustment-json-types.ts says how each field is read). Creating an adjustment answers
// with it when GraphQL's selection is known there (src/graphql/inventory/compiled-adjustments.ts), and so does
// reading one. Why: the answer to a posting of 1,000 lines, field by field, cost more than the posting's SQL.
import { companyIdOf, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import { NotFoundError } from '../shared/errors.js';
import { objectJsonSql, type JsonSelection } from '../shared/selection-json-sql.js';
import { ADJUSTMENT_JSON_TYPES } from './adjustment-json-types.js';

/** The adjustment as the selection asks, as JSON text (one statement); NotFoundError when there is none. */
export async function adjustmentJson(db: TenantDb | TenantTx, id: number, selection: JsonSelection): Promise<string> {
  const statement = `
    SELECT (${objectJsonSql(ADJUSTMENT_JSON_TYPES, 'InventoryAdjustment', selection, 'a')})::text AS data
    FROM "InventoryAdjustment" a WHERE a."companyId" = $1::int AND a.id = $2::int`;
  const [row] = await db.$queryRawUnsafe<Array<{ data: string }>>(statement, companyIdOf(db), id);
  if (!row) throw new NotFoundError('Inventory adjustment', id);
  return row.data;
}
