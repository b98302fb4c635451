// Which token scope each kind of operation needs, checked before any of its root fields runs (wrapped around
// every root resolver in schema.ts, and before a planned query in shared/compiled-execution.ts).
import { ForbiddenError } from '../domain/shared/errors.js';
import type { RequestContext } from './context.js';

export interface ScopeRule {
  scope: string;
  message: string;
}

export const READ_SCOPE: ScopeRule = { scope: 'read', message: 'This API token lacks the read scope.' };
export const WRITE_SCOPE: ScopeRule = { scope: 'write', message: 'This API token is read-only: changes need a token with the write scope.' };

/** Throws ForbiddenError when the caller's token lacks the rule's scope. */
export function assertScope(ctx: RequestContext, rule: ScopeRule): void {
  if (!ctx.caller.scopes.has(rule.scope)) throw new ForbiddenError(rule.message);
}
