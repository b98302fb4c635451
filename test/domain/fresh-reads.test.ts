// FreshReads (src/domain/shared/fresh-reads.ts), which the live feed's streams use to share their start's read of
// the horizon. How many reads 100 streams share over HTTP depends on how their requests overlap, so the sharing
// itself is checked here, with reads whose ends the test decides.
import { describe, expect, it } from 'vitest';
import { FreshReads } from '../../src/domain/shared/fresh-reads.js';

/** A read that answers its number when the test ends it. */
function controlledReads() {
  const started: Array<{ end: () => void; fail: (error: Error) => void }> = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const n = started.length + 1;
      started.push({ end: () => resolve(n), fail: reject });
    });
  return { started, reads: new FreshReads(read) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshReads', () => {
  it('gives callers that ask while a read runs one read that starts after it, however many they are', async () => {
    const { started, reads } = controlledReads();
    const first = reads.next();
    const waiting = Array.from({ length: 50 }, () => reads.next());
    expect(started).toHaveLength(1);
    started[0]!.end();
    expect(await first).toBe(1);
    await settled();
    // The first read began before they asked: they get the next one, one read for all fifty.
    expect(started).toHaveLength(2);
    started[1]!.end();
    expect(new Set(await Promise.all(waiting))).toEqual(new Set([2]));
    // Nothing running: a new caller starts a read of its own.
    const later = reads.next();
    expect(started).toHaveLength(3);
    started[2]!.end();
    expect(await later).toBe(3);
  });

  it('starts the next read after a failed one, and hands the failure only to those who got that read', async () => {
    const { started, reads } = controlledReads();
    const first = reads.next();
    const second = reads.next();
    started[0]!.fail(new Error('the database is away'));
    await expect(first).rejects.toThrow('the database is away');
    await settled();
    started[1]!.end();
    expect(await second).toBe(2);
  });
});
