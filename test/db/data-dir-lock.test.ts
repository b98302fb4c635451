// A data folder claim (src/db/data-dir-lock.ts) removes its lock file when released or when the process exits,
// and a process that claims and releases folders again and again (the test workers, a long-lived CLI socket
// server) keeps no exit listener per claim.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { claimDataDir } from '../../src/db/data-dir-lock.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('releases the lock file and its exit listener, claim after claim', () => {
  const listenersBefore = process.listenerCount('exit');
  for (let i = 0; i < 25; i++) {
    const claim = claimDataDir(dataDir, 'cli');
    expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(true);
    expect(process.listenerCount('exit')).toBe(listenersBefore + 1);
    claim.release();
    claim.release(); // twice is harmless
    expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(false);
  }
  expect(process.listenerCount('exit')).toBe(listenersBefore);
});
