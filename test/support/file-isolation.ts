// Runs before each test file (vitest setupFiles). Most files share a worker process with the files before
// them (vitest.config.ts), so what one file changes in the process must not reach the next: the environment
// variables a file sets (a fake gateway's URL, say) are put back as they were when it started.
import { afterAll } from 'vitest';

const environmentAtStart = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
});
