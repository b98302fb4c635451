// Ids for rows written later in the same transaction, taken from the table's own sequence in one statement:
// a document can post its movements naming its lines (source line ids) and then write every line once,
// complete, instead of writing the lines and updating each afterwards.
import type { TenantTx } from './tenant-client.js';

/** `count` new ids of `table` (a table whose `id` is a serial column), ascending. */
export async function reserveIds(tx: TenantTx, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await tx.$queryRaw<Array<{ id: number }>>`
    SELECT nextval(pg_get_serial_sequence(${`"${table}"`}, 'id'))::int AS id FROM generate_series(1, ${count}::int)`;
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}
