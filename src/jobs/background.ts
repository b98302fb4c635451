// The background side of a server process: the job worker, the recurring schedules and the webhook round. main.ts starts it
// after the server listens; tests start it when they need jobs to run.
import type { Config } from '../config/config.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../http/logger.js';
import { jobHandlers } from './job-handlers.js';
import { RATES_FEED_JOB } from './rates-feed-job.js';
import { FORECAST_FEATURE, FORECAST_REFRESH_JOB } from '../domain/forecast/index.js';
import { daily, startSchedules, type Schedule } from './schedules.js';
import { createWorker, type Worker } from './worker.js';
import { startWebhookPump, type WebhookPump } from './webhook-pump.js';
import { IDEMPOTENCY_PURGE_JOB } from './idempotency-purge-job.js';
import { AUDIT_PURGE_JOB } from './audit-purge-job.js';

export interface Background {
  worker: Worker;
  /** The webhook round (fan-out and queueing of due deliveries), every Config.webhookPumpMs. */
  webhooks: WebhookPump;
  stop(): Promise<void>;
}

export function recurringSchedules(config: Config): Schedule[] {
  const schedules: Schedule[] = [];
  if (config.currencyRatesUrl) schedules.push({ type: RATES_FEED_JOB, period: daily });
  schedules.push({ type: FORECAST_REFRESH_JOB, period: daily, feature: FORECAST_FEATURE, maxAttempts: 3 });
  schedules.push({ type: IDEMPOTENCY_PURGE_JOB, period: daily, maxAttempts: 3 });
  if (config.auditRetentionDays !== null) schedules.push({ type: AUDIT_PURGE_JOB, period: daily, maxAttempts: 3 });
  return schedules;
}

export function startBackground(
  options: { prisma: PrismaClient; config: Config; logger: Logger },
  tuning: { pollMs?: number; concurrency?: number; schedules?: boolean } = {},
): Background {
  const worker = createWorker({ ...options, handlers: jobHandlers, pollMs: tuning.pollMs, concurrency: tuning.concurrency });
  worker.start();
  const stopSchedules = tuning.schedules === false ? () => {} : startSchedules(options.prisma, recurringSchedules(options.config), options.logger);
  const webhooks = startWebhookPump(options.prisma, options.config, options.logger);
  return {
    worker,
    webhooks,
    async stop() {
      stopSchedules();
      await webhooks.stop();
      await worker.stop();
    },
  };
}
