// Webhook endpoints and their deliveries as GraphQL sees them: argument plumbing only; the rules live in
// src/domain/events/webhook-*.ts.
import type { WebhookEndpoint } from '../../generated/prisma/client.js';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { filterArg, filterParams } from '../shared/filters.js';
import { webhookEndpoints as endpoints, webhookDeliveries as deliveries } from '../../domain/events/index.js';

type EndpointRow = WebhookEndpoint & { revealedSecret?: string };

const WebhookEndpointRef = builder.objectRef<EndpointRow>('WebhookEndpoint').implement({
  description: 'Where the company\'s events are delivered, signed after the Standard Webhooks specification.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    url: t.exposeString('url'),
    events: t.exposeStringList('events', { description: 'The event types it receives; ["*"] for every type.' }),
    description: t.exposeString('description', { nullable: true }),
    status: t.exposeString('status', { description: 'enabled or disabled.' }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    disabledReason: t.exposeString('disabledReason', { nullable: true, description: 'Why it was disabled: by request, or the deliveries that kept failing.' }),
    secret: t.string({
      nullable: true,
      description: 'The signing secret (whsec_…): answered only when the endpoint is created and when its secret is rotated; null otherwise.',
      resolve: (endpoint) => endpoint.revealedSecret ?? null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const WebhookDeliveryRef = builder.objectRef<deliveries.DeliveryRow>('WebhookDelivery').implement({
  description: 'One event for one webhook endpoint: pending, succeeded or failed.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    endpointId: t.exposeInt('endpointId'),
    eventId: t.exposeInt('eventId'),
    eventType: t.exposeString('eventType'),
    status: t.exposeString('status', { description: 'pending, succeeded or failed (every attempt of the retry schedule failed).' }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made since it was created or last sent again on request.' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When a pending delivery is tried next (it may wait longer behind an earlier delivery of the same resource); null once settled.',
      resolve: (delivery) => (delivery.status === 'pending' ? delivery.nextAttemptAt : null),
    }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true }),
    responseStatus: t.exposeInt('responseStatus', { nullable: true, description: 'The HTTP status the endpoint answered to the last attempt.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed.' }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const WebhookEndpointPageRef = pageOf('WebhookEndpointPage', WebhookEndpointRef);
const WebhookDeliveryPageRef = pageOf('WebhookDeliveryPage', WebhookDeliveryRef);

const endpointFields = (t: InputFieldBuilder, creating: boolean) => ({
  url: t.string({ required: false, description: `${creating ? 'Required. ' : ''}An http or https URL; not a private, loopback or link-local address.` }),
  events: t.stringList({ required: false, description: `${creating ? 'Required. ' : ''}Event types (see the events query), or ["*"] for every type.` }),
  description: t.string({ required: false, description: creating ? 'At most 1000 characters.' : 'At most 1000 characters; null clears it.' }),
});

const WebhookEndpointCreateInput = builder.inputType('WebhookEndpointCreateInput', { fields: (t) => endpointFields(t, true) });
const WebhookEndpointUpdateInput = builder.inputType('WebhookEndpointUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => ({
    ...endpointFields(t, false),
    status: t.string({ required: false, description: 'enabled or disabled. Enabled again, it goes on from the event where it stopped.' }),
  }),
});

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    type: WebhookEndpointPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: status, url, created_at.') },
    resolve: (_root, args, ctx) => endpoints.listWebhookEndpoints(ctx.db, { ...args, filters: filterParams(args.filters) }),
  }),
  webhookEndpoint: t.field({
    type: WebhookEndpointRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => endpoints.getWebhookEndpoint(ctx.db, args.id),
  }),
  webhookDeliveries: t.field({
    type: WebhookDeliveryPageRef,
    description: 'The deliveries of one endpoint, newest first unless sorted otherwise.',
    args: { endpointId: t.arg.int({ required: true }), ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: status, event_id, created_at.') },
    resolve: (_root, args, ctx) => deliveries.listWebhookDeliveries(ctx.db, args.endpointId, { ...args, filters: filterParams(args.filters) }),
  }),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: WebhookEndpointRef,
    description: 'Creates an enabled endpoint; the answer carries its signing secret, shown this once.',
    args: { input: t.arg({ type: WebhookEndpointCreateInput, required: true }) },
    resolve: (_root, args, ctx) => endpoints.createWebhookEndpoint(ctx.db, args.input, ctx.outbound),
  }),
  updateWebhookEndpoint: t.field({
    type: WebhookEndpointRef,
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: WebhookEndpointUpdateInput, required: true }) },
    resolve: (_root, args, ctx) => endpoints.updateWebhookEndpoint(ctx.db, args.id, args.input, ctx.outbound),
  }),
  deleteWebhookEndpoint: t.field({
    type: WebhookEndpointRef,
    description: 'Deletes the endpoint and its deliveries; answers it as it was.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => endpoints.deleteWebhookEndpoint(ctx.db, args.id),
  }),
  rotateWebhookEndpointSecret: t.field({
    type: WebhookEndpointRef,
    description: 'Replaces the signing secret (answered this once); every delivery from now on is signed with the new one.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => endpoints.rotateWebhookEndpointSecret(ctx.db, args.id),
  }),
  retryWebhookDelivery: t.field({
    type: WebhookDeliveryRef,
    description: 'Sends a delivery again: pending and due now, its retry schedule from the start. A disabled endpoint → 409.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => deliveries.retryWebhookDelivery(ctx.db, args.id),
  }),
}));
