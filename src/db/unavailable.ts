// Whether an error means the database (a PostgreSQL server, or on Citus the worker that holds a company's
// shards) cannot be reached right now, rather than that the request or the code is wrong. The HTTP layer answers
// those with 503 and Retry-After (src/http/errors.ts); the connection pools drop a broken connection and open a
// new one on the next query, so the service comes back by itself when the database does.
import { someLayer } from './error-chain.js';

/** SQLSTATE: connection exceptions (class 08, which Citus raises for an unreachable worker), a server shutting
 * down or starting (57P01–57P03), too many connections (53300). */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;
/** Prisma: cannot reach the server, timed out reaching it, the server closed the connection, no pooled connection in time. */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** Prisma's driver adapters' kinds of the same failures. */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Node's socket errors. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** pg's own words when the server goes away in the middle of a query. */
const UNAVAILABLE_MESSAGE = /^Connection terminated( unexpectedly| due to connection timeout)?$|^Client has encountered a connection error/;

export function isDatabaseUnavailable(error: unknown): boolean {
  return someLayer(error, ({ code, kind, message }) =>
    (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_PRISMA_CODES.has(code) || UNAVAILABLE_SOCKET.has(code))) ||
    (typeof kind === 'string' && UNAVAILABLE_KINDS.has(kind)) ||
    (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)),
  );
}
