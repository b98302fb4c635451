// Prepayments: money paid to a supplier ahead of a bill, in its currency with the rate to the base currency
// on the payment date, applied to the supplier's bills later. A prepayment made against a payment
// obligation of a purchase order counts as paid on it (paid amount and status). Applications claim part of
// the prepayment with a conditional update and settle the bill through settleBill (as paid).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { checkMoney, rateToBase } from '../currencies/index.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDateOnly, checkMaxLength } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { parseSort } from '../shared/sorting.js';
import { currentCompany } from '../tenancy/index.js';
import { settleBill } from './bill-balance.js';
import { checkBillApplication, type BillApplicationInput } from './bill-applications.js';
import { remainingAmount } from './remaining-amount.js';
import { listPage } from '../shared/list-page.js';

export { remainingAmount, remainingAmountSql } from './remaining-amount.js';

export interface PrepaymentInput {
  supplierId?: number | null;
  amount?: Decimal | null;
  currency?: string | null;
  paidAt?: string | null;
  purchaseOrderId?: number | null;
  paymentObligationId?: number | null;
  reference?: string | null;
}

export interface PrepaymentListArgs extends PageArgs {
  sort?: string | null;
  supplierId?: number | null;
  currency?: string | null;
  /** true: something is left to apply; false: fully applied. */
  open?: boolean | null;
}

const SORTABLE = { id: 'id', paid_at: 'paidAt', amount: 'amount', created_at: 'createdAt' };

export async function listPrepayments(db: TenantDb, args: PrepaymentListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  checkCurrencyCode(errors, 'currency', args.currency);
  errors.throwIfAny();
  const amount = db.prepayment.fields.amount;
  const where: Prisma.PrepaymentWhereInput = {
    ...(args.supplierId != null ? { supplierId: args.supplierId } : {}),
    ...(args.currency ? { currency: args.currency } : {}),
    ...(args.open == null ? {} : { amountApplied: args.open ? { lt: amount } : { gte: amount } }),
  };
  return listPage(db, 'prepayment', query, { where, orderBy, window });
}

export async function getPrepayment(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const prepayment = await db.prepayment.findUnique({ ...query, where: byId(id) });
  if (!prepayment) throw new NotFoundError('Prepayment', id);
  return prepayment;
}

export async function createPrepayment(db: TenantDb, input: PrepaymentInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    if (input.supplierId == null) errors.add('supplierId', 'The supplier id field is required.');
    else if (!(await tx.supplier.findUnique({ where: byId(input.supplierId), select: { id: true } }))) {
      errors.add('supplierId', `Supplier ${input.supplierId} does not exist.`);
    }
    if (input.currency == null) errors.add('currency', 'The currency field is required.');
    checkCurrencyCode(errors, 'currency', input.currency);
    if (input.amount == null) errors.add('amount', 'The amount field is required.');
    else if (!input.amount.gt(0)) errors.add('amount', 'The amount must be greater than 0.');
    else if (!errors.errors.currency) checkMoney(errors, 'amount', input.amount, input.currency!);
    if (input.paidAt == null) errors.add('paidAt', 'The paid at field is required.');
    const paidAt = input.paidAt == null ? null : checkDateOnly(errors, 'paidAt', input.paidAt);
    checkMaxLength(errors, 'reference', input.reference, 255);
    const purchaseOrderId = await checkOrderAndObligation(tx, input, errors);
    const { baseCurrency } = await currentCompany(tx);
    const exchangeRate = errors.empty ? await rateToBase(tx, errors, 'currency', input.currency!, baseCurrency, paidAt!, 'the payment date') : null;
    errors.throwIfAny();

    if (input.paymentObligationId != null) await payObligation(tx, purchaseOrderId!, input.paymentObligationId, input.amount!);
    const created = await tx.prepayment.create({
      data: {
        supplierId: input.supplierId!,
        amount: input.amount!,
        currency: input.currency!,
        exchangeRate: exchangeRate!,
        paidAt: paidAt!,
        purchaseOrderId,
        paymentObligationId: input.paymentObligationId ?? null,
        reference: input.reference ?? null,
      } as Prisma.PrepaymentUncheckedCreateInput,
    });
    return readAnswer(tx, created.id, query, (q) => tx.prepayment.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

/**
 * The order and obligation a prepayment is made against, checked: the supplier's order (not cancelled), and
 * an open obligation of it in the prepayment's currency with at least the amount still open. The order
 * defaults to the obligation's. Answers the order id (or null).
 */
async function checkOrderAndObligation(tx: TenantTx, input: PrepaymentInput, errors: FieldErrorCollector): Promise<number | null> {
  let purchaseOrderId = input.purchaseOrderId ?? null;
  if (purchaseOrderId != null) {
    const order = await tx.purchaseOrder.findUnique({ where: byId(purchaseOrderId), select: { poNumber: true, supplierId: true, status: true } });
    if (!order) errors.add('purchaseOrderId', `Purchase order ${purchaseOrderId} does not exist.`);
    else if (input.supplierId != null && order.supplierId !== input.supplierId) errors.add('purchaseOrderId', `Purchase order ${order.poNumber} is not an order of supplier ${input.supplierId}.`);
    else if (order.status === 'cancelled') errors.add('purchaseOrderId', `Purchase order ${order.poNumber} is cancelled.`);
  }
  if (input.paymentObligationId == null) return purchaseOrderId;
  const obligation = await tx.paymentObligation.findUnique({
    where: byId(input.paymentObligationId),
    include: { purchaseOrder: { select: { poNumber: true, supplierId: true } } },
  });
  const field = 'paymentObligationId';
  if (!obligation) {
    errors.add(field, `Payment obligation ${input.paymentObligationId} does not exist.`);
    return purchaseOrderId;
  }
  const open = obligation.amount.minus(obligation.paidAmount);
  if (input.supplierId != null && obligation.purchaseOrder.supplierId !== input.supplierId) {
    errors.add(field, `Payment obligation ${obligation.id} belongs to purchase order ${obligation.purchaseOrder.poNumber} of another supplier.`);
  } else if (purchaseOrderId != null && obligation.purchaseOrderId !== purchaseOrderId) {
    errors.add(field, `Payment obligation ${obligation.id} belongs to purchase order ${obligation.purchaseOrder.poNumber}, not to the order given.`);
  } else if (obligation.status === 'cancelled' || obligation.status === 'paid') {
    errors.add(field, `Payment obligation ${obligation.id} is ${obligation.status}.`);
  } else if (input.currency != null && obligation.currency !== input.currency) {
    errors.add(field, `Payment obligation ${obligation.id} is in ${obligation.currency}; the prepayment is in ${input.currency}.`);
  } else if (input.amount != null && input.amount.gt(open)) {
    errors.add('amount', `The amount ${input.amount.toString()} is more than the open amount of payment obligation ${obligation.id} (${open.toString()} ${obligation.currency}).`);
  }
  return purchaseOrderId ?? obligation.purchaseOrderId;
}

/** Counts the prepayment as paid on the obligation: its paid amount grows and its status follows. */
async function payObligation(tx: TenantTx, orderId: number, obligationId: number, amount: Decimal): Promise<void> {
  // Claim the order first, as generating the obligations does: a regeneration then either runs before
  // (and this sees the new obligations) or after (and keeps the one paid here).
  await tx.purchaseOrder.updateMany({ where: { id: orderId }, data: { updatedAt: new Date() } });
  const obligation = await tx.paymentObligation.findUnique({ where: byId(obligationId) });
  // Conditional on what is still open, under the row lock: two prepayments never pay more than the amount.
  const claimed = obligation
    ? await tx.paymentObligation.updateMany({
        where: { id: obligationId, status: { in: ['open', 'partially_paid'] }, paidAmount: { lte: obligation.amount.minus(amount) } },
        data: { paidAmount: { increment: amount } },
      })
    : { count: 0 };
  if (claimed.count === 0) {
    const open = obligation ? obligation.amount.minus(obligation.paidAmount) : null;
    throw new ValidationError({
      paymentObligationId: [open ? `Payment obligation ${obligationId} has ${open.toString()} open; the amount ${amount.toString()} is more.` : `Payment obligation ${obligationId} no longer exists.`],
    });
  }
  const paid = await tx.paymentObligation.findUniqueOrThrow({ where: byId(obligationId) });
  await tx.paymentObligation.update({ where: byId(obligationId), data: { status: paid.paidAmount.gte(paid.amount) ? 'paid' : 'partially_paid' } });
}

/** Applies part of a prepayment to a bill of the same supplier and currency; the bill's amountPaid grows. */
export async function applyPrepayment(db: TenantDb, prepaymentId: number, input: BillApplicationInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const prepayment = await getPrepayment(tx, prepaymentId);
    const { billId, amount } = await checkBillApplication(tx, input, {
      label: `prepayment ${prepayment.id}`,
      supplierId: prepayment.supplierId,
      currency: prepayment.currency,
      remaining: remainingAmount(prepayment),
    });
    // Conditional on what is still left, under the row lock: a concurrent application that got there first
    // makes this one match nothing.
    const claimed = await tx.prepayment.updateMany({
      where: { id: prepaymentId, amountApplied: { lte: prepayment.amount.minus(amount) } },
      data: { amountApplied: { increment: amount } },
    });
    if (claimed.count === 0) {
      const now = await getPrepayment(tx, prepaymentId);
      throw new ValidationError({ amount: [`The amount ${amount.toString()} is more than what is left of prepayment ${prepaymentId} (${remainingAmount(now).toString()} ${now.currency}).`] });
    }
    await settleBill(tx, billId, { paid: amount }, 'amount');
    const application = await tx.prepaymentApplication.create({
      data: { prepaymentId, billId, amount } as Prisma.PrepaymentApplicationUncheckedCreateInput,
      select: { id: true },
    });
    return readAnswer(tx, application.id, query, (q) => tx.prepaymentApplication.findUniqueOrThrow({ ...q, where: byId(application.id) }));
  });
}

/** Takes one application back: the prepayment's remaining amount and the bill's balance due grow again. */
export async function deletePrepaymentApplication(db: TenantDb, prepaymentId: number, applicationId: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getPrepayment(tx, prepaymentId);
    const application = await tx.prepaymentApplication.findFirst({ where: { id: applicationId, prepaymentId } });
    // The delete takes the row lock: of two concurrent removals only one deletes, the other finds nothing.
    const removed = application ? await tx.prepaymentApplication.deleteMany({ where: { id: applicationId, prepaymentId } }) : { count: 0 };
    if (!application || removed.count === 0) throw new NotFoundError(`Application ${applicationId} of prepayment ${prepaymentId}`);
    await tx.prepayment.update({ where: byId(prepaymentId), data: { amountApplied: { decrement: application.amount } } });
    await settleBill(tx, application.billId, { paid: application.amount.negated() }, '');
    return readAnswer(tx, prepaymentId, query, (q) => tx.prepayment.findUniqueOrThrow({ ...q, where: byId(prepaymentId) }));
  });
}
