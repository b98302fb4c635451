// Embedded PGlite has no autovacuum (one process, no background workers): the row versions that updates and
// deletes leave behind (rate-limit counters, stock balances, jobs) were never reclaimed, and the planner never
// had statistics. A server on a data folder runs ANALYZE soon after it starts and VACUUM (ANALYZE) once a day.
// PGlite runs one statement at a time, so requests wait while either runs: the first waits until the start is
// done, and a day's VACUUM of a small company's folder takes well under a second.
import type { Logger } from '../http/logger.js';
import { describeError } from '../http/logger.js';
import type { SqlRunner } from './sql-runner.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface PgliteMaintenance {
  /** Resolves once no maintenance statement runs; none starts afterwards. */
  stop(): Promise<void>;
}

export function startPgliteMaintenance(
  sql: SqlRunner,
  logger: Logger,
  timing: { firstAfterMs?: number; everyMs?: number } = {},
): PgliteMaintenance {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const run = (statement: string) => {
    running = (async () => {
      const started = performance.now();
      try {
        await sql.query(statement);
        logger.log('info', 'database maintenance', { statement, ms: Math.round(performance.now() - started) });
      } catch (error) {
        logger.log('warn', 'database maintenance failed', { statement, ...describeError(error) });
      }
    })();
  };

  const first = setTimeout(() => !stopped && run('ANALYZE'), timing.firstAfterMs ?? MINUTE_MS);
  const daily = setInterval(() => !stopped && run('VACUUM (ANALYZE)'), timing.everyMs ?? DAY_MS);
  first.unref();
  daily.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}
