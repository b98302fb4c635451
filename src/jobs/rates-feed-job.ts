// Loads the reference exchange rates of CURRENCY_RATES_URL once a minute after start and then every 24 hours,
// while the server runs. A failed load logs why and leaves the stored rates alone. (Durable, restart-proof
// jobs come with the platform issue; this one simply runs again on the next start.)
import type { Config } from '../config/config.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../http/logger.js';
import { describeError } from '../http/logger.js';
import { fetchReferenceRates, storeReferenceRates } from '../domain/currencies/rates-feed.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

export async function loadRatesFeed(config: Config, prisma: PrismaClient, logger: Logger): Promise<number | null> {
  if (!config.currencyRatesUrl) return null;
  try {
    const feed = await fetchReferenceRates(config.currencyRatesUrl, { allowPrivate: config.allowPrivateOutbound });
    const stored = await storeReferenceRates(prisma, feed);
    logger.log('info', 'exchange rates loaded', { as_of: feed.asOf.toISOString().slice(0, 10), rates: feed.rates.length, stored });
    return stored;
  } catch (error) {
    logger.log('warn', 'exchange rates not loaded; the stored rates stay as they are', describeError(error));
    return null;
  }
}

/** Starts the schedule; the returned function stops it. */
export function scheduleRatesFeed(config: Config, prisma: PrismaClient, logger: Logger): () => void {
  if (!config.currencyRatesUrl) return () => {};
  let interval: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    void loadRatesFeed(config, prisma, logger);
    interval = setInterval(() => void loadRatesFeed(config, prisma, logger), DAY_MS);
    interval.unref();
  }, FIRST_RUN_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
