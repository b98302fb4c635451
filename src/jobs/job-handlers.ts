// Every kind of durable job and what runs it. A worker claims only the types listed here.
import type { JobHandler } from './job-handler.js';
import { RATES_FEED_JOB, ratesFeedJob } from './rates-feed-job.js';
import { IMPORT_JOB, importJob } from './import-job.js';
import { FORECAST_REFRESH_JOB, forecastRefreshJob } from './forecast-refresh-job.js';
import { WEBHOOK_DELIVER_JOB, webhookDeliverJob } from './webhook-deliver-job.js';
import { IDEMPOTENCY_PURGE_JOB, idempotencyPurgeJob } from './idempotency-purge-job.js';
import { AUDIT_PURGE_JOB, auditPurgeJob } from './audit-purge-job.js';

export const jobHandlers: ReadonlyMap<string, JobHandler> = new Map<string, JobHandler>([
  [RATES_FEED_JOB, ratesFeedJob],
  [IMPORT_JOB, importJob],
  [FORECAST_REFRESH_JOB, forecastRefreshJob],
  [WEBHOOK_DELIVER_JOB, webhookDeliverJob],
  [IDEMPOTENCY_PURGE_JOB, idempotencyPurgeJob],
  [AUDIT_PURGE_JOB, auditPurgeJob],
]);
