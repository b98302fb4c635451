// REST routes of sales orders: drafts, confirmation with allocation, backorders, cancel and close.
import { everyField } from './every-field.js';
import type { RestRoute } from '../src/rest/route.js';
import { ADDRESS_FIELDS } from './customers.js';
import { PAGE_META } from './shared.js';

export const SALES_ORDER_FIELDS = /* GraphQL */ `
  fragment SalesOrderFields on SalesOrder {
    id orderNumber externalOrderId status channel { id label } company { id name } orderDate currency
    shipTo { ${ADDRESS_FIELDS} } requestedShipDate shippingMethod notes
    lines { ${everyField('SalesOrderLine', { product: 'id sku name', uom: 'id name', allocations: 'warehouseId quantity' })} }
    subtotal discountTotal taxTotal total createdAt updatedAt confirmedAt cancelledAt closedAt
  }`;

const TAG = 'Sales Orders';
const orderPath = '/sales-orders/{salesOrderId}';

function orderMutation(method: 'POST' | 'PATCH' | 'DELETE', path: string, field: string, summary: string, description: string, inputType?: string): RestRoute {
  return {
    method,
    path,
    operationId: field,
    tag: TAG,
    summary,
    description,
    graphql: /* GraphQL */ `
      mutation ${field[0]!.toUpperCase()}${field.slice(1)}($id: Int!${inputType ? `, $input: ${inputType}` : ''}) { ${field}(id: $id${inputType ? ', input: $input' : ''}) { ...SalesOrderFields } }
      ${SALES_ORDER_FIELDS}`,
    pathParams: { salesOrderId: 'id' },
    ...(inputType ? { bodyVariable: 'input' } : {}),
    envelope: 'data',
  };
}

const LOCKED = ' A channel with apiLocked answers 403.';

export const salesOrderRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/sales-orders',
    operationId: 'listSalesOrders',
    tag: TAG,
    summary: 'List sales orders',
    description:
      'Filters with the grammar of GET /products: status (draft, confirmed, partially_shipped, shipped, closed, cancelled), channel_id, company_id, order_number, external_order_id (the order id in the channel system: from order intake or an EDI 850 BEG03), created_at (ISO 8601, with gt/gte/lt/lte). `sort` takes id, order_number, order_date, total, created_at, updated_at or confirmed_at (prefix - for descending).',
    graphql: /* GraphQL */ `
      query ListSalesOrders($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        salesOrders(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ...SalesOrderFields } ${PAGE_META} }
      }
      ${SALES_ORDER_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'salesOrders' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: orderPath,
    operationId: 'getSalesOrder',
    tag: TAG,
    summary: 'Get a sales order',
    graphql: /* GraphQL */ `query GetSalesOrder($id: Int!) { salesOrder(id: $id) { ...SalesOrderFields } } ${SALES_ORDER_FIELDS}`,
    pathParams: { salesOrderId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/sales-orders',
    operationId: 'createSalesOrder',
    tag: TAG,
    summary: 'Create a sales order (draft)',
    description:
      "{channel_id, company_id?, order_number?, order_date?, currency?, ship_to?, requested_ship_date?, shipping_method?, notes?, lines: [{product_id | sku, quantity, uom_id?, unit_price?, discount_percent?, tax_rate?}]}. order_number is the channel's own number, unique per channel; without one the service numbers the order from the company's sequence (SO-000001 on), skipping numbers the channel already used. The currency defaults to the customer company's, else the base currency. A line without unit_price takes the customer's price list, else the channel's, else the product's retail price (price_source says which; see GET /pricing/quote). Amounts are rounded to the currency's minor units: line_total = quantity × unit_price − discount; subtotal is before discounts; total = subtotal − discount_total + tax_total." + LOCKED,
    graphql: /* GraphQL */ `mutation CreateSalesOrder($input: SalesOrderCreateInput!) { createSalesOrder(input: $input) { ...SalesOrderFields } } ${SALES_ORDER_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  orderMutation('PATCH', orderPath, 'updateSalesOrder', 'Update a draft sales order', 'Fields as on create, all optional; lines replace the stored ones. Only a draft (422 on status otherwise).' + LOCKED, 'SalesOrderUpdateInput!'),
  orderMutation('DELETE', orderPath, 'deleteSalesOrder', 'Delete a draft sales order', 'Only a draft (422 otherwise). Answers with the deleted record.' + LOCKED),
  orderMutation(
    'POST',
    `${orderPath}/confirm`,
    'confirmSalesOrder',
    'Confirm a sales order',
    "No body. draft → confirmed. Each line reserves available stock (on hand less what other orders reserved; stock in a warehouse's locations counts for the warehouse) in the warehouses of the channel's warehouse group, in the order of the product's fulfillment priority list (warehouse_ids), then by warehouse id; older orders come first. A kit line reserves its components (its quantity_allocated may be fractional). What cannot be reserved is backordered (quantity_backordered, qty_backordered) and is reserved automatically when stock arrives (a receipt, an adjustment, a transfer receipt, a return), oldest order first. Reserved stock is qty_pending and lowers qty_available." + LOCKED,
  ),
  orderMutation('POST', `${orderPath}/allocate`, 'allocateSalesOrder', 'Retry the allocation of a sales order', 'No body. Reserves what is backordered, if stock is free now. Confirmed or partially shipped orders only.' + LOCKED),
  orderMutation('POST', `${orderPath}/deallocate`, 'deallocateSalesOrder', 'Release the allocations of a sales order', 'No body. Every reservation of the order is released and its unshipped fulfillment orders (open, picking, picked, packed) are cancelled; the order stays open with its lines backordered until allocated again (a later arrival of stock allocates it too).' + LOCKED),
  orderMutation('POST', `${orderPath}/cancel`, 'cancelSalesOrder', 'Cancel a sales order', 'No body. draft or confirmed → cancelled; reservations are released, unshipped fulfillment orders are cancelled, and the freed stock goes to the backorders of other orders, oldest first.' + LOCKED),
  orderMutation('POST', `${orderPath}/close`, 'closeSalesOrder', 'Close a sales order', 'No body. partially_shipped or shipped → closed: nothing more will ship; remaining reservations are released, unshipped fulfillment orders are cancelled, and the freed stock goes to the backorders of other orders, oldest first.' + LOCKED),
];
