// Embedded PGlite runs every statement on the service's own thread. Its lock hands the database to the next
// waiting statement in a microtask, so under load the whole queue of statements runs back to back while no
// socket is read or written: an answer that is ready waits for every other request's statements before it is
// sent. Here the service's calls (query, exec, transaction) take turns, one at a time in the order they asked,
// and the event loop turns between them, so finished answers go out and new requests come in between
// statements (issue 16: on the products page at 10 connections, p99 went from 323–396 ms to 289–298 ms and the
// slowest request from 632–809 ms to about 350 ms, at the same throughput).
//
// A transaction is one turn, as it holds PGlite's own lock for its whole length anyway; its statements go
// through the transaction's object, not through here. (Ordering the turns by the requests' arrival was tried:
// it lowered throughput by a fifth.)
import type { PGlite } from '@electric-sql/pglite';

const TAKING_TURNS = ['query', 'exec', 'transaction'] as const;

export function takeTurns(pglite: PGlite): PGlite {
  let previous: Promise<unknown> = Promise.resolve();
  const nextTurn = <T>(call: () => Promise<T>): Promise<T> => {
    const result = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(call);
    previous = result.catch(() => undefined);
    return result;
  };
  for (const method of TAKING_TURNS) {
    const call = (pglite[method] as (...args: unknown[]) => Promise<unknown>).bind(pglite);
    Object.defineProperty(pglite, method, { value: (...args: unknown[]) => nextTurn(() => call(...args)), configurable: true, writable: true });
  }
  return pglite;
}
