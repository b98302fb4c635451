// Every kind of durable job and what runs it. A worker claims only the types listed here.
import type { JobHandler } from './job-handler.js';
import { RATES_FEED_JOB, ratesFeedJob } from './rates-feed-job.js';

export const jobHandlers: ReadonlyMap<string, JobHandler> = new Map<string, JobHandler>([
  [RATES_FEED_JOB, ratesFeedJob],
]);
