// What applying a vendor credit or a prepayment to a bill has in common: the checks of {billId, amount}
// against the source (same supplier and currency, at most what is left of it and of the bill). The checks
// read without locks and give clear 422s; the source's conditional claim and settleBill (bill-balance.ts)
// are what keep concurrent applications from over-applying.
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { checkMoney } from '../currencies/index.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { balanceDue, SETTLEABLE_BILL_STATUSES, type BillStatus } from './bill-balance.js';

export interface BillApplicationInput {
  billId?: number | null;
  amount?: Decimal | null;
}

export interface ApplicationSource {
  /** "Vendor credit 4", "Prepayment 2": for messages. */
  label: string;
  supplierId: number;
  currency: string;
  remaining: Decimal;
}

/** The bill and amount of a valid application; 422 naming billId or amount otherwise. */
export async function checkBillApplication(tx: TenantTx, input: BillApplicationInput, source: ApplicationSource): Promise<{ billId: number; amount: Decimal }> {
  const errors = new FieldErrorCollector();
  const { billId, amount } = input;
  if (billId == null) errors.add('billId', 'The bill id field is required.');
  if (amount == null) errors.add('amount', 'The amount field is required.');
  else if (!amount.gt(0)) errors.add('amount', 'The amount must be greater than 0.');
  else checkMoney(errors, 'amount', amount, source.currency);

  const bill = billId == null ? null : await tx.bill.findUnique({ where: byId(billId) });
  if (billId != null && !bill) errors.add('billId', `Bill ${billId} does not exist.`);
  if (bill) {
    if (bill.supplierId !== source.supplierId) errors.add('billId', `Bill ${bill.billNumber} is not a bill of supplier ${source.supplierId}.`);
    else if (bill.currency !== source.currency) errors.add('billId', `Bill ${bill.billNumber} is in ${bill.currency}; ${source.label} is in ${source.currency}.`);
    else if (!SETTLEABLE_BILL_STATUSES.includes(bill.status as BillStatus)) {
      errors.add('billId', `Bill ${bill.billNumber} is ${bill.status}; only an approved bill that is not void can be settled.`);
    }
  }
  if (errors.empty && amount!.gt(source.remaining)) {
    errors.add('amount', `The amount ${amount!.toString()} is more than what is left of ${source.label} (${source.remaining.toString()} ${source.currency}).`);
  }
  if (errors.empty && amount!.gt(balanceDue(bill!))) {
    errors.add('amount', `The amount ${amount!.toString()} is more than the balance due of bill ${bill!.billNumber} (${balanceDue(bill!).toString()} ${bill!.currency}).`);
  }
  errors.throwIfAny();
  return { billId: billId!, amount: amount! };
}
