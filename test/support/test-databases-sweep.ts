// vitest globalSetup: names this run (TEST_RUN_ID, inherited by the test processes, which prefix their databases
// with it) and, once every file is done, drops the run's test databases still on the server. A file drops its
// database after it ends without waiting for the drop (test/support/test-database.ts): on Citus closing and
// dropping a database on three nodes took about a second per file, a checkpoint on each node included, which the
// next file need not wait for. A drop still under way when its process ended, or one that failed, is done here.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { nodeUrls, REMOVAL_STEPS, testDatabasePrefix, withAdmin } from './database-servers.js';

/** Runs `statement`, unless the database it names is gone meanwhile (a file's own drop finished first). */
async function unlessGone(admin: pg.Client, statement: string): Promise<void> {
  try {
    await admin.query(statement);
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // invalid_catalog_name: no such database
  }
}

export default function nameTheRun(): () => Promise<void> {
  process.env.TEST_RUN_ID ??= randomBytes(4).toString('hex');
  return async function dropWhatTheRunLeft() {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const nodes = await Promise.all(
      nodeUrls(serverUrl).map(async (url) => {
        const left = await withAdmin(url, (admin) =>
          admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [testDatabasePrefix()]),
        );
        return { url, names: left.rows.map((row) => row.datname) };
      }),
    );
    // Each step on every node before the next, as a file's own drop does (dropDatabase in database-servers.ts).
    for (const step of REMOVAL_STEPS) {
      await Promise.all(
        nodes.map(({ url, names }) =>
          withAdmin(url, async (admin) => {
            for (const name of names) await unlessGone(admin, step(name));
          }),
        ),
      );
    }
  };
}
