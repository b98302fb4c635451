// Embedded PGlite has no autovacuum: the server's maintenance (src/db/pglite-maintenance.ts) analyses the
// database soon after the start and vacuums it daily. Here both run at once on rows that updates left dead.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { startPgliteMaintenance } from '../../src/db/pglite-maintenance.js';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null }, { migrate: false });
});
afterAll(() => database?.close());

interface TableStats {
  n_dead_tup: string;
  vacuumed: boolean;
  analysed: boolean;
}
/** The table's statistics, with this session's counts flushed first (PostgreSQL flushes them at most once a second). */
const stats = async () => {
  await database.sql.query('SELECT pg_stat_force_next_flush()');
  await database.sql.query('SELECT pg_stat_clear_snapshot()');
  return (
    await database.sql.query<TableStats>(
      `SELECT n_dead_tup::text, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed FROM pg_stat_user_tables WHERE relname = 'churn'`,
    )
  )[0];
};

it('analyses soon after the start and vacuums away the dead rows of updates, logging each run', async () => {
  await database.sql.exec('CREATE TABLE churn (id int PRIMARY KEY, n int NOT NULL)');
  await database.sql.query('INSERT INTO churn SELECT g, 0 FROM generate_series(1, 1000) g');
  for (let round = 1; round <= 3; round++) await database.sql.query('UPDATE churn SET n = $1', [round]);
  expect(await stats()).toMatchObject({ vacuumed: false, analysed: false });
  expect(Number((await stats()).n_dead_tup)).toBeGreaterThan(0);

  const logged: Array<{ level: string; message: string; fields?: Record<string, unknown> }> = [];
  let vacuumed!: () => void;
  const vacuumLogged = new Promise<void>((resolve) => (vacuumed = resolve));
  const maintenance = startPgliteMaintenance(
    database.sql,
    {
      log: (level, message, fields) => {
        logged.push({ level, message, fields });
        if (fields?.statement === 'VACUUM (ANALYZE)') vacuumed();
      },
    },
    { firstAfterMs: 0, everyMs: 100 },
  );
  await vacuumLogged;
  await maintenance.stop();

  expect(logged.slice(0, 2).map((line) => [line.level, line.message, line.fields?.statement])).toEqual([
    ['info', 'database maintenance', 'ANALYZE'],
    ['info', 'database maintenance', 'VACUUM (ANALYZE)'],
  ]);
  expect(await stats()).toEqual({ n_dead_tup: '0', vacuumed: true, analysed: true });
});

it('runs nothing once stopped', async () => {
  const logged: string[] = [];
  const maintenance = startPgliteMaintenance(database.sql, { log: (_level, message) => void logged.push(message) }, { firstAfterMs: 20, everyMs: 20 });
  await maintenance.stop();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(logged).toEqual([]);
});
