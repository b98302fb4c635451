// The work-orders area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/work-orders/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as workOrderCompletions from './work-order-completions.js';
export type { ConsumedComponent } from './work-order-completions.js';
export * as workOrderSteps from './work-order-steps.js';
export * as workOrderTransitions from './work-order-transitions.js';
export * as workOrders from './work-orders.js';
export { WORK_ORDER_FILTERS, WORK_ORDER_STATUSES } from './work-orders.js';
