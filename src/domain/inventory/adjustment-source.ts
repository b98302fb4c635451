// The source type an adjustment's movements carry in the ledger. Its own module so that modules adjustments.ts
// imports can name it without importing adjustments.ts back (an import cycle that only works while the constant
// is read lazily).
export const ADJUSTMENT_SOURCE = 'ADJUSTMENT';
