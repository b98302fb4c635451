// Embedded PGlite's statements take turns (src/db/pglite-turns.ts): in the order they were asked, with the event
// loop turning between them, so work that is ready (an answer to send) is not held until every queued statement
// has run. Run on PGlite itself whatever the test database is: it is about the embedded driver.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryCluster } from '../../src/db/pglite-template.js';
import { takeTurns } from '../../src/db/pglite-turns.js';

// A statement that takes a few milliseconds of PGlite's (the test's own) thread.
const BUSY = 'SELECT count(*)::int AS n FROM generate_series(1, 300000)';

/** What happened, in order, when four statements are asked at once and the loop is given work right after. */
async function timeline(pglite: PGlite): Promise<string[]> {
  const events: string[] = [];
  const statements = [0, 1, 2, 3].map((i) => pglite.query(BUSY).then(() => void events.push(`statement ${i}`)));
  setImmediate(() => events.push('loop turned'));
  await Promise.all(statements);
  await new Promise((resolve) => setImmediate(resolve));
  return events;
}

describe('PGlite taking turns', () => {
  let plain: PGlite;
  let turns: PGlite;
  beforeAll(async () => {
    [plain, turns] = await Promise.all([inMemoryCluster({ migrated: false }), inMemoryCluster({ migrated: false }).then(takeTurns)]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), turns?.close()]);
  });

  it('lets the event loop turn between queued statements, which plain PGlite does not', async () => {
    expect(await timeline(plain)).toEqual(['statement 0', 'statement 1', 'statement 2', 'statement 3', 'loop turned']);
    const events = await timeline(turns);
    expect(events.filter((e) => e.startsWith('statement'))).toEqual(['statement 0', 'statement 1', 'statement 2', 'statement 3']);
    expect(events.indexOf('loop turned')).toBeLessThan(events.indexOf('statement 1'));
  });

  it('runs a transaction as one turn, and a failed call does not stop the ones after it', async () => {
    await turns.exec('CREATE TABLE turn_log (n int)');
    const inTransaction = turns.transaction(async (tx) => {
      await tx.query('INSERT INTO turn_log VALUES (1)');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query('INSERT INTO turn_log VALUES (2)');
    });
    const failing = turns.query('SELECT * FROM no_such_table');
    const after = turns.query<{ n: number }>('SELECT n FROM turn_log ORDER BY n');
    await inTransaction;
    await expect(failing).rejects.toThrow(/no_such_table/);
    expect((await after).rows.map((r) => r.n)).toEqual([1, 2]);
  });
});
