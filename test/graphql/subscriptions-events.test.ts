// The `events` subscription over Server-Sent Events (issue 35): committed events arrive live, in the feed's
// order; with `after`, what came after that cursor is replayed first, then live, without a gap or a duplicate;
// a second app on the same database (its own live feed, as another process has) sees changes made through the
// first, since both read the committed outbox; a company never sees another's events; bad arguments answer as
// GET /events does; the cap per token, a revoked token and shutdown end streams as documented.
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { silentLogger } from '../../src/http/logger.js';
import { revokeApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { MAX_WATCHES_PER_CALLER } from '../../src/domain/events/index.js';
import type { AddressInfo } from 'node:net';
import { serverForFile } from '../support/file-server.js';
import { subscribeSse, type SseSubscription } from '../support/graphql-sse.js';
import { startServerProcess } from '../support/server-process.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { server, companies: { acme, globex }, post } = serverForFile(['acme', 'globex']);

const EVENTS = 'subscription Live($after: String, $types: [String!]) { events(after: $after, types: $types) { id type cursor data } }';

/** A change that records one product.created event; its id. */
const createProduct = async (sku: string, tenant = acme) => (await post('/products', { name: `Product ${sku}`, sku }, tenant)).id as number;

/**
 * The subscription's stream is open (its answer began): changes from now on are after its start. The server reads
 * the stream's start position before it answers (src/domain/events/live-feed.ts, `watch`), so the status is enough.
 */
async function open(subscription: SseSubscription): Promise<SseSubscription> {
  expect(await subscription.status).toBe(200);
  return subscription;
}

const skusOf = (payloads: any[]) => payloads.map((payload) => payload.data.events.data.sku);

describe('events subscription over SSE', () => {
  it('streams committed events live, in order, and only the types asked for', async () => {
    const all = await open(subscribeSse(server, acme, EVENTS));
    const created = await open(subscribeSse(server, acme, EVENTS, { types: ['product.created'] }));
    try {
      await createProduct('LIVE-1');
      await post('/locations', { name: 'Dock' });
      await createProduct('LIVE-2');
      const events = await created.next(2);
      expect(skusOf(events)).toEqual(['LIVE-1', 'LIVE-2']);
      expect(events.every((e) => e.data.events.type === 'product.created')).toBe(true);
      const everything = await all.next(2);
      expect(everything.map((e) => e.data.events.type)).toEqual(['product.created', 'product.created']);
      // Cursors follow the feed's order.
      expect(events[0].data.events.cursor).not.toBe(events[1].data.events.cursor);
    } finally {
      all.close();
      created.close();
    }
  });

  it('keeps an idle stream open with heartbeats: comment frames, every 12 s (yoga makes it 300 ms under test)', async () => {
    const idle = subscribeSse(server, acme, 'subscription { events(types: ["import.failed"]) { id } }');
    try {
      expect(await idle.status).toBe(200);
      const before = idle.heartbeats();
      await vi.waitUntil(() => idle.heartbeats() >= before + 2, { timeout: 5_000, interval: 50 });
      expect(idle.received).toEqual([]);
    } finally {
      idle.close();
    }
  });

  it('replays what came after a cursor, then goes live, with no gap and no duplicate', async () => {
    const first = await open(subscribeSse(server, acme, EVENTS, { types: ['product.created'] }));
    await createProduct('R-1');
    const [seen] = await first.next(1);
    first.close();
    // While nobody watches: two more.
    await createProduct('R-2');
    await createProduct('R-3');
    const again = subscribeSse(server, acme, EVENTS, { types: ['product.created'], after: seen.data.events.cursor });
    try {
      expect(skusOf(await again.next(2))).toEqual(['R-2', 'R-3']);
      await createProduct('R-4');
      expect(skusOf(await again.next(3))).toEqual(['R-2', 'R-3', 'R-4']);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(again.received).toHaveLength(3);
    } finally {
      again.close();
    }
  });

  it('reaches a subscriber of another app on the same database: the outbox, not the process, is the source', async () => {
    const other = createApp({ config: server.config, database: server.database, schema: buildSchema(), logger: silentLogger });
    await new Promise<void>((resolve) => other.server.listen(0, '127.0.0.1', resolve));
    const port = (other.server.address() as AddressInfo).port;
    const watching = await open(subscribeSse({ port }, acme, EVENTS, { types: ['product.created'] }));
    try {
      await createProduct('ELSEWHERE');
      expect(skusOf(await watching.next(1))).toEqual(['ELSEWHERE']);
    } finally {
      watching.close();
      // Not other.close(): it would close the shared database.
      await new Promise<void>((resolve) => other.server.close(() => resolve()));
    }
  });

  // Two service processes on one PostgreSQL: the real server (`node dist/main.js`) beside this file's. How soon a change
  // arrives (p99 within a second, at every 250 ms round) is measured by `npm run bench -- subscriptions`, not timed
  // here: a loaded test machine took 1.4 s once, which says nothing of the service.
  it.skipIf(!process.env.TEST_DATABASE_URL)('reaches a subscriber of another server process on the same PostgreSQL', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-live-'));
    const other = startServerProcess(dataDir, { DATABASE_URL: server.database.url!, SECRET_KEY: server.config.secretKey });
    try {
      const listening = await other.waitForLog('listening', 60_000);
      const port = Number(new URL(String(listening.url)).port);
      const watching = await open(subscribeSse({ port }, acme, EVENTS, { types: ['product.created'] }));
      try {
        await createProduct('OTHER-PROCESS');
        // "From now" starts at the feed's horizon: on Citus it can sit behind events committed just before (a
        // transaction still open somewhere holds it), and those come first. The change made here must follow.
        await watching.next(watching.received.length + 1);
        const waitFor = async (): Promise<void> => {
          while (!skusOf(watching.received).includes('OTHER-PROCESS')) await watching.next(watching.received.length + 1);
        };
        await waitFor();
      } finally {
        watching.close();
      }
    } finally {
      await other.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("never shows a company another company's events", async () => {
    const mine = await open(subscribeSse(server, globex, EVENTS));
    try {
      await createProduct('ACME-ONLY');
      await createProduct('GLOBEX-OWN', globex);
      const [event] = await mine.next(1);
      expect(event.data.events.data.sku).toBe('GLOBEX-OWN');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(skusOf(mine.received)).toEqual(['GLOBEX-OWN']);
    } finally {
      mine.close();
    }
  });

  it('answers bad arguments as GET /events does, naming the field', async () => {
    const bad = subscribeSse(server, acme, EVENTS, { after: 'not-a-cursor', types: ['no.such'] });
    const [answer] = await bad.next(1);
    bad.close();
    expect(answer.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(answer.errors[0].extensions.errors).sort()).toEqual(['after', 'types']);
  });

  it('refuses subscriptions past the cap per token, naming the limit', async () => {
    const token = await server.createToken(acme.companyId, 'many-streams', ['read']);
    const tenant = { ...acme, token };
    const streams = Array.from({ length: MAX_WATCHES_PER_CALLER }, () => subscribeSse(server, tenant, EVENTS));
    try {
      // Each answered 200 once its watch was counted: the next one is past the cap.
      for (const stream of streams) expect(await stream.status).toBe(200);
      const refused = subscribeSse(server, tenant, EVENTS);
      const [answer] = await refused.next(1);
      refused.close();
      expect(answer.errors[0].extensions.code).toBe('LIMIT_REACHED');
      expect(answer.errors[0].message).toContain(`At most ${MAX_WATCHES_PER_CALLER} subscriptions`);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('ends the stream with an error naming the revocation when its token is revoked', async () => {
    const token = await server.createToken(acme.companyId, 'revoked-stream', ['read']);
    const stream = await open(subscribeSse(server, { ...acme, token }, EVENTS));
    const row = await server.database.prisma.apiToken.findFirstOrThrow({ where: { companyId: acme.companyId, name: 'revoked-stream' } });
    await revokeApiToken(server.database.prisma, acme.companyId, { id: row.id });
    const [answer] = await stream.next(1, 5_000);
    expect(answer.errors[0].message).toContain('The API token has been revoked');
    await stream.ended();
  });
});
