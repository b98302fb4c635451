// The cycle-counts area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/cycle-counts/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { countSheet, countSheetCsv, importCountSheet } from './count-sheet.js';
export type { CountSheet, CountSheetRow } from './count-sheet.js';
export * as cycleCountBatches from './cycle-count-batches.js';
export { recordCounts } from './cycle-count-counting.js';
export * as cycleCountSessions from './cycle-count-sessions.js';
export { SESSION_FILTERS } from './cycle-count-sessions.js';
export * as cycleCountTransitions from './cycle-count-transitions.js';
