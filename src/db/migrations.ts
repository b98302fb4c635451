// Applies the committed migrations under prisma/migrations in name order, all pending ones in one transaction,
// under a lock so that several processes starting together apply each migration once. Works the same on
// PGlite and PostgreSQL. An applied migration whose file changed afterwards stops the start.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { beginCitusMigrations, distributeRemainingTables, endCitusMigrations, isCitus } from './citus.js';
import { splitStatements } from './sql-statements.js';
import type { SqlRunner } from './sql-runner.js';
import { MIGRATIONS_TABLE } from './table-roles.js';
import { PROJECT_ROOT } from '../project-root.js';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'prisma/migrations');
export { MIGRATIONS_TABLE };
/** Arbitrary constant key for pg_advisory_xact_lock; the same in every process of the service. */
const MIGRATION_LOCK_KEY = 7_274_274;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** One checksum of every committed migration (names and contents): keys the migrated templates. */
export function migrationsChecksum(migrations = readMigrations()): string {
  const hash = createHash('sha256');
  for (const migration of migrations) hash.update(`${migration.name}:${migration.checksum}\n`);
  return hash.digest('hex');
}

export async function applyMigrations(runner: SqlRunner, migrations = readMigrations()): Promise<string[]> {
  return runner.transaction(async (tx) => {
    // The lock is held until this transaction ends; a second process waits here, then sees the work done.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (
         name TEXT PRIMARY KEY,
         checksum TEXT NOT NULL,
         applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
       )`,
    );
    const applied = new Map(
      (await tx.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "${MIGRATIONS_TABLE}"`)).map(
        (row) => [row.name, row.checksum],
      ),
    );
    const done: string[] = [];
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    // On a Citus coordinator the same migrations run, and once the database is at the newest migration every
    // table is distributed (src/db/citus.ts), including those of a single-node database restored onto the
    // coordinator. A database part-way through the migrations (an upgrade test builds one) stays local until
    // then: the oldest migrations' keys do not name the company, which Citus needs.
    const citus = await isCitus(tx);
    if (citus && pending.length > 0) await beginCitusMigrations(tx);
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied. Never edit an applied migration; add a new one.`,
          );
        }
        continue;
      }
      if (citus) for (const statement of await splitStatements(migration.sql)) await tx.exec(statement);
      else await tx.exec(migration.sql);
      await tx.query(`INSERT INTO "${MIGRATIONS_TABLE}" (name, checksum) VALUES ($1, $2)`, [
        migration.name,
        migration.checksum,
      ]);
      done.push(migration.name);
    }
    if (citus && pending.length > 0) await endCitusMigrations(tx);
    const atNewest = () => readMigrations().every((migration) => applied.has(migration.name) || done.includes(migration.name));
    if (citus && atNewest()) await distributeRemainingTables(tx);
    return done;
  });
}

/** Names of committed migrations that the database has not applied yet (for /readyz). */
export async function pendingMigrations(runner: SqlRunner, migrations = readMigrations()): Promise<string[]> {
  const rows = await runner
    .query<{ name: string }>(`SELECT name FROM "${MIGRATIONS_TABLE}"`)
    .catch(() => [] as { name: string }[]);
  const applied = new Set(rows.map((r) => r.name));
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}
