// The boms area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/boms/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { findReachedProduct } from './bom-cycles.js';
export type { ReachedTarget } from './bom-cycles.js';
export { CONSUMPTION_BASES, DEFAULT_CONSUMPTION_BASIS } from './bom-items.js';
export * as boms from './boms.js';
export { MAX_BOM_NAME } from './boms.js';
