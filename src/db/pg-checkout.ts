// A pooled connection lent to `use` and given back. pg-pool stops listening for a client's errors while it is
// checked out: without a listener of our own, a connection the server ends meanwhile would crash the process.
// The next statement fails instead, and the broken connection is discarded rather than returned to the pool.
import type pg from 'pg';

export async function withCheckedOut<R>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<R>): Promise<R> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => void (lost = error);
  client.on('error', onError);
  try {
    return await use(client);
  } finally {
    client.removeListener('error', onError);
    client.release(lost);
  }
}
