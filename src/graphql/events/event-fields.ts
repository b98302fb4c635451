// The event feed as GraphQL sees it: argument plumbing only; the rules live in src/domain/events/feed.ts.
import { builder } from '../builder.js';
import { readEventFeed, type EventFeedPage, type FeedEvent, EVENT_TYPES } from '../../domain/events/index.js';

export const EVENT_TYPE_LIST = Object.entries(EVENT_TYPES).map(([type, meaning]) => `${type}: ${meaning}`).join(' ');

export const EventRef = builder.objectRef<FeedEvent>('Event').implement({
  description: 'Something that happened, recorded in the transaction that made the change (the event outbox).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The event\'s id; webhook deliveries send it as webhook-id evt_<company id>_<id>.' }),
    type: t.exposeString('type'),
    occurredAt: t.expose('occurredAt', { type: 'DateTime' }),
    data: t.expose('data', { type: 'JSON', description: 'What happened, in snake_case JSON; its shape depends on the type.' }),
    cursor: t.exposeString('cursor', { description: 'The position just after this event: pass it as `after` to read on from here.' }),
  }),
});

const EventFeedMetaRef = builder.objectRef<EventFeedPage['meta']>('EventFeedMeta').implement({
  fields: (t) => ({
    nextCursor: t.exposeString('nextCursor', { description: 'Pass as `after` for the next page (also when this one is empty).' }),
    hasMore: t.exposeBoolean('hasMore', { description: 'More events can be read at once; false: wait and ask again with next_cursor.' }),
  }),
});

const EventFeedRef = builder.objectRef<EventFeedPage>('EventFeed').implement({
  fields: (t) => ({
    items: t.field({ type: [EventRef], resolve: (page) => page.items }),
    meta: t.field({ type: EventFeedMetaRef, resolve: (page) => page.meta }),
  }),
});

builder.queryFields((t) => ({
  events: t.field({
    type: EventFeedRef,
    description: `The company's events in order, after a cursor. Types: ${EVENT_TYPE_LIST}`,
    args: {
      after: t.arg.string({ required: false, description: 'A cursor from an earlier answer; from the first event without it.' }),
      types: t.arg.stringList({ required: false, description: 'Only these event types.' }),
      limit: t.arg.int({ required: false, description: 'Events per page, 1 to 1000; default 100.' }),
    },
    resolve: (_root, args, ctx) => readEventFeed(ctx.db, args),
  }),
}));
