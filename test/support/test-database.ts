// A fresh database per test file: in-memory PGlite by default, or (when TEST_DATABASE_URL points at a
// PostgreSQL server, as in CI) a newly created database on that server, dropped afterwards. Both start as a
// copy of a migrated empty database (PGlite: the template's tarball, src/db/pglite-template.ts; PostgreSQL:
// `CREATE DATABASE … TEMPLATE` of a database migrated once per server and set of migrations), so a file
// does not pay for initdb and every migration; `migrate: false` gives an empty database instead.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../../src/db/database.js';
import { migrationsChecksum } from '../../src/db/migrations.js';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Arbitrary key of the advisory lock under which one test process builds the template database. */
const TEMPLATE_LOCK_KEY = 7_274_275;

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let templateInProcess: Promise<string> | null = null;

/** The name of the migrated template database on this server, built by the first test process that needs it. */
function templateDatabase(serverUrl: string): Promise<string> {
  templateInProcess ??= withAdmin(serverUrl, async (admin) => {
    const name = `test_template_${migrationsChecksum().slice(0, 16)}`;
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        // Built under another name and renamed once migrated: a template is whole or absent.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${building}"`);
        const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building), poolSize: 1 });
        await database.close();
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
        await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
    return name;
  });
  return templateInProcess;
}

/** `url`: on PostgreSQL, the test database's address, for a second connection pool as another server process would have. */
export async function openTestDatabase(options: Pick<OpenDatabaseOptions, 'onQuery' | 'migrate'> = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite', dataDir: null }, options);

  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = options.migrate === false ? null : await templateDatabase(serverUrl);
  await withAdmin(serverUrl, (admin) => admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 }, options);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
