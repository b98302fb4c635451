// The event feed (GET /events): the outbox read in order, page by page, with a cursor.
//
// Order is (txId, id): txId is the id of the transaction that wrote the event, id its sequence number. A
// transaction that is still open may have taken a smaller id or txId than events already committed, so the
// feed only shows events of transactions older than every transaction of this database still running (txId
// below feed_horizon(): database_xmin(), held on a Citus cluster just below the oldest transaction whose
// coordinator part committed while a part on a worker is not committed yet; migrations 20261128170000 and
// 20261129050000). Past that horizon no event can appear any more, so a reader that goes on from a cursor never
// skips one; an event of an open transaction shows once it and every older transaction of the database have
// ended (a long transaction delays the feed, it never loses an event; one in another database does not).
//
// The cursor is opaque to clients: base64url of "txId:id" of the last event seen. It names only a position,
// and the feed is read within the caller's company, so it needs no signature.
import type { Event, PrismaClient } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { isEventType } from './event-types.js';

export interface FeedPosition {
  txId: bigint;
  id: number;
}

export const FEED_START: FeedPosition = { txId: 0n, id: 0 };
export const DEFAULT_FEED_LIMIT = 100;
export const MAX_FEED_LIMIT = 1000;

export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.txId}:${position.id}`).toString('base64url');
}

/** The position a cursor names, or null when it is not one this service handed out. */
export function decodeFeedCursor(cursor: string): FeedPosition | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(0|[1-9]\d{0,18}):(0|[1-9]\d{0,9})$/.exec(text);
  if (!match) return null;
  const position = { txId: BigInt(match[1]), id: Number(match[2]) };
  if (position.txId > 9223372036854775807n || position.id > 2147483647) return null;
  // base64url decoding forgives stray bits; only the canonical spelling is a cursor.
  return encodeFeedCursor(position) === cursor ? position : null;
}

/**
 * The visibility horizon: every transaction with a smaller id has ended. One statement, no tenant data.
 * (Read outside the caller's own writing transaction, which would otherwise hold the horizon at itself.)
 */
export async function feedHorizon(db: Pick<TenantDb, '$queryRaw'>): Promise<bigint> {
  const rows = await db.$queryRaw<Array<{ horizon: bigint }>>`SELECT feed_horizon() AS horizon`;
  return BigInt(rows[0]!.horizon);
}

export interface EventFeedArgs {
  after?: string | null;
  types?: readonly string[] | null;
  limit?: number | null;
}

export interface FeedEvent extends Event {
  cursor: string;
}

export interface EventFeedPage {
  items: FeedEvent[];
  meta: { nextCursor: string; hasMore: boolean };
}

/** One page of the feed after `after` (from the start without it); two statements whatever the page size. */
export async function readEventFeed(db: TenantDb, args: EventFeedArgs): Promise<EventFeedPage> {
  const errors = new FieldErrorCollector();
  const { after, types } = checkFeedArgs(args, errors);
  const limit = args.limit ?? DEFAULT_FEED_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_FEED_LIMIT) errors.add('limit', `The limit must be an integer from 1 to ${MAX_FEED_LIMIT}.`);
  errors.throwIfAny();

  const page = await readFeedAfter(db, after ?? FEED_START, types, limit);
  return { items: page.items, meta: { nextCursor: encodeFeedCursor(page.next), hasMore: page.hasMore } };
}

/** The position an `after` cursor names (null without one) and the distinct types asked for; their mistakes go to `errors`. */
export function checkFeedArgs(args: Pick<EventFeedArgs, 'after' | 'types'>, errors: FieldErrorCollector): { after: FeedPosition | null; types: string[] } {
  let after: FeedPosition | null = null;
  if (args.after != null) {
    after = decodeFeedCursor(args.after);
    if (!after) errors.add('after', 'The after cursor is not valid: give a cursor or next_cursor from an earlier answer of GET /events.');
  }
  const types = [...new Set(args.types ?? [])];
  const unknown = types.filter((type) => !isEventType(type));
  if (unknown.length > 0) {
    errors.add('types', `Unknown event type${unknown.length > 1 ? 's' : ''} ${unknown.map((t) => `"${t}"`).join(', ')}; see the list of event types in the description of GET /events.`);
  }
  return { after, types };
}

/** A page of the feed after a position: its events, where the next read starts, and whether more are visible. */
export interface FeedPage {
  items: FeedEvent[];
  next: FeedPosition;
  hasMore: boolean;
}

/** One page of the feed after `after`, of `types` (every type when empty): two statements whatever its size. */
export async function readFeedAfter(db: TenantDb, after: FeedPosition, types: readonly string[], limit: number): Promise<FeedPage> {
  const horizon = await feedHorizon(db);
  const rows = await db.event.findMany({
    where: { ...visibleAfter(after, horizon), ...(types.length > 0 ? { type: { in: [...types] } } : {}) },
    orderBy: FEED_ORDER,
    take: limit + 1,
  });
  return feedPage(rows, after, horizon, limit);
}

/**
 * The events of several companies after one position and below a horizon read once: what a live round reads for
 * every company watched in one statement ((txId, id) orders the events of all companies, ids being one sequence).
 */
export async function readCompaniesAfter(prisma: PrismaClient, companyIds: readonly number[], after: FeedPosition, horizon: bigint, limit: number): Promise<FeedPage> {
  const rows = await prisma.event.findMany({ where: { companyId: { in: [...companyIds] }, ...visibleAfter(after, horizon) }, orderBy: FEED_ORDER, take: limit + 1 });
  return feedPage(rows, after, horizon, limit);
}

const FEED_ORDER = [{ txId: 'asc' as const }, { id: 'asc' as const }];

/** Events after a position, of transactions below the horizon (ended, as every older one). */
const visibleAfter = (after: FeedPosition, horizon: bigint) => ({
  txId: { lt: horizon },
  OR: [{ txId: { gt: after.txId } }, { txId: after.txId, id: { gt: after.id } }],
});

/** The page of `rows` (read with limit + 1) and where the next read starts. */
function feedPage(rows: Event[], after: FeedPosition, horizon: bigint, limit: number): FeedPage {
  const hasMore = rows.length > limit;
  const items = rows.slice(0, limit).map((event) => ({ ...event, cursor: encodeFeedCursor(event) }));
  // With nothing more to read, every event below the horizon has been seen (or filtered out): the next read
  // starts at the horizon, so a filtered feed does not scan the same other events again.
  const last = items[items.length - 1];
  const next = hasMore ? last! : laterOf(last ?? after, horizonPosition(horizon));
  return { items, next, hasMore };
}

/** Whether position `a` comes after `b` in the feed's order. */
export function isAfter(a: FeedPosition, b: FeedPosition): boolean {
  return a.txId > b.txId || (a.txId === b.txId && a.id > b.id);
}

/** Just before every event at or past the horizon: where a reader that has seen everything visible stands. */
export function horizonPosition(horizon: bigint): FeedPosition {
  return horizon > 0n ? { txId: horizon - 1n, id: 2147483647 } : FEED_START;
}

function laterOf(a: FeedPosition, b: FeedPosition): FeedPosition {
  return a.txId > b.txId || (a.txId === b.txId && a.id >= b.id) ? a : b;
}
