// Webhook endpoints: where a company's events are delivered (webhook-dispatch.ts moves them, signed after the
// Standard Webhooks specification). The rules:
//   - url: http or https; a private, loopback or link-local address is refused unless ALLOW_PRIVATE_OUTBOUND
//     (written as an address here; a name is checked on every delivery, as it may resolve anywhere later);
//   - events: the event types it receives (event-types.ts), or ["*"] for every type;
//   - the signing secret (whsec_ + base64 of 32 random bytes) is answered by create and rotate-secret only;
//   - a new endpoint starts at the head of the feed: it receives the events of transactions that end after it
//     was created, never older ones;
//   - disabling (by request, or because its deliveries kept failing) stops deliveries and the fan-out; enabling
//     again goes on from where it stopped, so the events of the time between are delivered too (nothing lost),
//     and the deliveries left pending are due at once.
// Each command is one transaction.
import { randomBytes } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { refusedHostLiteral, type OutboundPolicy } from '../../outbound/http-request.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkHttpUrl, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { comparisonFilter, dateTimeFilter, stringFilter, type FilterSpec } from '../shared/filters/index.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { pageMeta, type Page, rowsAndTotal } from '../shared/pagination.js';
import { ANY_EVENT, isEventType } from './event-types.js';
import { feedHorizon } from './feed.js';
import { recordEvent, type NewEvent } from './outbox.js';

export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

export interface WebhookEndpointInput {
  url?: string | null;
  events?: string[] | null;
  description?: string | null;
  /** Update only: enabled or disabled. */
  status?: string | null;
}

/** An endpoint as answered by create and rotate-secret: the only answers that carry the secret. */
export type EndpointWithSecret = Prisma.WebhookEndpointGetPayload<object> & { revealedSecret: string };

export const WEBHOOK_ENDPOINT_FILTERS: FilterSpec<Prisma.WebhookEndpointWhereInput> = {
  status: { kind: 'enum', enumValues: WEBHOOK_ENDPOINT_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  url: { kind: 'string', where: (op, value) => ({ url: stringFilter(op, value) }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', url: 'url', status: 'status', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listWebhookEndpoints(db: TenantDb, args: ListArgs): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, WEBHOOK_ENDPOINT_FILTERS, SORTABLE);
  const [items, total] = await rowsAndTotal(
    db.webhookEndpoint.findMany({ where, orderBy, skip: window.skip, take: window.take }),
    db.webhookEndpoint.count({ where }),
  );
  return { items, meta: pageMeta(window, total, items.length) };
}

export async function getWebhookEndpoint(db: TenantDb | TenantTx, id: number) {
  const endpoint = await db.webhookEndpoint.findUnique({ where: byId(id) });
  if (!endpoint) throw new NotFoundError('Webhook endpoint', id);
  return endpoint;
}

export async function createWebhookEndpoint(db: TenantDb, input: WebhookEndpointInput, outbound: OutboundPolicy): Promise<EndpointWithSecret> {
  const errors = new FieldErrorCollector();
  checkEndpointInput(errors, input, true, outbound);
  errors.throwIfAny();
  // The head of the feed, read before the transaction that creates it (inside, the horizon would stop at it).
  const head = await feedHorizon(db);
  const secret = newSecret();
  const created = await db.webhookEndpoint.create({
    data: {
      url: input.url!.trim(),
      events: normalizedEvents(input.events!),
      description: input.description ?? null,
      secret,
      cursorTxId: head,
      cursorEventId: 0,
    } as Prisma.WebhookEndpointUncheckedCreateInput,
  });
  return { ...created, revealedSecret: secret };
}

/** Only the fields given change. status enabled again: fan-out goes on from where it stopped, pending deliveries are due now. */
export async function updateWebhookEndpoint(db: TenantDb, id: number, input: WebhookEndpointInput, outbound: OutboundPolicy) {
  return db.$transaction(async (tx) => {
    const stored = await getWebhookEndpoint(tx, id);
    const errors = new FieldErrorCollector();
    checkEndpointInput(errors, input, false, outbound);
    errors.throwIfAny();
    const data: Prisma.WebhookEndpointUncheckedUpdateInput = {};
    if (input.url != null) data.url = input.url.trim();
    if (input.events != null) data.events = normalizedEvents(input.events);
    if (input.description !== undefined) data.description = input.description;
    const status = input.status as WebhookEndpointStatus | null | undefined;
    if (status === 'enabled' && stored.status !== 'enabled') {
      Object.assign(data, { status: 'enabled', disabledAt: null, disabledReason: null });
      await duePendingNow(tx, stored);
    } else if (status === 'disabled' && stored.status !== 'disabled') {
      const now = new Date();
      Object.assign(data, { status: 'disabled', disabledAt: now, disabledReason: 'Disabled by request.' });
      await recordEvent(tx, disabledEvent({ id, url: input.url?.trim() || stored.url }, now, 'requested', 'Disabled by request.'));
    }
    return tx.webhookEndpoint.update({ where: byId(id), data });
  });
}

/** Deletes the endpoint with its deliveries; answers it as it was. */
export async function deleteWebhookEndpoint(db: TenantDb, id: number) {
  return db.$transaction(async (tx) => {
    const endpoint = await getWebhookEndpoint(tx, id);
    await tx.webhookEndpoint.delete({ where: byId(id) });
    return endpoint;
  });
}

/** A new secret signs every delivery from now on (also the retries of older ones); the old one no longer verifies. */
export async function rotateWebhookEndpointSecret(db: TenantDb, id: number): Promise<EndpointWithSecret> {
  const secret = newSecret();
  const updated = await db.webhookEndpoint.updateManyAndReturn({ where: { id }, data: { secret } });
  if (updated.length === 0) throw new NotFoundError('Webhook endpoint', id);
  return { ...updated[0]!, revealedSecret: secret };
}

/**
 * Makes the endpoint's pending deliveries due now. Each attempt is a job keyed by the delivery and its due time
 * (webhook-dispatch.ts), so the time also moves forward by at least a millisecond: a new key, a new job.
 */
export async function duePendingNow(tx: TenantTx, endpoint: { companyId: number; id: number }): Promise<void> {
  await tx.$executeRaw`
    UPDATE "WebhookDelivery" SET "nextAttemptAt" = greatest(timezone('UTC', now()), "nextAttemptAt" + interval '1 millisecond'), "updatedAt" = timezone('UTC', now())
    WHERE "companyId" = ${endpoint.companyId} AND "endpointId" = ${endpoint.id} AND status = 'pending'`;
}

export function disabledEvent(endpoint: { id: number; url: string }, at: Date, reason: 'failing' | 'requested', message: string): NewEvent {
  return {
    type: 'webhook_endpoint.disabled',
    resourceType: 'webhook_endpoint',
    resourceId: endpoint.id,
    data: { webhook_endpoint_id: endpoint.id, url: endpoint.url, disabled_at: at.toISOString(), reason, message },
  };
}

function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function normalizedEvents(events: string[]): string[] {
  const trimmed = [...new Set(events.map((event) => event.trim()))];
  return trimmed.includes(ANY_EVENT) ? [ANY_EVENT] : trimmed;
}

function checkEndpointInput(errors: FieldErrorCollector, input: WebhookEndpointInput, creating: boolean, outbound: OutboundPolicy): void {
  checkRequiredText(errors, 'url', input.url, creating);
  const url = input.url?.trim();
  if (url) {
    checkMaxLength(errors, 'url', url, 2048);
    checkHttpUrl(errors, 'url', url);
    if (!errors.errors.url) {
      let host: string | null = null;
      try {
        host = new URL(url).hostname;
      } catch {
        errors.add('url', 'The url must be an http or https URL.');
      }
      const refused = host === null ? null : refusedHostLiteral(host, outbound);
      if (refused) errors.add('url', `The url points at a private, loopback or link-local address (${refused}), which this service does not call.`);
    }
  }
  if (input.events === undefined) {
    if (creating) errors.add('events', 'The events field is required: a list of event types, or ["*"] for all.');
  } else if (input.events === null || input.events.length === 0) {
    errors.add('events', 'Give at least one event type, or ["*"] for all.');
  } else {
    input.events.forEach((event, index) => {
      const name = event.trim();
      if (name !== ANY_EVENT && !isEventType(name)) errors.add(`events.${index}`, `Unknown event type "${event}".`);
    });
  }
  checkMaxLength(errors, 'description', input.description, 1000);
  if (input.status !== undefined) {
    if (creating) errors.add('status', 'A new endpoint is enabled; status is set by an update.');
    else if (input.status === null || !(WEBHOOK_ENDPOINT_STATUSES as readonly string[]).includes(input.status)) {
      errors.add('status', `The status must be one of: ${WEBHOOK_ENDPOINT_STATUSES.join(', ')}.`);
    }
  }
}
