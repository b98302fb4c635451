// The reference exchange rates of CURRENCY_RATES_URL, loaded by a durable job per company once a day (see
// schedules in background.ts). A failed load is retried with backoff and leaves the stored rates alone.
import { outboundPolicy, type Config } from '../config/config.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../http/logger.js';
import { describeError } from '../http/logger.js';
import { fetchReferenceRates, storeCompanyReferenceRates, storeReferenceRates } from '../domain/currencies/index.js';
import { JobFailedError, type JobHandler } from './job-handler.js';

export const RATES_FEED_JOB = 'rates.feed';

export const ratesFeedJob: JobHandler = {
  async run(run) {
    const url = run.config.currencyRatesUrl;
    if (!url) throw new JobFailedError('CURRENCY_RATES_URL is not set: there is no feed to load.');
    const feed = await fetchReferenceRates(url, run.outbound);
    await run.db.$transaction(async (tx) => {
      await run.hold(tx);
      const stored = await storeCompanyReferenceRates(tx, feed);
      run.logger.log('info', 'exchange rates loaded', { company_id: run.job.companyId, as_of: feed.asOf.toISOString().slice(0, 10), stored });
      await run.finish(tx);
    });
  },
  backoffMs: (attempt) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 60 * 60 * 1000),
};

/** Loads the feed for every company at once (the CLI and tests); null when it could not be loaded. */
export async function loadRatesFeed(config: Config, prisma: PrismaClient, logger: Logger): Promise<number | null> {
  if (!config.currencyRatesUrl) return null;
  try {
    const feed = await fetchReferenceRates(config.currencyRatesUrl, outboundPolicy(config));
    const stored = await storeReferenceRates(prisma, feed);
    logger.log('info', 'exchange rates loaded', { as_of: feed.asOf.toISOString().slice(0, 10), rates: feed.rates.length, stored });
    return stored;
  } catch (error) {
    logger.log('warn', 'exchange rates not loaded; the stored rates stay as they are', describeError(error));
    return null;
  }
}
