// Inventory core: warehouse groups, adjustments and stock queries (issue 4). The stock export is declared
// by its own file.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const GROUP_FIELDS = /* GraphQL */ `
  fragment WarehouseGroupFields on WarehouseGroup {
    id name lotDeductionStrategy allowNegativeStock warehouseIds externallyManaged externalWmsUrl externalWmsApiKeySet createdAt updatedAt
  }`;

const ADJUSTMENT_FIELDS = /* GraphQL */ `
  fragment InventoryAdjustmentFields on InventoryAdjustment {
    id reason notes status postedAt createdAt updatedAt
    lines { ${everyField('InventoryAdjustmentLine', { movements: 'id lotId lotNumber quantity unitCost occurredAt' })} }
  }`;

const groupPath = '/warehouse-groups/{warehouseGroupId}';
const adjustmentPath = '/inventory/adjustments/{adjustmentId}';

export const inventoryRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/warehouse-groups',
    operationId: 'listWarehouseGroups',
    tag: 'Warehouse groups',
    summary: 'List warehouse groups',
    description: '`sort` takes id, name, created_at or updated_at, with a leading - for descending order.',
    graphql: /* GraphQL */ `
      query ListWarehouseGroups($page: Int, $perPage: Int, $sort: String) {
        warehouseGroups(page: $page, perPage: $perPage, sort: $sort) {
          items { ...WarehouseGroupFields }
          ${PAGE_META}
        }
      }
      ${GROUP_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: groupPath,
    operationId: 'getWarehouseGroup',
    tag: 'Warehouse groups',
    summary: 'Get a warehouse group',
    graphql: /* GraphQL */ `
      query GetWarehouseGroup($id: Int!) { warehouseGroup(id: $id) { ...WarehouseGroupFields } }
      ${GROUP_FIELDS}`,
    pathParams: { warehouseGroupId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/warehouse-groups',
    operationId: 'createWarehouseGroup',
    tag: 'Warehouse groups',
    summary: 'Create a warehouse group',
    description: 'name is unique. lot_deduction_strategy: FIFO, FEFO, LIFO or null (newest lot). warehouse_ids assigns warehouses (top-level locations); a warehouse belongs to one group at most. allow_negative_stock lets postings take stock below zero in the group\'s warehouses.',
    graphql: /* GraphQL */ `
      mutation CreateWarehouseGroup($input: WarehouseGroupCreateInput!) { createWarehouseGroup(input: $input) { ...WarehouseGroupFields } }
      ${GROUP_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'PATCH',
    path: groupPath,
    operationId: 'updateWarehouseGroup',
    tag: 'Warehouse groups',
    summary: 'Update a warehouse group',
    description: 'All fields optional; warehouse_ids replaces the group\'s warehouses.',
    graphql: /* GraphQL */ `
      mutation UpdateWarehouseGroup($id: Int!, $input: WarehouseGroupUpdateInput!) {
        updateWarehouseGroup(id: $id, input: $input) { ...WarehouseGroupFields }
      }
      ${GROUP_FIELDS}`,
    pathParams: { warehouseGroupId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: groupPath,
    operationId: 'deleteWarehouseGroup',
    tag: 'Warehouse groups',
    summary: 'Delete a warehouse group',
    description: 'Its warehouses become ungrouped. Answers with the deleted record.',
    graphql: /* GraphQL */ `
      mutation DeleteWarehouseGroup($id: Int!) { deleteWarehouseGroup(id: $id) { ...WarehouseGroupFields } }
      ${GROUP_FIELDS}`,
    pathParams: { warehouseGroupId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/inventory/adjustments',
    operationId: 'createInventoryAdjustment',
    tag: 'Inventory',
    summary: 'Create and post an inventory adjustment',
    description:
      'Each line gives quantity, the signed change in the product\'s base unit (not 0), or counted_quantity, what was counted at the location (and lot, which a count of a lot-tracked product must name): the change is then the count minus the stock on hand, read under lock; a count equal to the stock posts no movement. Lot-tracked products: a new lot_number on an increase creates the lot (production_date, expiry_date as YYYY-MM-DD); a decrease without a lot is taken by the deduction strategy, possibly from several lots (see each line\'s movements). Negative stock is refused (422 naming product, location and available quantity) unless the warehouse group allows it. All lines post in one transaction, or none.',
    graphql: /* GraphQL */ `
      mutation CreateInventoryAdjustment($input: InventoryAdjustmentInput!) {
        createInventoryAdjustment(input: $input) { ...InventoryAdjustmentFields }
      }
      ${ADJUSTMENT_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/inventory/adjustments',
    operationId: 'listInventoryAdjustments',
    tag: 'Inventory',
    summary: 'List inventory adjustments',
    description: '`sort` takes id, created_at or posted_at, with a leading - for descending order.',
    graphql: /* GraphQL */ `
      query ListInventoryAdjustments($page: Int, $perPage: Int, $sort: String) {
        inventoryAdjustments(page: $page, perPage: $perPage, sort: $sort) {
          items { ...InventoryAdjustmentFields }
          ${PAGE_META}
        }
      }
      ${ADJUSTMENT_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: adjustmentPath,
    operationId: 'getInventoryAdjustment',
    tag: 'Inventory',
    summary: 'Get an inventory adjustment',
    graphql: /* GraphQL */ `
      query GetInventoryAdjustment($id: Int!) { inventoryAdjustment(id: $id) { ...InventoryAdjustmentFields } }
      ${ADJUSTMENT_FIELDS}`,
    pathParams: { adjustmentId: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/inventory/stock',
    operationId: 'listStock',
    tag: 'Inventory',
    summary: 'Stock on hand and incoming per product, location and lot',
    description:
      'Rows with stock on hand (quantity), incoming (qty_incoming: open transfers, purchase orders and work orders) or reserved (qty_pending), filtered by product_id or sku (the SKU or an alternate SKU of the product; an unknown one gives no rows), location_id and lot_id. ' +
      'Incoming stock has no lot yet, so it is on the row without a lot (quantity 0 when nothing is on hand there); a lot_id filter therefore shows no incoming. ' +
      'qty_pending (reserved by open sales orders and work orders) is per warehouse, so it is on the warehouse\'s row without a lot (quantity 0 when the stock is in the warehouse\'s locations); qty_available = max(quantity − qty_pending, 0) of the row. ' +
      'With as_of (ISO 8601 date-time), the stock as of that moment, summed from the ledger, and what was incoming then (the documents as they stood at the last movement at or before it); reservations are read as the orders stand now.',
    graphql: /* GraphQL */ `
      query ListStock($page: Int, $perPage: Int, $productId: Int, $sku: String, $locationId: Int, $lotId: Int, $asOf: DateTime) {
        stock(page: $page, perPage: $perPage, productId: $productId, sku: $sku, locationId: $locationId, lotId: $lotId, asOf: $asOf) {
          items { productId locationId lotId quantity qtyIncoming qtyPending qtyAvailable }
          ${PAGE_META}
        }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', product_id: 'productId', sku: 'sku', location_id: 'locationId', lot_id: 'lotId', as_of: 'asOf' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/inventory/movements',
    operationId: 'listStockMovements',
    tag: 'Inventory',
    summary: "The ledger's movements, newest first: a product's movement history",
    description:
      'Every posting of the ledger as its signed movements (receipts, shipments, adjustments, transfers, counts, work orders), newest first, filtered by product_id or sku (the SKU or an alternate SKU of the product), location_id, lot_id, source_type (e.g. PURCHASE_RECEIPT, SALES_SHIPMENT, ADJUSTMENT, TRANSFER_SHIPMENT, WORK_ORDER_CONSUMPTION) and occurred_from (at or after) / occurred_to (before), ISO 8601 date-times; a range that ends before it starts → 422 on occurred_to. An unknown SKU gives an empty page. sort: id, occurred_at, quantity (- for descending; default -id, ties in id order).',
    graphql: /* GraphQL */ `
      query ListStockMovements($page: Int, $perPage: Int, $sort: String, $productId: Int, $sku: String, $locationId: Int, $lotId: Int, $sourceType: String, $occurredFrom: DateTime, $occurredTo: DateTime) {
        stockMovements(page: $page, perPage: $perPage, sort: $sort, productId: $productId, sku: $sku, locationId: $locationId, lotId: $lotId, sourceType: $sourceType, occurredFrom: $occurredFrom, occurredTo: $occurredTo) {
          items { id productId locationId lotId lotNumber quantity unitCost reason sourceType sourceId sourceLineId createdByTokenId occurredAt }
          ${PAGE_META}
        }
      }`,
    queryParams: {
      page: 'page',
      per_page: 'perPage',
      sort: 'sort',
      product_id: 'productId',
      sku: 'sku',
      location_id: 'locationId',
      lot_id: 'lotId',
      source_type: 'sourceType',
      occurred_from: 'occurredFrom',
      occurred_to: 'occurredTo',
    },
    envelope: 'page',
  },
];
