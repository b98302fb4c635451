// REST routes of sales channels. The channel is camelCase on the wire (body, response and error keys), as the
// contract's table; list pages keep the usual snake_case `meta` and `page`/`per_page` parameters.
import type { RestRoute } from '../src/rest/route.js';

const CHANNEL_FIELDS = `
  id uuid label description channelType apiLocked warehouseGroupId warehouseGroup { id name } storeType enabled status
  isPOSChannel isCustomerSpecific pullOrdersFromOms pullOrderAppIntegrationAccountId pullOrderOmsStoreId
  getProductsEnabled pushInventoryEnabled includeIncomingStocksEnabled includeDraftProductsEnabled pullStocksEnabled
  pullShipmentsEnabled pushIncomingStocksFromSupplierPurchaseOrderEnabled pushStocksAppIntegrationAccountId
  channelIntegrationMapping pullOrderIntegrationMapping pushOrderIntegrationMapping pushStockIntegrationMapping pushCostIntegrationMapping
  tags { id name } metafields isDropship dropshipSupplierId dropshipPoDeliveryWarehouseId dropshipPoDeliveryType
  dropshipAutoCreatePo dropshipAutoSendPo dropshipInventoryNotTracked autoPushOrderAfterMinutes autoPushMode
  filters restrictions credentialsSet fees priceListId ediEnabled ediPartnerId ediQualifier ediEndpointUrl createdAt updatedAt createdBy updatedBy`;

/** The page block with the contract's snake_case names (the camel casing would keep GraphQL's). */
const PAGE_META_SNAKE = 'meta { current_page: currentPage from last_page: lastPage per_page: perPage to total }';

const EDI =
  'EDI: with ediEnabled true the channel trades X12 with the partner ediPartnerId / ediQualifier (one EDI channel per partner: 422 on ediPartnerId otherwise); outbound documents are POSTed to ediEndpointUrl when set. ' +
  'An EDI channel needs ediPartnerId, ediQualifier and the company\'s edi_sender_id and edi_sender_qualifier (PATCH /company): a create or update that leaves it enabled without one is a 422 naming what is missing (ediPartnerId, ediQualifier, or ediEnabled for the company\'s).';
const LOCKED = 'While the channel is locked (apiLocked true) this answers 403 {message}; only an administrator unlocks it (`npm run cli -- channel:unlock --company S --id N`).';
const CREATE_RULES =
  'References must exist in the company (422 keyed by the field, `tagIds.1`): warehouseGroupId, tagIds, priceListId, dropshipSupplierId, dropshipPoDeliveryWarehouseId (a warehouse). ' +
  '`credentials` is write-only: reads show `credentialsSet`. createdAt and updatedAt are Unix seconds; createdBy and updatedBy the API token that made the change. ' +
  'A channel may be created locked (apiLocked true). uuid is generated and status is 1. autoPushMode and dropshipPoDeliveryType are free text (the contract lists no values).';

export const channelRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/channels',
    operationId: 'listChannels',
    tag: 'Channels',
    summary: 'List channels',
    description: 'Paginated (`page`, `per_page`). `channelType` (sales_channel, fulfillment_channel, end_to_end_channel) and `enabled` (true or false) narrow the list; `sort` takes id, label, channelType, createdAt or updatedAt, with a leading - for descending order.',
    graphql: /* GraphQL */ `
      query ListChannels($page: Int, $perPage: Int, $sort: String, $channelType: String, $enabled: Boolean) {
        salesChannels(page: $page, perPage: $perPage, sort: $sort, channelType: $channelType, enabled: $enabled) { items { ${CHANNEL_FIELDS} } ${PAGE_META_SNAKE} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', channelType: 'channelType', enabled: 'enabled' },
    envelope: 'page',
    casing: 'camel',
  },
  {
    method: 'GET',
    path: '/channels/{channelId}',
    operationId: 'getChannel',
    tag: 'Channels',
    summary: 'Get a channel',
    description: 'Reads work on locked channels too.',
    graphql: /* GraphQL */ `query GetChannel($id: Int!) { salesChannel(id: $id) { ${CHANNEL_FIELDS} } }`,
    pathParams: { channelId: 'id' },
    envelope: 'data',
    casing: 'camel',
  },
  {
    method: 'POST',
    path: '/channels',
    operationId: 'createChannel',
    tag: 'Channels',
    summary: 'Create a channel',
    description: `channelType, label and warehouseGroupId are required. ${CREATE_RULES} ${EDI}`,
    graphql: /* GraphQL */ `mutation CreateChannel($input: SalesChannelCreateInput!) { createSalesChannel(input: $input) { ${CHANNEL_FIELDS} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
    casing: 'camel',
  },
  {
    method: 'POST',
    path: '/channels/sales',
    operationId: 'createSalesChannel',
    tag: 'Channels',
    summary: 'Create a sales channel (legacy)',
    description: `Legacy: the same flow as POST /channels with channelType sales_channel, which the body does not need. Body: label and warehouseGroupId (required), description, isCustomerSpecific, pullOrdersFromOms, pullOrderAppIntegrationAccountId, pullOrderOmsStoreId, tagIds. Prefer POST /channels. ${CREATE_RULES}`,
    graphql: /* GraphQL */ `mutation CreateLegacySalesChannel($input: LegacySalesChannelInput!) { createLegacySalesChannel(input: $input) { ${CHANNEL_FIELDS} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
    casing: 'camel',
    deprecated: true,
  },
  {
    method: 'PATCH',
    path: '/channels/{channelId}',
    operationId: 'updateChannel',
    tag: 'Channels',
    summary: 'Update a channel',
    description: `Only the fields given change; tagIds replaces the tags. ${EDI} ${LOCKED} Setting apiLocked false through the API is refused the same way.`,
    graphql: /* GraphQL */ `
      mutation UpdateChannel($id: Int!, $input: SalesChannelUpdateInput!) { updateSalesChannel(id: $id, input: $input) { ${CHANNEL_FIELDS} } }`,
    pathParams: { channelId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
    casing: 'camel',
  },
  {
    method: 'DELETE',
    path: '/channels/{channelId}',
    operationId: 'deleteChannel',
    tag: 'Channels',
    summary: 'Delete a channel',
    description: `Answers with the deleted channel. A channel with sales orders or with EDI documents in its log cannot be deleted (422 on id; disable it instead). ${LOCKED}`,
    graphql: /* GraphQL */ `mutation DeleteChannel($id: Int!) { deleteSalesChannel(id: $id) { ${CHANNEL_FIELDS} } }`,
    pathParams: { channelId: 'id' },
    envelope: 'data',
    casing: 'camel',
  },
];
