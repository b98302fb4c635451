// Production batches and the consumption report (issue 14), snake_case with {data} envelopes.
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

const BATCH_FIELDS = 'id name notes workOrderIds totalPlannedQty createdAt updatedAt';
const tag = 'Production Batches';
const FIELDS_NOTE =
  '{name (required, at most 255 characters, unique per company), notes?, work_order_ids?}. ' +
  'work_order_ids replaces the batch\'s work orders: the ones listed get the batch, the batch\'s others are let go. ' +
  'A work order that is in another batch is moved to this one (it leaves the other). ' +
  'A work order joining must be draft, released or in_progress: an unknown one, a completed or cancelled one, or one listed twice → 422 on work_order_ids.N ' +
  '(one already in the batch stays whatever its status). total_planned_qty = the planned_qty of the batch\'s work orders that are not cancelled, ' +
  'the PRODUCTION_RUN_TOTAL quantity basis of cost rules. All in one transaction.';

export const productionRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/production-batches',
    operationId: 'listProductionBatches',
    tag,
    summary: 'List production batches',
    description:
      'Filters with the grammar of GET /products (`field=value` or `field[operator]=value`): name, created_at. `sort` takes id, name, created_at or updated_at (prefix - for descending); default id.',
    graphql: /* GraphQL */ `
      query ListProductionBatches($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        productionBatches(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${BATCH_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'productionBatches' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: '/production-batches',
    operationId: 'createProductionBatch',
    tag,
    summary: 'Create a production batch',
    description: FIELDS_NOTE,
    graphql: /* GraphQL */ `mutation CreateProductionBatch($input: ProductionBatchCreateInput!) { createProductionBatch(input: $input) { ${BATCH_FIELDS} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/production-batches/{id}',
    operationId: 'getProductionBatch',
    tag,
    summary: 'Get a production batch',
    graphql: /* GraphQL */ `query GetProductionBatch($id: Int!) { productionBatch(id: $id) { ${BATCH_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'PATCH',
    path: '/production-batches/{id}',
    operationId: 'updateProductionBatch',
    tag,
    summary: 'Update a production batch',
    description: `Only the fields given change; notes: null clears them; work_order_ids, when given, replaces the batch's work orders ([] lets go of all). ${FIELDS_NOTE}`,
    graphql: /* GraphQL */ `mutation UpdateProductionBatch($id: Int!, $input: ProductionBatchUpdateInput!) { updateProductionBatch(id: $id, input: $input) { ${BATCH_FIELDS} } }`,
    pathParams: { id: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/production-batches/{id}',
    operationId: 'deleteProductionBatch',
    tag,
    summary: 'Delete a production batch',
    description: 'Lets go of the batch\'s work orders (their production_batch_id becomes null), then deletes it. Answers the batch as it was.',
    graphql: /* GraphQL */ `mutation DeleteProductionBatch($id: Int!) { deleteProductionBatch(id: $id) { ${BATCH_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/reports/consumption',
    operationId: 'consumptionReport',
    tag: 'Reports',
    summary: 'Components consumed by work orders per product and period',
    description:
      'Read from the stock ledger. Query: from and to (YYYY-MM-DD, both included, on UTC dates; to defaults to today, from to the first day of the month of to), ' +
      'product_id, warehouse_id (a warehouse: movements at it or at its locations), group_by (day, week or month; default month), include_sales (true or false; default false), page, per_page. ' +
      'One row per period and product with movements: period (YYYY-MM-DD: the day, the Monday of the ISO week, or the first day of the month), product_id, sku, name, ' +
      'quantity_consumed = the quantity of the WORK_ORDER_CONSUMPTION movements as a positive number (in the product\'s base unit), value_consumed = Σ quantity × the unit cost each movement carried (its FIFO cost), in base currency rounded to its minor units; ' +
      'with include_sales=true, quantity_shipped and value_shipped are the same over SALES_SHIPMENT movements (and products only shipped get rows too); otherwise they are null. ' +
      'Ordered by period, then SKU. Paginated with page and per_page (default 25, at most 100) and meta, like every list: a daily report over a long range has many rows. ' +
      'A bad date, from after to, an unknown group_by, a product_id or warehouse_id that is not a number or names nothing (or a warehouse_id naming a location inside a warehouse) → 422 naming the parameter.',
    graphql: /* GraphQL */ `
      query ConsumptionReport($from: String, $to: String, $productId: Int, $warehouseId: Int, $groupBy: String, $includeSales: Boolean, $page: Int, $perPage: Int) {
        consumptionReport(from: $from, to: $to, productId: $productId, warehouseId: $warehouseId, groupBy: $groupBy, includeSales: $includeSales, page: $page, perPage: $perPage) {
          items { period productId sku name quantityConsumed valueConsumed quantityShipped valueShipped }
          ${PAGE_META}
        }
      }`,
    queryParams: {
      from: 'from',
      to: 'to',
      product_id: 'productId',
      warehouse_id: 'warehouseId',
      group_by: 'groupBy',
      include_sales: 'includeSales',
      page: 'page',
      per_page: 'perPage',
    },
    envelope: 'page',
  },
];
