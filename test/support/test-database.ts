// A fresh database per test file: in-memory PGlite by default, or (when TEST_DATABASE_URL points at a
// PostgreSQL server, as in CI) a newly created database on that server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../../src/db/database.js';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** `url`: on PostgreSQL, the test database's address, for a second connection pool as another server process would have. */
export async function openTestDatabase(options: Pick<OpenDatabaseOptions, 'onQuery' | 'migrate'> = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite', dataDir: null }, options);

  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 }, options);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
