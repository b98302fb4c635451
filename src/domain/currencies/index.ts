// The currencies area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/currencies/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as exchangeRates from './exchange-rates.js';
export { RATE_DECIMAL, effectiveRate } from './exchange-rates.js';
export type { Conversion } from './exchange-rates.js';
export { checkMoney, shareOut } from './money.js';
export { rateToBase } from './rate-to-base.js';
export { fetchReferenceRates, storeCompanyReferenceRates, storeReferenceRates } from './rates-feed.js';
