// Statements that run on every request (the token check, the rate-limit count, a page's JSON) planned once per
// connection and kept, on PostgreSQL. An unnamed statement is parsed, analysed and planned again each time: a
// customers page's 2.8 KB JSON statement took 0.8–2.3 ms that way and 0.2 ms as a named one, most of it planning
// (docs/benchmarks.md). node-postgres prepares a statement given a name once per connection and keeps it for the
// connection's life, so each connection keeps at most `capacity` of them here, the least recently used
// deallocated first: GraphQL selections make a page's text vary without bound.
import type pg from 'pg';
import { withCheckedOut } from './pg-checkout.js';

export type PreparedQuery = <T>(sql: string, params?: readonly unknown[]) => Promise<T[]>;

// Names are never reused, by any pool: a connection never meets a name it kept for another text.
let named = 0;

/** node-postgres's record of the statements a connection has parsed, by name (pg's Connection). */
const parsedStatementsOf = (client: pg.PoolClient): Record<string, string> => (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;

export function pgPreparedQuery(pool: pg.Pool, capacity = 64): PreparedQuery {
  /** Per connection: statement text → its name, least recently used first. */
  const keptByClient = new WeakMap<pg.PoolClient, Map<string, string>>();

  return async <T>(sql: string, params: readonly unknown[] = []) => {
    return withCheckedOut(pool, async (client) => {
      let kept = keptByClient.get(client);
      if (!kept) keptByClient.set(client, (kept = new Map()));
      let name = kept.get(sql);
      if (name === undefined) {
        if (kept.size >= capacity) {
          const [oldestText, oldestName] = kept.entries().next().value!;
          kept.delete(oldestText);
          await client.query(`DEALLOCATE ${oldestName}`);
          delete parsedStatementsOf(client)[oldestName];
        }
        name = `service_statement_${++named}`;
      } else {
        kept.delete(sql);
      }
      kept.set(sql, name);
      const result = await client.query({ name, text: sql, values: params as unknown[] });
      return result.rows as T[];
    });
  };
}
