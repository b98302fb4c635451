// Runs the webhook round (src/domain/events/webhook-dispatch.ts: fan-out of new events into deliveries, and a
// job for every delivery that is due) every Config.webhookPumpMs (default 1 s) in every process. Rounds of
// several processes exclude each other with an advisory lock; a round that finds the lock taken does nothing.
import type { Config } from '../config/config.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../http/logger.js';
import { describeError } from '../http/logger.js';
import { pumpWebhooks, type PumpResult } from '../domain/events/index.js';

export interface WebhookPump {
  /** Runs one round now (after the one in progress, if any). */
  runOnce(): Promise<PumpResult>;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

export function startWebhookPump(prisma: PrismaClient, config: Config, logger: Logger): WebhookPump {
  const everyMs = config.webhookPumpMs ?? 1000;
  let current: Promise<PumpResult> | null = null;
  let stopped = false;

  const runOnce = async (): Promise<PumpResult> => {
    while (current) await current.catch(() => undefined);
    current = pumpWebhooks(prisma);
    try {
      return await current;
    } finally {
      current = null;
    }
  };
  const tick = () => {
    if (stopped || current) return;
    runOnce().catch((error) => {
      if (!stopped) logger.log('warn', 'webhook round failed; it runs again shortly', describeError(error));
    });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current?.catch(() => undefined);
    },
  };
}
