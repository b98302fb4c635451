// What settles a bill: payments and applied prepayments (amountPaid), applied vendor credits (amountCredited).
// Every change goes through settleBill, inside the caller's transaction: the conditional increment takes the
// bill's row lock, so concurrent payments and applications of one bill serialise, and the balance is checked
// after the change — a change that would take it below zero rolls back the whole transaction.
import type { Bill } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';

export const BILL_STATUSES = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
/** Approved and not void: the states in which a bill is owed and can be settled. */
export const SETTLEABLE_BILL_STATUSES: BillStatus[] = ['open', 'partially_paid', 'paid'];

export function balanceDue(bill: Pick<Bill, 'total' | 'amountPaid' | 'amountCredited'>): Decimal {
  return bill.total.minus(bill.amountPaid).minus(bill.amountCredited);
}

/** balanceDue as SQL over a bill row (`bill`), for answers PostgreSQL writes whole. */
export const balanceDueSql = (bill: string) => `(${bill}.total - ${bill}."amountPaid" - ${bill}."amountCredited")`;

/** The status that follows from what settled the bill (for an approved, not voided bill). */
export function settledStatus(bill: Pick<Bill, 'total' | 'amountPaid' | 'amountCredited'>): BillStatus {
  if (balanceDue(bill).lte(0)) return 'paid';
  return bill.amountPaid.plus(bill.amountCredited).gt(0) ? 'partially_paid' : 'open';
}

/**
 * Adds to (or, negative, takes back from) what paid or credited a bill, and sets its status. `field` names
 * the input field for the 422s: a bill that is missing, a draft or void, or whose balance the change would
 * take below zero (or what was settled below zero).
 */
export async function settleBill(
  tx: TenantTx,
  billId: number,
  change: { paid?: Decimal; credited?: Decimal },
  field: string,
): Promise<Bill> {
  const paid = change.paid ?? ZERO;
  const credited = change.credited ?? ZERO;
  const claimed = await tx.bill.updateMany({
    where: { id: billId, status: { in: SETTLEABLE_BILL_STATUSES } },
    data: { amountPaid: { increment: paid }, amountCredited: { increment: credited } },
  });
  const bill = await tx.bill.findUnique({ where: byId(billId) });
  if (!bill) {
    if (field === '') throw new NotFoundError('Bill', billId);
    throw new ValidationError({ [field]: [`Bill ${billId} does not exist.`] });
  }
  if (claimed.count === 0) {
    throw new ValidationError({ [field || 'status']: [`Bill ${bill.billNumber} is ${bill.status}; only an approved bill that is not void can be settled.`] });
  }
  const balance = balanceDue(bill);
  if (balance.lt(0)) {
    const before = balance.plus(paid).plus(credited);
    throw new ValidationError({
      [field || 'amount']: [`The amount ${paid.plus(credited).toString()} is more than the balance due of bill ${bill.billNumber} (${before.toString()} ${bill.currency}).`],
    });
  }
  if (bill.amountPaid.lt(0) || bill.amountCredited.lt(0)) throw new Error(`Bill ${bill.id} would be settled below zero.`);
  const status = settledStatus(bill);
  if (status === bill.status) return bill;
  return tx.bill.update({ where: byId(billId), data: { status } });
}
