// Purchasing (issue 8): purchase orders — the document and its states.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const ORDER_FIELDS = /* GraphQL */ `
  fragment PurchaseOrderFields on PurchaseOrder {
    id poNumber status syncStatus lastSyncedAt externalShipmentId
    supplier { id name } warehouse { id name }
    currency exchangeRate orderDate expectedDate reference notes
    lines { ${everyField('PurchaseOrderLine', { product: 'id sku name', uom: 'id name' })} }
    additionalCosts { ${everyField('PurchaseOrderCost')} }
    subtotal taxTotal additionalCostsTotal total totalBase
    paymentTerms { depositPercent depositDueDays balanceDueDays balanceDueFrom }
    supplierResponse
    deals { id name }
    createdAt updatedAt submittedAt closedAt cancelledAt
  }`;

const REPORT_FIELDS = /* GraphQL */ `
  fragment ReceivingReportFields on ReceivingReport {
    id reportNumber purchaseOrder { id poNumber } status receivedAt exchangeRate voidedAt
    lines { ${everyField('ReceivingReportLine', { product: 'id sku name', location: 'id name', lot: 'id lotNumber' })} }
    landedCosts { ${everyField('ReceivingReportCost')} }
    costAdjustments { ${everyField('ReceiptCostAdjustment')} }
    createdAt updatedAt
  }`;

const OBLIGATION_FIELDS = 'id purchaseOrderId kind description dueDate amount currency paidAmount status createdAt updatedAt';

const DEAL_FIELDS = /* GraphQL */ `
  fragment DealFields on Deal {
    id name supplier { id name } stage amount currency expectedCloseDate notes
    purchaseOrders { ${everyField('DealPurchaseOrder')} } purchaseOrdersTotalBase
    createdAt updatedAt
  }`;

const orderPath = '/purchase-orders/{purchaseOrderId}';
const dealPath = '/deals/{dealId}';
const reportPath = '/receiving-reports/{receivingReportId}';

function transitionRoute(action: 'submit' | 'cancel' | 'close', summary: string, description: string): RestRoute {
  const field = `${action}PurchaseOrder`;
  return {
    method: 'POST',
    path: `${orderPath}/${action}`,
    operationId: field,
    tag: 'Purchase orders',
    summary,
    description: `${description} No body. A wrong state gets a 422 naming it.`,
    graphql: /* GraphQL */ `
      mutation ${field[0]!.toUpperCase()}${field.slice(1)}($id: Int!) { ${field}(id: $id) { ...PurchaseOrderFields } }
      ${ORDER_FIELDS}`,
    pathParams: { purchaseOrderId: 'id' },
    envelope: 'data',
  };
}

export const purchasingRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/purchase-orders',
    operationId: 'listPurchaseOrders',
    tag: 'Purchase orders',
    summary: 'List purchase orders',
    description:
      'Filters with the grammar of GET /products (`field=value` or `field[operator]=value`): status, supplier_id, warehouse_id, po_number, created_at. `sort` takes id, po_number, order_date, expected_date, created_at, updated_at or total.',
    graphql: /* GraphQL */ `
      query ListPurchaseOrders($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        purchaseOrders(page: $page, perPage: $perPage, sort: $sort, filters: $filters) {
          items { ...PurchaseOrderFields }
          ${PAGE_META}
        }
      }
      ${ORDER_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'purchaseOrders' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: orderPath,
    operationId: 'getPurchaseOrder',
    tag: 'Purchase orders',
    summary: 'Get a purchase order',
    graphql: /* GraphQL */ `query GetPurchaseOrder($id: Int!) { purchaseOrder(id: $id) { ...PurchaseOrderFields } } ${ORDER_FIELDS}`,
    pathParams: { purchaseOrderId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/purchase-orders',
    operationId: 'createPurchaseOrder',
    tag: 'Purchase orders',
    summary: 'Create a purchase order (draft)',
    description:
      'A line names its product by product_id or sku. The currency defaults to the supplier\'s, else the base currency; the exchange rate to the base currency is the one in force on the order date (422 on currency when none). A line without unit_cost takes the unit cost of the PURCHASE_ORDER cost rules (with the company\'s cost_rules feature; resolved for the line\'s quantity with the order\'s supplier as vendor and its order date, delivery warehouse and currency; the rule\'s unit cost is taken in the order\'s currency, per unit as entered), else the supplier SKU\'s cost, else the product\'s unit cost, these two converted into the order\'s currency at the order date. ' +
      'tax_amount, subtotal, tax_total, additional_costs_total and total are rounded to the currency\'s minor units, total_base to the base currency\'s. po_number comes from a per-company sequence (PO-000001).',
    graphql: /* GraphQL */ `
      mutation CreatePurchaseOrder($input: PurchaseOrderCreateInput!) { createPurchaseOrder(input: $input) { ...PurchaseOrderFields } }
      ${ORDER_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'PATCH',
    path: orderPath,
    operationId: 'updatePurchaseOrder',
    tag: 'Purchase orders',
    summary: 'Update a draft purchase order',
    description: 'Fields as on create, all optional; lines and additional_costs replace the stored ones. Only a draft (422 otherwise).',
    graphql: /* GraphQL */ `
      mutation UpdatePurchaseOrder($id: Int!, $input: PurchaseOrderUpdateInput!) { updatePurchaseOrder(id: $id, input: $input) { ...PurchaseOrderFields } }
      ${ORDER_FIELDS}`,
    pathParams: { purchaseOrderId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: orderPath,
    operationId: 'deletePurchaseOrder',
    tag: 'Purchase orders',
    summary: 'Delete a draft purchase order',
    description: 'Only a draft (422 otherwise). Answers with the deleted record; its number is not given again.',
    graphql: /* GraphQL */ `
      mutation DeletePurchaseOrder($id: Int!) { deletePurchaseOrder(id: $id) { ...PurchaseOrderFields } }
      ${ORDER_FIELDS}`,
    pathParams: { purchaseOrderId: 'id' },
    envelope: 'data',
  },
  transitionRoute('submit', 'Submit a purchase order', 'draft → submitted: the open quantities become incoming at the delivery warehouse.'),
  transitionRoute('cancel', 'Cancel a purchase order', 'draft or submitted (nothing received) → cancelled.'),
  transitionRoute('close', 'Close a purchase order', 'submitted, partially_received or received → closed; what is still open is short-closed and no longer incoming.'),
  {
    method: 'POST',
    path: `${orderPath}/receiving-reports`,
    operationId: 'receivePurchaseOrder',
    tag: 'Receiving',
    summary: 'Receive goods against a purchase order',
    description:
      '{received_at?, location_id?, lines: [{purchase_order_line_id, quantity, location_id?, lot_number?, production_date?, expiry_date?}], landed_costs?: [{name, amount, currency?, allocation: value|quantity|weight}]}. Posts PURCHASE_RECEIPT movements: unit cost per base unit = the line\'s unit cost in base currency at the receipt date\'s rate plus its share of the landed costs (shares rounded to the base currency, remainder on the last line). Locations: the delivery warehouse or inside it. More than open: 422 on the line unless the supplier\'s over_receipt_tolerance_percent allows it. The order becomes partially_received or received.',
    graphql: /* GraphQL */ `
      mutation ReceivePurchaseOrder($purchaseOrderId: Int!, $input: ReceivingReportInput!) {
        receivePurchaseOrder(purchaseOrderId: $purchaseOrderId, input: $input) { ...ReceivingReportFields }
      }
      ${REPORT_FIELDS}`,
    pathParams: { purchaseOrderId: 'purchaseOrderId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/receiving-reports',
    operationId: 'listReceivingReports',
    tag: 'Receiving',
    summary: 'List receiving reports',
    description: 'Filters: purchase_order_id, supplier_id, received_at (YYYY-MM-DD, UTC day). `sort` takes id, received_at or created_at.',
    graphql: /* GraphQL */ `
      query ListReceivingReports($page: Int, $perPage: Int, $sort: String, $purchaseOrderId: Int, $supplierId: Int, $receivedAt: String) {
        receivingReports(page: $page, perPage: $perPage, sort: $sort, purchaseOrderId: $purchaseOrderId, supplierId: $supplierId, receivedAt: $receivedAt) {
          items { ...ReceivingReportFields }
          ${PAGE_META}
        }
      }
      ${REPORT_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', purchase_order_id: 'purchaseOrderId', supplier_id: 'supplierId', received_at: 'receivedAt' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: reportPath,
    operationId: 'getReceivingReport',
    tag: 'Receiving',
    summary: 'Get a receiving report',
    graphql: /* GraphQL */ `query GetReceivingReport($id: Int!) { receivingReport(id: $id) { ...ReceivingReportFields } } ${REPORT_FIELDS}`,
    pathParams: { receivingReportId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${reportPath}/void`,
    operationId: 'voidReceivingReport',
    tag: 'Receiving',
    summary: 'Void a receiving report',
    description:
      'No body. Reverses the receipt while all of its stock is still on hand and untouched (else 422), at the cost it came in at, and reopens the quantities on the order. ' +
      'A receipt that carries bill allocations (POST /bills/{id}/allocations) is refused with 422 on status until they are deleted from their bills.',
    graphql: /* GraphQL */ `mutation VoidReceivingReport($id: Int!) { voidReceivingReport(id: $id) { ...ReceivingReportFields } } ${REPORT_FIELDS}`,
    pathParams: { receivingReportId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${orderPath}/payment-obligations/generate`,
    operationId: 'generatePaymentObligations',
    tag: 'Payment obligations',
    summary: 'Generate the payment obligations of a purchase order',
    description:
      "No body. From the order's payment terms: a deposit of deposit_percent of the total due deposit_due_days after the order date, and the balance due balance_due_days after the order date or the first receipt (due_date null until then). Without terms, one obligation for the total due on the order date. Amounts are rounded to the currency with the remainder on the last, so they add up to the total. Regenerating replaces the obligations without payments and keeps the others. A draft or cancelled order: 422.",
    graphql: /* GraphQL */ `
      mutation GeneratePaymentObligations($purchaseOrderId: Int!) {
        generatePaymentObligations(purchaseOrderId: $purchaseOrderId) {
          purchaseOrderId total currency
          obligations { ${OBLIGATION_FIELDS} }
        }
      }`,
    pathParams: { purchaseOrderId: 'purchaseOrderId' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/payment-obligations',
    operationId: 'listPaymentObligations',
    tag: 'Payment obligations',
    summary: 'List payment obligations',
    description: 'Filters: purchase_order_id, supplier_id, status (open, partially_paid, paid, cancelled), due_date (YYYY-MM-DD: due on or before). `sort` takes id, due_date, amount or created_at.',
    graphql: /* GraphQL */ `
      query ListPaymentObligations($page: Int, $perPage: Int, $sort: String, $purchaseOrderId: Int, $supplierId: Int, $status: String, $dueDate: String) {
        paymentObligations(page: $page, perPage: $perPage, sort: $sort, purchaseOrderId: $purchaseOrderId, supplierId: $supplierId, status: $status, dueDate: $dueDate) {
          items { ${OBLIGATION_FIELDS} }
          ${PAGE_META}
        }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', purchase_order_id: 'purchaseOrderId', supplier_id: 'supplierId', status: 'status', due_date: 'dueDate' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/deals',
    operationId: 'listDeals',
    tag: 'Deals',
    summary: 'List deals',
    description: 'Filters: stage (open, won, lost), supplier_id, q (part of the name). `sort` takes id, name, stage, expected_close_date, created_at or updated_at.',
    graphql: /* GraphQL */ `
      query ListDeals($page: Int, $perPage: Int, $sort: String, $stage: String, $supplierId: Int, $q: String) {
        deals(page: $page, perPage: $perPage, sort: $sort, stage: $stage, supplierId: $supplierId, q: $q) { items { ...DealFields } ${PAGE_META} }
      }
      ${DEAL_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', stage: 'stage', supplier_id: 'supplierId', q: 'q' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: dealPath,
    operationId: 'getDeal',
    tag: 'Deals',
    summary: 'Get a deal',
    graphql: /* GraphQL */ `query GetDeal($id: Int!) { deal(id: $id) { ...DealFields } } ${DEAL_FIELDS}`,
    pathParams: { dealId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/deals',
    operationId: 'createDeal',
    tag: 'Deals',
    summary: 'Create a deal',
    description: '{name, supplier_id?, stage? (open, won, lost; default open), amount?, currency? (default the base currency when an amount is given), expected_close_date?, notes?}.',
    graphql: /* GraphQL */ `mutation CreateDeal($input: DealCreateInput!) { createDeal(input: $input) { ...DealFields } } ${DEAL_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'PATCH',
    path: dealPath,
    operationId: 'updateDeal',
    tag: 'Deals',
    summary: 'Update a deal',
    graphql: /* GraphQL */ `mutation UpdateDeal($id: Int!, $input: DealUpdateInput!) { updateDeal(id: $id, input: $input) { ...DealFields } } ${DEAL_FIELDS}`,
    pathParams: { dealId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: dealPath,
    operationId: 'deleteDeal',
    tag: 'Deals',
    summary: 'Delete a deal',
    description: 'Its links go; the purchase orders stay. Answers with the deleted record.',
    graphql: /* GraphQL */ `mutation DeleteDeal($id: Int!) { deleteDeal(id: $id) { ...DealFields } } ${DEAL_FIELDS}`,
    pathParams: { dealId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${dealPath}/purchase-orders/{purchaseOrderId}`,
    operationId: 'linkDealPurchaseOrder',
    tag: 'Deals',
    summary: 'Link a purchase order to a deal',
    description: 'No body. Answers 200 with the deal; linking a linked order again changes nothing.',
    graphql: /* GraphQL */ `
      mutation LinkDealPurchaseOrder($dealId: Int!, $purchaseOrderId: Int!) {
        linkDealPurchaseOrder(dealId: $dealId, purchaseOrderId: $purchaseOrderId) { ...DealFields }
      }
      ${DEAL_FIELDS}`,
    pathParams: { dealId: 'dealId', purchaseOrderId: 'purchaseOrderId' },
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: `${dealPath}/purchase-orders/{purchaseOrderId}`,
    operationId: 'unlinkDealPurchaseOrder',
    tag: 'Deals',
    summary: 'Unlink a purchase order from a deal',
    description: 'Answers 200 {message}; the purchase order is not deleted. A pair that is not linked: 404 {message}.',
    graphql: /* GraphQL */ `
      mutation UnlinkDealPurchaseOrder($dealId: Int!, $purchaseOrderId: Int!) {
        unlinkDealPurchaseOrder(dealId: $dealId, purchaseOrderId: $purchaseOrderId) { message }
      }`,
    pathParams: { dealId: 'dealId', purchaseOrderId: 'purchaseOrderId' },
    envelope: 'bare',
  },
  {
    method: 'POST',
    path: `${orderPath}/push-inbound-shipment`,
    upstream: 'the warehouse system (WMS)',
    operationId: 'pushInboundShipment',
    tag: 'Purchase orders',
    summary: 'Push a purchase order to its warehouse system',
    description:
      "Body {force?: boolean}. The delivery warehouse's group must be externally managed (422 on warehouse_id) and every line's product mapped for integration wms (422 on lines, listing the SKUs). Sends POST {external_wms_url}/inbound-shipments (JSON in docs/areas/purchasing.md); the answer must be JSON {id, url?}: id becomes external_shipment_id, url external_system_url. Already synced without force: 409 {message}. " +
      'A failure, a non-2xx answer, an answer without an id or over 1 MiB, a redirect to another host or no answer within 10 s: 502 {message} naming what happened, and sync_status failed, nothing else changed.',
    graphql: /* GraphQL */ `
      mutation PushInboundShipment($purchaseOrderId: Int!, $input: PushInboundShipmentInput) {
        pushInboundShipment(purchaseOrderId: $purchaseOrderId, input: $input) {
          purchaseOrderId syncStatus lastSyncedAt externalShipmentId externalSystemUrl inboundShipment
        }
      }`,
    pathParams: { purchaseOrderId: 'purchaseOrderId' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${reportPath}/landed-costs`,
    operationId: 'addLandedCost',
    tag: 'Receiving',
    summary: 'Add a landed cost that arrived after the receipt',
    description:
      '{name, amount, currency? (default the order\'s), allocation: value|quantity|weight}, converted at today\'s rate and spread over the report\'s lines. The part of each line\'s stock still open takes the added unit cost; the part already issued gets a cost adjustment against each movement that issued it (cost_adjustments), so inventory value plus cost of goods sold equals everything paid. A voided report: 422.',
    graphql: /* GraphQL */ `
      mutation AddLandedCost($receivingReportId: Int!, $input: LandedCostInput!) {
        addLandedCost(receivingReportId: $receivingReportId, input: $input) { ...ReceivingReportFields }
      }
      ${REPORT_FIELDS}`,
    pathParams: { receivingReportId: 'receivingReportId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'POST',
    path: `${orderPath}/portal-link`,
    operationId: 'createSupplierPortalLink',
    tag: 'Supplier portal',
    summary: 'Open a supplier portal link',
    description:
      'Body {expires_in_days?} (1–90, default 14). Answers {data: {url, expires_at}}: a signed one-click link to /supplier-portal/{token} where the supplier, without an account, accepts or rejects the order or proposes per-line quantity, unit cost and date changes with a note. Only for a submitted or partially received order. A new link replaces the previous one.',
    graphql: /* GraphQL */ `
      mutation CreateSupplierPortalLink($purchaseOrderId: Int!, $input: SupplierPortalLinkInput) {
        createSupplierPortalLink(purchaseOrderId: $purchaseOrderId, input: $input) { url expiresAt }
      }`,
    pathParams: { purchaseOrderId: 'purchaseOrderId' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: `${orderPath}/portal-link`,
    operationId: 'revokeSupplierPortalLink',
    tag: 'Supplier portal',
    summary: 'Revoke the supplier portal link',
    description: 'Answers {data: {purchase_order_id, revoked: true}}; the link then shows a page saying it was withdrawn.',
    graphql: /* GraphQL */ `mutation RevokeSupplierPortalLink($purchaseOrderId: Int!) { revokeSupplierPortalLink(purchaseOrderId: $purchaseOrderId) { purchaseOrderId revoked } }`,
    pathParams: { purchaseOrderId: 'purchaseOrderId' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${orderPath}/supplier-response/accept`,
    operationId: 'acceptSupplierResponse',
    tag: 'Supplier portal',
    summary: "Accept the supplier's proposed changes",
    description: "No body. Applies the proposed quantities, unit costs and dates to a submitted order and recomputes its totals; supplier_response gets applied_at. No proposal, or applied already: 422.",
    graphql: /* GraphQL */ `
      mutation AcceptSupplierResponse($purchaseOrderId: Int!) { acceptSupplierResponse(purchaseOrderId: $purchaseOrderId) { ...PurchaseOrderFields } }
      ${ORDER_FIELDS}`,
    pathParams: { purchaseOrderId: 'purchaseOrderId' },
    envelope: 'data',
  },
];
