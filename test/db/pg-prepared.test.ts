// Statements kept prepared on PostgreSQL (src/db/pg-prepared.ts, the runner's queryPrepared): each text is
// prepared once per pooled connection and answers what query() answers; a connection keeps at most `capacity`,
// the least recently used deallocated (on the server and in node-postgres's record), and a deallocated text asked
// again is prepared again; a failing statement leaves the connection usable and keeps nothing wrong; statements
// asked at once over several connections all answer. The PostgreSQL and Citus passes (the server's own database).
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pgPreparedQuery } from '../../src/db/pg-prepared.js';
import { pgRunner } from '../../src/db/sql-runner.js';

const ECHO = 'SELECT $1::text AS text, $2::int AS int, $3::numeric AS numeric, $4::boolean AS bool, $5::text[] AS texts';
const KEPT = `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'service_statement_%' ORDER BY prepare_time, name`;

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});
/** A pool of the server's own database (statements only, no tables), `max` connections. */
function pool(max: number): pg.Pool {
  const made = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max });
  pools.push(made);
  return made;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  it('answers what query() answers, preparing each text once on the connection', async () => {
    const one = pool(1);
    const prepared = pgPreparedQuery(one);
    const values = ["it's \\ \"quoted\" ☃", 42, '12345678901234567890.0123456789', true, ['a,b', '"c"', null]];
    const expected = (await one.query(ECHO, values)).rows;
    for (let i = 0; i < 3; i++) expect(await prepared(ECHO, values)).toEqual(expected);
    expect(await prepared(ECHO, ['x', null, null, null, null])).toEqual([{ text: 'x', int: null, numeric: null, bool: null, texts: null }]);
    expect((await one.query(KEPT)).rows).toEqual([{ statement: ECHO }]);
  });

  it('keeps at most `capacity` per connection, deallocating the least recently used, and prepares it again when asked', async () => {
    const one = pool(1);
    const prepared = pgPreparedQuery(one, 2);
    const text = (n: number) => `SELECT ${n} + $1::int AS n`;
    expect(await prepared(text(1), [1])).toEqual([{ n: 2 }]);
    expect(await prepared(text(2), [1])).toEqual([{ n: 3 }]);
    expect(await prepared(text(1), [2])).toEqual([{ n: 3 }]); // text(1) is now the most recently used
    expect(await prepared(text(3), [1])).toEqual([{ n: 4 }]); // text(2) goes
    expect((await one.query(KEPT)).rows.map((row) => row.statement).sort()).toEqual([text(1), text(3)]);
    expect(await prepared(text(2), [5])).toEqual([{ n: 7 }]); // prepared again; text(1) goes
    expect((await one.query(KEPT)).rows.map((row) => row.statement).sort()).toEqual([text(2), text(3)]);
    // node-postgres forgets what was deallocated too, so its record does not grow with the texts seen.
    const client = await one.connect();
    try {
      const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
      expect(Object.values(parsed).filter((statement) => statement.startsWith('SELECT ')).sort()).toEqual([text(2), text(3)]);
    } finally {
      client.release();
    }
  });

  it('a failing statement fails alone: the connection answers the next, and its text is prepared when it can be', async () => {
    const one = pool(1);
    const prepared = pgPreparedQuery(one);
    await expect(prepared('SELECT 1 / $1::int AS n', [0])).rejects.toThrow(/division by zero/);
    expect(await prepared('SELECT 1 / $1::int AS n', [1])).toEqual([{ n: 1 }]);
    await expect(prepared('SELECT nothing_here($1::int)', [1])).rejects.toThrow(/does not exist/);
    expect(await prepared(ECHO, ['a', 1, 1, false, []])).toEqual([{ text: 'a', int: 1, numeric: '1', bool: false, texts: [] }]);
    expect((await one.query(KEPT)).rows.map((row) => row.statement).sort()).toEqual(['SELECT 1 / $1::int AS n', ECHO].sort());
  });

  it("statements asked at once over a pool's connections all answer, each connection preparing its own", async () => {
    const four = pool(4);
    const runner = pgRunner(four);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => runner.queryPrepared<{ n: number }>(`SELECT $1::int * ${i % 3} AS n`, [i])));
    expect(answers.map(([row]) => row!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i * (i % 3)));
  });
});
