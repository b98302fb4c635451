// The units area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/units/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as conversionRules from './conversion-rules.js';
export { toProductBaseQuantities } from './conversion.js';
export * as unitClasses from './unit-classes.js';
export * as unitsOfMeasure from './units-of-measure.js';
