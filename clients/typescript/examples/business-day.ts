// A business day through the typed client, every request and answer typed by the OpenAPI document: stock
// bought from a supplier and received, a customer's order confirmed, picked and packed on a picklist, shipped
// in nested packages (a pallet holding cases holding a carton), and invoiced. No casts: where an answer may be
// missing (an error, an empty list), the code checks and throws.
import type { InventoryClient } from '../src/client.js';
import type { BusinessDaySummary, Log, PackageTree } from './business-day-summary.js';

export type { BusinessDaySummary, Log, PackageTree };

/** The answer's data; an error answer (or none) throws with its status and body. */
function ok<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${what}: HTTP ${result.response.status} ${JSON.stringify(result.error ?? null)}`);
  return result.data;
}

/** The one element of a list, or an error saying what was expected. */
function only<T>(what: string, list: readonly T[]): T {
  const [first] = list;
  if (list.length !== 1 || first === undefined) throw new Error(`${what}: expected exactly one, got ${list.length}`);
  return first;
}

/** What a package read back may hold; the deepest level the answer selects carries its id only. */
interface PackageRead {
  id: number;
  sscc?: string;
  package_type?: string | null;
  items?: ReadonlyArray<{ order_item_id: number; quantity: number }>;
  child_packages?: readonly PackageRead[];
}

function packageTree(read: PackageRead): PackageTree {
  if (read.sscc === undefined) throw new Error(`package ${read.id}: nested deeper than the answer describes`);
  return {
    id: read.id,
    sscc: read.sscc,
    package_type: read.package_type ?? null,
    items: (read.items ?? []).map((item) => ({ order_item_id: item.order_item_id, quantity: item.quantity })),
    child_packages: (read.child_packages ?? []).map(packageTree),
  };
}

export async function runBusinessDay(client: InventoryClient, log: Log = () => {}): Promise<BusinessDaySummary> {
  const suffix = Date.now().toString(36).toUpperCase();

  // Set up: a GS1 company prefix when the company has none (the service assigns SSCCs from it; 0614141 is
  // GS1's example prefix), a warehouse, and a sales channel that sells from it.
  const company = ok('read the company', await client.GET('/company')).data;
  if (company.gs1_company_prefix === null) ok('set the GS1 prefix', await client.PATCH('/company', { body: { gs1_company_prefix: '0614141' } }));
  const warehouse = ok('create a warehouse', await client.POST('/locations', { body: { name: `Main warehouse ${suffix}` } })).data;
  const group = ok('create a warehouse group', await client.POST('/warehouse-groups', { body: { name: `Shop warehouses ${suffix}`, warehouse_ids: [warehouse.id] } })).data;
  const channel = ok(
    'create a sales channel',
    await client.POST('/channels', { body: { channelType: 'sales_channel', label: `Web shop ${suffix}`, warehouseGroupId: group.id } }),
  ).data;
  log(`warehouse ${warehouse.id}, channel ${channel.id}`);

  // Purchasing: a supplier, two products, an order for them, submitted and received in full.
  const supplier = ok('create a supplier', await client.POST('/suppliers', { body: { name: `Lamp Works ${suffix}`, payment_terms_days: 30 } })).data;
  const lamp = ok('create a product', await client.POST('/products', { body: { name: 'Desk lamp', sku: `LAMP-${suffix}`, retail_price: 20, unit_cost: 8 } })).data;
  const shade = ok('create a product', await client.POST('/products', { body: { name: 'Lamp shade', sku: `SHADE-${suffix}`, retail_price: 7.5, unit_cost: 3 } })).data;
  const draft = ok(
    'create a purchase order',
    await client.POST('/purchase-orders', {
      body: {
        supplier_id: supplier.id,
        warehouse_id: warehouse.id,
        reference: 'Restock',
        lines: [
          { product_id: lamp.id, quantity: 10, unit_cost: 8 },
          { product_id: shade.id, quantity: 20, unit_cost: 3 },
        ],
      },
    }),
  ).data;
  const submitted = ok('submit the purchase order', await client.POST('/purchase-orders/{purchaseOrderId}/submit', { params: { path: { purchaseOrderId: draft.id } } })).data;
  log(`${submitted.po_number}: ${submitted.status}, total ${submitted.total} ${submitted.currency}`);
  const report = ok(
    'receive the purchase order',
    await client.POST('/purchase-orders/{purchaseOrderId}/receiving-reports', {
      params: { path: { purchaseOrderId: submitted.id } },
      body: { location_id: warehouse.id, lines: submitted.lines.map((line) => ({ purchase_order_line_id: line.id, quantity: line.quantity_open })) },
    }),
  ).data;
  const received = ok('read the purchase order', await client.GET('/purchase-orders/{purchaseOrderId}', { params: { path: { purchaseOrderId: submitted.id } } })).data;
  log(`${report.report_number} received; ${received.po_number} is ${received.status}`);

  // Sales: a customer orders 3 lamps and 4 shades; confirming reserves the stock in a fulfillment order.
  const customer = ok('create a customer', await client.POST('/companies', { body: { name: `Buyer Co ${suffix}`, payment_terms_days: 14 } })).data;
  const order = ok(
    'create a sales order',
    await client.POST('/sales-orders', {
      body: {
        channel_id: channel.id,
        company_id: customer.id,
        ship_to: { name: 'Buyer Co', street_1: '1 Main Street', city: 'Springfield', zip: '12345', country: 'US' },
        lines: [
          { product_id: lamp.id, quantity: 3, unit_price: 20 },
          { product_id: shade.id, quantity: 4, unit_price: 7.5 },
        ],
      },
    }),
  ).data;
  const confirmed = ok('confirm the sales order', await client.POST('/sales-orders/{salesOrderId}/confirm', { params: { path: { salesOrderId: order.id } } })).data;
  log(`${confirmed.order_number}: ${confirmed.status}, total ${confirmed.total} ${confirmed.currency}`);
  const fulfillmentOrders = ok(
    'list the fulfillment orders',
    await client.GET('/fulfillment-orders', { params: { query: { filters: { sales_order_id: String(confirmed.id) } } } }),
  ).data;
  const fulfillmentOrder = only('fulfillment orders of the sales order', fulfillmentOrders);

  // The warehouse: a picklist over the fulfillment order, every item picked in full, then packed.
  const created = ok('create a picklist', await client.POST('/pickflow/picklists', { body: { fulfillment_order_ids: [fulfillmentOrder.id] } })).data;
  const picklist = { params: { path: { id: created.id } } };
  ok('start picking', await client.POST('/pickflow/picklists/{id}/start-picking', picklist));
  let picked = 0;
  for (const item of created.items) {
    ok('pick an item', await client.POST('/pickflow/picklists/{id}/items/{itemId}/pick', { params: { path: { id: created.id, itemId: item.id } }, body: { quantity: item.quantity } }));
    picked += item.quantity;
  }
  ok('finish picking', await client.POST('/pickflow/picklists/{id}/finish-picking', picklist));
  ok('start packing', await client.POST('/pickflow/picklists/{id}/start-packing', picklist));
  const packed = ok('finish packing', await client.POST('/pickflow/picklists/{id}/finish-packing', picklist)).data;
  log(`picklist ${packed.id}: ${packed.status}, ${picked} picked`);

  // Shipping: a shipment of the fulfillment order, packed as a pallet of two cases, the second holding a
  // carton; SSCCs assigned by the service. Then shipped.
  const shipment = ok(
    'create a shipment',
    await client.POST('/sales-orders/{salesOrderId}/shipments', {
      params: { path: { salesOrderId: confirmed.id } },
      body: { fulfillment_order_id: fulfillmentOrder.id, carrier: 'UPS', service: 'Ground' },
    }),
  ).data;
  const lineOf = (productId: number) => only(`order line of product ${productId}`, confirmed.lines.filter((line) => line.product.id === productId));
  const lampLine = lineOf(lamp.id);
  const shadeLine = lineOf(shade.id);
  ok(
    'pack the shipment',
    await client.POST('/sales-orders/{salesOrderId}/shipments/{shipmentId}/packages', {
      params: { path: { salesOrderId: confirmed.id, shipmentId: shipment.id } },
      body: {
        bill_of_lading_number: `BOL-${suffix}`,
        carrier_alpha_code: 'UPSN',
        packages: [
          {
            package_type: 'pallet',
            child_packages: [
              { package_type: 'case', contained_items: [{ order_item_id: lampLine.id, quantity: lampLine.quantity }] },
              {
                package_type: 'case',
                child_packages: [{ package_type: 'carton', weight_lb: 2.5, contained_items: [{ order_item_id: shadeLine.id, quantity: shadeLine.quantity }] }],
              },
            ],
          },
        ],
      },
    }),
  );
  const shipped = ok('ship the shipment', await client.POST('/shipments/{shipmentId}/ship', { params: { path: { shipmentId: shipment.id } } })).data;
  const packages = ok('read the packages', await client.GET('/shipments/{shipmentId}/packages', { params: { path: { shipmentId: shipment.id } } })).data;
  log(`shipment ${shipped.id}: ${shipped.status}, ${packages.length} top-level package(s)`);

  // Billing: the invoice of what was shipped.
  const invoice = ok(
    'invoice the shipment',
    await client.POST('/sales-orders/{salesOrderId}/invoices', { params: { path: { salesOrderId: confirmed.id } }, body: { shipment_ids: [shipped.id] } }),
  ).data;
  log(`${invoice.invoice_number}: ${invoice.status}, total ${invoice.total} ${invoice.currency}, due ${invoice.due_date}`);

  const after = ok('read the sales order', await client.GET('/sales-orders/{salesOrderId}', { params: { path: { salesOrderId: confirmed.id } } })).data;
  const fulfilled = ok('read the fulfillment order', await client.GET('/fulfillment-orders/{fulfillmentOrderId}', { params: { path: { fulfillmentOrderId: fulfillmentOrder.id } } })).data;

  return {
    warehouseId: warehouse.id,
    channelId: channel.id,
    supplierId: supplier.id,
    customerId: customer.id,
    products: [lamp, shade].map((product) => ({ id: product.id, sku: product.sku })),
    purchaseOrder: {
      id: received.id,
      poNumber: received.po_number,
      status: received.status,
      receivingReportId: report.id,
      received: received.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity_received })),
    },
    salesOrder: {
      id: after.id,
      orderNumber: after.order_number,
      statusAfterConfirm: confirmed.status,
      status: after.status,
      lines: after.lines.map((line) => ({ id: line.id, productId: line.product.id, quantity: line.quantity, unitPrice: line.unit_price })),
    },
    fulfillmentOrder: { id: fulfilled.id, status: fulfilled.status },
    picklist: { id: packed.id, status: packed.status, picked },
    shipment: { id: shipped.id, status: shipped.status, packages: packages.map(packageTree) },
    invoice: { id: invoice.id, number: invoice.invoice_number, status: invoice.status, subtotal: invoice.subtotal, taxTotal: invoice.tax_total, total: invoice.total },
  };
}
