// vitest globalSetup: the tests that start the real server or CLI run the bundles that `npm start` and
// `npm run cli` run (dist/, scripts/build.mjs), so those are brought up to date with the sources once, before
// any test file starts.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function buildBundles(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit', timeout: 120_000 });
}
