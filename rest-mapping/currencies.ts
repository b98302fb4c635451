// The current company and currencies (issue 8): base currency, exchange rates and conversion.
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

const COMPANY_FIELDS = /* GraphQL */ `fragment CompanyFields on Company { id slug name baseCurrency gs1CompanyPrefix ediSenderId ediSenderQualifier createdAt updatedAt }`;
const RATE_FIELDS = /* GraphQL */ `fragment ExchangeRateFields on ExchangeRate { id from to rate asOf createdAt }`;

export const currencyRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/company',
    operationId: 'getCompany',
    tag: 'Company',
    summary: 'Get the current company',
    graphql: /* GraphQL */ `query GetCompany { company { ...CompanyFields } } ${COMPANY_FIELDS}`,
    envelope: 'data',
  },
  {
    method: 'PATCH',
    path: '/company',
    operationId: 'updateCompany',
    tag: 'Company',
    summary: 'Update the current company',
    description:
      'name (at most 255 characters), base_currency (ISO 4217; USD for a new company) and gs1_company_prefix (6 to 12 digits, or null to clear; the SSCCs the service assigns to shipment packages start with it), edi_sender_id and edi_sender_qualifier (what the company sends X12 EDI as; null clears them; a channel needs them to enable EDI). ' +
      'The base currency cannot change once stock movements carry a cost in it or purchase orders, bills, prepayments or vendor credits are stated in it (422 on base_currency).',
    graphql: /* GraphQL */ `
      mutation UpdateCompany($input: CompanyUpdateInput!) { updateCompany(input: $input) { ...CompanyFields } }
      ${COMPANY_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/currency/rates/convert',
    operationId: 'convertCurrency',
    tag: 'Currencies',
    summary: 'Convert an amount between currencies',
    description:
      'Query: from, to (ISO 4217), amount (a plain decimal number such as 12.50, at most 10 decimals and less than 10^16 in size) and date (YYYY-MM-DD, default today in UTC). ' +
      'Uses the latest rate on or before the date: the direct rate, else the inverse of the opposite pair, else two legs through the base currency (`via`: same, direct, inverse or base); ' +
      '`as_of` is the date of the oldest rate used. `rate` is given to 15 significant digits; converted_amount is computed with the exact legs and rounded half away from zero to the minor units of `to` (JPY 0, USD 2, KWD 3). ' +
      'A missing or unknown code, a missing or bad amount, or a bad date → 422 naming the parameter; no usable rate → 422 on `to`.',
    graphql: /* GraphQL */ `
      query ConvertCurrency($from: String!, $to: String!, $amount: String!, $date: String) {
        convertCurrency(from: $from, to: $to, amount: $amount, date: $date) { from to amount rate convertedAmount asOf via }
      }`,
    queryParams: { from: 'from', to: 'to', amount: 'amount', date: 'date' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/currency/rates',
    operationId: 'listExchangeRates',
    tag: 'Currencies',
    summary: 'List exchange rates',
    description:
      'Filters: from, to (ISO 4217) and date (YYYY-MM-DD: only the rate of each pair in force on that date). `sort` takes id, from, to, as_of or created_at (default -as_of).',
    graphql: /* GraphQL */ `
      query ListExchangeRates($page: Int, $perPage: Int, $sort: String, $from: String, $to: String, $date: String) {
        exchangeRates(page: $page, perPage: $perPage, sort: $sort, from: $from, to: $to, date: $date) {
          items { ...ExchangeRateFields }
          ${PAGE_META}
        }
      }
      ${RATE_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', from: 'from', to: 'to', date: 'date' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/currency/rates/{rateId}',
    operationId: 'getExchangeRate',
    tag: 'Currencies',
    summary: 'Get an exchange rate',
    graphql: /* GraphQL */ `query GetExchangeRate($id: Int!) { exchangeRate(id: $id) { ...ExchangeRateFields } } ${RATE_FIELDS}`,
    pathParams: { rateId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/currency/rates',
    operationId: 'createExchangeRate',
    tag: 'Currencies',
    summary: 'Record an exchange rate',
    description:
      '{from, to, rate, as_of}: 1 `from` = rate `to` from the date as_of (YYYY-MM-DD) on. One rate per pair and date (422 on as_of otherwise).',
    graphql: /* GraphQL */ `
      mutation CreateExchangeRate($input: ExchangeRateInput!) { createExchangeRate(input: $input) { ...ExchangeRateFields } }
      ${RATE_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'DELETE',
    path: '/currency/rates/{rateId}',
    operationId: 'deleteExchangeRate',
    tag: 'Currencies',
    summary: 'Delete an exchange rate',
    description: 'Answers with the deleted record.',
    graphql: /* GraphQL */ `
      mutation DeleteExchangeRate($id: Int!) { deleteExchangeRate(id: $id) { ...ExchangeRateFields } }
      ${RATE_FIELDS}`,
    pathParams: { rateId: 'id' },
    envelope: 'data',
  },
];
