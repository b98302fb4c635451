// The background side of a server process: the job worker and the recurring schedules. main.ts starts it
// after the server listens; tests start it when they need jobs to run.
import type { Config } from '../config/config.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../http/logger.js';
import { jobHandlers } from './job-handlers.js';
import { RATES_FEED_JOB } from './rates-feed-job.js';
import { daily, startSchedules, type Schedule } from './schedules.js';
import { createWorker, type Worker } from './worker.js';

export interface Background {
  worker: Worker;
  stop(): Promise<void>;
}

export function recurringSchedules(config: Config): Schedule[] {
  const schedules: Schedule[] = [];
  if (config.currencyRatesUrl) schedules.push({ type: RATES_FEED_JOB, period: daily });
  return schedules;
}

export function startBackground(
  options: { prisma: PrismaClient; config: Config; logger: Logger },
  tuning: { pollMs?: number; concurrency?: number; schedules?: boolean } = {},
): Background {
  const worker = createWorker({ ...options, handlers: jobHandlers, pollMs: tuning.pollMs, concurrency: tuning.concurrency });
  worker.start();
  const stopSchedules = tuning.schedules === false ? () => {} : startSchedules(options.prisma, recurringSchedules(options.config), options.logger);
  return {
    worker,
    async stop() {
      stopSchedules();
      await worker.stop();
    },
  };
}
