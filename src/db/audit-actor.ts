// Who is making a change, for the audit log's triggers (prisma/migrations/*_audit_log_and_rate_limits). The caller
// of a request is kept in async-local storage for the request's work; every transaction the database adapter opens
// while one is set starts by storing it in the transaction-local setting app.audit_actor, which the triggers read.
// It is stored with SET LOCAL rather than set_config(): on Citus the triggers run on the workers, and Citus passes
// SET LOCAL on to them (the connections ask for citus.propagate_set_commands = local, src/db/database.ts).
// A write sent outside a transaction runs in a transaction of its own for that. Without a caller (jobs, the CLI's
// own work) the triggers record the system.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';

export interface AuditActor {
  /** token, user, supplier, cli or system. */
  type: 'token' | 'user' | 'supplier' | 'cli' | 'system';
  id: number | null;
  name: string | null;
  requestId: string | null;
}

const actors = new AsyncLocalStorage<AuditActor>();

/** Runs `work` with every change it makes recorded as the actor's. */
export function actingAs<T>(actor: AuditActor, work: () => T): T {
  return actors.run(actor, work);
}

export function currentActor(): AuditActor | undefined {
  return actors.getStore();
}

const WRITE_STATEMENT = /^\s*(insert|update|delete|with|merge)\b/i;

async function storeActor(tx: Transaction, actor: AuditActor): Promise<void> {
  // SET takes no parameters: the value is a literal, written by pg's escaping.
  const setting = JSON.stringify({ type: actor.type, id: actor.id, name: actor.name, request_id: actor.requestId });
  await tx.executeRaw({ sql: `SET LOCAL app.audit_actor TO ${pg.escapeLiteral(setting)}`, args: [], argTypes: [] } as SqlQuery);
}

/** The adapter with the actor stored at the start of each transaction, and lone writes wrapped in one. */
function withActor(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const startTransaction = adapter.startTransaction.bind(adapter);
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);

  async function inOwnTransaction<R>(actor: AuditActor, run: (tx: Transaction) => Promise<R>): Promise<R> {
    const tx = await startTransaction();
    // pg's transaction expects the caller to send COMMIT / ROLLBACK itself; PGlite's ends by commit()/rollback().
    const explicit = !tx.options.usePhantomQuery;
    try {
      await storeActor(tx, actor);
      const result = await run(tx);
      if (explicit) await tx.executeRaw({ sql: 'COMMIT', args: [], argTypes: [] } as SqlQuery);
      await tx.commit();
      return result;
    } catch (error) {
      if (explicit) await tx.executeRaw({ sql: 'ROLLBACK', args: [], argTypes: [] } as SqlQuery).catch(() => undefined);
      await tx.rollback();
      throw error;
    }
  }

  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    async startTransaction(isolationLevel?: Parameters<SqlDriverAdapter['startTransaction']>[0]) {
      const tx = await startTransaction(isolationLevel);
      const actor = currentActor();
      if (actor) {
        try {
          await storeActor(tx, actor);
        } catch (error) {
          if (!tx.options.usePhantomQuery) await tx.executeRaw({ sql: 'ROLLBACK', args: [], argTypes: [] } as SqlQuery).catch(() => undefined);
          await tx.rollback();
          throw error;
        }
      }
      return tx;
    },
    queryRaw(query: SqlQuery) {
      const actor = currentActor();
      return actor && WRITE_STATEMENT.test(query.sql) ? inOwnTransaction(actor, (tx) => tx.queryRaw(query)) : queryRaw(query);
    },
    executeRaw(query: SqlQuery) {
      const actor = currentActor();
      return actor && WRITE_STATEMENT.test(query.sql) ? inOwnTransaction(actor, (tx) => tx.executeRaw(query)) : executeRaw(query);
    },
  });
}

/** A driver adapter factory whose connections record the current actor (see the top of this file). */
export function recordingActors<F extends SqlDriverAdapterFactory>(factory: F): F {
  const connect = factory.connect.bind(factory);
  return Object.assign(Object.create(factory) as F, {
    async connect() {
      return withActor(await connect());
    },
  });
}
