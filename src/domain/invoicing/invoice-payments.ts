// Recording a payment of an invoice (the service collects nothing: it records what the customer paid). The
// conditional increment of amountPaid takes the invoice's row lock, so concurrent payments of one invoice
// run one after the other; a payment that would take the balance below zero rolls the whole transaction
// back. Fully paid → paid.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { checkMoney } from '../currencies/index.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDateOnly, checkMaxLength } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';

export interface InvoicePaymentInput {
  amount?: Decimal | null;
  paidAt?: string | null;
  reference?: string | null;
}

export async function recordInvoicePayment(db: TenantDb, invoiceId: number, input: InvoicePaymentInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const invoice = await tx.invoice.findUnique({ where: byId(invoiceId), select: { id: true, currency: true } });
    if (!invoice) throw new NotFoundError('Invoice', invoiceId);
    const errors = new FieldErrorCollector();
    if (input.amount == null) errors.add('amount', 'The amount field is required.');
    else if (input.amount.lte(0)) errors.add('amount', 'The amount must be greater than 0.');
    else checkMoney(errors, 'amount', input.amount, invoice.currency);
    if (input.paidAt == null) errors.add('paidAt', 'The paid at field is required.');
    const paidAt = input.paidAt == null ? null : checkDateOnly(errors, 'paidAt', input.paidAt);
    checkMaxLength(errors, 'reference', input.reference, 255);
    errors.throwIfAny();

    const amount = input.amount!;
    const claimed = await tx.invoice.updateMany({ where: { id: invoiceId, kind: 'invoice', status: 'open' }, data: { amountPaid: { increment: amount } } });
    const after = await tx.invoice.findUniqueOrThrow({ where: byId(invoiceId) });
    if (claimed.count === 0) {
      if (after.kind !== 'invoice') throw new ValidationError({ kind: [`${after.invoiceNumber} is a credit note; payments are recorded on invoices.`] });
      throw new ValidationError({ status: [`Only an open invoice can be paid; ${after.invoiceNumber} is ${after.status}.`] });
    }
    if (after.amountPaid.gt(after.total)) {
      const before = after.total.minus(after.amountPaid).plus(amount);
      throw new ValidationError({ amount: [`The amount ${amount.toString()} is more than the balance due of ${after.invoiceNumber} (${before.toString()} ${after.currency}).`] });
    }
    if (after.amountPaid.eq(after.total)) await tx.invoice.update({ where: byId(invoiceId), data: { status: 'paid' } });
    const payment = await tx.invoicePayment.create({
      data: { invoiceId, amount, paidAt: paidAt!, reference: input.reference ?? null } as Prisma.InvoicePaymentUncheckedCreateInput,
    });
    return readAnswer(tx, payment.id, query, (q) => tx.invoicePayment.findUniqueOrThrow({ ...q, where: byId(payment.id) }));
  });
}
