// Prisma ends a transaction by sending COMMIT or ROLLBACK and then telling the driver adapter to give the
// connection back to its pool; when the COMMIT or ROLLBACK itself fails (the server went away mid-transaction),
// it never tells it, so the connection stays checked out for good and closing the pool waits for it forever.
// Here a transaction whose COMMIT or ROLLBACK fails gives its connection back at once (pg's pool then drops the
// broken connection), and giving it back twice does nothing.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';

const END = /^\s*(COMMIT|ROLLBACK)\b/i;

function releasingAfterFailedEnd(tx: Transaction): Transaction {
  let released = false;
  const releaseOnce = (end: () => Promise<void>) => {
    if (released) return Promise.resolve();
    released = true;
    return end();
  };
  return Object.assign(Object.create(tx) as Transaction, {
    async executeRaw(query: SqlQuery) {
      try {
        return await tx.executeRaw(query);
      } catch (error) {
        if (END.test(query.sql)) await releaseOnce(() => tx.rollback()).catch(() => undefined);
        throw error;
      }
    },
    commit: () => releaseOnce(() => tx.commit()),
    rollback: () => releaseOnce(() => tx.rollback()),
  });
}

/** A driver adapter factory whose transactions give their connection back even when their end fails. */
export function releaseAfterFailedEnd<F extends SqlDriverAdapterFactory>(factory: F): F {
  const connect = factory.connect.bind(factory);
  return Object.assign(Object.create(factory) as F, {
    async connect() {
      const adapter = await connect();
      const startTransaction = adapter.startTransaction.bind(adapter);
      return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
        async startTransaction(isolationLevel?: Parameters<SqlDriverAdapter['startTransaction']>[0]) {
          return releasingAfterFailedEnd(await startTransaction(isolationLevel));
        },
      });
    },
  });
}
