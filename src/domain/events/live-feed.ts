// The event feed, live: what GraphQL subscriptions watch (issue 35). Each process reads the committed outbox
// (feed.ts, with its horizon) for the companies watched in it, once per round for all of a company's watchers,
// and hands each watcher the events after its own position, in the feed's order. Nothing comes from in-memory
// signals of the process that made a change: a change made through any process reaches every watcher of every
// process, a watcher that starts from a cursor first gets what came after it (the same rounds read it), and no
// event is handed out twice or skipped, since each watcher's position only moves forward over what was read.
//
// A round runs every POLL_MS while someone watches: the horizon, then every watched company's new events, one
// statement each, however many companies and watchers. The watchers' tokens are checked once a second: a revoked or
// expired token ends its streams with an error naming why. close() (shutdown) runs a last round, so what is
// committed by then is sent, and ends every stream.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { checkFeedArgs, readCompaniesAfter, feedHorizon, horizonPosition, isAfter, type EventFeedArgs, type FeedEvent, type FeedPosition } from './feed.js';
import { Mailbox } from '../shared/mailbox.js';
import { FreshReads } from '../shared/fresh-reads.js';
import { ConflictError, FieldErrorCollector, LimitReachedError, UnauthenticatedError } from '../shared/errors.js';

export const LIVE_POLL_MS = 250;
const TOKEN_CHECK_MS = 1_000;
const PAGE = 500;
/** Open subscriptions per token (or per settings session). */
export const MAX_WATCHES_PER_CALLER = 100;

export interface WatchRequest {
  companyId: number;
  /** The token whose revocation ends the stream (null for a settings session, which has no token). */
  tokenId: number | null;
  /** Who counts towards the cap: `token:12`, `session:4`. */
  callerKey: string;
  /** Where to start: after this position (a client's last cursor), or from now. */
  after: FeedPosition | null;
  /** Event types wanted; every type when empty. */
  types: readonly string[];
}

interface OpenWatch {
  request: WatchRequest;
  position: FeedPosition;
  mailbox: Mailbox<FeedEvent[]>;
}

interface CompanyWatch {
  watchers: Set<OpenWatch>;
}

export class LiveFeed {
  private readonly companies = new Map<number, CompanyWatch>();
  private readonly perCaller = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private closed = false;
  private tokensCheckedAt = Date.now();
  /**
   * Where a stream that starts from now begins. Streams opened together share a read: on Citus the horizon asks
   * the workers about recent two-phase commits, and a hundred opened at once queued for 14 s.
   */
  private readonly horizons = new FreshReads(() => feedHorizon(this.prisma));

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: { pollMs?: number; maxPerCaller?: number; onError?: (error: unknown) => void } = {},
  ) {}

  /** How many streams are open (all companies). */
  get watching(): number {
    let count = 0;
    for (const company of this.companies.values()) count += company.watchers.size;
    return count;
  }

  /**
   * The events of the company after the request's position, in batches as rounds read them. Refuses a caller
   * past the cap (429). Ends when `signal` fires or the iterator is returned; with an error when the token is
   * revoked or expires.
   */
  async watch(request: WatchRequest, signal?: AbortSignal): Promise<AsyncIterableIterator<FeedEvent[]>> {
    const max = this.options.maxPerCaller ?? MAX_WATCHES_PER_CALLER;
    if ((this.perCaller.get(request.callerKey) ?? 0) >= max) {
      throw new LimitReachedError(`At most ${max} subscriptions may be open at once per API token (or settings session); close one first.`);
    }
    if (this.closed) throw new ConflictError('The service is shutting down; subscribe again in a moment.');
    const position = request.after ?? horizonPosition(await this.horizons.next());
    const watcher: OpenWatch = { request, position, mailbox: new Mailbox(() => this.forget(watcher)) };
    let company = this.companies.get(request.companyId);
    if (!company) this.companies.set(request.companyId, (company = { watchers: new Set() }));
    company.watchers.add(watcher);
    this.perCaller.set(request.callerKey, (this.perCaller.get(request.callerKey) ?? 0) + 1);
    signal?.addEventListener('abort', () => watcher.mailbox.end(), { once: true });
    this.schedule(0);
    return watcher.mailbox;
  }

  /** A last round (what is committed is sent), then every stream ends. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
    await this.runRound().catch((error) => this.options.onError?.(error));
    for (const company of this.companies.values()) for (const watcher of company.watchers) watcher.mailbox.end();
  }

  private forget(watcher: OpenWatch): void {
    const company = this.companies.get(watcher.request.companyId);
    if (!company?.watchers.delete(watcher)) return;
    if (company.watchers.size === 0) this.companies.delete(watcher.request.companyId);
    const key = watcher.request.callerKey;
    const left = (this.perCaller.get(key) ?? 1) - 1;
    if (left > 0) this.perCaller.set(key, left);
    else this.perCaller.delete(key);
  }

  private schedule(delay: number): void {
    if (this.closed || this.timer || this.companies.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.round) return this.schedule(this.options.pollMs ?? LIVE_POLL_MS);
      this.round = this.runRound()
        .catch((error) => this.options.onError?.(error))
        .finally(() => {
          this.round = null;
          this.schedule(this.options.pollMs ?? LIVE_POLL_MS);
        });
    }, delay);
    this.timer.unref();
  }

  /**
   * One round: the horizon read once, then the new events of every watched company in one statement (a page at a
   * time), handed to each watcher after its own position.
   */
  private async runRound(): Promise<void> {
    await this.checkTokens();
    const watchers = [...this.companies.values()].flatMap((company) => [...company.watchers]);
    if (watchers.length === 0) return;
    const companyIds = [...this.companies.keys()];
    const horizon = await feedHorizon(this.prisma);
    let from = watchers.reduce((min, w) => (isAfter(min, w.position) ? w.position : min), watchers[0]!.position);
    for (;;) {
      const page = await readCompaniesAfter(this.prisma, companyIds, from, horizon, PAGE);
      for (const watcher of watchers) {
        if (isAfter(watcher.position, page.next) || !this.companies.get(watcher.request.companyId)?.watchers.has(watcher)) continue;
        const { companyId, types } = watcher.request;
        const events = page.items.filter((event) => event.companyId === companyId && isAfter(event, watcher.position) && (types.length === 0 || types.includes(event.type)));
        watcher.position = page.next;
        if (events.length > 0) watcher.mailbox.push(events);
      }
      from = page.next;
      if (!page.hasMore) break;
    }
  }

  /** Ends the streams of tokens revoked or expired since the last check (once a second, one statement for all). */
  private async checkTokens(): Promise<void> {
    if (Date.now() - this.tokensCheckedAt < TOKEN_CHECK_MS) return;
    this.tokensCheckedAt = Date.now();
    const watchers = [...this.companies.values()].flatMap((company) => [...company.watchers]);
    const ids = [...new Set(watchers.flatMap((w) => (w.request.tokenId === null ? [] : [w.request.tokenId])))];
    if (ids.length === 0) return;
    const tokens = await this.prisma.apiToken.findMany({
      where: { companyId: { in: [...this.companies.keys()] }, id: { in: ids } },
      select: { id: true, revokedAt: true, expiresAt: true },
    });
    const now = new Date();
    for (const watcher of watchers) {
      const id = watcher.request.tokenId;
      if (id === null) continue;
      const token = tokens.find((t) => t.id === id);
      const reason = !token || token.revokedAt ? 'The API token has been revoked.' : token.expiresAt && token.expiresAt <= now ? 'The API token has expired.' : null;
      if (reason) watcher.mailbox.end(new UnauthenticatedError(`${reason} The subscription has ended.`));
    }
  }
}

/** Who watches: the company, the token whose revocation ends the stream, and the key the cap counts by. */
export type Watcher = Omit<WatchRequest, 'after' | 'types'>;

/**
 * The `events` subscription: the arguments checked as GET /events checks them (422 naming the field), then
 * each event after `after` (from now without it), one at a time.
 */
export async function watchEventFeed(live: LiveFeed, watcher: Watcher, args: Pick<EventFeedArgs, 'after' | 'types'>, signal?: AbortSignal): Promise<AsyncGenerator<FeedEvent>> {
  const errors = new FieldErrorCollector();
  const { after, types } = checkFeedArgs(args, errors);
  errors.throwIfAny();
  const batches = await live.watch({ ...watcher, after, types }, signal);
  return (async function* eachEvent() {
    try {
      for await (const batch of batches) yield* batch;
    } finally {
      await batches.return?.();
    }
  })();
}
