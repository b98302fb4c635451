// Documents, live (the documentChanged subscription, issue 35): which documents of one kind changed, from the
// company's events as the live feed reads them (the committed outbox). An event names the document it is about
// (resourceType and resourceId); a shipment's and an invoice's events also change their sales order. Within a
// round, a document changed by several events is announced once, with the last of them.
import { FieldErrorCollector } from '../shared/errors.js';
import type { FeedEvent } from './feed.js';
import type { LiveFeed, Watcher } from './live-feed.js';

export const LIVE_DOCUMENT_TYPES = ['SALES_ORDER', 'PURCHASE_ORDER', 'SHIPMENT', 'WORK_ORDER', 'CYCLE_COUNT_SESSION'] as const;
export type LiveDocumentType = (typeof LIVE_DOCUMENT_TYPES)[number];

const MAX_IDS = 100;

/** The documents of a kind an event changed. */
const DOCUMENTS_OF: Record<LiveDocumentType, (event: FeedEvent) => number[]> = {
  SALES_ORDER: (event) => {
    if (event.resourceType === 'sales_order') return [Number(event.resourceId)];
    const data = event.data as { sales_order_id?: unknown } | null;
    return (event.resourceType === 'shipment' || event.resourceType === 'invoice') && typeof data?.sales_order_id === 'number' ? [data.sales_order_id] : [];
  },
  PURCHASE_ORDER: (event) => (event.resourceType === 'purchase_order' ? [Number(event.resourceId)] : []),
  SHIPMENT: (event) => (event.resourceType === 'shipment' ? [Number(event.resourceId)] : []),
  WORK_ORDER: (event) => (event.resourceType === 'work_order' ? [Number(event.resourceId)] : []),
  CYCLE_COUNT_SESSION: (event) => (event.resourceType === 'cycle_count_session' ? [Number(event.resourceId)] : []),
};

export interface DocumentChange {
  type: LiveDocumentType;
  id: number;
  /** The event that changed it (the last of the round). */
  event: FeedEvent;
}

/** Checks the ids (at most 100), then streams each change of a document of `type` (of `ids` when given). */
export async function watchDocumentChanges(
  live: LiveFeed,
  watcher: Watcher,
  args: { type: LiveDocumentType; ids?: readonly number[] | null },
  signal?: AbortSignal,
): Promise<AsyncGenerator<DocumentChange>> {
  const errors = new FieldErrorCollector();
  const wanted = args.ids == null ? null : new Set(args.ids);
  if (wanted && (wanted.size === 0 || wanted.size > MAX_IDS)) errors.add('ids', `Give from 1 to ${MAX_IDS} ids, or none for every document of the type.`);
  errors.throwIfAny();
  const documentsOf = DOCUMENTS_OF[args.type];
  const batches = await live.watch({ ...watcher, after: null, types: [] }, signal);
  return (async function* changes() {
    try {
      for await (const batch of batches) {
        const last = new Map<number, FeedEvent>();
        for (const event of batch) for (const id of documentsOf(event)) if (!wanted || wanted.has(id)) last.set(id, event);
        for (const [id, event] of last) yield { type: args.type, id, event };
      }
    } finally {
      await batches.return?.();
    }
  })();
}
