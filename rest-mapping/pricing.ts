// Price lists with quantity breaks, and the price quote (snake_case, {data} envelopes).
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const TAG = 'Pricing';
const PRICE_LIST_FIELDS = `fragment PriceListFields on PriceList {
  id name currency entries { ${everyField('PriceListEntry', { product: 'id sku name' })} } createdAt updatedAt
}`;
const ENTRY_RULES =
  "entries: [{product_id, min_quantity, price}] — min_quantity and price at least 0 (up to 10 decimals; prices are not rounded to the currency), per base unit of the product, price in the list's currency; one entry per product and min_quantity (a duplicate is a 422 on the later one). For a line, the entry of its product with the highest min_quantity not above the quantity applies.";

export const pricingRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/price-lists',
    operationId: 'listPriceLists',
    tag: TAG,
    summary: 'List price lists',
    description: 'Filters with the grammar of GET /products (`field=value` or `field[operator]=value`): name, currency, created_at. `sort` takes id, name, currency, created_at or updated_at (prefix - for descending).',
    graphql: /* GraphQL */ `
      query ListPriceLists($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        priceLists(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ...PriceListFields } ${PAGE_META} }
      }
      ${PRICE_LIST_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'priceLists' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/price-lists/{priceListId}',
    operationId: 'getPriceList',
    tag: TAG,
    summary: 'Get a price list with its entries',
    graphql: /* GraphQL */ `query GetPriceList($id: Int!) { priceList(id: $id) { ...PriceListFields } } ${PRICE_LIST_FIELDS}`,
    pathParams: { priceListId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/price-lists',
    operationId: 'createPriceList',
    tag: TAG,
    summary: 'Create a price list',
    description: `{name (unique per company, ignoring case), currency (ISO 4217), entries?}. ${ENTRY_RULES}`,
    graphql: /* GraphQL */ `mutation CreatePriceList($input: PriceListCreateInput!) { createPriceList(input: $input) { ...PriceListFields } } ${PRICE_LIST_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'PATCH',
    path: '/price-lists/{priceListId}',
    operationId: 'updatePriceList',
    tag: TAG,
    summary: 'Update a price list',
    description: `Only the fields given change; entries, when given, replace every entry of the list ([] removes them). ${ENTRY_RULES}`,
    graphql: /* GraphQL */ `
      mutation UpdatePriceList($id: Int!, $input: PriceListUpdateInput!) { updatePriceList(id: $id, input: $input) { ...PriceListFields } } ${PRICE_LIST_FIELDS}`,
    pathParams: { priceListId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/price-lists/{priceListId}',
    operationId: 'deletePriceList',
    tag: TAG,
    summary: 'Delete a price list',
    description: 'Answers with the deleted list. Refused with 422, naming them, while customer companies (price_list_id) or channels (priceListId) use it.',
    graphql: /* GraphQL */ `mutation DeletePriceList($id: Int!) { deletePriceList(id: $id) { ...PriceListFields } } ${PRICE_LIST_FIELDS}`,
    pathParams: { priceListId: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/pricing/quote',
    operationId: 'quotePrice',
    tag: TAG,
    summary: 'Quote the unit price of a product',
    description:
      "product_id and quantity (> 0, in the product's base unit) are required; company_id (a customer company), channel_id and currency are optional. The price is the customer company's price list, else the channel's price list, else the product's retail_price (source customer_price_list, channel_price_list or retail_price; price_list_id the list used); within a list, the entry with the highest min_quantity not above the quantity applies, and a list without an entry for the product passes to the next source. The currency is the one asked, else the customer company's, else the source's (the list's, or the base currency for retail_price); another currency is converted at today's rate (422 on currency when none). Nothing prices the product: unit_price and source null. A bad or missing parameter, or a product, company or channel that does not exist, is a 422 naming the parameter.",
    graphql: /* GraphQL */ `
      query QuotePrice($productId: Int!, $quantity: Decimal!, $companyId: Int, $channelId: Int, $currency: String) {
        priceQuote(productId: $productId, quantity: $quantity, companyId: $companyId, channelId: $channelId, currency: $currency) {
          unitPrice currency source priceListId
        }
      }`,
    queryParams: { product_id: 'productId', quantity: 'quantity', company_id: 'companyId', channel_id: 'channelId', currency: 'currency' },
    envelope: 'data',
  },
];
