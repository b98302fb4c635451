// Statements kept prepared on embedded PGlite (src/db/pglite-prepared.ts): they answer what query() answers for
// every kind of value, including text meant to break out of its literal; each text is prepared once and runs on
// its generic plan; the least recently used is deallocated; a failure leaves nothing behind; and statements asked
// at once, while others are being deallocated, all answer. Run on PGlite itself whatever the test database is
// (PostgreSQL's named statements: pg-prepared.test.ts).
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryCluster } from '../../src/db/pglite-template.js';
import { preparedQuery } from '../../src/db/pglite-prepared.js';
import { takeTurns } from '../../src/db/pglite-turns.js';
import { pgliteRunner } from '../../src/db/sql-runner.js';

const ECHO = 'SELECT $1::text AS text, $2::int AS int, $3::numeric AS numeric, $4::boolean AS bool, $5::text[] AS texts, $6::int[] AS ints';

interface Kept {
  name: string;
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

describe('prepared statements on PGlite', () => {
  let pglite: PGlite;

  beforeAll(async () => {
    pglite = takeTurns(await inMemoryCluster({ migrated: false }));
    await pglite.exec(`CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL); INSERT INTO item SELECT n, 'item ' || n FROM generate_series(1, 50) n`);
  });
  afterAll(async () => {
    await pglite.close();
  });

  const kept = async () => (await pglite.query<Kept>('SELECT name, statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements ORDER BY name')).rows;

  it('answers what query() answers, for text that tries to leave its literal and for arrays', async () => {
    const prepared = preparedQuery(pglite);
    const cases: unknown[][] = [
      ["it's", 1, 2.5, true, ['a', 'b'], [1, 2]],
      ["x' OR TRUE --", -7, 0, false, ["'); DROP TABLE item; --", 'back\\slash', 'quote"d', 'comma,brace}{', ''], []],
      ['E\'\\\\\'; SELECT 1; --', 2147483647, 1e-7, null, [null, 'NULL', 'null'], [null, 3]],
      ['ünïcödé ✓ \\x27 $1 $$', 0, 123456789.123456789, true, [], [0]],
      [null, null, null, null, null, null],
    ];
    for (const values of cases) {
      const expected = (await pglite.query(ECHO, values)).rows;
      expect(await prepared(ECHO, values)).toEqual(expected);
    }
    expect((await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM item')).rows[0]!.n).toBe(50);
  });

  it('refuses a value it cannot write as a literal rather than guess', async () => {
    const prepared = preparedQuery(pglite);
    await expect(prepared('SELECT $1::int', [Number.NaN])).rejects.toThrow(TypeError);
    await expect(prepared('SELECT $1::text', [{ a: 1 }])).rejects.toThrow(TypeError);
    await expect(prepared('SELECT $1::text[]', [[['nested']]])).rejects.toThrow(TypeError);
  });

  it('prepares a text once and runs it on its generic plan, leaving the session as it was', async () => {
    const prepared = preparedQuery(pglite);
    const text = 'SELECT name FROM item WHERE id = $1::int';
    for (let id = 1; id <= 8; id++) expect(await prepared(text, [id])).toEqual([{ name: `item ${id}` }]);
    const mine = (await kept()).filter((k) => k.statement.includes(text));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ generic_plans: 8, custom_plans: 0 });
    expect((await pglite.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]!.plan_cache_mode).toBe('auto');
  });

  it('deallocates the least recently used statement once it keeps as many as it may', async () => {
    const before = (await kept()).length;
    const prepared = preparedQuery(pglite, 2);
    const texts = [1, 2, 3].map((n) => `SELECT ${n} AS n, name FROM item WHERE id = $1::int`);
    await prepared(texts[0]!, [1]);
    await prepared(texts[1]!, [1]);
    await prepared(texts[0]!, [1]); // now the second is the least recently used
    await prepared(texts[2]!, [1]);
    const statements = (await kept()).map((k) => k.statement);
    expect(statements).toHaveLength(before + 2);
    expect(statements.some((s) => s.includes(texts[0]!))).toBe(true);
    expect(statements.some((s) => s.includes(texts[1]!))).toBe(false);
    expect(await prepared(texts[1]!, [4])).toEqual([{ n: 2, name: 'item 4' }]);
  });

  it('after a failure, throws PostgreSQL’s error, keeps no statement that is gone and sets nothing', async () => {
    const prepared = preparedQuery(pglite);
    const dividing = 'SELECT 10 / $1::int AS q';
    await expect(prepared(dividing, [0])).rejects.toThrow(/division by zero/);
    expect(await prepared(dividing, [5])).toEqual([{ q: 2 }]);
    const broken = 'SELECT FROM WHERE $1::int';
    const count = (await kept()).length;
    await expect(prepared(broken, [1])).rejects.toThrow(/syntax error/);
    await expect(prepared(broken, [1])).rejects.toThrow(/syntax error/);
    expect(await kept()).toHaveLength(count);
    expect((await pglite.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]!.plan_cache_mode).toBe('auto');
  });

  it('answers every call asked at once, while statements are prepared and deallocated between them', async () => {
    for (const database of [pglite, await inMemoryCluster({ migrated: false })]) {
      if (database !== pglite) await database.exec(`CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL); INSERT INTO item SELECT n, 'item ' || n FROM generate_series(1, 50) n`);
      const prepared = preparedQuery(database, 3);
      const calls = Array.from({ length: 60 }, (_, i) => {
        const shape = i % 7;
        const id = (i % 50) + 1;
        return prepared<{ shape: number; name: string }>(`SELECT ${shape} AS shape, name FROM item WHERE id = $1::int`, [id]).then((rows) => ({ rows, shape, id }));
      });
      for (const { rows, shape, id } of await Promise.all(calls)) expect(rows).toEqual([{ shape, name: `item ${id}` }]);
      if (database !== pglite) await database.close();
    }
  });

  it('inside a transaction runs the statement as query() does, preparing nothing', async () => {
    const count = (await kept()).length;
    const rows = await pgliteRunner(pglite).transaction((tx) => tx.queryPrepared('SELECT name FROM item WHERE id = $1::int /* in a transaction */', [3]));
    expect(rows).toEqual([{ name: 'item 3' }]);
    expect(await kept()).toHaveLength(count);
  });
});
