// The committed migrations versus prisma/schema.prisma, and the migration runner's guarantees.
//
// Drift: a database built by applying prisma/migrations must have exactly the tables, columns, indexes
// and constraints of a database built from the SQL Prisma generates for the current schema. When this
// fails, someone edited schema.prisma without `npm run migration:create -- <name>` (or edited a migration).
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { inMemoryCluster } from '../../src/db/pglite-template.js';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS_DIR, MIGRATIONS_TABLE, readMigrations } from '../../src/db/migrations.js';
import { pgliteRunner, type SqlRunner } from '../../src/db/sql-runner.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PRISMA = path.join(ROOT, 'node_modules/.bin/prisma');
const SPAWN_TIMEOUT = 120_000;
const execFileAsync = promisify(execFile);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshPglite(): Promise<PGlite> {
  const db = await inMemoryCluster({ migrated: false });
  cleanups.push(() => db.close());
  return db;
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'inventory-migrations-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The SQL Prisma would write for the whole current schema (what `migrate diff --from-empty` prints). */
async function schemaSql(): Promise<string> {
  const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: './package.json', PRISMA_QUERY_ENGINE_LIBRARY: './package.json', PRISMA_HIDE_UPDATE_MESSAGE: '1' };
  const args = ['migrate', 'diff', '--from-empty', '--to-schema-datamodel', 'prisma/schema.prisma', '--script'];
  try {
    // A buffer far above the script's size: past execFile's default (1 MiB) a grown schema would fail the test.
    return (await execFileAsync(PRISMA, args, { cwd: ROOT, env, maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: number | string; stdout?: string; stderr?: string };
    throw new Error(`prisma migrate diff exited with ${code}:\n${stderr}\n${stdout}`);
  }
}

/**
 * One line per catalog object in schema public (except the runner's own bookkeeping table), sorted, so
 * two catalogs compare as two sets of readable strings.
 */
async function catalog(runner: SqlRunner): Promise<string[]> {
  const columns = await runner.query<{ table: string; column: string; type: string; notnull: boolean; dflt: string | null }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS notnull, pg_get_expr(d.adbin, d.adrelid) AS dflt
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND c.relname <> $1`,
    [MIGRATIONS_TABLE],
  );
  const tables = await runner.query<{ table: string }>(
    `SELECT tablename AS table FROM pg_tables WHERE schemaname = 'public' AND tablename <> $1`,
    [MIGRATIONS_TABLE],
  );
  const indexes = await runner.query<{ table: string; name: string; def: string }>(
    `SELECT tablename AS table, indexname AS name, indexdef AS def
       FROM pg_indexes WHERE schemaname = 'public' AND tablename <> $1`,
    [MIGRATIONS_TABLE],
  );
  const constraints = await runner.query<{ table: string; name: string; def: string }>(
    `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS def
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname <> $1`,
    [MIGRATIONS_TABLE],
  );
  const enums = await runner.query<{ name: string; labels: string }>(
    `SELECT t.typname AS name, string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) AS labels
       FROM pg_type t
       JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public'
      GROUP BY t.typname`,
  );
  return [
    ...tables.map((t) => `table ${t.table}`),
    ...columns.map(
      (c) =>
        `column ${c.table}.${c.column} ${c.type}${c.notnull ? ' NOT NULL' : ' NULL'}` +
        (c.dflt === null ? '' : ` DEFAULT ${c.dflt}`),
    ),
    ...indexes.map((i) => `index ${i.table}.${i.name}: ${i.def}`),
    ...constraints.map((k) => `constraint ${k.table}.${k.name}: ${k.def}`),
    ...enums.map((e) => `enum ${e.name}: ${e.labels}`),
  ].sort();
}

// Indexes Prisma's schema language cannot say (partial ones), written by hand in a migration: the only lines a
// database built from the migrations may have beyond the schema's.
const HAND_WRITTEN_INDEXES = ['index CostLayer.CostLayer_open_idx: '];

function catalogDiff(fromMigrations: string[], fromSchema: string[]) {
  const a = new Set(fromMigrations);
  const b = new Set(fromSchema);
  return {
    onlyInMigrations: fromMigrations.filter((line) => !b.has(line) && !HAND_WRITTEN_INDEXES.some((prefix) => line.startsWith(prefix))),
    onlyInSchema: fromSchema.filter((line) => !a.has(line)),
  };
}

describe('committed migrations match prisma/schema.prisma', () => {
  it(
    'a database built from the migrations has the catalog of one built from the schema',
    async () => {
      const [sql, migrated, generated] = await Promise.all([schemaSql(), freshPglite(), freshPglite()]);
      await applyMigrations(pgliteRunner(migrated));
      await generated.exec(sql);

      const fromMigrations = await catalog(pgliteRunner(migrated));
      const fromSchema = await catalog(pgliteRunner(generated));
      // Guard against comparing two empty catalogs.
      expect(fromSchema).toContain('table Company');
      expect(fromSchema.some((line) => line.startsWith('constraint Location.Location_companyId_fkey'))).toBe(true);

      expect(
        catalogDiff(fromMigrations, fromSchema),
        'prisma/migrations does not produce prisma/schema.prisma: run `npm run migration:create -- <name>`',
      ).toEqual({ onlyInMigrations: [], onlyInSchema: [] });
    },
    SPAWN_TIMEOUT,
  );

  it('the schema the next migration is diffed from, kept once, is prisma/schema.prisma', () => {
    // Comments and blank lines aside: `npm run migration:create` copies the schema there after each migration.
    const declarations = (file: string) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .map((line) => line.replace(/\/\/.*$/, '').trimEnd())
        .filter(Boolean);
    expect(declarations('prisma/migrations/schema-after-migrations.prisma'), 'run `npm run migration:create -- <name>`').toEqual(
      declarations('prisma/schema.prisma'),
    );
    expect(declarations('prisma/schema.prisma').length).toBeGreaterThan(1000);
  });

  it('the comparison notices a changed column, index and constraint', async () => {
    const [a, b] = await Promise.all([freshPglite(), freshPglite()]);
    await applyMigrations(pgliteRunner(a));
    await applyMigrations(pgliteRunner(b));
    await b.exec(`
      ALTER TABLE "Location" ALTER COLUMN "status" SET DEFAULT 'archived';
      DROP INDEX "Location_companyId_parentId_idx";
      ALTER TABLE "Company" ADD CONSTRAINT "Company_name_check" CHECK (length("name") > 0);
    `);
    const diff = catalogDiff(await catalog(pgliteRunner(a)), await catalog(pgliteRunner(b)));
    expect(diff.onlyInMigrations).toEqual([
      `column Location.status text NOT NULL DEFAULT 'active'::text`,
      'index Location.Location_companyId_parentId_idx: CREATE INDEX "Location_companyId_parentId_idx" ON public."Location" USING btree ("companyId", "parentId")',
    ]);
    expect(diff.onlyInSchema).toEqual([
      `column Location.status text NOT NULL DEFAULT 'archived'::text`,
      'constraint Company.Company_name_check: CHECK ((length(name) > 0))',
    ]);
  });
});

describe('applyMigrations', () => {
  it('applies every committed migration once; a second run applies nothing', async () => {
    const db = await freshPglite();
    const runner = pgliteRunner(db);
    const committed = readMigrations().map((m) => m.name);
    expect(committed.length).toBeGreaterThan(0);

    expect(await applyMigrations(runner)).toEqual(committed);
    expect(await applyMigrations(runner)).toEqual([]);
    const recorded = await runner.query<{ name: string }>(`SELECT name FROM "${MIGRATIONS_TABLE}" ORDER BY name`);
    expect(recorded.map((r) => r.name)).toEqual(committed);
  });

  it('applies only a migration added after the others were applied', async () => {
    const dir = tempDir();
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const runner = pgliteRunner(await freshPglite());
    await applyMigrations(runner, readMigrations(dir));

    mkdirSync(path.join(dir, '29991231000000_extra'));
    writeFileSync(path.join(dir, '29991231000000_extra', 'migration.sql'), 'CREATE TABLE "Extra" ("id" INTEGER);\n');
    expect(await applyMigrations(runner, readMigrations(dir))).toEqual(['29991231000000_extra']);
    expect(await runner.query(`SELECT * FROM "Extra"`)).toEqual([]);
  });

  it('refuses to start when an applied migration was edited afterwards', async () => {
    const dir = tempDir();
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const runner = pgliteRunner(await freshPglite());
    const applied = await applyMigrations(runner, readMigrations(dir));
    const edited = applied[0];

    appendFileSync(path.join(dir, edited, 'migration.sql'), '\n-- edited after it was applied\n');
    mkdirSync(path.join(dir, '29991231000000_extra'));
    writeFileSync(path.join(dir, '29991231000000_extra', 'migration.sql'), 'CREATE TABLE "Extra" ("id" INTEGER);\n');

    await expect(applyMigrations(runner, readMigrations(dir))).rejects.toThrow(
      `Migration ${edited} was changed after it was applied`,
    );
    // Nothing after the refusal was applied.
    const extra = await runner.query(`SELECT 1 FROM pg_tables WHERE tablename = 'Extra'`);
    expect(extra).toEqual([]);
  });
});
