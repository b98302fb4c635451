// A freight, duty or brokerage bill made landed cost of received goods. The allocated amount (in the bill's
// currency, at the bill's rate in base currency) is spread over the receipt's lines and booked through the
// same landed-cost functions as a late landed cost of purchasing: open FIFO layers take the added cost, the
// part already issued becomes cost adjustments. Each allocation keeps the share every line took, so deleting
// it books exactly those shares back. The allocations of a bill never exceed its total: the bill is claimed
// first, so concurrent allocations are summed one after the other.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { checkMoney } from '../currencies/index.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { checkSharesFit, LANDED_COST_ALLOCATIONS, RECEIPT_LINES_FOR_SPREAD, revalueReceiptLines, spreadShares, type LandedCostAllocation } from '../purchasing/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { currentCompany } from '../tenancy/index.js';
import { SETTLEABLE_BILL_STATUSES } from './bill-balance.js';

export const BILL_ALLOCATION_SOURCE = 'BILL_ALLOCATION';

export interface BillAllocationInput {
  receivingReportId?: number | null;
  amount?: Decimal | null;
  allocation?: LandedCostAllocation | null;
}

interface StoredShare {
  lineId: number;
  share: string;
}

// A stored share's values in SQL, of an element of the allocation's lineShares (storedArrayElements, as `share`).
export const shareLineIdSql = (share: string) => `(${share}.share ->> 'lineId')::int`;
export const shareAmountSql = (share: string) => `(${share}.share ->> 'share')::numeric`;

export async function listBillAllocations(db: TenantDb, billId: number, query: PassThroughQuery = {}) {
  const bill = await db.bill.findUnique({ where: byId(billId), select: { id: true } });
  if (!bill) throw new NotFoundError('Bill', billId);
  return db.billAllocation.findMany({ ...query, where: { billId }, orderBy: { id: 'asc' } });
}

export async function createBillAllocation(db: TenantDb, billId: number, input: BillAllocationInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const bill = await claimBill(tx, billId);
    const errors = new FieldErrorCollector();
    if (input.receivingReportId == null) errors.add('receivingReportId', 'The receiving report id field is required.');
    if (input.amount == null) errors.add('amount', 'The amount field is required.');
    else if (input.amount.lte(0)) errors.add('amount', 'The amount must be greater than 0.');
    else checkMoney(errors, 'amount', input.amount, bill.currency);
    if (input.allocation == null) errors.add('allocation', `The allocation field is required: ${LANDED_COST_ALLOCATIONS.join(', ')}.`);
    else if (!(LANDED_COST_ALLOCATIONS as readonly string[]).includes(input.allocation)) errors.add('allocation', `The allocation must be one of ${LANDED_COST_ALLOCATIONS.join(', ')}.`);
    const claimedReport = input.receivingReportId == null ? 0 : (await tx.receivingReport.updateMany({ where: { id: input.receivingReportId, status: 'posted' }, data: { updatedAt: new Date() } })).count;
    const report = input.receivingReportId == null ? null : await tx.receivingReport.findUnique({ where: byId(input.receivingReportId), include: { lines: RECEIPT_LINES_FOR_SPREAD } });
    if (input.receivingReportId != null) {
      if (!report) errors.add('receivingReportId', `Receiving report ${input.receivingReportId} does not exist.`);
      else if (claimedReport === 0) errors.add('receivingReportId', `Receiving report ${report.reportNumber} is ${report.status}; it takes no more costs.`);
    }
    if (input.amount && !errors.errors.amount) {
      const allocated = await tx.billAllocation.aggregate({ where: { billId }, _sum: { amount: true } });
      const already = new Decimal(allocated._sum.amount ?? 0);
      if (already.plus(input.amount).gt(bill.total)) {
        errors.add('amount', `The allocations of bill ${bill.billNumber} would come to ${already.plus(input.amount)} ${bill.currency}, more than its total of ${bill.total}.`);
      }
    }
    errors.throwIfAny();

    const { baseCurrency } = await currentCompany(tx);
    const amountBase = roundToCurrency(input.amount!.mul(bill.exchangeRate), baseCurrency);
    const lines = report!.lines;
    const shares = spreadShares(lines, amountBase, input.allocation!, baseCurrency);
    checkSharesFit(errors, 'amount', 'The amount', lines, shares);
    errors.throwIfAny();
    const lineShares: StoredShare[] = lines.map((line, index) => ({ lineId: line.id, share: shares[index]!.toString() }));
    const created = await tx.billAllocation.create({
      data: {
        billId,
        receivingReportId: report!.id,
        amount: input.amount!,
        amountBase,
        allocation: input.allocation!,
        lineShares: lineShares as unknown as Prisma.InputJsonValue,
      } as Prisma.BillAllocationUncheckedCreateInput,
    });
    const issued = await revalueReceiptLines(tx, lines, shares, { sourceType: BILL_ALLOCATION_SOURCE, sourceId: created.id });
    await tx.billAllocation.update({ where: byId(created.id), data: { issuedAmountBase: issued } });
    return readAnswer(tx, created.id, query, (q) => tx.billAllocation.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

/** Books back exactly the shares the allocation booked, then deletes it; answers with the deleted allocation. */
export async function deleteBillAllocation(db: TenantDb, billId: number, allocationId: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await claimBill(tx, billId);
    const found = await tx.billAllocation.findFirst({ where: { id: allocationId, billId }, select: { id: true } });
    if (!found) throw new NotFoundError('Bill allocation', allocationId);
    // The answer is the allocation as it was, read before it is booked back and deleted.
    const allocation = await readAnswer(tx, allocationId, query, (q) => tx.billAllocation.findUniqueOrThrow({ ...q, where: byId(allocationId) }));
    const stored = await tx.billAllocation.findUniqueOrThrow({ where: byId(allocationId) });
    await tx.receivingReport.updateMany({ where: { id: stored.receivingReportId }, data: { updatedAt: new Date() } });
    const lineShares = stored.lineShares as unknown as StoredShare[];
    const lines = await tx.receivingReportLine.findMany({ where: { id: { in: lineShares.map((s) => s.lineId) } }, ...RECEIPT_LINES_FOR_SPREAD });
    const shareOf = new Map(lineShares.map((s) => [s.lineId, new Decimal(s.share).negated()]));
    await revalueReceiptLines(tx, lines, lines.map((line) => shareOf.get(line.id) ?? ZERO), { sourceType: BILL_ALLOCATION_SOURCE, sourceId: allocationId });
    await tx.billAllocation.delete({ where: byId(allocationId) });
    return allocation;
  });
}

/** Claims an approved, not void bill (its row lock serialises allocations, payments and a void). */
async function claimBill(tx: TenantTx, billId: number) {
  const claimed = await tx.bill.updateMany({ where: { id: billId, status: { in: SETTLEABLE_BILL_STATUSES } }, data: { updatedAt: new Date() } });
  const bill = await tx.bill.findUnique({ where: byId(billId) });
  if (!bill) throw new NotFoundError('Bill', billId);
  if (claimed.count === 0) throw new ValidationError({ status: [`Bill ${bill.billNumber} is ${bill.status}; only an approved bill that is not void is allocated.`] });
  return bill;
}
