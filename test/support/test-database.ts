// A fresh database per test file: in-memory PGlite by default, or (when TEST_DATABASE_URL points at a
// PostgreSQL server, as in CI) a newly created database on that server, dropped afterwards. Both start as a
// copy of a migrated empty database (PGlite: the template's tarball, src/db/pglite-template.ts; PostgreSQL:
// `CREATE DATABASE … TEMPLATE` of a database migrated once per server and set of migrations), so a file
// does not pay for initdb and every migration; `migrate: false` gives an empty database instead.
// On a Citus cluster (TEST_CITUS_WORKERS lists the workers' host:port beside TEST_DATABASE_URL, the coordinator,
// as scripts/with-citus.sh sets them) every database is made on every node alike: the template is migrated, and
// so distributed, once, and each file's database is a copy of it made on each node, where Citus's catalog and
// the shards then match one another as they did in the template.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../../src/db/database.js';
import { migrationsChecksum } from '../../src/db/migrations.js';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** The workers of the Citus cluster whose coordinator is TEST_DATABASE_URL; empty on PostgreSQL. */
const citusWorkers = (process.env.TEST_CITUS_WORKERS ?? '').split(',').filter(Boolean);
export const onCitus = onPostgres && citusWorkers.length > 0;

/** Shards per distributed table in the tests' Citus databases (Citus's default is 32). */
const CITUS_TEST_SHARDS = 4;

/** Arbitrary key of the advisory lock under which one test process builds the template database. */
const TEMPLATE_LOCK_KEY = 7_274_275;

/** Runs `work` on a connection of its own to `serverUrl`, closed afterwards. */
export async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
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

/** The server URLs to make each database on: the server, or the coordinator and every worker. */
function nodeUrls(serverUrl: string): string[] {
  return [
    serverUrl,
    ...citusWorkers.map((hostPort) => {
      const url = new URL(serverUrl);
      url.host = hostPort;
      return url.toString();
    }),
  ];
}

/** Runs `statement` against every node's maintenance database. */
async function onEveryNode(serverUrl: string, statement: (node: number) => string): Promise<void> {
  await Promise.all(nodeUrls(serverUrl).map((url, node) => withAdmin(url, (admin) => admin.query(statement(node)))));
}

/**
 * A new empty database; on Citus with the extension on every node, the workers registered, and few shards: every
 * shard is a table on a worker, and distributing ~90 tables in 32 shards each took 26 s of a migration.
 */
async function createEmptyDatabase(serverUrl: string, name: string): Promise<void> {
  await onEveryNode(serverUrl, () => `CREATE DATABASE "${name}"`);
  if (!onCitus) return;
  await withAdmin(serverUrl, (admin) => admin.query(`ALTER DATABASE "${name}" SET citus.shard_count = ${CITUS_TEST_SHARDS}`));
  await Promise.all(nodeUrls(serverUrl).map((url) => withAdmin(databaseUrl(url, name), (db) => db.query('CREATE EXTENSION citus'))));
  await withAdmin(databaseUrl(serverUrl, name), async (db) => {
    const coordinator = new URL(serverUrl);
    await db.query('SELECT citus_set_coordinator_host($1, $2)', [coordinator.hostname, Number(coordinator.port)]);
    for (const worker of citusWorkers) {
      const [host, port] = worker.split(':');
      await db.query('SELECT citus_add_node($1, $2)', [host, Number(port)]);
    }
  });
}

/**
 * Closes every session of database `name` on every node and lets no new one in: a template cannot be copied
 * while anyone is connected, and on Citus the nodes keep connections to one another and a maintenance process in
 * each database.
 */
async function closeDatabase(serverUrl: string, name: string): Promise<void> {
  await onEveryNode(serverUrl, () => `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
  await onEveryNode(serverUrl, () => `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
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
        await onEveryNode(serverUrl, () => `DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await createEmptyDatabase(serverUrl, building);
        const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building), poolSize: 1 });
        await database.close();
        await closeDatabase(serverUrl, building);
        await onEveryNode(serverUrl, () => `ALTER DATABASE "${building}" RENAME TO "${name}"`);
        await onEveryNode(serverUrl, () => `ALTER DATABASE "${name}" WITH IS_TEMPLATE true`);
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
  if (template) await onEveryNode(serverUrl, () => `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  else await createEmptyDatabase(serverUrl, name);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 }, options);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      // Closed to newcomers on every node first: on Citus a node's maintenance process connects to the others on
      // its own, and one arriving while a worker drops the database made the drop fail.
      await closeDatabase(serverUrl, name);
      await onEveryNode(serverUrl, () => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
