// Approving and voiding bills. Approval re-runs the three-way match (receipts may have changed since the
// draft was written) with the purchase order claimed, so two bills of one order approved at once match in
// turn and cannot both take the same received quantity; a mismatched bill is refused unless the approver
// accepts the variance. A void is only possible while nothing paid, credited or was allocated from it.
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { matchBillLines } from './bill-lines.js';

export async function approveBill(db: TenantDb, id: number, input: { acceptVariance?: boolean | null }, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.bill.updateMany({ where: { id, status: 'draft' }, data: { status: 'open', approvedAt: new Date() } });
    const bill = await tx.bill.findUnique({ where: byId(id), include: { lines: { orderBy: { position: 'asc' } } } });
    if (!bill) throw new NotFoundError('Bill', id);
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a draft bill can be approved; this one is ${bill.status}.`] });
    if (bill.purchaseOrderId != null) await tx.purchaseOrder.updateMany({ where: { id: bill.purchaseOrderId }, data: { updatedAt: new Date() } });

    const match = await matchBillLines(tx, bill.id, bill.lines);
    for (const [index, line] of bill.lines.entries()) {
      const fresh = match.lines[index]!;
      const same =
        fresh.matchStatus === line.matchStatus &&
        String(fresh.matchedQuantity) === String(line.matchedQuantity) &&
        String(fresh.orderedUnitPrice) === String(line.orderedUnitPrice);
      if (!same) await tx.billLine.update({ where: byId(line.id), data: fresh });
    }
    if (match.matchStatus !== 'matched' && input.acceptVariance !== true) {
      const lines = bill.lines.map((line, index) => ({ line, match: match.lines[index]! })).filter(({ match: m }) => m.matchStatus !== 'matched');
      const detail = lines
        .map(({ line, match: m }) =>
          m.matchStatus === 'quantity_mismatch'
            ? `line ${line.position + 1} bills ${line.quantity} where ${m.matchedQuantity} was received and not yet billed`
            : `line ${line.position + 1} bills at ${line.unitPrice} where the order says ${m.orderedUnitPrice}`,
        )
        .join('; ');
      throw new ValidationError({ acceptVariance: [`The bill does not match its purchase order (${match.matchStatus}): ${detail}. Approve with accept_variance true to accept it.`] });
    }
    await tx.bill.update({ where: byId(id), data: { matchStatus: match.matchStatus, varianceAccepted: match.matchStatus !== 'matched' } });
    return readAnswer(tx, id, query, (q) => tx.bill.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function voidBill(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.bill.updateMany({
      where: { id, status: { in: ['draft', 'open'] }, amountPaid: 0, amountCredited: 0 },
      data: { status: 'void', voidedAt: new Date() },
    });
    const bill = await tx.bill.findUnique({ where: byId(id), include: { _count: { select: { allocations: true } } } });
    if (!bill) throw new NotFoundError('Bill', id);
    if (claimed.count === 0) {
      const why = bill.status === 'void' ? 'it is void already' : `it is ${bill.status}: payments or credits settle it (${bill.amountPaid.plus(bill.amountCredited)} ${bill.currency})`;
      throw new ValidationError({ status: [`Bill ${bill.billNumber} cannot be voided: ${why}.`] });
    }
    if (bill._count.allocations > 0) {
      throw new ValidationError({ status: [`Bill ${bill.billNumber} cannot be voided: ${bill._count.allocations} allocation(s) made it landed cost of receipts; delete them first.`] });
    }
    return readAnswer(tx, id, query, (q) => tx.bill.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}
