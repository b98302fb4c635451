// How events reach webhook endpoints. Three parts, each idempotent, so a crash anywhere only repeats work:
//
// 1. Fan-out (pumpWebhooks, every process about once a second): for every enabled endpoint, the events past
//    its cursor and below the feed's horizon (feed.ts: no transaction still running can add one there) become
//    WebhookDelivery rows — those of its event types — and the cursor moves past them. One INSERT … SELECT for
//    all endpoints of all companies, at most FANOUT_BATCH events per endpoint per round, under an advisory lock
//    so that deliveries of one endpoint get ids in feed order.
// 2. Scheduling (same round): every pending delivery that is due, of an enabled endpoint, and first among the
//    pending deliveries of its resource to that endpoint (ordered per resource), gets a `webhook.deliver` job.
//    The job's unique key is the delivery and its due time, so a round never queues an attempt twice.
// 3. The attempt (the job, src/jobs/webhook-deliver-job.ts): reads the delivery (step 1), POSTs the signed
//    message outside any transaction, records the outcome (step 2): succeeded; or pending again after the next
//    delay of the retry schedule (webhook-schedule.ts); or, after the last attempt, failed — and then, when no
//    delivery to the endpoint has succeeded since that delivery was created (about three and a half days of
//    failures), the endpoint is disabled and a webhook_endpoint.disabled event written.
// A process that dies during an attempt leaves the job to be taken again after its lease: the message may be
// sent twice (at least once), with the same webhook-id, which receivers use to drop duplicates.
import { Webhook } from 'standardwebhooks';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { sendOutbound, type OutboundPolicy } from '../../outbound/http-request.js';
import { feedHorizon } from './feed.js';
import { recordEvent } from './outbox.js';
import { disabledEvent } from './webhook-endpoints.js';
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from './webhook-schedule.js';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';
const FANOUT_BATCH = 500;
const SCHEDULE_BATCH = 500;
/** pg_try_advisory_xact_lock key of the fan-out round ("webhook" in ASCII). */
const PUMP_LOCK = 0x776562686f6f6bn;
const ATTEMPT_TIMEOUT_MS = 15_000;
const MAX_ERROR_LENGTH = 500;

export interface PumpResult {
  /** false: another process held the round; nothing was done. */
  ran: boolean;
  deliveriesCreated: number;
  jobsQueued: number;
}

// Prisma keeps DateTime columns as UTC timestamps without a zone: "now" in the same terms, whatever the
// session's TimeZone.
const UTC_NOW = Prisma.sql`timezone('UTC', now())`;
// The job of one attempt of delivery d: keyed by the delivery and its due time (ms), which it also carries.
const ATTEMPT_JOB_COLUMNS = Prisma.sql`("companyId", type, queue, payload, "maxAttempts", "uniqueKey", "updatedAt")`;
const ATTEMPT_JOB_KEY = Prisma.sql`${WEBHOOK_DELIVER_JOB}::text || ':' || d.id || ':' || (extract(epoch FROM d."nextAttemptAt") * 1000)::bigint`;
const ATTEMPT_JOB_VALUES = Prisma.sql`d."companyId", ${WEBHOOK_DELIVER_JOB}::text, 'webhooks',
  jsonb_build_object('deliveryId', d.id, 'due', (extract(epoch FROM d."nextAttemptAt") * 1000)::bigint), 3, ${ATTEMPT_JOB_KEY}, now()`;

// The pending deliveries that are due, of an enabled endpoint, first of their resource, and without a job yet.
const DUE_ATTEMPTS = Prisma.sql`
  FROM "WebhookDelivery" d
  JOIN "WebhookEndpoint" w ON w."companyId" = d."companyId" AND w.id = d."endpointId" AND w.status = 'enabled'
  WHERE d.status = 'pending' AND d."nextAttemptAt" <= ${UTC_NOW}
    AND NOT EXISTS (SELECT 1 FROM "Job" j WHERE j."companyId" = d."companyId" AND j."uniqueKey" = ${ATTEMPT_JOB_KEY})
    AND NOT EXISTS (
      SELECT 1 FROM "WebhookDelivery" p
      WHERE p."companyId" = d."companyId" AND p."endpointId" = d."endpointId" AND p.status = 'pending'
        AND p.id < d.id AND p."resourceKey" = d."resourceKey"
    )`;

/** One round of fan-out and scheduling over every company. */
export async function pumpWebhooks(prisma: PrismaClient): Promise<PumpResult> {
  return prisma.$transaction(async (tx) => {
    const [lock] = await tx.$queryRaw<Array<{ locked: boolean }>>`SELECT pg_try_advisory_xact_lock(${PUMP_LOCK}::bigint) AS locked`;
    if (!lock?.locked) return { ran: false, deliveriesCreated: 0, jobsQueued: 0 };
    // The horizon is read first and passed as a value: on Citus a LIMIT in a LATERAL subquery can be sent to the
    // workers only when the subquery refers to nothing but the co-located tables.
    const horizon = await feedHorizon(tx);
    // A round writes only what there is to write: on Citus a write across companies runs on every worker and
    // commits in two phases there even when it changes nothing, and this runs about once a second per process.
    const [work] = await tx.$queryRaw<Array<{ events: boolean; due: boolean }>>`
      SELECT EXISTS (
               SELECT 1 FROM "WebhookEndpoint" w
               JOIN "Event" ev ON ev."companyId" = w."companyId" AND (ev."txId", ev.id) > (w."cursorTxId", w."cursorEventId") AND ev."txId" < ${horizon}::bigint
               WHERE w.status = 'enabled'
             ) AS events,
             EXISTS (SELECT 1 ${DUE_ATTEMPTS}) AS due`;
    const deliveriesCreated = work?.events ? await fanOut(tx, horizon) : 0;
    const jobsQueued = deliveriesCreated > 0 || work?.due ? await queueDueAttempts(tx) : 0;
    return { ran: true, deliveriesCreated, jobsQueued };
  });
}

/** Fan-out: the events past each enabled endpoint's cursor and below the horizon become its deliveries. */
async function fanOut(tx: Prisma.TransactionClient, horizon: bigint): Promise<number> {
  const [fanned] = await tx.$queryRaw<Array<{ created: number }>>`
    WITH batch AS (
      SELECT w."companyId", w.id AS "endpointId", w.events, e.id AS "eventId", e."txId", e.type, e."resourceType", e."resourceId"
      FROM "WebhookEndpoint" w
      CROSS JOIN LATERAL (
        SELECT ev.id, ev."txId", ev.type, ev."resourceType", ev."resourceId" FROM "Event" ev
        WHERE ev."companyId" = w."companyId" AND (ev."txId", ev.id) > (w."cursorTxId", w."cursorEventId") AND ev."txId" < ${horizon}::bigint
        ORDER BY ev."txId", ev.id
        LIMIT ${FANOUT_BATCH}::int
      ) e
      WHERE w.status = 'enabled'
    ),
    inserted AS (
      INSERT INTO "WebhookDelivery" ("companyId", "endpointId", "eventId", "resourceKey", "nextAttemptAt", "createdAt", "updatedAt")
      SELECT "companyId", "endpointId", "eventId", left("resourceType" || ':' || "resourceId", 140), ${UTC_NOW}, ${UTC_NOW}, ${UTC_NOW}
      FROM batch WHERE '*' = ANY(events) OR type = ANY(events)
      ORDER BY "companyId", "endpointId", "txId", "eventId"
      ON CONFLICT ("companyId", "endpointId", "eventId") DO NOTHING
      RETURNING 1
    ),
    last AS (
      SELECT DISTINCT ON ("companyId", "endpointId") "companyId", "endpointId", "txId", "eventId"
      FROM batch ORDER BY "companyId", "endpointId", "txId" DESC, "eventId" DESC
    ),
    moved AS (
      UPDATE "WebhookEndpoint" w SET "cursorTxId" = last."txId", "cursorEventId" = last."eventId"
      FROM last
      WHERE w."companyId" = last."companyId" AND w.id = last."endpointId" AND (w."cursorTxId", w."cursorEventId") < (last."txId", last."eventId")
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM inserted)::int AS created, (SELECT count(*) FROM moved)::int AS moved`;
  return fanned?.created ?? 0;
}

/** Scheduling: a job for each due attempt that has none. */
function queueDueAttempts(tx: Prisma.TransactionClient): Promise<number> {
  return tx.$executeRaw`
    INSERT INTO "Job" ${ATTEMPT_JOB_COLUMNS}
    SELECT ${ATTEMPT_JOB_VALUES}
    ${DUE_ATTEMPTS}
    ORDER BY d."nextAttemptAt", d.id
    LIMIT ${SCHEDULE_BATCH}::int
    ON CONFLICT ("companyId", "uniqueKey") DO NOTHING`;
}

/** What one attempt sends. */
export interface WebhookMessage {
  deliveryId: number;
  endpointId: number;
  url: string;
  secret: string;
  /** webhook-id: the event's stable id, the same on every attempt and for every endpoint. */
  messageId: string;
  body: string;
}

export type AttemptPlan = { send: WebhookMessage } | { skip: string };

/**
 * Step 1 of an attempt: the message, or why there is nothing to send — the delivery is gone, no longer
 * pending or due at another time (sent again on request meanwhile), or its endpoint is disabled; or an
 * earlier delivery of the same resource is pending again, and this one then waits behind it.
 */
export async function planAttempt(tx: TenantTx, deliveryId: number, due: number): Promise<AttemptPlan> {
  const delivery = await tx.webhookDelivery.findUnique({ where: byId(deliveryId), include: { endpoint: true } });
  if (!delivery) return { skip: 'the delivery no longer exists' };
  if (delivery.status !== 'pending' || delivery.nextAttemptAt.getTime() !== due) return { skip: 'the delivery was settled or rescheduled' };
  if (delivery.endpoint.status !== 'enabled') return { skip: 'the endpoint is disabled' };
  const earlier = await tx.webhookDelivery.findFirst({
    where: { endpointId: delivery.endpointId, resourceKey: delivery.resourceKey, status: 'pending', id: { lt: delivery.id } },
    select: { id: true },
  });
  if (earlier) {
    // Waits for the earlier one; a new due time gives it a new job once it is first again.
    await tx.webhookDelivery.update({ where: byId(deliveryId), data: { nextAttemptAt: new Date(Math.max(Date.now(), due + 1)) } });
    return { skip: `delivery ${earlier.id} of the same resource goes first` };
  }
  const event = await tx.event.findUnique({ where: byId(delivery.eventId) });
  if (!event) return { skip: 'the event no longer exists' };
  return {
    send: {
      deliveryId,
      endpointId: delivery.endpointId,
      url: delivery.endpoint.url,
      secret: delivery.endpoint.secret,
      messageId: `evt_${event.companyId}_${event.id}`,
      body: JSON.stringify({ id: event.id, type: event.type, occurred_at: event.occurredAt.toISOString(), timestamp: event.occurredAt.toISOString(), data: event.data }),
    },
  };
}

export interface AttemptOutcome {
  ok: boolean;
  /** The HTTP status answered, when there was an answer. */
  responseStatus: number | null;
  error: string | null;
}

/** Sends the message signed after the Standard Webhooks specification; a 2xx answer is a success. Never throws. */
export async function sendWebhook(message: WebhookMessage, policy: OutboundPolicy, now = new Date()): Promise<AttemptOutcome> {
  const signature = new Webhook(message.secret).sign(message.messageId, now, message.body);
  try {
    const response = await sendOutbound(
      {
        system: `webhook endpoint ${message.endpointId}`,
        method: 'POST',
        url: message.url,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'inventory-service-webhooks/1',
          'webhook-id': message.messageId,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: message.body,
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        maxResponseBytes: 64 * 1024,
      },
      policy,
    );
    if (response.status >= 200 && response.status < 300) return { ok: true, responseStatus: response.status, error: null };
    const said = response.text.trim().slice(0, 200);
    return { ok: false, responseStatus: response.status, error: `The endpoint answered ${response.status}${said ? `: ${said}` : ''}.` };
  } catch (error) {
    return { ok: false, responseStatus: null, error: (error as Error).message };
  }
}

/**
 * Step 2 of an attempt: records the outcome on the delivery, unless it was sent again on request meanwhile
 * (then that newer attempt counts). A failure is retried after the next delay; after the last attempt the
 * delivery fails, and the endpoint is disabled when nothing has reached it since that delivery was created.
 */
export async function recordAttempt(tx: TenantTx, deliveryId: number, due: number, outcome: AttemptOutcome, retryScale = 1): Promise<'succeeded' | 'retrying' | 'failed' | 'stale'> {
  const delivery = await tx.webhookDelivery.findUnique({ where: byId(deliveryId) });
  if (!delivery || delivery.status !== 'pending' || delivery.nextAttemptAt.getTime() !== due) return 'stale';
  const now = new Date();
  const attempts = delivery.attempts + 1;
  const common = { attempts, lastAttemptAt: now, responseStatus: outcome.responseStatus, lastError: outcome.error?.slice(0, MAX_ERROR_LENGTH) ?? null };
  const still = { id: deliveryId, status: 'pending', nextAttemptAt: delivery.nextAttemptAt };
  if (outcome.ok) {
    const claimed = await tx.webhookDelivery.updateMany({ where: still, data: { ...common, status: 'succeeded', deliveredAt: now } });
    if (claimed.count === 0) return 'stale';
    await queueNextOfResource(tx, delivery);
    return 'succeeded';
  }
  const delay = attempts >= WEBHOOK_MAX_ATTEMPTS ? null : webhookRetryDelayMs(attempts, retryScale);
  if (delay !== null) {
    const claimed = await tx.webhookDelivery.updateMany({ where: still, data: { ...common, nextAttemptAt: new Date(Math.max(now.getTime() + delay, due + 1)) } });
    return claimed.count === 1 ? 'retrying' : 'stale';
  }
  const claimed = await tx.webhookDelivery.updateMany({ where: still, data: { ...common, status: 'failed' } });
  if (claimed.count === 0) return 'stale';
  await disableIfFailing(tx, delivery, attempts, common.lastError);
  await queueNextOfResource(tx, delivery);
  return 'failed';
}

/**
 * The next pending delivery of the same resource to the same endpoint goes out at once, without waiting for
 * the next round, when it is due (a busy resource's deliveries follow each other at the worker's pace).
 */
async function queueNextOfResource(tx: TenantTx, delivery: { companyId: number; id: number; endpointId: number; resourceKey: string }): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "Job" ${ATTEMPT_JOB_COLUMNS}
    SELECT ${ATTEMPT_JOB_VALUES}
    FROM "WebhookDelivery" d
    JOIN "WebhookEndpoint" w ON w."companyId" = d."companyId" AND w.id = d."endpointId" AND w.status = 'enabled'
    WHERE d."companyId" = ${delivery.companyId} AND d."endpointId" = ${delivery.endpointId} AND d."resourceKey" = ${delivery.resourceKey}
      AND d.status = 'pending' AND d.id > ${delivery.id} AND d."nextAttemptAt" <= ${UTC_NOW}
    ORDER BY d.id
    LIMIT 1
    ON CONFLICT ("companyId", "uniqueKey") DO NOTHING`;
}

async function disableIfFailing(tx: TenantTx, delivery: { id: number; endpointId: number; createdAt: Date }, attempts: number, lastError: string | null): Promise<void> {
  const reached = await tx.webhookDelivery.findFirst({ where: { endpointId: delivery.endpointId, deliveredAt: { gte: delivery.createdAt } }, select: { id: true } });
  if (reached) return;
  const now = new Date();
  const message =
    `Delivery ${delivery.id} failed all ${attempts} attempts and nothing has reached the endpoint since ${delivery.createdAt.toISOString()}` +
    `${lastError ? `; last error: ${lastError}` : '.'}`;
  const disabled = await tx.webhookEndpoint.updateManyAndReturn({
    where: { id: delivery.endpointId, status: 'enabled' },
    data: { status: 'disabled', disabledAt: now, disabledReason: message.slice(0, 1000) },
  });
  if (disabled.length === 1) await recordEvent(tx, disabledEvent(disabled[0]!, now, 'failing', message));
}
