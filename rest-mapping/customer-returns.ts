// REST routes of customer returns (issue 11).
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { INVOICE_FIELDS } from './invoices.js';
import { PAGE_META } from './shared.js';

const RETURN_FIELDS = `
  id returnNumber salesOrderId reason status
  lines { ${everyField('CustomerReturnLine', { product: 'id sku name', location: 'id name' })} }
  creditNoteId receivedAt creditedAt createdAt updatedAt`;

export const customerReturnRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/customer-returns',
    operationId: 'createCustomerReturn',
    tag: 'Customer Returns',
    summary: 'Create a customer return (draft)',
    description:
      '{sales_order_id, reason?, lines: [{sales_order_line_id, quantity, disposition ("restock" | "scrap"), location_id?, lot_number?}]}. Quantities are in the order line\'s unit; a line may return at most what shipped minus what returns of it already take (422 on lines.N.quantity). ' +
      'A restocked line without location_id goes back to the location it shipped from (its latest shipment), and without lot_number to the lot that shipped; scrapped lines take neither. Product lines only: a kit line is refused (422 on lines.N.sales_order_line_id; its components go back through an inventory adjustment). Numbered RMA-000001 onwards.',
    graphql: /* GraphQL */ `mutation CreateCustomerReturn($input: CustomerReturnCreateInput!) { createCustomerReturn(input: $input) { ${RETURN_FIELDS} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/customer-returns',
    operationId: 'listCustomerReturns',
    tag: 'Customer Returns',
    summary: 'List customer returns',
    description: 'Filters with the grammar of GET /products: status (draft, received, credited), sales_order_id.',
    graphql: /* GraphQL */ `
      query ListCustomerReturns($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        customerReturns(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${RETURN_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'customerReturns' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/customer-returns/{customerReturnId}',
    operationId: 'getCustomerReturn',
    tag: 'Customer Returns',
    summary: 'Get a customer return',
    graphql: /* GraphQL */ `query GetCustomerReturn($id: Int!) { customerReturn(id: $id) { ${RETURN_FIELDS} } }`,
    pathParams: { customerReturnId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/customer-returns/{customerReturnId}/receive',
    operationId: 'receiveCustomerReturn',
    tag: 'Customer Returns',
    summary: 'Receive a customer return',
    description:
      "No body. draft → received (422 on status otherwise): CUSTOMER_RETURN movements bring restocked lines back into their location and lot through the ledger at the cost they left with (the weighted unit_cost of the line's shipped shipment lines); scrapped lines move nothing. Arrivals let waiting backorders allocate.",
    graphql: /* GraphQL */ `mutation ReceiveCustomerReturn($id: Int!) { receiveCustomerReturn(id: $id) { ${RETURN_FIELDS} } }`,
    pathParams: { customerReturnId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/customer-returns/{customerReturnId}/credit',
    operationId: 'creditCustomerReturn',
    tag: 'Customer Returns',
    summary: 'Issue the credit note of a customer return',
    description:
      'No body. received → credited: a credit note (an invoice of kind credit_note, CN-000001 onwards) against the latest non-void invoice of the order that billed the lines (credited_invoice_id), with negative quantities, amounts and tax at the invoiced prices. A draft → 422; a line not invoiced yet → 422; credited already → 409.',
    graphql: /* GraphQL */ `mutation CreditCustomerReturn($id: Int!) { creditCustomerReturn(id: $id) { ${INVOICE_FIELDS} } }`,
    pathParams: { customerReturnId: 'id' },
    envelope: 'data',
    successStatus: 201,
  },
];
