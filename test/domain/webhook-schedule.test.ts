// The webhook retry schedule spans at least three days, scales for tests, and ends; the feed's cursor is
// opaque, round-trips, and refuses anything it did not write.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, webhookRetryDelayMs } from '../../src/domain/events/webhook-schedule.js';
import { decodeFeedCursor, encodeFeedCursor, horizonPosition } from '../../src/domain/events/feed.js';

describe('webhook retry schedule', () => {
  it('waits longer each time, spans more than three days over eleven attempts, then gives up', () => {
    const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => webhookRetryDelayMs(i + 1));
    expect(delays.at(-1)).toBeNull();
    const waits = delays.slice(0, -1) as number[];
    expect(waits).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    expect(waits.every((wait, i) => i === 0 || wait >= waits[i - 1]!)).toBe(true);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThanOrEqual(3 * 24 * 3600 * 1000);
    expect(total).toBe(((85 * 60 + 35) * 60 + 5) * 1000); // 3 days 13 h 35 min 5 s
    expect(webhookRetryDelayMs(0)).toBeNull();
    expect(webhookRetryDelayMs(2, 0.001)).toBe(300);
  });
});

describe('feed cursor', () => {
  it('round-trips a position and refuses what it did not write', () => {
    const position = { txId: 9_007_199_254_740_993n, id: 2_147_483_647 };
    const cursor = encodeFeedCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeFeedCursor(cursor)).toEqual(position);
    expect(decodeFeedCursor(encodeFeedCursor(horizonPosition(100n)))).toEqual({ txId: 99n, id: 2_147_483_647 });
    for (const bad of ['', 'abc', Buffer.from('1:2:3').toString('base64url'), Buffer.from('01:2').toString('base64url'), Buffer.from('1:2147483648').toString('base64url'), `${cursor}=`, 'MTo y']) {
      expect(decodeFeedCursor(bad), bad).toBeNull();
    }
  });
});
