// Inventory reports (issue 4): stock snapshot as of a moment and inventory aging.
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

const AS_OF = '`as_of`: UTC `YYYY-MM-DD` (the end of that day) or `YYYY-MM-DD HH:MM:SS`; default now.';

export const inventoryReportRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/reports/stock-snapshot',
    operationId: 'stockSnapshot',
    tag: 'Stock Snapshot',
    summary: 'Quantity and value per product and location as of a moment',
    description:
      `${AS_OF} quantity = the sum of the product's ledger movements at the location that occurred at or before as_of. ` +
      'unit_cost = the average landed unit cost of the product\'s FIFO layers open at as_of (FIFO runs per product across locations); value = quantity × unit_cost. ' +
      'location_id takes a location, or a warehouse with the locations inside it. Rows with a zero quantity are left out; ordered by product then location.',
    graphql: /* GraphQL */ `
      query StockSnapshot($asOf: String, $locationId: Int, $productId: Int, $page: Int, $perPage: Int) {
        stockSnapshot(asOf: $asOf, locationId: $locationId, productId: $productId, page: $page, perPage: $perPage) {
          items { productId sku productName locationId locationName quantity unitCost value asOf }
          ${PAGE_META}
        }
      }`,
    queryParams: { as_of: 'asOf', location_id: 'locationId', product_id: 'productId', page: 'page', per_page: 'perPage' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/reports/inventory-aging',
    operationId: 'inventoryAging',
    tag: 'Inventory Aging',
    summary: 'On-hand quantity and value per product in age buckets',
    description:
      `${AS_OF} Ages come from the receipt dates of the product's FIFO layers open at as_of: age = whole days from received_at to as_of. ` +
      '`buckets` = ascending upper limits in days, default 30,60,90 → buckets 0-30, 31-60, 61-90, 90+. value = open quantity × landed unit cost. Paginated by product (ascending id).',
    graphql: /* GraphQL */ `
      query InventoryAging($asOf: String, $buckets: String, $productId: Int, $page: Int, $perPage: Int) {
        inventoryAging(asOf: $asOf, buckets: $buckets, productId: $productId, page: $page, perPage: $perPage) {
          items { productId sku productName quantity value asOf buckets { label minDays maxDays quantity value } }
          ${PAGE_META}
        }
      }`,
    queryParams: { as_of: 'asOf', buckets: 'buckets', product_id: 'productId', page: 'page', per_page: 'perPage' },
    envelope: 'page',
  },
];
