// Payment obligations of a purchase order, generated from its payment terms: a deposit of depositPercent of
// the total, due depositDueDays after the order date, and the balance, due balanceDueDays after the order
// date or after the first receipt (no due date until that receipt). Without terms, one obligation for the
// total, due on the order date. Amounts are rounded to the order's currency and the last obligation takes
// the remainder, so they add up to the total exactly. Regenerating replaces the obligations nothing was paid
// on and keeps the others; the new ones make up the rest of the total.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { shareOut } from '../currencies/index.js';
import { todayUtc } from '../shared/dates.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDateOnly } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import type { PassThroughQuery } from '../shared/pass-through-query.js';
import { parseSort } from '../shared/sorting.js';
import { addDays } from '../shared/dates.js';
import { listPage } from '../shared/list-page.js';

export const OBLIGATION_STATUSES = ['open', 'partially_paid', 'paid', 'cancelled'] as const;

interface StoredTerms {
  depositPercent: string;
  depositDueDays: number;
  balanceDueDays: number;
  balanceDueFrom: 'order' | 'receipt';
}

interface PlannedObligation {
  kind: 'deposit' | 'balance';
  description: string;
  dueDate: Date | null;
  share: Decimal;
}


export async function generatePaymentObligations(db: TenantDb, orderId: number) {
  return db.$transaction(async (tx) => {
    // The claim serialises two generations of one order (and a receipt, which claims the order too).
    const claimed = await tx.purchaseOrder.updateMany({ where: { id: orderId, status: { notIn: ['draft', 'cancelled'] } }, data: { updatedAt: new Date() } });
    const order = await tx.purchaseOrder.findUnique({ where: byId(orderId) });
    if (!order) throw new NotFoundError('Purchase order', orderId);
    if (claimed.count === 0) throw new ValidationError({ status: [`A ${order.status} purchase order has no payment obligations; submit it first.`] });
    const firstReceipt = await tx.receivingReport.findFirst({ where: { purchaseOrderId: orderId, status: 'posted' }, orderBy: { receivedAt: 'asc' } });
    const plan = planObligations(order.paymentTerms as unknown as StoredTerms | null, order.orderDate, firstReceipt?.receivedAt ?? null);

    const existing = await tx.paymentObligation.findMany({ where: { purchaseOrderId: orderId, status: { not: 'cancelled' } }, orderBy: { id: 'asc' } });
    const kept = existing.filter((obligation) => obligation.paidAmount.gt(0));
    await tx.paymentObligation.deleteMany({ where: { purchaseOrderId: orderId, paidAmount: 0 } });
    const keptKinds = new Set(kept.map((obligation) => obligation.kind));
    const fresh = plan.filter((planned) => !keptKinds.has(planned.kind));
    const rest = order.total.minus(kept.reduce((sum, obligation) => sum.plus(obligation.amount), ZERO));
    const amounts = shareOut(rest, fresh.map((planned) => planned.share), order.currency);
    const rows = fresh
      .map((planned, index) => ({
        purchaseOrderId: orderId,
        kind: planned.kind,
        description: planned.description,
        dueDate: planned.dueDate,
        amount: amounts[index]!,
        currency: order.currency,
      }))
      .filter((row) => !row.amount.isZero() || fresh.length === 1);
    if (rows.length) await tx.paymentObligation.createMany({ data: rows as Prisma.PaymentObligationCreateManyInput[] });
    const obligations = await tx.paymentObligation.findMany({ where: { purchaseOrderId: orderId }, orderBy: { id: 'asc' } });
    return { purchaseOrderId: orderId, total: order.total, currency: order.currency, obligations };
  });
}

function planObligations(terms: StoredTerms | null, orderDate: Date, firstReceipt: Date | null): PlannedObligation[] {
  if (!terms) return [{ kind: 'balance', description: 'Total of the order', dueDate: orderDate, share: new Decimal(1) }];
  const deposit = new Decimal(terms.depositPercent).div(100);
  const balanceFrom = terms.balanceDueFrom === 'receipt' ? firstReceipt : orderDate;
  const receiptDay = balanceFrom ? todayUtc(balanceFrom) : null;
  const planned: PlannedObligation[] = [];
  if (deposit.gt(0)) {
    planned.push({ kind: 'deposit', description: `Deposit of ${deposit.mul(100)} %`, dueDate: addDays(orderDate, terms.depositDueDays), share: deposit });
  }
  if (deposit.lt(1)) {
    planned.push({
      kind: 'balance',
      description: `Balance due ${terms.balanceDueDays} days after the ${terms.balanceDueFrom === 'receipt' ? 'first receipt' : 'order date'}`,
      dueDate: receiptDay ? addDays(receiptDay, terms.balanceDueDays) : null,
      share: new Decimal(1).minus(deposit),
    });
  }
  return planned;
}


export interface ObligationListArgs extends PageArgs {
  sort?: string | null;
  purchaseOrderId?: number | null;
  supplierId?: number | null;
  status?: string | null;
  /** YYYY-MM-DD: due on or before that date. */
  dueDate?: string | null;
}

const SORTABLE = { id: 'id', due_date: 'dueDate', amount: 'amount', created_at: 'createdAt' };

export async function listPaymentObligations(db: TenantDb, args: ObligationListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  if (args.status && !(OBLIGATION_STATUSES as readonly string[]).includes(args.status)) errors.add('status', `The status must be one of ${OBLIGATION_STATUSES.join(', ')}.`);
  const due = args.dueDate == null ? null : checkDateOnly(errors, 'dueDate', args.dueDate);
  errors.throwIfAny();
  const where: Prisma.PaymentObligationWhereInput = {
    ...(args.purchaseOrderId != null ? { purchaseOrderId: args.purchaseOrderId } : {}),
    ...(args.supplierId != null ? { purchaseOrder: { supplierId: args.supplierId } } : {}),
    ...(args.status ? { status: args.status } : {}),
    ...(due ? { dueDate: { lte: due } } : {}),
  };
  return listPage(db, 'paymentObligation', query, { where, orderBy, window });
}
