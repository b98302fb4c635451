// The pricing area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/pricing/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as priceLists from './price-lists.js';
export { PRICE_LIST_FILTERS } from './price-lists.js';
export { quotePrice, quotePrices } from './price-quote.js';
export type { PriceQuoteResult } from './price-quote.js';
