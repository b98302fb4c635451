// The deliveries of a webhook endpoint, read back, and sent again on request. A delivery is one event for one
// endpoint: pending (due at next_attempt_at, or waiting behind an earlier delivery of the same resource),
// succeeded, or failed (every attempt of the retry schedule failed). webhook-dispatch.ts sends them.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { comparisonFilter, dateTimeFilter, type FilterSpec } from '../shared/filters/index.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { pageMeta, type Page, rowsAndTotal } from '../shared/pagination.js';
import { getWebhookEndpoint } from './webhook-endpoints.js';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export type DeliveryRow = Prisma.WebhookDeliveryGetPayload<object> & { eventType: string };

export const WEBHOOK_DELIVERY_FILTERS: FilterSpec<Prisma.WebhookDeliveryWhereInput> = {
  status: { kind: 'enum', enumValues: WEBHOOK_DELIVERY_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  event_id: { kind: 'integer', where: (op, value) => ({ eventId: comparisonFilter(op, value as number) }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', event_id: 'eventId', status: 'status', created_at: 'createdAt', updated_at: 'updatedAt', next_attempt_at: 'nextAttemptAt' };

/** A page of the endpoint's deliveries, newest first by default; three statements whatever the page size. */
export async function listWebhookDeliveries(db: TenantDb, endpointId: number, args: ListArgs): Promise<Page<DeliveryRow>> {
  const { window, orderBy, where } = readListArgs(args, WEBHOOK_DELIVERY_FILTERS, SORTABLE, '-id');
  await getWebhookEndpoint(db, endpointId);
  const scoped = { AND: [...where.AND, { endpointId }] };
  const [items, total] = await rowsAndTotal(
    db.webhookDelivery.findMany({ where: scoped, orderBy, skip: window.skip, take: window.take }),
    db.webhookDelivery.count({ where: scoped }),
  );
  return { items: await withEventTypes(db, items), meta: pageMeta(window, total, items.length) };
}

export async function getWebhookDelivery(db: TenantDb | TenantTx, id: number): Promise<DeliveryRow> {
  const delivery = await db.webhookDelivery.findUnique({ where: byId(id) });
  if (!delivery) throw new NotFoundError('Webhook delivery', id);
  return (await withEventTypes(db, [delivery]))[0]!;
}

/**
 * Sends the delivery again: whatever its status, it becomes pending and due now, with the retry schedule from
 * its start (attempts 0). It still keeps its place among the deliveries of its resource: a later one waits for
 * it. An endpoint that is disabled → 409 (enable it first).
 */
export async function retryWebhookDelivery(db: TenantDb, id: number): Promise<DeliveryRow> {
  return db.$transaction(async (tx) => {
    const delivery = await getWebhookDelivery(tx, id);
    const endpoint = await getWebhookEndpoint(tx, delivery.endpointId);
    if (endpoint.status !== 'enabled') {
      throw new ConflictError(`Webhook endpoint ${endpoint.id} is disabled; enable it (PATCH status: enabled) before sending deliveries again.`);
    }
    // Due now — also when it was waiting out a backoff (the job queued for that later time finds the
    // delivery rescheduled and skips). Each attempt's job is keyed by the due time, so never the same one.
    const now = Date.now();
    const due = new Date(now === delivery.nextAttemptAt.getTime() ? now + 1 : now);
    await tx.webhookDelivery.update({ where: byId(id), data: { status: 'pending', attempts: 0, nextAttemptAt: due, deliveredAt: null } });
    return getWebhookDelivery(tx, id);
  });
}

async function withEventTypes<T extends { eventId: number }>(db: TenantDb | TenantTx, deliveries: T[]): Promise<Array<T & { eventType: string }>> {
  if (deliveries.length === 0) return [];
  const events = await db.event.findMany({ where: { id: { in: [...new Set(deliveries.map((d) => d.eventId))] } }, select: { id: true, type: true } });
  const typeOf = new Map(events.map((event) => [event.id, event.type]));
  return deliveries.map((delivery) => ({ ...delivery, eventType: typeOf.get(delivery.eventId) ?? 'unknown' }));
}
