// `npm run migration:create -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql, the SQL that
// takes the schema the migrations produce so far (prisma/migrations/schema-after-migrations.prisma, kept once for
// all of them) to the current prisma/schema.prisma, then makes that file a copy of prisma/schema.prisma.
// The SQL comes from `prisma migrate diff` between two schema files, so no database is needed (the runner
// in src/db/migrations.ts reads only migration.sql). Refuses when the schema has not changed.
// test/db/migrations.test.ts checks that the migrations produce prisma/schema.prisma and that the kept schema is it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS_DIR = path.join(ROOT, 'prisma/migrations');
const SCHEMA = path.join(ROOT, 'prisma/schema.prisma');
const AFTER_MIGRATIONS = path.join(MIGRATIONS_DIR, 'schema-after-migrations.prisma');

function fail(message: string): never {
  process.stderr.write(message + '\n');
  process.exit(1);
}

const name = process.argv[2];
if (!name || process.argv.length > 3 || !/^[a-z0-9][a-z0-9_]*$/.test(name)) {
  fail('usage: npm run migration:create -- <name>   (name in snake_case, e.g. add_item_sku)');
}

const existing = existsSync(MIGRATIONS_DIR)
  ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(MIGRATIONS_DIR, entry.name, 'migration.sql')))
      .map((entry) => entry.name)
      .sort()
  : [];
const previous = existing.at(-1);
let from: string[];
if (previous === undefined) {
  from = ['--from-empty'];
} else {
  if (!existsSync(AFTER_MIGRATIONS)) {
    fail(`${path.relative(ROOT, AFTER_MIGRATIONS)} is missing, so the schema the migrations produce is unknown.`);
  }
  from = ['--from-schema-datamodel', path.relative(ROOT, AFTER_MIGRATIONS)];
}

const diff = spawnSync(
  path.join(ROOT, 'node_modules/.bin/prisma'),
  ['migrate', 'diff', ...from, '--to-schema-datamodel', path.relative(ROOT, SCHEMA), '--script', '--exit-code'],
  {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      // Offline: the JavaScript engine configured in prisma.config.ts, no native engine downloads.
      PRISMA_SCHEMA_ENGINE_BINARY: './package.json',
      PRISMA_QUERY_ENGINE_LIBRARY: './package.json',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  },
);
// --exit-code: 0 no difference, 2 difference (the script is on stdout), anything else an error.
if (diff.status === 0) {
  fail(`No changes: prisma/schema.prisma matches the schema of ${previous ?? 'an empty database'}. Nothing to create.`);
}
if (diff.status !== 2 || !diff.stdout.trim()) {
  fail(`prisma migrate diff failed (exit ${diff.status ?? diff.signal}):\n${diff.stderr}${diff.stdout}`);
}

// UTC YYYYMMDDHHMMSS, always after the previous migration so that name order stays apply order.
let stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const previousStamp = previous?.slice(0, 14);
if (previousStamp && /^\d{14}$/.test(previousStamp) && stamp <= previousStamp) {
  stamp = (BigInt(previousStamp) + 1n).toString();
}
const folder = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
mkdirSync(folder, { recursive: true });
writeFileSync(path.join(folder, 'migration.sql'), diff.stdout);
copyFileSync(SCHEMA, AFTER_MIGRATIONS);
console.log(`wrote ${path.relative(ROOT, folder)}/migration.sql and updated ${path.relative(ROOT, AFTER_MIGRATIONS)}`);
console.log('Review the SQL (add data backfills by hand), then commit the folder; never edit it once applied.');
