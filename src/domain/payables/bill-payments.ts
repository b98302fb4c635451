// Recording a payment of a bill (the service pays nobody: it records what was paid). A payment of a bill of a
// purchase order also settles that order's payment obligations, earliest due first (those without a due
// date last): their paid amounts and statuses follow. The order is claimed first, so two payments of bills
// of one order settle the obligations one after the other.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { checkMoney } from '../currencies/index.js';
import { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkDateOnly, checkMaxLength } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { settleBill } from './bill-balance.js';

export interface BillPaymentInput {
  amount?: Decimal | null;
  paidAt?: string | null;
  method?: string | null;
  reference?: string | null;
}

export async function recordBillPayment(db: TenantDb, billId: number, input: BillPaymentInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const bill = await tx.bill.findUnique({ where: byId(billId), select: { id: true, currency: true, purchaseOrderId: true } });
    if (!bill) throw new NotFoundError('Bill', billId);
    const errors = new FieldErrorCollector();
    if (input.amount == null) errors.add('amount', 'The amount field is required.');
    else if (input.amount.lte(0)) errors.add('amount', 'The amount must be greater than 0.');
    else checkMoney(errors, 'amount', input.amount, bill.currency);
    if (input.paidAt == null) errors.add('paidAt', 'The paid at field is required.');
    const paidAt = input.paidAt == null ? null : checkDateOnly(errors, 'paidAt', input.paidAt);
    checkMaxLength(errors, 'method', input.method, 32);
    checkMaxLength(errors, 'reference', input.reference, 255);
    errors.throwIfAny();

    if (bill.purchaseOrderId != null) await tx.purchaseOrder.updateMany({ where: { id: bill.purchaseOrderId }, data: { updatedAt: new Date() } });
    await settleBill(tx, billId, { paid: input.amount! }, 'amount');
    const payment = await tx.billPayment.create({
      data: { billId, amount: input.amount!, paidAt: paidAt!, method: input.method ?? null, reference: input.reference ?? null } as Prisma.BillPaymentUncheckedCreateInput,
    });
    if (bill.purchaseOrderId != null) await settleObligations(tx, bill.purchaseOrderId, input.amount!);
    return readAnswer(tx, payment.id, query, (q) => tx.billPayment.findUniqueOrThrow({ ...q, where: byId(payment.id) }));
  });
}

/** Spreads a payment over the order's open obligations, earliest due first; what is left over settles nothing. */
async function settleObligations(tx: TenantTx, purchaseOrderId: number, amount: Decimal): Promise<void> {
  const open = await tx.paymentObligation.findMany({
    where: { purchaseOrderId, status: { in: ['open', 'partially_paid'] } },
    orderBy: [{ dueDate: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }],
  });
  let left = amount;
  for (const obligation of open) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, obligation.amount.minus(obligation.paidAmount));
    if (take.lte(0)) continue;
    const paidAmount = obligation.paidAmount.plus(take);
    await tx.paymentObligation.update({
      where: byId(obligation.id),
      data: { paidAmount, status: paidAmount.gte(obligation.amount) ? 'paid' : 'partially_paid' },
    });
    left = left.minus(take);
  }
}

