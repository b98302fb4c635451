// Opens the service's database: embedded PGlite (a folder, or memory for tests) or a PostgreSQL server.
// Returns the Prisma client, a plain SQL runner for migrations and health checks, and a closer.
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';
import { applyMigrations } from './migrations.js';
import { inMemoryCluster, seedFromTemplate } from './pglite-template.js';
import { shortLivedStartParams } from './pglite-start.js';
import { takeTurns } from './pglite-turns.js';
import { pgliteRunner, pgRunner, reportingRunner, type SqlRunner } from './sql-runner.js';
import { recordingActors } from './audit-actor.js';
import { ConflictRetryingPrismaClient } from './conflict-retry.js';
import { oneStatementAtATime } from './one-statement-at-a-time.js';
import { releaseAfterFailedEnd } from './release-after-failed-end.js';

export type DatabaseTarget =
  /** `shortLived`: opened for one command (the CLI), with fewer shared buffers (pglite-start.ts). In memory: always. */
  | { kind: 'pglite'; dataDir: string | null; shortLived?: boolean } // dataDir null: in memory
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface OpenDatabaseOptions {
  migrate?: boolean;
  /**
   * Told when PostgreSQL drops a pooled connection that sits idle (server restart, terminated backend).
   * The pool discards that connection and opens a new one on the next query, so this is for logging only;
   * without a listener such an error would crash the process.
   */
  onConnectionLost?: (error: Error) => void;
  /** Told the text of every statement Prisma or the plain driver sends (tests count them). */
  onQuery?: (sql: string) => void;
}

export interface Database {
  kind: DatabaseTarget['kind'];
  prisma: PrismaClient;
  sql: SqlRunner;
  /**
   * Embedded only: the data folder as a gzipped tarball, taken between two statements (PGlite runs one at a
   * time), so it holds exactly what was committed; restoring it replays the log like a restart after a crash.
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): Promise<Database> {
  const database =
    target.kind === 'pglite'
      ? await openPglite(target.dataDir, options.onQuery, options.migrate !== false, target.shortLived === true)
      : openPostgres(target, options.onConnectionLost ?? (() => {}), options.onQuery);
  if (options.migrate !== false) {
    try {
      await applyMigrations(database.sql);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

// Prisma gives up on starting a transaction after 2 s by default: with every pooled connection busy (50 sales
// orders confirmed at once, each waiting on the product's lock) a request then failed with a 500 instead of
// waiting its turn. Every transaction waits and runs as long as the postings used to ask for each time.
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/** A Prisma client over the adapter, running a transaction again after a deadlock or serialization failure, recording the current actor for the audit log, each transaction sending one statement at a time; with onQuery, one that reports each statement it sends. */
function prismaClient(driverAdapter: Prisma.PrismaClientOptions['adapter'], onQuery?: (sql: string) => void): PrismaClient {
  const adapter = recordingActors(oneStatementAtATime(releaseAfterFailedEnd(driverAdapter as any))) as Prisma.PrismaClientOptions['adapter'];
  if (!onQuery) return new ConflictRetryingPrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  const client = new ConflictRetryingPrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS, log: [{ emit: 'event', level: 'query' }] });
  (client as unknown as PrismaClient<'query'>).$on('query', (event) => onQuery(event.query));
  return client as unknown as PrismaClient;
}

async function openPglite(dataDir: string | null, onQuery: ((sql: string) => void) | undefined, migrate: boolean, shortLived: boolean): Promise<Database> {
  let location: string | undefined;
  if (dataDir !== null) {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    // A new folder starts from the migrated empty database (a copy), not from initdb and every migration.
    if (migrate) await seedFromTemplate(location);
  }
  // In memory (the tests), a new database is loaded from a template's tarball instead of running initdb.
  const pglite = takeTurns(
    location ? new PGlite(location, shortLived ? { startParams: shortLivedStartParams() } : {}) : await inMemoryCluster({ migrated: migrate }),
  );
  await pglite.waitReady;
  // pglite-prisma-adapter is typed against an older @prisma/driver-adapter-utils; the runtime interface
  // it implements is the one Prisma 6.19 calls (argTypes, whose type changed, are not read by it).
  const prisma = prismaClient(new PrismaPGlite(pglite) as any, onQuery);
  return {
    kind: 'pglite',
    prisma,
    sql: reportingRunner(pgliteRunner(pglite), onQuery),
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

function openPostgres(
  target: { url: string; poolSize?: number },
  onConnectionLost: (error: Error) => void,
  onQuery?: (sql: string) => void,
): Database {
  const poolSize = target.poolSize ?? 10;
  // The service's statements are short (a page, a posting, a report's page). PostgreSQL's JIT compiler starts
  // on a cost estimate, and a recursive walk is estimated at ten rounds: it spent 12 ms compiling the 2 ms
  // statement that locks a posting's cost layers. Off for the service's connections.
  // On a Citus coordinator, SET LOCAL (the audit log's caller, src/db/audit-actor.ts) is passed on to the workers
  // a transaction uses; elsewhere the setting is an unused placeholder.
  const options = '-c jit=off -c citus.propagate_set_commands=local';
  // Migrations, health checks and the stock export's pages (src/graphql/context.ts `sql`).
  const pool = new pg.Pool({ connectionString: target.url, max: 4, options });
  pool.on('error', onConnectionLost);
  const prisma = prismaClient(
    new PrismaPg({ connectionString: target.url, max: poolSize, options }, { onPoolError: onConnectionLost, onConnectionError: onConnectionLost }),
    onQuery,
  );
  return {
    kind: 'postgres',
    prisma,
    sql: reportingRunner(pgRunner(pool), onQuery),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
