// The smallest SQL surface that both backends offer, for the migration runner and health checks,
// which must work before (and without) the Prisma client.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface SqlRunner {
  /** Runs a script of one or more statements with no parameters. */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` with the runner bound to one connection inside BEGIN/COMMIT. */
  transaction<R>(fn: (tx: SqlRunner) => Promise<R>): Promise<R>;
}

export function pgliteRunner(db: PGlite | { exec: PGlite['exec']; query: PGlite['query'] }): SqlRunner {
  return {
    async exec(sql) {
      await db.exec(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async transaction(fn) {
      if (!('transaction' in db)) throw new Error('nested transactions are not supported');
      return (db as PGlite).transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

export function pgRunner(pool: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async transaction(fn) {
      if (!('connect' in pool) || typeof (pool as pg.Pool).totalCount !== 'number') {
        throw new Error('nested transactions are not supported');
      }
      const client = await (pool as pg.Pool).connect();
      // pg-pool stops listening for a client's errors while it is checked out: without this listener a
      // connection the server ends mid-transaction would crash the process. The next query fails instead,
      // and the broken connection is discarded rather than returned to the pool.
      let lost: Error | undefined;
      const onError = (error: Error) => void (lost = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(pgRunner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(lost);
      }
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
    transaction: (fn) => runner.transaction((tx) => fn(reportingRunner(tx, onQuery))),
  };
}
