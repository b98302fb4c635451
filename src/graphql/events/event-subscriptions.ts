// Subscriptions to the event feed (issue 35): argument plumbing only; the rules live in
// src/domain/events/live-feed.ts. Served over /graphql as Server-Sent Events and over WebSocket
// (graphql-transport-ws), with the same token or settings session as queries and the read scope.
import { builder } from '../builder.js';
import type { RequestContext } from '../context.js';
import { watchEventFeed, type LiveFeed, type Watcher } from '../../domain/events/index.js';
import { EVENT_TYPE_LIST, EventRef } from './event-fields.js';

/** The process's live feed; a context without one (a job, the CLI) has no subscriptions. */
export function liveFeedOf(ctx: RequestContext): LiveFeed {
  if (!ctx.live) throw new Error('Subscriptions are served over /graphql only.');
  return ctx.live;
}

/** Who is watching: the caller's company, and the token (or session) the cap counts. */
export function watcherOf(ctx: RequestContext): Watcher {
  const { caller } = ctx;
  return caller.kind === 'token'
    ? { companyId: ctx.company.id, tokenId: caller.tokenId, callerKey: `token:${caller.tokenId}` }
    : { companyId: ctx.company.id, tokenId: null, callerKey: `session:${caller.sessionId}` };
}

builder.subscriptionFields((t) => ({
  events: t.field({
    type: EventRef,
    description:
      'The event feed as a stream: each event committed after `after` (from now without it), in the feed\'s order, then live. ' +
      'Reconnect with the cursor of the last event received to miss nothing and see nothing twice. ' +
      `Types: ${EVENT_TYPE_LIST}`,
    args: {
      after: t.arg.string({ required: false, description: 'A cursor from an earlier event (or next_cursor of GET /events): replay what came after it first.' }),
      types: t.arg.stringList({ required: false, description: 'Only these event types.' }),
    },
    subscribe: (_root, args, ctx) => watchEventFeed(liveFeedOf(ctx), watcherOf(ctx), args, ctx.streamClosed),
    resolve: (event) => event,
  }),
}));
