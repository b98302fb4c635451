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
import { openDatabase, type Database, type OpenDatabaseOptions } from '../../src/db/database.js';
import { migrationsChecksum } from '../../src/db/migrations.js';
import {
  citusWorkers,
  closeDatabase,
  databaseUrl,
  dropDatabase,
  nodeUrls,
  onEveryNode,
  testDatabasePrefix,
  withAdmin,
} from './database-servers.js';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const onCitus = onPostgres && citusWorkers.length > 0;

/**
 * Shards per distributed table in the tests' Citus databases (Citus's default is 32): one per worker. Every shard
 * is a table on a worker, and each file's database is a copy of them all: distributing ~90 tables in 32 shards
 * each took 26 s of a migration, and a query over several companies runs once per shard.
 */
const CITUS_TEST_SHARDS = 2;

/** Arbitrary key of the advisory lock under which one test process builds the template database. */
const TEMPLATE_LOCK_KEY = 7_274_275;

/** A new empty database; on Citus with the extension on every node, the workers registered, and few shards. */
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

let templateInProcess: Promise<string> | null = null;

/** The name of the migrated template database on this server, built by the first test process that needs it. */
function templateDatabase(serverUrl: string): Promise<string> {
  templateInProcess ??= withAdmin(serverUrl, async (admin) => {
    const name = `test_template_${migrationsChecksum().slice(0, 16)}${onCitus ? `_shards${CITUS_TEST_SHARDS}` : ''}`;
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

/** A new database copied from the template, on every node; its name. */
async function copyOfTemplate(serverUrl: string, template: string): Promise<string> {
  const name = `${testDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  // FILE_COPY copies the template's files rather than writing every page to the log (WAL_LOG, the default): the
  // same time on PostgreSQL, and on Citus, whose workers hold a table per shard, about half the nodes' work.
  await onEveryNode(serverUrl, () => `CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
  return name;
}

/**
 * The copy of the template made for this process's next file while the current one runs: making one took 0.4 s
 * on PostgreSQL and 1–3 s on Citus (three nodes, a checkpoint on each), which the next file then need not wait
 * for. One left unused when the process ends is dropped by the run's end (test-databases-sweep.ts).
 */
let spareCopy: Promise<string> | null = null;

/** `url`: on PostgreSQL, the test database's address, for a second connection pool as another server process would have. */
export async function openTestDatabase(options: Pick<OpenDatabaseOptions, 'onQuery' | 'migrate'> = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite', dataDir: null }, options);

  let name: string;
  if (options.migrate === false) {
    name = `${testDatabasePrefix()}${randomBytes(6).toString('hex')}`;
    await createEmptyDatabase(serverUrl, name);
  } else {
    const template = await templateDatabase(serverUrl);
    // A spare that failed is made again here, so that its error is this file's.
    const spare = spareCopy?.catch(() => null);
    spareCopy = null;
    name = (await spare) ?? (await copyOfTemplate(serverUrl, template));
    spareCopy = copyOfTemplate(serverUrl, template);
    spareCopy.catch(() => {}); // handled when taken
  }
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 }, options);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      // Not waited for: the next file need not wait for this one's database to go (a second or more on Citus).
      // A drop that fails or is cut short by the process ending is done by the run's end
      // (test/support/test-databases-sweep.ts).
      dropDatabase(serverUrl, name).catch(() => {});
    },
  };
}
