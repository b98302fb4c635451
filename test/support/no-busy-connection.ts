// Runs before each test file (vitest setupFiles): fails the file during which pg warned that a connection was
// given a statement while busy (pg 9 refuses it; src/db/one-statement-at-a-time.ts). Node prints a deprecation
// once per process, so the first file of a worker that does it fails, naming the warning and where it came from.
import { afterAll } from 'vitest';

const BUSY_CONNECTION = 'already executing a query';
const seen = Symbol.for('inventory-service.test.busy-connection-warnings');
const registry = globalThis as typeof globalThis & { [seen]?: Error[] };

if (!registry[seen]) {
  const warnings: Error[] = [];
  registry[seen] = warnings;
  process.on('warning', (warning) => {
    if (warning.message.includes(BUSY_CONNECTION)) warnings.push(warning);
  });
}
const warnings = registry[seen]!;
const before = warnings.length;

afterAll(() => {
  const during = warnings.slice(before);
  if (during.length > 0) throw new Error(`pg: a connection was given a statement while busy:\n${during.map((w) => w.stack).join('\n')}`);
});
