// The event feed and webhooks (issue 15), snake_case with {data} envelopes.
import type { RestRoute } from '../src/rest/route.js';
import { EVENT_TYPES } from '../src/domain/events/index.js';
import { PAGE_META } from './shared.js';

const ENDPOINT_FIELDS = 'id url events description status disabledAt disabledReason createdAt updatedAt';
const DELIVERY_FIELDS = 'id endpointId eventId eventType status attempts nextAttemptAt lastAttemptAt responseStatus lastError deliveredAt createdAt updatedAt';
const TYPES = Object.entries(EVENT_TYPES).map(([type, meaning]) => `\`${type}\` (${meaning})`).join('; ');
const tag = 'Events and webhooks';

const DELIVERY_NOTE =
  'Each delivery is a POST of `{id, type, occurred_at, timestamp, data}` (JSON; timestamp = occurred_at) signed after the Standard Webhooks specification: ' +
  'headers webhook-id (evt_<company id>_<event id>, the same on every attempt), webhook-timestamp (Unix seconds of the attempt) and ' +
  'webhook-signature (`v1,` + base64 of HMAC-SHA256 over `webhook-id.webhook-timestamp.body`, keyed with the base64-decoded part of the secret after whsec_). ' +
  'A 2xx answer within 15 s is a success. Otherwise the delivery is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h and 24 h (eleven attempts over 3.5 days), then it fails. ' +
  'When a delivery fails for good and nothing has reached the endpoint since that delivery was created, the endpoint is disabled and a webhook_endpoint.disabled event is written. ' +
  'An endpoint that takes other messages stays enabled: a message it keeps refusing fails alone. ' +
  'At least once: a receiver may see a message twice and drops it by webhook-id. In order per resource: a delivery waits while an earlier delivery of the same resource (the same order, product…) to the endpoint is pending; a failed one no longer holds the others back, and different resources go out in parallel.';

export const eventRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/events',
    operationId: 'listEvents',
    tag,
    summary: 'Read the event feed',
    description:
      'Every business change writes an event in the same transaction, so the feed has exactly the changes that happened, in order, even without webhooks. ' +
      'Answer: `{data: [{id, type, occurred_at, data, cursor}], meta: {next_cursor, has_more}}`. ' +
      'Query: `after` (a cursor: an event\'s `cursor` or `meta.next_cursor` of an earlier answer; from the first event without it), `types` (comma-separated event types), `limit` (1–1000, default 100). ' +
      'Read on with `after=meta.next_cursor`: has_more false means the feed is read to its end for now; ask again later with the same next_cursor. When a page reaches the end, next_cursor moves past the events the `types` filter left out, so a filtered reader does not scan them again. ' +
      'Events are ordered by the transaction that wrote them, then by id, and an event shows only once every transaction that started before it has ended, so reading on from a cursor never skips one. ' +
      'A cursor is a position in the whole feed, opaque, and valid as long as the events are kept. A bad cursor, an unknown type or a bad limit → 422 naming the parameter. ' +
      `Event types: ${TYPES}. ` +
      'stock.moved: data.movements [{id, product_id, location_id, lot_id, lot_number, quantity, unit_cost, reason, source_type, source_id, source_line_id}]. product.updated: data.changed lists the fields given. purchase_order.received: data.lines holds the lines received.',
    graphql: /* GraphQL */ `
      query ListEvents($after: String, $types: [String!], $limit: Int) {
        events(after: $after, types: $types, limit: $limit) { items { id type occurredAt data cursor } meta { nextCursor hasMore } }
      }`,
    queryParams: { after: 'after', types: 'types', limit: 'limit' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    tag,
    summary: 'List webhook endpoints',
    description: 'Filters with the grammar of GET /products: status (enabled, disabled), url, created_at. `sort` takes id, url, status, created_at or updated_at. The secret is never listed.',
    graphql: /* GraphQL */ `
      query ListWebhookEndpoints($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        webhookEndpoints(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${ENDPOINT_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'webhookEndpoints' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: '/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    tag,
    summary: 'Create a webhook endpoint',
    description:
      '{url (required, http or https; a private, loopback or link-local address, or localhost → 422 unless ALLOW_PRIVATE_OUTBOUND), events (required: event types, or ["*"] for all; an unknown type → 422 on events.N), description?}. ' +
      'Answers 201 with `secret` (whsec_ + base64 of 32 random bytes): it is shown here and by rotate-secret only. ' +
      `The endpoint starts at the head of the feed: it receives the events of changes made after it was created. ${DELIVERY_NOTE}`,
    graphql: /* GraphQL */ `mutation CreateWebhookEndpoint($input: WebhookEndpointCreateInput!) { createWebhookEndpoint(input: $input) { ${ENDPOINT_FIELDS} secret } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/webhook-endpoints/{id}',
    operationId: 'getWebhookEndpoint',
    tag,
    summary: 'Get a webhook endpoint',
    description: 'Without its secret.',
    graphql: /* GraphQL */ `query GetWebhookEndpoint($id: Int!) { webhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'PATCH',
    path: '/webhook-endpoints/{id}',
    operationId: 'updateWebhookEndpoint',
    tag,
    summary: 'Update a webhook endpoint',
    description:
      '{url?, events?, description? (null clears it), status? (enabled or disabled)}: only the fields given change. ' +
      'Disabling stops its deliveries and writes a webhook_endpoint.disabled event (reason requested). ' +
      'Enabling again clears disabled_at and disabled_reason and goes on from the event where it stopped, so nothing of the time between is lost; pending deliveries are due at once.',
    graphql: /* GraphQL */ `mutation UpdateWebhookEndpoint($id: Int!, $input: WebhookEndpointUpdateInput!) { updateWebhookEndpoint(id: $id, input: $input) { ${ENDPOINT_FIELDS} } }`,
    pathParams: { id: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/webhook-endpoints/{id}',
    operationId: 'deleteWebhookEndpoint',
    tag,
    summary: 'Delete a webhook endpoint',
    description: 'Deletes it with its deliveries; answers it as it was. The events stay in the feed.',
    graphql: /* GraphQL */ `mutation DeleteWebhookEndpoint($id: Int!) { deleteWebhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/webhook-endpoints/{id}/rotate-secret',
    operationId: 'rotateWebhookEndpointSecret',
    tag,
    summary: 'Rotate the signing secret of a webhook endpoint',
    description: 'A new secret, answered this once in `secret`, signs every delivery from now on (retries of older ones too); the old one no longer verifies.',
    graphql: /* GraphQL */ `mutation RotateWebhookEndpointSecret($id: Int!) { rotateWebhookEndpointSecret(id: $id) { ${ENDPOINT_FIELDS} secret } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/webhook-endpoints/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    tag,
    summary: 'List the deliveries of a webhook endpoint',
    description:
      'Newest first unless sorted otherwise (`sort`: id, event_id, status, created_at, updated_at, next_attempt_at). Filters: status (pending, succeeded, failed), event_id, created_at. ' +
      'next_attempt_at is null once a delivery is settled. An unknown endpoint → 404. ' + DELIVERY_NOTE,
    graphql: /* GraphQL */ `
      query ListWebhookDeliveries($id: Int!, $page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        webhookDeliveries(endpointId: $id, page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${DELIVERY_FIELDS} } ${PAGE_META} }
      }`,
    pathParams: { id: 'id' },
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'webhookDeliveries' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: '/webhook-deliveries/{id}/retry',
    operationId: 'retryWebhookDelivery',
    tag,
    summary: 'Send a webhook delivery again',
    description:
      'Whatever its status, the delivery becomes pending and due now, with its retry schedule from the start (attempts 0). It keeps its place among the deliveries of its resource. ' +
      'A delivery of a disabled endpoint → 409: enable the endpoint first.',
    graphql: /* GraphQL */ `mutation RetryWebhookDelivery($id: Int!) { retryWebhookDelivery(id: $id) { ${DELIVERY_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
];
