// The service on a Citus cluster (README "Scaling out"). The database the service connects to is Citus's
// coordinator when the citus extension is installed there; the schema is then kept distributed by the
// migrations themselves: while they run, an event trigger turns every table a statement creates into a
// distributed table (company-owned: sharded by companyId, co-located with the others) or a reference table
// (src/db/table-roles.ts), at once, before the migration adds its foreign keys, indexes and triggers, which
// Citus then propagates to the shards. So a fresh cluster and a later migration that adds a table end the same
// way, and nothing needs a second description of the schema.
import { distributionPlan } from './distribution-plan.js';
import { readKeyCatalog } from './key-catalog.js';
import type { SqlRunner } from './sql-runner.js';
import { TENANT_COLUMN, UNOWNED_TABLES } from './table-roles.js';

export async function isCitus(sql: SqlRunner): Promise<boolean> {
  const rows = await sql.query<{ citus: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') AS citus`);
  return rows[0]?.citus === true;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The tables that Citus copies to every node: the root and global reference data. */
export const REFERENCE_TABLES = Object.entries(UNOWNED_TABLES)
  .filter(([, table]) => table.role !== 'local')
  .map(([name]) => name);

/** The tables Citus manages, and the distributed table the others are co-located with. */
export async function readDistribution(sql: SqlRunner): Promise<{ tables: Set<string>; anchor?: string }> {
  const rows = await sql.query<{ name: string; distributed: boolean }>(
    `SELECT c.relname AS name, p.partmethod = 'h' AS distributed
       FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
      ORDER BY p.colocationid, p.logicalrelid::oid`,
  );
  return { tables: new Set(rows.map((row) => row.name)), anchor: rows.find((row) => row.distributed)?.name };
}

/**
 * Run first in the migrations' transaction on Citus:
 * - one connection per worker for the whole transaction (`sequential`): a table distributed in the
 *   transaction is then altered on the same connections, where Citus otherwise refuses DDL after a parallel
 *   access to the table;
 * - triggers allowed on distributed tables (the audit log's and the product counts' run on the shards; their
 *   functions only write co-located shards of the same company, which Citus calls "unsafe" as it cannot check);
 * - on a database already distributed, the event trigger that distributes each table a migration creates, at
 *   once, before the migration adds foreign keys to it. (On a database not distributed yet, the oldest
 *   migrations' tables have keys Citus cannot shard by company until a later migration fixes them, so every
 *   table is distributed at the end instead.) It is dropped at the end, in the same transaction.
 */
export async function beginCitusMigrations(tx: SqlRunner): Promise<void> {
  await tx.exec(`
    SET LOCAL citus.multi_shard_modify_mode TO 'sequential';
    SET LOCAL citus.enable_unsafe_triggers TO on;
  `);
  const { anchor } = await readDistribution(tx);
  if (!anchor) return;
  await tx.exec(`
    -- The event trigger and its function belong to the coordinator alone.
    SET LOCAL citus.enable_ddl_propagation TO off;
    CREATE FUNCTION service_distribute_new_table() RETURNS event_trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      created record;
    BEGIN
      FOR created IN
        SELECT c.oid::regclass AS rel, c.relname AS name,
               EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = ${literal(TENANT_COLUMN)} AND NOT a.attisdropped) AS owned
        FROM pg_event_trigger_ddl_commands() d
        JOIN pg_class c ON c.oid = d.objid
        WHERE d.command_tag = 'CREATE TABLE' AND d.object_type = 'table' AND c.relkind IN ('r', 'p') AND c.relpersistence = 'p'
      LOOP
        IF created.name = ANY (ARRAY[${REFERENCE_TABLES.map(literal).join(', ')}]::text[]) THEN
          PERFORM create_reference_table(created.rel);
        ELSIF created.owned THEN
          PERFORM create_distributed_table(created.rel, ${literal(TENANT_COLUMN)}, colocate_with => ${literal(`"${anchor}"`)});
        END IF;
      END LOOP;
    END
    $fn$;
    CREATE EVENT TRIGGER service_distribute_new_table ON ddl_command_end WHEN TAG IN ('CREATE TABLE')
      EXECUTE FUNCTION service_distribute_new_table();
    SET LOCAL citus.enable_ddl_propagation TO on;
  `);
}

/** Run last in the migrations' transaction on Citus: drops the event trigger and distributes what is left. */
export async function endCitusMigrations(tx: SqlRunner): Promise<string[]> {
  await tx.exec(`
    SET LOCAL citus.enable_ddl_propagation TO off;
    DROP EVENT TRIGGER IF EXISTS service_distribute_new_table;
    DROP FUNCTION IF EXISTS service_distribute_new_table();
    SET LOCAL citus.enable_ddl_propagation TO on;
  `);
  const { tables, anchor } = await readDistribution(tx);
  const plan = distributionPlan(await readKeyCatalog(tx), tables, anchor);
  for (const statement of plan) if (!statement.startsWith('--')) await tx.exec(statement);
  return plan;
}
