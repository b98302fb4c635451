// Statements about whole databases on the PostgreSQL server (or Citus cluster) that TEST_DATABASE_URL names:
// making, closing and dropping them on every node. Only `pg`, so that vitest's global set-up can use it without
// loading the service.
import pg from 'pg';

/** The workers of the Citus cluster whose coordinator is TEST_DATABASE_URL; empty on PostgreSQL. */
export const citusWorkers = (process.env.TEST_CITUS_WORKERS ?? '').split(',').filter(Boolean);

/**
 * Every test database of a run is named with this prefix (TEST_RUN_ID is set once per run by
 * test/support/test-databases-sweep.ts), so that the run's end can drop what its files left without touching
 * another run's databases on the same server.
 */
export function testDatabasePrefix(): string {
  return `test_${process.env.TEST_RUN_ID ?? 'norun'}_`;
}

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

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server URLs to make each database on: the server, or the coordinator and every worker. */
export function nodeUrls(serverUrl: string): string[] {
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
export async function onEveryNode(serverUrl: string, statement: (node: number) => string): Promise<void> {
  await Promise.all(nodeUrls(serverUrl).map((url, node) => withAdmin(url, (admin) => admin.query(statement(node)))));
}

/**
 * How database `name` is closed on a node, step by step: no new session is let in, then every session is ended.
 * A template cannot be copied while anyone is connected, and on Citus the nodes keep connections to one another
 * and a maintenance process in each database.
 */
export const CLOSING_STEPS: ReadonlyArray<(name: string) => string> = [
  (name) => `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`,
  (name) => `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
];

/**
 * How database `name` is removed: closed, then dropped, each step taken on every node before the next. On Citus a
 * node's maintenance process connects to the others on its own, and one arriving while a worker dropped the
 * database made the drop fail.
 */
export const REMOVAL_STEPS: ReadonlyArray<(name: string) => string> = [...CLOSING_STEPS, (name) => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`];

async function stepsOnEveryNode(serverUrl: string, name: string, steps: ReadonlyArray<(name: string) => string>): Promise<void> {
  for (const step of steps) await onEveryNode(serverUrl, () => step(name));
}

/** Closes database `name` on every node (CLOSING_STEPS). */
export const closeDatabase = (serverUrl: string, name: string) => stepsOnEveryNode(serverUrl, name, CLOSING_STEPS);

/** Drops database `name` on every node (REMOVAL_STEPS). */
export const dropDatabase = (serverUrl: string, name: string) => stepsOnEveryNode(serverUrl, name, REMOVAL_STEPS);
