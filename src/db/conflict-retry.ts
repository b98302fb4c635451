// A transaction that PostgreSQL cancelled as a deadlock's victim (40P01) or refused for a serialization failure
// (40001) changed nothing, and PostgreSQL's advice is to run it again. Two writers that lock the same things in
// different orders can always meet so; on Citus it also happens to an ordinary posting while its company's shards
// move to another worker: the move blocks writes for its final catch-up by locking the shards' metadata in shard
// order, while the posting locks each shard as it reaches its table. The service runs such a transaction's work
// again, a few times, rather than answer 500.
import { PrismaClient } from '../generated/prisma/client.js';
import { someLayer } from './error-chain.js';

/** SQLSTATE serialization_failure and deadlock_detected. */
const CONFLICT_STATE = new Set(['40001', '40P01']);
/** Prisma's code and its driver adapters' kind for the same. */
const CONFLICT_PRISMA_CODE = 'P2034';
const CONFLICT_KIND = 'TransactionWriteConflict';

/** Runs of one transaction's work at most, and the pause before the second (doubled each time, with jitter). */
const ATTEMPTS = 5;
const FIRST_PAUSE_MS = 20;

export function isTransactionConflict(error: unknown): boolean {
  return someLayer(error, ({ code, kind }) => (typeof code === 'string' && (CONFLICT_STATE.has(code) || code === CONFLICT_PRISMA_CODE)) || kind === CONFLICT_KIND);
}

/** Runs `attempt` again while it fails with a transaction conflict, up to ATTEMPTS times in all. */
export async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (error) {
      if (run >= ATTEMPTS || !isTransactionConflict(error)) throw error;
      const pause = FIRST_PAUSE_MS * 2 ** (run - 1);
      await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * pause));
    }
  }
}

/**
 * The Prisma client whose interactive transactions (`$transaction(async (tx) => …)`) run again on a conflict.
 * Clients made from it with `$extends` (the tenant client) keep this, and their transactions keep their
 * extensions: Prisma builds the transaction's client from the client it was called on. A batch
 * (`$transaction([…])`) is passed on as it is: its queries are made once, before the call.
 */
export class ConflictRetryingPrismaClient extends PrismaClient {
  override $transaction(...args: unknown[]): any {
    const run = () => (super.$transaction as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    return typeof args[0] === 'function' ? retryingConflicts(run) : run();
  }
}
