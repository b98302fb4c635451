// REST routes of order intake from channels and of purgatory.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { SALES_ORDER_FIELDS } from './sales-orders.js';
import { PAGE_META } from './shared.js';

const ENTRY_FIELDS = `id channelId externalOrderId payload reasons { ${everyField('PurgatoryReason')} } status salesOrderId createdAt updatedAt resolvedAt`;
const TAG = 'Purgatory';
const entryPath = '/purgatory/{purgatoryEntryId}';

export const purgatoryRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/channels/{channelId}/orders',
    operationId: 'receiveChannelOrder',
    tag: 'Sales Orders',
    summary: 'Order intake from a channel',
    description:
      "What a channel connector posts: {external_order_id, order_date?, currency?, customer?: {name, email?, phone?}, ship_to: {name?, street_1, street_2?, city, state?, zip?, country}, notes?, lines: [{external_sku, quantity, unit_price?}]}. External SKUs resolve through the channel's SKU mappings (integration mappings of integration channel:<id>, entity_type product, saved by resolving purgatory entries), else a product's SKU or alternate SKU. The customer is the customer company with that email (else that name), created when there is none. A postable order becomes a confirmed sales order at once (stock is reserved, the rest backordered): 201. The same external_order_id on the channel again with the same content (the same JSON, whatever the order of its keys) answers that order (200) and creates nothing. An order that cannot be posted (unknown SKU, inactive product, missing or invalid address, the same external_order_id with other content) goes to purgatory with every reason and the payload kept as received: 202 with the entry (a replay of a pending entry answers it again). A body that cannot be read as an order (no external_order_id, no lines, a quantity that is not a positive number): 422. A channel with apiLocked: 403.",
    graphql: /* GraphQL */ `
      mutation ReceiveChannelOrder($channelId: Int!, $order: JSON!) {
        receiveChannelOrder(channelId: $channelId, order: $order) { outcome salesOrder { ...SalesOrderFields } purgatoryEntry { ${ENTRY_FIELDS} } }
      }
      ${SALES_ORDER_FIELDS}`,
    pathParams: { channelId: 'channelId' },
    bodyVariable: 'order',
    envelope: 'data',
    outcomes: {
      field: 'outcome',
      cases: {
        created: { status: 201, data: 'sales_order', description: 'Posted: the new sales order, confirmed.' },
        existing: { status: 200, data: 'sales_order', description: 'Posted before with the same content: that order; nothing was created.' },
        purgatory: { status: 202, data: 'purgatory_entry', description: 'Not postable: the purgatory entry with every reason.' },
      },
    },
  },
  {
    method: 'GET',
    path: '/purgatory',
    operationId: 'listPurgatoryEntries',
    tag: TAG,
    summary: 'List orders in purgatory',
    description:
      'Filters with the grammar of GET /products: channel_id, status (pending, resolved, discarded), reason_code (unknown_sku, inactive_product, missing_address, invalid_address, duplicate_conflict), created_at (ISO 8601, with gt/gte/lt/lte). `sort` takes id, created_at or resolved_at.',
    graphql: /* GraphQL */ `
      query ListPurgatoryEntries($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        purgatoryEntries(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${ENTRY_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'purgatory' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: entryPath,
    operationId: 'getPurgatoryEntry',
    tag: TAG,
    summary: 'Get an order in purgatory',
    graphql: /* GraphQL */ `query GetPurgatoryEntry($id: Int!) { purgatoryEntry(id: $id) { ${ENTRY_FIELDS} } }`,
    pathParams: { purgatoryEntryId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${entryPath}/resolve`,
    operationId: 'resolvePurgatoryEntry',
    tag: TAG,
    summary: 'Resolve an order in purgatory',
    description:
      "{sku_mappings?: [{external_sku, product_id}], ship_to?}. Saves the mappings for the entry's channel as integration mappings of integration channel:<id> (replacing earlier mappings of the same SKU or product: one external SKU per product and channel) and posts the order again, to ship_to when given. Success: 201 with the confirmed sales order, and the entry is resolved. Still not postable: the mappings stay saved, the entry keeps the remaining reasons, and the answer is 422 naming them (lines.N.external_sku, ship_to, external_order_id). Only a pending entry (422 on status).",
    graphql: /* GraphQL */ `
      mutation ResolvePurgatoryEntry($id: Int!, $input: PurgatoryResolveInput) { resolvePurgatoryEntry(id: $id, input: $input) { ...SalesOrderFields } }
      ${SALES_ORDER_FIELDS}`,
    pathParams: { purgatoryEntryId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'POST',
    path: `${entryPath}/discard`,
    operationId: 'discardPurgatoryEntry',
    tag: TAG,
    summary: 'Discard an order in purgatory',
    description: 'No body. A pending entry becomes discarded (422 on status otherwise).',
    graphql: /* GraphQL */ `mutation DiscardPurgatoryEntry($id: Int!) { discardPurgatoryEntry(id: $id) { ${ENTRY_FIELDS} } }`,
    pathParams: { purgatoryEntryId: 'id' },
    envelope: 'data',
  },
];
