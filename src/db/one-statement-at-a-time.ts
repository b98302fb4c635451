// Inside a transaction every statement goes to one connection, yet statements can be sent before the last one
// answered: Prisma's query interpreter loads a query's relations at once (Promise.all; prisma/orm#29407), and so
// may the service's own code. pg 8.19 and later warn when a connection is given a query while it is busy, and
// pg 9 refuses it. Each transaction here hands its statements to the driver one at a time, in the order sent;
// outside transactions the pool gives each statement a connection of its own.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';

/** The transaction with each statement sent only once the one before it has answered (or failed). */
function serialized(tx: Transaction): Transaction {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(send: () => Promise<T>): Promise<T> => {
    const answer = last.then(send);
    last = answer.catch(() => undefined);
    return answer;
  };
  return Object.assign(Object.create(tx) as Transaction, {
    queryRaw: (query: SqlQuery) => inTurn(() => tx.queryRaw(query)),
    executeRaw: (query: SqlQuery) => inTurn(() => tx.executeRaw(query)),
  });
}

function withSerializedTransactions(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const startTransaction = adapter.startTransaction.bind(adapter);
  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    async startTransaction(isolationLevel?: Parameters<SqlDriverAdapter['startTransaction']>[0]) {
      return serialized(await startTransaction(isolationLevel));
    },
  });
}

/** A driver adapter factory whose transactions send one statement at a time. */
export function oneStatementAtATime<F extends SqlDriverAdapterFactory>(factory: F): F {
  const connect = factory.connect.bind(factory);
  return Object.assign(Object.create(factory) as F, {
    async connect() {
      return withSerializedTransactions(await connect());
    },
  });
}
