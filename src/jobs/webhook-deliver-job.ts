// The `webhook.deliver` job: one attempt of one webhook delivery (src/domain/events/webhook-dispatch.ts).
// Step 1 reads what to send, the POST runs outside any transaction (the lease covers it), step 2 records the
// outcome and finishes the job in one transaction. The delivery's own retry schedule lives on the delivery
// row; the job's attempts only cover a process that died or a database that failed during the attempt.
// Queued by the webhook pump (webhook-pump.ts), keyed by the delivery and its due time.
import { planAttempt, recordAttempt, sendWebhook, WEBHOOK_DELIVER_JOB } from '../domain/events/index.js';
import { JobFailedError, JobLostError, type JobHandler, type JobRun } from './job-handler.js';

export { WEBHOOK_DELIVER_JOB };

export const webhookDeliverJob: JobHandler = {
  async run(run) {
    const payload = run.job.payload as { deliveryId?: unknown; due?: unknown };
    const deliveryId = Number(payload.deliveryId);
    const due = Number(payload.due);
    if (!Number.isSafeInteger(deliveryId) || !Number.isSafeInteger(due)) throw new JobFailedError('The job names no delivery (deliveryId, due).');
    try {
      await attempt(run, deliveryId, due);
    } catch (error) {
      // The job's last attempt failed (the database, not the endpoint): give the delivery a new due time, hence
      // a new job, rather than leave it pending under a key that is used up.
      if (!(error instanceof JobLostError) && run.job.attempts >= run.job.maxAttempts) {
        await run.db.webhookDelivery
          .updateMany({ where: { id: deliveryId, status: 'pending', nextAttemptAt: new Date(due) }, data: { nextAttemptAt: new Date(Math.max(Date.now() + 60_000, due + 1)) } })
          .catch(() => undefined);
      }
      throw error;
    }
  },
  // A step is short, but the POST between the steps may take its whole time-out (15 s).
  leaseMs: 60_000,
};

async function attempt(run: JobRun, deliveryId: number, due: number): Promise<void> {
  const plan = await run.db.$transaction(async (tx) => {
    await run.hold(tx);
    const planned = await planAttempt(tx, deliveryId, due);
    if ('skip' in planned) await run.finish(tx);
    return planned;
  });
  if ('skip' in plan) {
    run.logger.log('info', 'webhook delivery skipped', { company_id: run.job.companyId, delivery_id: deliveryId, reason: plan.skip });
    return;
  }
  const outcome = await sendWebhook(plan.send, run.outbound);
  await run.db.$transaction(async (tx) => {
    await run.hold(tx);
    const result = await recordAttempt(tx, deliveryId, due, outcome, run.config.webhookRetryScale ?? 1);
    run.logger.log(outcome.ok ? 'info' : 'warn', `webhook delivery ${result}`, {
      company_id: run.job.companyId, delivery_id: deliveryId, endpoint_id: plan.send.endpointId, response_status: outcome.responseStatus, error: outcome.error,
    });
    await run.finish(tx);
  });
}
