// The migration runner on PostgreSQL: two processes migrating one new database at once (the PostgreSQL and Citus
// passes; the runner's other guarantees are in migrations.test.ts, which runs on in-memory PGlite in the PGlite pass).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS_TABLE, readMigrations } from '../../src/db/migrations.js';
import { pgRunner } from '../../src/db/sql-runner.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('applyMigrations on PostgreSQL', () => {
  it('two processes migrating one new database at once both succeed and apply each migration once', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Two pools, as two server processes would have.
    const pools = [new pg.Pool({ connectionString: url.toString() }), new pg.Pool({ connectionString: url.toString() })];
    try {
      const results = await Promise.all(pools.map((pool) => applyMigrations(pgRunner(pool))));
      const committed = readMigrations().map((m) => m.name);
      expect([...results].sort((x, y) => y.length - x.length)).toEqual([committed, []]);

      const recorded = await pgRunner(pools[0]).query<{ name: string; count: string }>(
        `SELECT name, count(*)::text AS count FROM "${MIGRATIONS_TABLE}" GROUP BY name ORDER BY name`,
      );
      expect(recorded).toEqual(committed.map((n) => ({ name: n, count: '1' })));
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
