import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Files that run on an embedded data folder or an in-memory PGlite whatever database the pass is given (the CLI
 * and the server process on DATA_DIR, PGlite's own behaviour, the migrations against the schema): under
 * TEST_DATABASE_URL they would repeat the PGlite pass's work exactly, so they run in the PGlite pass only.
 */
const EMBEDDED_ONLY = [
  'test/cli/backup-restore.test.ts',
  'test/cli/channel-unlock-cli.test.ts',
  'test/cli/cli-beside-server.test.ts',
  'test/cli/cli.test.ts',
  'test/cli/company-features-cli.test.ts',
  'test/cli/company-rate-limits-cli.test.ts',
  'test/cli/first-company-hint.test.ts',
  'test/db/data-dir-lock.test.ts',
  'test/db/migrations.test.ts',
  'test/db/pglite-maintenance.test.ts',
  'test/db/pglite-prepared.test.ts',
  'test/db/pglite-start.test.ts',
  'test/db/pglite-template.test.ts',
  'test/db/pglite-turns.test.ts',
  'test/domain/ledger-verify-cli.test.ts',
  'test/ops/import-sigkill.test.ts',
  'test/ops/server-process.test.ts',
];
const NOT_TESTS = ['test/bench/**', 'node_modules/**', ...(process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY : [])];

export default defineConfig({
  resolve: {
    // graphql 16 ships both index.mjs and index.js without an exports map: Vite would pick the .mjs for our
    // sources while libraries loaded by Node get the .js, and graphql refuses two copies. Use Node's choice.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    globalSetup: ['test/support/build-bundles.ts', 'test/support/test-databases-sweep.ts'],
    setupFiles: ['test/support/file-isolation.ts', 'test/support/no-busy-connection.ts'],
    pool: 'forks',
    fileParallelism: true,
    // Test files at a time; TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    testTimeout: 60_000,
    hookTimeout: 90_000,
    include: ['test/**/*.test.ts'],
    exclude: NOT_TESTS,
    // A worker's files share its loaded modules (the service and its libraries are imported once per worker, and
    // code the JIT compiled carries over); each still opens its own database and server, and
    // test/support/file-isolation.ts restores process.env. So no file may replace a module with vi.mock
    // (test/architecture/shared-modules.test.ts): a module it needs to differ takes what it needs as an argument.
    isolate: false,
  },
});
