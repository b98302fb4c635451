// PostgreSQL may drop a pooled connection while it sits idle (a server restart, an administrator ending
// the backend). The process must not crash on it: the loss is reported to onConnectionLost and the next
// query opens a new connection. PGlite has no connections to lose, so this runs on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../src/db/database.js';
import { onPostgres } from '../support/test-database.js';

describe.skipIf(!onPostgres)('idle PostgreSQL connections that the server ends', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `test_lost_${randomBytes(4).toString('hex')}`;
  const lost: Error[] = [];
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() }, { onConnectionLost: (error) => lost.push(error) });
  });
  afterAll(async () => {
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  const endIdleBackends = async () => {
    const { rows } = await admin.query(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND state = 'idle'`,
      [name],
    );
    return rows.length;
  };
  const untilReported = async (count: number) => {
    for (let i = 0; i < 100 && lost.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('reports the loss and answers the next query on a new connection', async () => {
    // Both pools hold idle connections now: the migration runner's and Prisma's.
    await database.sql.query('SELECT 1');
    await database.prisma.company.count();
    const ended = await endIdleBackends();
    expect(ended).toBeGreaterThanOrEqual(2);
    await untilReported(ended);
    expect(lost.length).toBe(ended);
    expect(lost[0]!.message).toMatch(/terminat/i);

    expect(await database.sql.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(await database.prisma.company.count()).toBe(0);
  });

  it('fails a transaction whose connection is ended mid-way, and the next one runs on a new connection', async () => {
    const attempt = database.sql.transaction(async (tx) => {
      const [{ pid }] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the termination arrives while checked out
      await tx.query('SELECT 1');
    });
    await expect(attempt).rejects.toThrow();
    expect(await database.sql.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
  });
});
