// PGlite's shared buffers by how long a cluster lives (src/db/pglite-start.ts): an in-memory database (a test's)
// and a data folder opened for one CLI command start with 32 MB, which PostgreSQL zeroes in half the time of its
// default; the server's data folder keeps PostgreSQL's 128 MB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { withDatabase } from '../../src/cli/database.js';
import { loadConfig } from '../../src/config/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sharedBuffers = async (database: Database) => (await database.sql.query<{ shared_buffers: string }>('SHOW shared_buffers'))[0]!.shared_buffers;

async function sharedBuffersOf(open: () => Promise<Database>): Promise<string> {
  const database = await open();
  try {
    return await sharedBuffers(database);
  } finally {
    await database.close();
  }
}

it('starts an in-memory database with 32 MB of shared buffers', async () => {
  expect(await sharedBuffersOf(() => openDatabase({ kind: 'pglite', dataDir: null }))).toBe('32MB');
});

it("starts the CLI's data folder with 32 MB and the server's with PostgreSQL's 128 MB, on the same folder", async () => {
  const config = loadConfig({ DATA_DIR: dataDir });
  expect(await withDatabase(config, sharedBuffers)).toBe('32MB');
  // As src/main.ts opens it.
  expect(await sharedBuffersOf(() => openDatabase({ kind: 'pglite', dataDir: config.dataDir }))).toBe('128MB');
}, 120_000);
