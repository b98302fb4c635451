// The service on a Citus cluster (docs/scaling-out.md). The database the service connects to is Citus's
// coordinator when the citus extension is installed there, and the migration runner (src/db/migrations.ts) keeps
// the schema distributed by itself:
// - once the database is at the newest migration, every table Citus does not manage yet is distributed
//   (company-owned tables sharded by companyId and co-located, the shared ones as reference tables,
//   src/db/table-roles.ts; src/db/distribution-plan.ts says how). This is what a fresh cluster's first start and
//   a single-node database restored onto the coordinator go through;
// - on a database already distributed, a later migration's new table is distributed as its CREATE TABLE runs (an
//   event trigger), before the migration adds foreign keys and indexes to it, which Citus then propagates.
import pg from 'pg';
import { distributionPlan } from './distribution-plan.js';
import { readKeyCatalog } from './key-catalog.js';
import type { SqlRunner } from './sql-runner.js';
import { TENANT_COLUMN, UNOWNED_TABLES } from './table-roles.js';

export async function isCitus(sql: SqlRunner): Promise<boolean> {
  const rows = await sql.query<{ citus: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') AS citus`);
  return rows[0]?.citus === true;
}

/**
 * One statement per call: Citus passes some DDL on to the workers as the text of the whole query, so a string of
 * several statements would run all of them there.
 */
async function runEach(tx: SqlRunner, statements: string[]): Promise<void> {
  for (const statement of statements) await tx.exec(statement);
}

const literal = (text: string) => pg.escapeLiteral(text);

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
  await runEach(tx, [`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`, `SET LOCAL citus.enable_unsafe_triggers TO on`]);
  const { anchor } = await readDistribution(tx);
  if (!anchor) return;
  // The event trigger and its function belong to the coordinator alone.
  await runEach(tx, [
    `SET LOCAL citus.enable_ddl_propagation TO off`,
    `CREATE FUNCTION service_distribute_new_table() RETURNS event_trigger LANGUAGE plpgsql AS $fn$
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
          PERFORM create_distributed_table(created.rel, ${literal(TENANT_COLUMN)}, colocate_with => ${literal(pg.escapeIdentifier(anchor))});
        END IF;
      END LOOP;
    END
    $fn$`,
    `CREATE EVENT TRIGGER service_distribute_new_table ON ddl_command_end WHEN TAG IN ('CREATE TABLE') EXECUTE FUNCTION service_distribute_new_table()`,
    `SET LOCAL citus.enable_ddl_propagation TO on`,
  ]);
}

/** Run last in the migrations' transaction on Citus: drops the event trigger. */
export async function endCitusMigrations(tx: SqlRunner): Promise<void> {
  await runEach(tx, [
    `SET LOCAL citus.enable_ddl_propagation TO off`,
    `DROP EVENT TRIGGER IF EXISTS service_distribute_new_table`,
    `DROP FUNCTION IF EXISTS service_distribute_new_table()`,
    `SET LOCAL citus.enable_ddl_propagation TO on`,
  ]);
}

/**
 * Distributes the tables Citus does not manage yet (none, on every start but the first and after a restore of a
 * single-node database), in the migrations' transaction. Returns the statements it ran.
 */
export async function distributeRemainingTables(tx: SqlRunner): Promise<string[]> {
  const { tables, anchor } = await readDistribution(tx);
  const plan = distributionPlan(await readKeyCatalog(tx), tables, anchor);
  if (plan.length === 0) return plan;
  // Citus copies the rows already there into the shards, where the tables' triggers would take each copied row
  // for a new one (an audit entry "created" for every row, the product counts counted again): no triggers fire
  // while the tables move (session_replication_role, passed on to the workers like any SET LOCAL).
  await runEach(tx, [
    `SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`,
    `SET LOCAL citus.enable_unsafe_triggers TO on`,
    `SET LOCAL session_replication_role TO replica`,
  ]);
  await runEach(tx, plan.filter((statement) => !statement.startsWith('--')));
  await tx.exec(`SET LOCAL session_replication_role TO origin`);
  return plan;
}
