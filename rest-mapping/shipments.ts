// REST routes of fulfillment orders, shipments and their billable lines.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';
import { PACKAGE_OWN_FIELDS } from './shipment-packages.js';
import { packingSlipFileName, renderPackingSlipPdf } from '../src/domain/fulfillment/index.js';

const FULFILLMENT_FIELDS = `id salesOrderId warehouse { id name } status lines { ${everyField('FulfillmentOrderLine', { product: 'id sku name' })} } createdAt updatedAt`;
export const SHIPMENT_FIELDS = `
  id salesOrderId fulfillmentOrderId status carrier service shipDate
  billOfLadingNumber proNumber partnerReferenceNumber trailerNumber carrierAlphaCode
  trackingNumber labelProvider labelCarrier labelService labelCost labelCurrency labelPurchasedAt
  lines { ${everyField('ShipmentLine', { product: 'id sku name', location: 'id name', lot: 'id lotNumber' })} }
  shippedAt voidedAt createdAt updatedAt`;

const LOCKED = ' A channel with apiLocked answers 403.';

export const shipmentRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/fulfillment-orders',
    operationId: 'listFulfillmentOrders',
    tag: 'Fulfillment Orders',
    summary: 'List fulfillment orders',
    description:
      'Confirming a sales order creates one fulfillment order per warehouse that holds its reservations; reservations made later (a backorder filled) join the open fulfillment order of that warehouse, or start one. Filters with the grammar of GET /products: status (open, picking, picked, packed, shipped, cancelled), warehouse_id, sales_order_id. Quantities are in the product’s base unit; a kit line’s components are lines of their own.',
    graphql: /* GraphQL */ `
      query ListFulfillmentOrders($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        fulfillmentOrders(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${FULFILLMENT_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'fulfillmentOrders' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/fulfillment-orders/{fulfillmentOrderId}',
    operationId: 'getFulfillmentOrder',
    tag: 'Fulfillment Orders',
    summary: 'Get a fulfillment order',
    graphql: /* GraphQL */ `query GetFulfillmentOrder($id: Int!) { fulfillmentOrder(id: $id) { ${FULFILLMENT_FIELDS} } }`,
    pathParams: { fulfillmentOrderId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/fulfillment-orders/{fulfillmentOrderId}/cancel',
    operationId: 'cancelFulfillmentOrder',
    tag: 'Fulfillment Orders',
    summary: 'Cancel a fulfillment order',
    description: 'No body. A fulfillment order that has not shipped becomes cancelled and releases what it still holds reserved in its warehouse; the sales order lines are backordered for it (a later arrival or POST /sales-orders/{id}/allocate reserves again).',
    graphql: /* GraphQL */ `mutation CancelFulfillmentOrder($id: Int!) { cancelFulfillmentOrder(id: $id) { ${FULFILLMENT_FIELDS} } }`,
    pathParams: { fulfillmentOrderId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/sales-orders/{salesOrderId}/shipments',
    operationId: 'createShipment',
    tag: 'Sales Orders',
    summary: 'Create a shipment (draft)',
    description:
      "{fulfillment_order_id? | lines: [{sales_order_line_id, quantity, location_id?, lot_number?}], carrier?, service?, ship_date?}. From a fulfillment order the shipment takes what was picked and not shipped yet, from the picked locations and lots. Lines give quantities in the order line's unit; a kit line ships its components; without location_id a line ships from the location of its warehouse (the one holding its reservation) with the most stock; without lot_number the deduction strategy picks lots at shipping. What live shipments take may not exceed what a line still has to ship (422 on lines.N.quantity). The order must be confirmed or partially shipped." + LOCKED,
    graphql: /* GraphQL */ `
      mutation CreateShipment($salesOrderId: Int!, $input: ShipmentCreateInput!) { createShipment(salesOrderId: $salesOrderId, input: $input) { ${SHIPMENT_FIELDS} } }`,
    pathParams: { salesOrderId: 'salesOrderId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/sales-orders/{salesOrderId}/shipments',
    operationId: 'listSalesOrderShipments',
    tag: 'Sales Orders',
    summary: 'List the shipments of a sales order',
    graphql: /* GraphQL */ `query ListSalesOrderShipments($salesOrderId: Int!) { salesOrderShipments(salesOrderId: $salesOrderId) { ${SHIPMENT_FIELDS} } }`,
    pathParams: { salesOrderId: 'salesOrderId' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/shipments',
    operationId: 'listShipments',
    tag: 'Sales Orders',
    summary: 'List shipments',
    description:
      'Shipments of every sales order, oldest first. Filters with the grammar of GET /products: status (draft, shipped, void), sales_order_id, fulfillment_order_id, ' +
      'warehouse_id (a warehouse: shipments with a line leaving it or one of its locations), shipped_at and created_at (YYYY-MM-DD HH:MM:SS in UTC or YYYY-MM-DD, with gt/gte/lt/lte: shipped_at[gte]=2026-11-01). ' +
      'sort: id, status, ship_date, shipped_at, created_at, updated_at (- for descending). include_packages=true adds each shipment’s packages, every level in one list in the order they were packed ' +
      '(parent_package_id says where a package sits; GET /shipments/{id}/packages nests them); without it there is no packages field.',
    graphql: /* GraphQL */ `
      query ListShipments($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!], $includePackages: Boolean = false) {
        shipments(page: $page, perPage: $perPage, sort: $sort, filters: $filters) {
          items { ${SHIPMENT_FIELDS} packages @include(if: $includePackages) { ${PACKAGE_OWN_FIELDS} } }
          ${PAGE_META}
        }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', include_packages: 'includePackages' },
    filters: { variable: 'filters', spec: 'shipments' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/shipments/{shipmentId}',
    operationId: 'getShipment',
    tag: 'Sales Orders',
    summary: 'Get a shipment',
    graphql: /* GraphQL */ `query GetShipment($id: Int!) { shipment(id: $id) { ${SHIPMENT_FIELDS} } }`,
    pathParams: { shipmentId: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/shipments/{shipmentId}/packing-slip.pdf',
    operationId: 'getPackingSlip',
    tag: 'Sales Orders',
    summary: 'The packing slip of a shipment (PDF)',
    description:
      "A PDF (an attachment named packing-slip-<id>.pdf) of the shipment as it travels with the goods: the company, the sales order and the customer's PO number (external_order_id), ship date, status, carrier and service, " +
      'tracking, bill of lading and PRO numbers, the ship-to address, a table of what it holds (SKU, product, lot, quantity; the header repeats on every page) and, once packed, each package with its SSCC, tracking and contents, ' +
      'nested packages indented under their parent. No prices. A draft shipment prints too (its status says so). `format=json` answers the shipment as GET /shipments/{id}. An unknown shipment → 404.',
    graphql: /* GraphQL */ `query GetShipmentForSlip($id: Int!) { shipment(id: $id) { ${SHIPMENT_FIELDS} } }`,
    pathParams: { shipmentId: 'id' },
    envelope: 'data',
    defaultFormat: 'pdf',
    formats: {
      pdf: {
        mediaType: 'application/pdf',
        graphql: /* GraphQL */ `
          query PackingSlip($id: Int!) {
            shipment(id: $id) {
              id companyName status carrier service shipDate trackingNumber billOfLadingNumber proNumber
              salesOrder { orderNumber externalOrderId shipTo { name street1 street2 city state zip country } lines { id product { sku name } } }
              lines { product { sku name } quantity lot { lotNumber } }
              packages { id parentPackageId sscc tracking items { orderItemId quantity lotNumber } }
            }
          }`,
        render: renderPackingSlipPdf,
        filename: packingSlipFileName,
      },
    },
  },
  {
    method: 'POST',
    path: '/shipments/{shipmentId}/ship',
    operationId: 'shipShipment',
    tag: 'Sales Orders',
    summary: 'Ship a shipment',
    description:
      "No body. draft → shipped: SALES_SHIPMENT movements take the goods out of their locations through the ledger at FIFO cost (each line's unit_cost is its cost of goods sold, base currency); a shortage refuses the whole shipment (422 naming the line). The reservations it fulfils are consumed, first those in the warehouse the goods left; the order lines' shipped quantities follow and the order becomes partially_shipped or shipped. A shipment of a fulfillment order ships it: what was picked short is released and stays backordered." + LOCKED,
    graphql: /* GraphQL */ `mutation ShipShipment($id: Int!) { shipShipment(id: $id) { ${SHIPMENT_FIELDS} } }`,
    pathParams: { shipmentId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/shipments/{shipmentId}/void',
    operationId: 'voidShipment',
    tag: 'Sales Orders',
    summary: 'Void a draft shipment',
    description: 'No body. Only a draft (422 on status otherwise); nothing moved, so nothing is reversed.' + LOCKED,
    graphql: /* GraphQL */ `mutation VoidShipment($id: Int!) { voidShipment(id: $id) { ${SHIPMENT_FIELDS} } }`,
    pathParams: { shipmentId: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/shipments/{shipmentId}/billable-lines',
    operationId: 'shipmentBillableLines',
    tag: 'Sales Orders',
    summary: 'What a shipment bills',
    description:
      "One line per order line it shipped (type product: quantity in the order line's unit, unit_price after the line's discount, amount rounded to the currency), plus the channel's shipping charge (type shipping) and per-package fee for each top-level package times its package_quantity (type fee), from the channel's fees object {shippingCharge, perPackageFee} in the order's currency. A draft or void shipment bills nothing. Invoices are built from these lines.",
    graphql: /* GraphQL */ `
      query ShipmentBillableLines($shipmentId: Int!) { shipmentBillableLines(shipmentId: $shipmentId) { type description sku quantity unitPrice amount currency salesOrderLineId } }`,
    pathParams: { shipmentId: 'shipmentId' },
    envelope: 'data',
  },
];
