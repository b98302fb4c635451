// The cursor stock export (contract: Endpoints › Inventory, Resources › Inventory stock export row).
import type { RestRoute } from '../src/rest/route.js';
import { exportStocksJson } from '../src/domain/inventory/index.js';

const EXPORT_LOCATION_FIELDS = /* GraphQL */ `
  fragment StockExportLocationFields on StockExportLocation {
    id status name parentId isPickLocation createdAt updatedAt
    parent { id status name parentId parent { id } isPickLocation createdAt updatedAt }
  }`;

export const inventoryExportRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/inventory/stocks/export',
    operationId: 'exportInventoryStocks',
    heavy: true,
    tag: 'Inventory',
    summary: 'Export the stock of every active product, page by page (cursor pagination)',
    description:
      'All active products (status > 0) in ascending id order. `limit` 1 to 1000 (default 100; later pages keep the first page\'s limit unless given). ' +
      'Pass `next_cursor` back unchanged as `cursor` while `has_more` is true; the cursor is signed and names the company, so a modified cursor, or one issued to another company, is refused with 422. ' +
      'The run is anchored to the cutoff of its first request: products created later never appear, and on-hand quantities and costs are those of the ledger at the cutoff. ' +
      'In-transit transfers follow the same cutoff (they are read from the transfer movements); open purchase orders follow the run\'s start time (submitted, closed or cancelled by then) and its receipt movements. ' +
      'On PostgreSQL, a transaction already in flight at the cutoff may still show in later pages if it commits with an older movement id. ' +
      'Any query parameter other than cursor, limit and q is refused with 422; q is ignored, whatever it holds and however often it is given (the contract leaves it out of validation). ' +
      'On the last page `has_more` is false and `next_cursor` is still a string (the contract types it so); following it gives an empty page. ' +
      '`location_stocks[].id` is the location id; `warehouse` is the location\'s parent, or the location itself when the stock is held directly in a warehouse; ' +
      'a location is listed when the product has a balance there (even zero) or stock incoming.',
    graphql: /* GraphQL */ `
      query ExportInventoryStocks($cursor: String, $limit: Int, $q: [String!]) {
        inventoryStockExport(cursor: $cursor, limit: $limit, q: $q) {
          data {
            id sku name type categoryId categoryName subCategoryId subCategoryName
            qtyOnhand qtyIncoming qtyAvailable qtyPending qtyBackordered qtyAvailableViaAssembly
            qtyRecoverableViaDisassembly qtyOutstanding currentLandedUnitCost updatedAt
            locationStocks {
              id
              warehouse { ...StockExportLocationFields }
              location { ...StockExportLocationFields }
              qtyOnhand qtyIncoming qtyPending qtyAvailable qtyAvailableViaAssembly qtyRecoverableViaDisassembly currentLandedUnitCost
              lotStocks { lotId locationId lotNumber productionDate expiryDate qtyOnhand }
            }
          }
          nextCursor hasMore
          meta { rows }
        }
      }
      ${EXPORT_LOCATION_FIELDS}`,
    queryParams: { cursor: 'cursor', limit: 'limit', q: 'q' },
    // The rows as one SQL statement's JSON (src/domain/inventory/export/page-sql.ts), not field by field.
    direct: (ctx, v) => exportStocksJson(ctx.db, ctx.sql, ctx.company.id, ctx.secretKey, { cursor: v.cursor as string | null | undefined, limit: v.limit as number | null | undefined }),
    envelope: 'bare',
  },
];
