// What every resolver receives: the company, a client bound to it, and who is calling.
import type { Company } from '../generated/prisma/client.js';
import type { SqlRunner } from '../db/sql-runner.js';
import type { TenantDb } from '../db/tenant-client.js';
import type { OutboundPolicy } from '../outbound/http-request.js';
import type { LiveFeed } from '../domain/events/index.js';

/** An integration calling with an API token. */
export interface TokenCaller {
  kind: 'token';
  tokenId: number;
  /** The token's name, as the audit log shows who made a change. */
  tokenName: string;
  scopes: ReadonlySet<string>;
}

/** A user signed in to the settings pages, calling /graphql from GraphiQL with their session (src/http/session-caller.ts). */
export interface SessionCaller {
  kind: 'session';
  /** No token: documents that record the token that made them record none. */
  tokenId: null;
  sessionId: number;
  userId: number;
  userEmail: string;
  scopes: ReadonlySet<string>;
}

export type Caller = TokenCaller | SessionCaller;

export interface RequestContext {
  requestId: string;
  company: Company;
  db: TenantDb;
  /**
   * The plain driver, for a large read-only statement whose text result Prisma would copy several times over
   * (the stock export's page). It is not scoped: every statement names the company itself.
   */
  sql: SqlRunner;
  caller: Caller;
  /** The service's SECRET_KEY, for values the service signs and later verifies (export cursors). */
  secretKey: string;
  /** scheme://host of this request, for links the service hands out (the supplier portal). */
  origin: string;
  /** Where calls to other systems may go (ALLOW_PRIVATE_OUTBOUND). */
  outbound: OutboundPolicy;
  /** For an event stream: fires when its client has gone, so a watcher that waits between events stops at once. */
  streamClosed?: AbortSignal;
  /** The process's live event feed, for subscriptions (set by /graphql over HTTP and WebSocket). */
  live?: LiveFeed;
}
