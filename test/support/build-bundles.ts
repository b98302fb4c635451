// vitest globalSetup: the tests that start the real server or CLI run the bundles that `npm start` and
// `npm run cli` run (dist/, scripts/build.mjs), so those are brought up to date with the sources once, before
// any test file starts.
import { execFileSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/project-root.js';

export default function buildBundles(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: PROJECT_ROOT, stdio: 'inherit', timeout: 120_000 });
}
