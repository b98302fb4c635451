// The production area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/production/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { runTotalOf } from './batch-work-orders.js';
export { consumptionReport } from './consumption-report.js';
export type { ConsumptionRow } from './consumption-report.js';
export * as productionBatches from './production-batches.js';
export { PRODUCTION_BATCH_FILTERS, productionRunTotal } from './production-batches.js';
