// Vendor credits: what a supplier owes back (a credit note, or the value of a vendor return), in its
// currency with the rate to the base currency on the credit date, and its applications to the supplier's
// bills. An application claims part of the credit with a conditional update (never more than is left, even
// when two run at once) and settles the bill through settleBill; removing one gives both back.
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

export interface VendorCreditInput {
  supplierId?: number | null;
  amount?: Decimal | null;
  currency?: string | null;
  creditDate?: string | null;
  reason?: string | null;
}

export interface VendorCreditListArgs extends PageArgs {
  sort?: string | null;
  supplierId?: number | null;
  currency?: string | null;
  /** true: something is left to apply; false: fully applied. */
  open?: boolean | null;
}

const SORTABLE = { id: 'id', credit_date: 'creditDate', amount: 'amount', created_at: 'createdAt' };

export async function listVendorCredits(db: TenantDb, args: VendorCreditListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  checkCurrencyCode(errors, 'currency', args.currency);
  errors.throwIfAny();
  const amount = db.vendorCredit.fields.amount;
  const where: Prisma.VendorCreditWhereInput = {
    ...(args.supplierId != null ? { supplierId: args.supplierId } : {}),
    ...(args.currency ? { currency: args.currency } : {}),
    ...(args.open == null ? {} : { amountApplied: args.open ? { lt: amount } : { gte: amount } }),
  };
  return listPage(db, 'vendorCredit', query, { where, orderBy, window });
}

export async function getVendorCredit(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const credit = await db.vendorCredit.findUnique({ ...query, where: byId(id) });
  if (!credit) throw new NotFoundError('Vendor credit', id);
  return credit;
}

export async function createVendorCredit(db: TenantDb, input: VendorCreditInput, query: AnswerQuery = {}) {
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
    const creditDate = input.creditDate == null ? null : checkDateOnly(errors, 'creditDate', input.creditDate);
    if (input.creditDate == null) errors.add('creditDate', 'The credit date field is required.');
    checkMaxLength(errors, 'reason', input.reason, 255);
    errors.throwIfAny();
    return recordVendorCredit(
      tx,
      { supplierId: input.supplierId!, amount: input.amount!, currency: input.currency!, creditDate: creditDate!, reason: input.reason ?? null, vendorReturnId: null },
      query,
    );
  });
}

/**
 * Writes a checked vendor credit with its rate to the base currency on the credit date (422 on currency
 * when no rate leads there). Vendor returns credit their value through it too.
 */
export async function recordVendorCredit(
  tx: TenantTx,
  credit: { supplierId: number; amount: Decimal; currency: string; creditDate: Date; reason: string | null; vendorReturnId: number | null },
  query: AnswerQuery = {},
) {
  const errors = new FieldErrorCollector();
  const { baseCurrency } = await currentCompany(tx);
  const exchangeRate = await rateToBase(tx, errors, 'currency', credit.currency, baseCurrency, credit.creditDate, 'the credit date');
  errors.throwIfAny();
  const created = await tx.vendorCredit.create({ data: { ...credit, exchangeRate: exchangeRate! } as Prisma.VendorCreditUncheckedCreateInput });
  return readAnswer(tx, created.id, query, (q) => tx.vendorCredit.findUniqueOrThrow({ ...q, where: byId(created.id) }));
}

/** Applies part of a credit to a bill of the same supplier and currency; the bill's amountCredited grows. */
export async function applyVendorCredit(db: TenantDb, creditId: number, input: BillApplicationInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const credit = await getVendorCredit(tx, creditId);
    const { billId, amount } = await checkBillApplication(tx, input, {
      label: `vendor credit ${credit.id}`,
      supplierId: credit.supplierId,
      currency: credit.currency,
      remaining: remainingAmount(credit),
    });
    // Conditional on what is still left, under the row lock: a concurrent application that got there first
    // makes this one match nothing.
    const claimed = await tx.vendorCredit.updateMany({
      where: { id: creditId, amountApplied: { lte: credit.amount.minus(amount) } },
      data: { amountApplied: { increment: amount } },
    });
    if (claimed.count === 0) {
      const now = await getVendorCredit(tx, creditId);
      throw new ValidationError({ amount: [`The amount ${amount.toString()} is more than what is left of vendor credit ${creditId} (${remainingAmount(now).toString()} ${now.currency}).`] });
    }
    await settleBill(tx, billId, { credited: amount }, 'amount');
    const application = await tx.vendorCreditApplication.create({
      data: { vendorCreditId: creditId, billId, amount } as Prisma.VendorCreditApplicationUncheckedCreateInput,
      select: { id: true },
    });
    return readAnswer(tx, application.id, query, (q) => tx.vendorCreditApplication.findUniqueOrThrow({ ...q, where: byId(application.id) }));
  });
}

/** Takes one application back: the credit's remaining amount and the bill's balance due grow again. */
export async function deleteVendorCreditApplication(db: TenantDb, creditId: number, applicationId: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getVendorCredit(tx, creditId);
    const application = await tx.vendorCreditApplication.findFirst({ where: { id: applicationId, vendorCreditId: creditId } });
    // The delete takes the row lock: of two concurrent removals only one deletes, the other finds nothing.
    const removed = application ? await tx.vendorCreditApplication.deleteMany({ where: { id: applicationId, vendorCreditId: creditId } }) : { count: 0 };
    if (!application || removed.count === 0) throw new NotFoundError(`Application ${applicationId} of vendor credit ${creditId}`);
    await tx.vendorCredit.update({ where: byId(creditId), data: { amountApplied: { decrement: application.amount } } });
    await settleBill(tx, application.billId, { credited: application.amount.negated() }, '');
    return readAnswer(tx, creditId, query, (q) => tx.vendorCredit.findUniqueOrThrow({ ...q, where: byId(creditId) }));
  });
}
