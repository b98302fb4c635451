// A new embedded data folder is filled from the migrated template: the copy is a whole database with every
// migration recorded, it opens with nothing left to apply, and a folder that already holds one is left alone.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { pendingMigrations, readMigrations } from '../../src/db/migrations.js';
import { seedFromTemplate } from '../../src/db/pglite-template.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('seeds a new folder with the migrated empty database, and leaves a used folder alone', async () => {
  const location = path.join(dir, 'a', 'pglite');
  expect(await seedFromTemplate(location)).toBe(true);
  expect(readdirSync(location)).toContain('PG_VERSION');
  expect(await seedFromTemplate(location)).toBe(false);

  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'a') }, { migrate: false });
  try {
    expect(await pendingMigrations(database.sql)).toEqual([]);
    const recorded = await database.sql.query('SELECT count(*)::int AS n FROM "_service_migrations"');
    expect(recorded[0]).toEqual({ n: readMigrations().length });
    expect(await database.prisma.company.count()).toBe(0);
  } finally {
    await database.close();
  }
}, 120_000);
