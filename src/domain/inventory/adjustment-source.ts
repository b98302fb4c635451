// The source type an adjustment's movements carry in the ledger. Its own module so that the adjustment's SQL
// catalogue (adjustment-json-types.ts), which adjustments.ts uses, can name it without importing adjustments.ts
// back (an import cycle that only works while the constant is read lazily).
export const ADJUSTMENT_SOURCE = 'ADJUSTMENT';
