// The purchasing area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/purchasing/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as deals from './deals.js';
export { orderDealsSql } from './deals.js';
export { nextDocumentNumber } from './document-numbers.js';
export { pushInboundShipment } from './inbound-push.js';
export type { InboundSyncResult } from './inbound-push.js';
export {
  LANDED_COST_ALLOCATIONS,
  RECEIPT_LINES_FOR_SPREAD,
  checkSharesFit,
  revalueReceiptLines,
  spreadShares,
} from './landed-cost-spread.js';
export type { LandedCostAllocation } from './landed-cost-spread.js';
export * as paymentObligations from './payment-obligations.js';
export { lineAmounts, openQuantity, openQuantitySql } from './purchase-order-lines.js';
export * as purchaseOrderTransitions from './purchase-order-transitions.js';
export * as purchaseOrders from './purchase-orders.js';
export {
  BALANCE_DUE_FROM,
  PURCHASE_ORDER_FILTERS,
  PURCHASE_ORDER_STATUSES,
  getPurchaseOrder,
  storedDepositPercentSql,
  storedPaymentTermsSql,
} from './purchase-orders.js';
export * as receiving from './receiving.js';
export { costAdjustmentsOf, costAdjustmentsSql } from './receiving.js';
export * as supplierPortal from './supplier-portal.js';
export { answerThroughPortal, portalOrder, supplierResponseView, supplierResponseViewSql } from './supplier-portal.js';
export type { PortalAnswer, PortalRefusal } from './supplier-portal.js';
