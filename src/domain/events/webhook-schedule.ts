// When a failed webhook delivery is tried again. After the first attempt fails, the next ones follow these
// delays: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h, 24 h — eleven attempts over 3 days 13 h 35 min.
// When the eleventh fails too, the delivery has failed for good. Config.webhookRetryScale multiplies every
// delay (tests make it small).

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];

/** The first attempt and one per delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** The wait before the next attempt once `attemptsMade` attempts have failed; null when none is left. */
export function webhookRetryDelayMs(attemptsMade: number, scale = 1): number | null {
  if (attemptsMade < 1 || attemptsMade > WEBHOOK_RETRY_DELAYS_MS.length) return null;
  return Math.round(WEBHOOK_RETRY_DELAYS_MS[attemptsMade - 1]! * scale);
}
