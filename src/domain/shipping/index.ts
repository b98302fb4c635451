// The shipping area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/shipping/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as printStations from './print-stations.js';
export type { RateQuote, ServiceOffer } from './providers/provider.js';
export * as rateTables from './rate-tables.js';
export type { Bracket, Zone } from './rate-tables.js';
export * as shipping from './shipping.js';
