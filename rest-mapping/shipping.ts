// PickFlow Shipping (issue 12): rate tables of the built-in table-rate provider, services and rates of every
// provider, and labels bought for shipments.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';

const TABLE_FIELDS = /* GraphQL */ `fragment ShippingRateTableFields on ShippingRateTable { id carrier service currency zones { ${everyField('ShippingZone')} } brackets { ${everyField('ShippingBracket')} } dimDivisor estimatedDays createdAt updatedAt }`;
const TABLE_BODY =
  '{carrier, service (each at most 64 characters; carrier + service unique in the company), currency (ISO 4217), zones: [{countries: [ISO 3166-1 alpha-2] (at least one), states?: [...] (only these states of the countries, matched against ship_to.state case-insensitively)}] (at least one), brackets: [{max_weight_lb (> 0), amount (≥ 0, at most the currency\'s minor units)}] (at least one, strictly increasing by max_weight_lb), dim_divisor? (> 0, default 139), estimated_days? (0 to 365)}. Errors are 422s naming the field, e.g. zones.0.countries.1 or brackets.2.max_weight_lb; a second table for the same carrier and service → 422 on service.';

export const shippingRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/pickflow/shipping/rate-tables',
    operationId: 'listShippingRateTables',
    tag: 'Shipping',
    summary: 'List shipping rate tables',
    description: 'Every rate table of the company, by carrier and service.',
    graphql: /* GraphQL */ `query ListShippingRateTables { shippingRateTables { ...ShippingRateTableFields } } ${TABLE_FIELDS}`,
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/pickflow/shipping/rate-tables',
    operationId: 'createShippingRateTable',
    tag: 'Shipping',
    summary: 'Create a shipping rate table',
    description: TABLE_BODY,
    graphql: /* GraphQL */ `
      mutation CreateShippingRateTable($input: ShippingRateTableInput!) { createShippingRateTable(input: $input) { ...ShippingRateTableFields } }
      ${TABLE_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/pickflow/shipping/rate-tables/{tableId}',
    operationId: 'getShippingRateTable',
    tag: 'Shipping',
    summary: 'Get a shipping rate table',
    graphql: /* GraphQL */ `query GetShippingRateTable($id: Int!) { shippingRateTable(id: $id) { ...ShippingRateTableFields } } ${TABLE_FIELDS}`,
    pathParams: { tableId: 'id' },
    envelope: 'data',
  },
  {
    method: 'PATCH',
    path: '/pickflow/shipping/rate-tables/{tableId}',
    operationId: 'updateShippingRateTable',
    tag: 'Shipping',
    summary: 'Update a shipping rate table',
    description: `Any fields of ${TABLE_BODY} Zones and brackets given replace the stored lists whole.`,
    graphql: /* GraphQL */ `
      mutation UpdateShippingRateTable($id: Int!, $input: ShippingRateTableInput!) { updateShippingRateTable(id: $id, input: $input) { ...ShippingRateTableFields } }
      ${TABLE_FIELDS}`,
    pathParams: { tableId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/pickflow/shipping/rate-tables/{tableId}',
    operationId: 'deleteShippingRateTable',
    tag: 'Shipping',
    summary: 'Delete a shipping rate table',
    description: 'Answers with the deleted record.',
    graphql: /* GraphQL */ `mutation DeleteShippingRateTable($id: Int!) { deleteShippingRateTable(id: $id) { ...ShippingRateTableFields } } ${TABLE_FIELDS}`,
    pathParams: { tableId: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/pickflow/shipping/services',
    upstream: 'the shipping gateway',
    operationId: 'listShippingServices',
    tag: 'Shipping',
    summary: 'List shipping carriers and services',
    description:
      '{data: [{provider, carrier, service}]}: provider table_rates (one per rate table) and, when SHIPPING_API_URL is set, shipping_gateway (GET {url}/services of the gateway). A failing gateway → 502 {message}.',
    graphql: /* GraphQL */ `query ListShippingServices { shippingServices { provider carrier service } }`,
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/pickflow/shipping/rates',
    upstream: 'the shipping gateway',
    operationId: 'quoteShippingRates',
    tag: 'Shipping',
    summary: 'Rate a shipment or packages',
    description:
      "{shipment_id} (ship_from: the address of the warehouse of the shipment's location; ship_to: the sales order's ship_to; packages: the shipment's top-level packages, each with weight_lb; 422 on shipment_id if any is missing) or {ship_from, ship_to (addresses {name?, street1, street2?, city, state?, zip?, country}), packages: [{weight_lb (> 0), length_in?, width_in?, height_in?}]}. → {data: [{provider, carrier, service, amount, currency, estimated_days}]}, cheapest first: amounts compared in the company's base currency at the latest stored exchange rate, quotes in a currency without a rate to the base after the others; ties by provider, carrier, service. Table rates: a table serves the ship_to country (and state when its zone lists states); billable weight per package = max(weight_lb, length × width × height / dim_divisor); amount = the sum over packages of the first bracket with max_weight_lb ≥ the billable weight (a package past every bracket: no rate from that table). A failing gateway → 502 {message}.",
    graphql: /* GraphQL */ `
      mutation QuoteShippingRates($input: ShippingRatesInput!) { shippingRates(input: $input) { provider carrier service amount currency estimatedDays } }`,
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/shipments/{shipmentId}/labels',
    upstream: 'the shipping gateway',
    operationId: 'buyShipmentLabel',
    tag: 'Shipping',
    summary: 'Buy a shipping label for a shipment',
    description:
      '{provider (table_rates | shipping_gateway), carrier, service, force?}. Rates the shipment as POST /pickflow/shipping/rates {shipment_id} does, then buys: table_rates → tracking number "PF" + the shipment id in 8 digits + 8 random hex digits, package n "<tracking>-n", cost = the table rate; shipping_gateway → POST {url}/labels. Only after the provider answered are tracking_number, provider, carrier, service, cost, currency and purchased_at stored on the shipment and tracking on each top-level package (one transaction). A label bought already → 409 unless force: true. Unknown or unconfigured provider, or a carrier/service the provider does not offer for the shipment → 422; a void shipment → 422 on status; a failing gateway → 502 {message}, nothing stored. Answers 201.',
    graphql: /* GraphQL */ `
      mutation BuyShipmentLabel($shipmentId: Int!, $input: ShippingLabelInput!) {
        buyShipmentLabel(shipmentId: $shipmentId, input: $input) { shipmentId provider carrier service trackingNumber cost currency purchasedAt packages { ${everyField('ShippingLabelPackage')} } }
      }`,
    pathParams: { shipmentId: 'shipmentId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
];
