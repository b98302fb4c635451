// The locations area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/locations/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as locations from './locations.js';
