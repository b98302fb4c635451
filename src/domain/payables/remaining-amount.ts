// What is left to apply of a source applied to bills (a vendor credit, a prepayment): its amount less what its
// applications took. The same rule as SQL for answers PostgreSQL writes whole (src/graphql/shared/compiled-records.ts).
import type { Decimal } from '../shared/decimal.js';

/** amount − amount_applied. */
export const remainingAmount = (source: { amount: Decimal; amountApplied: Decimal }): Decimal => source.amount.minus(source.amountApplied);

/** remainingAmount as SQL over a credit or prepayment row (`source`). */
export const remainingAmountSql = (source: string) => `(${source}.amount - ${source}."amountApplied")`;
