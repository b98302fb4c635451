// Which kind of record (database table) an id-like parameter names, from its name and, for a bare `id`,
// the path segment before it. Unknown names give null: the probe fails listing them, so a new route whose
// parameter nobody mapped is noticed rather than probed with a meaningless id.

/** Parameter names (camelCase, without the Id suffix) whose table is not simply the PascalCase of the name. */
const NAMED: Record<string, string> = {
  category: 'ProductCategory',
  customField: 'CustomFieldDefinition',
  adjustment: 'InventoryAdjustment',
  rate: 'ExchangeRate',
  mapping: 'IntegrationMapping',
  fieldMapping: 'IntegrationFieldMapping',
  allocation: 'BillAllocation',
  channel: 'SalesChannel',
  salesChannel: 'SalesChannel',
  company: 'CustomerCompany',
  customerCompany: 'CustomerCompany',
  customer: 'CustomerCompany',
  item: 'PicklistItem',
  table: 'ShippingRateTable',
  rateTable: 'ShippingRateTable',
  package: 'ShipmentPackage',
  parentPackage: 'ShipmentPackage',
  session: 'CycleCountSession',
  step: 'WorkOrderStep',
  vendor: 'Supplier',
  warehouse: 'Location',
  sourceLocation: 'Location',
  destinationLocation: 'Location',
  productionWarehouse: 'Location',
  destinationWarehouse: 'Location',
  sourceWarehouse: 'Location',
  parent: 'Location',
  producedSku: 'Product',
  sku: 'Product',
  component: 'Product',
  componentSku: 'Product',
  kitProduct: 'Product',
  endpoint: 'WebhookEndpoint',
  webhookEndpoint: 'WebhookEndpoint',
  delivery: 'WebhookDelivery',
  unit: 'UnitOfMeasure',
  uom: 'UnitOfMeasure',
  defaultUnitOfMeasure: 'UnitOfMeasure',
  printStation: 'PrintStation',
  station: 'PrintStation',
  job: 'Job',
  import: 'Import',
  event: 'Event',
  lot: 'Lot',
  entity: 'Product',
  internal: 'Product',
  defaultUom: 'UnitOfMeasure',
  baseUnitOfMeasure: 'UnitOfMeasure',
  convertedUnitOfMeasure: 'UnitOfMeasure',
  parentProduct: 'Product',
  outputSku: 'Product',
  subcategory: 'ProductCategory',
  dropshipPoDeliveryWarehouse: 'Location',
  dropshipSupplier: 'Supplier',
  supplierContact: 'Contact',
  line: 'TransferOrderLine',
};

/** Collection path segments (before `{id}`) whose table is not the singular PascalCase of the segment. */
const SEGMENTS: Record<string, string> = {
  'companies': 'CustomerCompany',
  'channels': 'SalesChannel',
  'categories': 'ProductCategory',
  'custom-fields': 'CustomFieldDefinition',
  'adjustments': 'InventoryAdjustment',
  'rates': 'ExchangeRate',
  'rate-tables': 'ShippingRateTable',
  'cycle-counts': 'CycleCountSession',
  'cycle-count-batches': 'CycleCountBatch',
  'unit-of-measures': 'UnitOfMeasure',
  'units-of-measure': 'UnitOfMeasure',
  'integration-mappings': 'IntegrationMapping',
  'integration-field-mappings': 'IntegrationFieldMapping',
  'packages': 'ShipmentPackage',
  'items': 'PicklistItem',
  'steps': 'WorkOrderStep',
  'allocations': 'BillAllocation',
  'vendors': 'Supplier',
  'forecast-warehouse-data': 'ForecastWarehouseRow',
};

/** Names ending in Id that hold no record of this service (another system's account or code). */
const NOT_RECORDS = new Set(['ediSenderId', 'edi_sender_id', 'externalId', 'external_id', 'pullOrderAppIntegrationAccountId', 'pushStocksAppIntegrationAccountId',
  'pull_order_app_integration_account_id', 'push_stocks_app_integration_account_id', 'pullOrderOmsStoreId', 'pull_order_oms_store_id']);

const pascal = (words: string) => words.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());
const singular = (word: string) => word.replace(/ies$/, 'y').replace(/(ss|ch|sh|x)es$/, '$1').replace(/s$/, '');

/** The table a parameter names, or null. `path` is the route's template, used for a bare `id` and for `applicationId`. */
export function tableOf(param: string, path: string, tables: Set<string>): string | null {
  const camel = param.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  if (camel === 'id') {
    const segments = path.split('/');
    const before = segments[segments.indexOf(`{${param}}`) - 1] ?? '';
    const table = SEGMENTS[before] ?? pascal(singular(before));
    return tables.has(table) ? table : null;
  }
  if (camel === 'applicationId') return path.includes('/prepayments/') ? 'PrepaymentApplication' : 'VendorCreditApplication';
  if (camel === 'batchId') return path.includes('cycle-count') ? 'CycleCountBatch' : 'ProductionBatch';
  const base = camel.replace(/Ids?$/, '');
  const table = NAMED[base] ?? pascal(base);
  return tables.has(table) ? table : null;
}

/** Whether a parameter or field name holds a record id (`id`, `productId`, `product_id`, `product_ids`). */
export const isIdName = (name: string) => /^(id|ids)$|[a-z](Id|Ids|_id|_ids)$/.test(name) && !NOT_RECORDS.has(name);
