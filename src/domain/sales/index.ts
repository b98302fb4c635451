// The sales area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/sales/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { checkAddress, isCountryCode } from './address.js';
export type { Address, AddressInput } from './address.js';
export { allocateArrivals } from './allocation.js';
export { CHANNEL_EXTERNAL_IDS, CHANNEL_FLAGS, CHANNEL_LIST_DOCUMENTS, CHANNEL_OBJECT_DOCUMENTS, CHANNEL_TEXT_LIMITS, CHANNEL_TYPES } from './channel-input.js';
export { unlockedChannel } from './channel-lock.js';
export * as channels from './channels.js';
export { unlockChannel } from './channels.js';
export * as contacts from './contacts.js';
export { CONTACT_FILTERS } from './contacts.js';
export * as customers from './customers.js';
export { CUSTOMER_COMPANY_FILTERS } from './customers.js';
export { OPEN_ORDER_STATUSES, demandKey, kitComponents, lineAllocated, lineDemands } from './demand.js';
export {
  LINE_ALLOCATION_SELECT,
  allocatedInLineUnit,
  allocatedInLineUnitSql,
  allocationsByWarehouseSql,
  backorderedInLineUnit,
  backorderedInLineUnitSql,
  LINE_SHARED_SQL,
  shippedInLineUnitSql,
} from './line-quantities.js';
export type { LineFacts } from './line-quantities.js';
export { receiveChannelOrder, receiveChannelOrderIn } from './order-intake.js';
export type { IntakeOutcome, PurgatoryReason } from './order-intake.js';
export * as purgatory from './purgatory.js';
export { PURGATORY_FILTERS } from './purgatory.js';
export * as salesOrderTransitions from './sales-order-transitions.js';
export * as salesOrders from './sales-orders.js';
export { SALES_ORDER_FILTERS, SALES_ORDER_STATUSES, claimOrder, getSalesOrder } from './sales-orders.js';
