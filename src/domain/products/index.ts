// The products area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/products/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { kitItemTotal, kitItemTotalSql } from './kit-items.js';
export { PRODUCT_FILTERS } from './product-filters.js';
export {
  LOT_DEDUCTION_STRATEGIES,
  PRODUCT_DIMENSION_FIELDS,
  PRODUCT_FLAG_FIELDS,
  PRODUCT_PRICE_FIELDS,
  PRODUCT_TEXT_FIELDS,
  PRODUCT_TYPES,
} from './product-input.js';
export type { LotDeductionStrategy, ProductInput, ProductType } from './product-input.js';
export { resolveProductLines } from './product-lines.js';
export { productPageJson } from './product-page-json.js';
export { namedBySku } from './product-skus.js';
export * as products from './products.js';
export { ACTIVE } from './products.js';
export { WEIGHT_GROUPS, WEIGHT_UNITS, normalizeWeightEntries, weightTotals } from './weights.js';
export type { WeightEntry } from './weights.js';
