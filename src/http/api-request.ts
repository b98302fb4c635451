// What every authenticated API request (REST or GraphQL) goes through before its work: it is counted against
// the rate limits (429 when a budget is spent), and the changes it makes are recorded in the audit log as its
// token's (or, from GraphiQL with a settings session, as the signed-in user's).
import type { ServerResponse } from 'node:http';
import { actingAs } from '../db/audit-actor.js';
import { DEFAULT_RATE_LIMITS } from '../domain/tenancy/index.js';
import type { RequestContext } from '../graphql/context.js';
import { countRequest } from './rate-limits.js';
import type { AppServices } from './services.js';

export async function runApiRequest<T>(services: AppServices, res: ServerResponse, ctx: RequestContext, heavy: boolean, work: () => Promise<T>): Promise<T> {
  await countRequest(services.database.sql, res, { ctx, heavy }, services.config.rateLimits ?? DEFAULT_RATE_LIMITS);
  const { caller } = ctx;
  const actor =
    caller.kind === 'token'
      ? { type: 'token' as const, id: caller.tokenId, name: caller.tokenName, requestId: ctx.requestId }
      : { type: 'user' as const, id: caller.userId, name: caller.userEmail, requestId: ctx.requestId };
  return actingAs(actor, work);
}
