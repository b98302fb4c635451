// The integrations area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/integrations/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as mappings from './mappings.js';
