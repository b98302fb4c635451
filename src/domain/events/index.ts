// The events area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/events/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { EVENT_TYPES } from './event-types.js';
export type { EventType } from './event-types.js';
export { readEventFeed } from './feed.js';
export type { EventFeedPage, FeedEvent } from './feed.js';
export { changedFields, recordEvent, recordEvents } from './outbox.js';
export type { NewEvent } from './outbox.js';
export * as webhookDeliveries from './webhook-deliveries.js';
export { WEBHOOK_DELIVERY_FILTERS } from './webhook-deliveries.js';
export { WEBHOOK_DELIVER_JOB, planAttempt, pumpWebhooks, recordAttempt, sendWebhook } from './webhook-dispatch.js';
export type { PumpResult } from './webhook-dispatch.js';
export * as webhookEndpoints from './webhook-endpoints.js';
export { WEBHOOK_ENDPOINT_FILTERS } from './webhook-endpoints.js';
export { LiveFeed, watchEventFeed, MAX_WATCHES_PER_CALLER } from './live-feed.js';
export type { Watcher } from './live-feed.js';
export { LIVE_DOCUMENT_TYPES, watchDocumentChanges } from './live-documents.js';
export type { DocumentChange, LiveDocumentType } from './live-documents.js';
