// The smallest SQL surface that both backends offer, for the migration runner and health checks,
// which must work before (and without) the Prisma client.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { preparedQuery } from './pglite-prepared.js';
import { pgPreparedQuery } from './pg-prepared.js';
import { withCheckedOut } from './pg-checkout.js';

export interface SqlRunner {
  /** Runs a script of one or more statements with no parameters. */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * query() for a statement run on every request, whose plan may be kept: on embedded PGlite it is prepared
   * once and executed with a generic plan (pglite-prepared.ts); on PostgreSQL it is a named statement, prepared once
   * per pooled connection and kept, a bounded number of them (pg-prepared.ts). Inside a transaction it is query().
   * Its parameters are text, numbers, booleans, null, or arrays of them.
   */
  queryPrepared<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` with the runner bound to one connection inside BEGIN/COMMIT. */
  transaction<R>(fn: (tx: SqlRunner) => Promise<R>): Promise<R>;
}

export function pgliteRunner(db: PGlite | { exec: PGlite['exec']; query: PGlite['query'] }): SqlRunner {
  const query = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
  // A transaction's object runs its statements inside that transaction: nothing is prepared there.
  const queryPrepared = 'transaction' in db ? preparedQueryOf(db as PGlite) : query;
  return {
    async exec(sql) {
      await db.exec(sql);
    },
    query,
    queryPrepared,
    async transaction(fn) {
      if (!('transaction' in db)) throw new Error('nested transactions are not supported');
      return (db as PGlite).transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

/** One set of prepared statements for each PGlite, however many runners are made over it. */
const preparedByDatabase = new WeakMap<PGlite, ReturnType<typeof preparedQuery>>();
function preparedQueryOf(db: PGlite) {
  let prepared = preparedByDatabase.get(db);
  if (!prepared) preparedByDatabase.set(db, (prepared = preparedQuery(db)));
  return prepared;
}

const isPool = (pool: pg.Pool | pg.PoolClient): pool is pg.Pool => 'connect' in pool && typeof (pool as pg.Pool).totalCount === 'number';

export function pgRunner(pool: pg.Pool | pg.PoolClient): SqlRunner {
  const query = async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[];
  // A transaction's connection runs its statements unnamed: nothing is prepared there.
  const queryPrepared = isPool(pool) ? pgPreparedQuery(pool) : query;
  return {
    async exec(sql) {
      await pool.query(sql);
    },
    query,
    queryPrepared,
    async transaction(fn) {
      if (!isPool(pool)) throw new Error('nested transactions are not supported');
      return withCheckedOut(pool, async (client) => {
        try {
          await client.query('BEGIN');
          const result = await fn(pgRunner(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },
  };
}

/** The runner, telling `onQuery` the text of every statement it runs (tests count statements, as Prisma's). */
export function reportingRunner(runner: SqlRunner, onQuery: ((sql: string) => void) | undefined): SqlRunner {
  if (!onQuery) return runner;
  return {
    async exec(sql) {
      onQuery(sql);
      return runner.exec(sql);
    },
    async query<T>(sql: string, params?: unknown[]) {
      onQuery(sql);
      return runner.query<T>(sql, params);
    },
    async queryPrepared<T>(sql: string, params?: unknown[]) {
      onQuery(sql);
      return runner.queryPrepared<T>(sql, params);
    },
    transaction: (fn) => runner.transaction((tx) => fn(reportingRunner(tx, onQuery))),
  };
}
