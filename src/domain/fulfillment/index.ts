// The fulfillment area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/fulfillment/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { billableLinesOf, shipmentBillableLines } from './billable-lines.js';
export type { BillableLine } from './billable-lines.js';
export * as fulfillmentOrders from './fulfillment-orders.js';
export {
  FULFILLMENT_ORDER_FILTERS,
  FULFILLMENT_ORDER_STATUSES,
  addToFulfillmentOrders,
  cancelFulfillmentOfOrders,
} from './fulfillment-orders.js';
export * as labelData from './labels/label-data.js';
export { shipmentLabels } from './labels/label-data.js';
export * as packages from './packages.js';
export { PACKING_ORDER } from './packages.js';
export type { PackageInput, PackageItemInput } from './packages.js';
export { packingSlipFileName, renderPackingSlipPdf } from './packing-slip-pdf.js';
export { pickItem } from './picklist-items.js';
export * as picklistTransitions from './picklist-transitions.js';
export * as picklists from './picklists.js';
export { PICKLIST_FILTERS, PICKLIST_STATUSES } from './picklists.js';
export { shipmentEvent } from './shipment-events.js';
export { shipShipment } from './shipment-ship.js';
export * as shipments from './shipments.js';
export { SHIPMENT_STATUSES, SHIPMENT_FILTERS } from './shipments.js';
export { gs1PrefixProblem } from './sscc.js';
