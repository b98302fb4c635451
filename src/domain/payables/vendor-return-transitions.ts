// The state changes of a vendor return, each one transaction that first claims the return with a
// conditional update on its status (the row lock makes two concurrent transitions serialise; the second
// sees the first's status):
//   draft → shipped: VENDOR_RETURN movements leave the return's location through the ledger (lots as named
//     or by the deduction strategy, FIFO cost, shortages refused); a line without a unit cost takes the
//     FIFO cost that left, converted to the return's currency at the ship date's rate;
//   shipped → credited: a vendor credit for the value returned, once per return.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { rateToBase } from '../currencies/index.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { postStockMovements, type PostedMovement, type PostingContext } from '../inventory/index.js';
import { todayUtc } from '../shared/dates.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { ConflictError, FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { LEDGER_DECIMAL } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { currentCompany } from '../tenancy/index.js';
import { recordVendorCredit } from './vendor-credits.js';

export const VENDOR_RETURN = 'VENDOR_RETURN';

export async function shipVendorReturn(db: TenantDb, id: number, context: PostingContext, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.vendorReturn.updateMany({ where: { id, status: 'draft' }, data: { status: 'shipped', shippedAt: now } });
    const shipped = await tx.vendorReturn.findUnique({ where: byId(id), include: { lines: { orderBy: { position: 'asc' } } } });
    if (!shipped) throw new NotFoundError('Vendor return', id);
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a draft vendor return can be shipped; ${shipped.returnNumber} is ${shipped.status}.`] });

    const errors = new FieldErrorCollector();
    const { baseCurrency } = await currentCompany(tx);
    const rate = await rateToBase(tx, errors, 'currency', shipped.currency, baseCurrency, todayUtc(now), 'the ship date');
    errors.throwIfAny();

    const posted = await postStockMovements(
      tx,
      shipped.lines.map((line, index) => ({
        productId: line.productId,
        locationId: shipped.locationId,
        quantity: line.quantity.negated(),
        lotNumber: line.lotNumber,
        reason: 'vendor return',
        sourceType: VENDOR_RETURN,
        sourceId: shipped.id,
        sourceLineId: line.id,
        field: `lines.${index}.`,
      })),
      { ...context, occurredAt: now },
    );

    const lines = shipped.lines.map((line, index) => {
      const fifoUnitCost = fifoCostOf(posted.filter((movement) => movement.inputIndex === index));
      const unitCost = line.unitCost ?? fifoUnitCost.div(rate!).toDecimalPlaces(LEDGER_DECIMAL.scale);
      return { ...line, fifoUnitCost, unitCost, lineTotal: roundToCurrency(line.quantity.mul(unitCost), shipped.currency) };
    });
    // The lines are written again under their own ids (the movements name them as source lines): two
    // statements for any number of lines, where an update per line would grow with the return.
    await tx.vendorReturnLine.deleteMany({ where: { vendorReturnId: id } });
    await tx.vendorReturnLine.createMany({
      data: lines.map(({ companyId: _company, ...line }) => line) as Prisma.VendorReturnLineCreateManyInput[],
    });
    await tx.vendorReturn.update({
      where: byId(id),
      data: { exchangeRate: rate!, total: lines.reduce((sum, line) => sum.plus(line.lineTotal), ZERO) },
    });
    return readAnswer(tx, id, query, (q) => tx.vendorReturn.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Base currency per unit that left: the FIFO cost of the line's movements, weighted by their quantities. */
function fifoCostOf(movements: PostedMovement[]): Decimal {
  let quantity = ZERO;
  let value = ZERO;
  for (const movement of movements) {
    const taken = movement.quantity.negated();
    quantity = quantity.plus(taken);
    value = value.plus(taken.mul(movement.unitCost ?? ZERO));
  }
  return quantity.isZero() ? ZERO : value.div(quantity).toDecimalPlaces(LEDGER_DECIMAL.scale);
}

/**
 * The vendor credit for what a shipped return is worth (its total, in its currency, dated today), and the
 * return becomes credited. A return is credited once: a second request gets a conflict.
 */
export async function generateVendorReturnCredit(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.vendorReturn.updateMany({ where: { id, status: 'shipped' }, data: { status: 'credited', creditedAt: now } });
    const returned = await tx.vendorReturn.findUnique({ where: byId(id), include: { credits: { select: { id: true } } } });
    if (!returned) throw new NotFoundError('Vendor return', id);
    if (claimed.count === 0) {
      if (returned.status === 'credited') {
        const credit = returned.credits[0];
        throw new ConflictError(`Vendor return ${returned.returnNumber} has been credited already${credit ? ` (vendor credit ${credit.id})` : ''}.`);
      }
      throw new ValidationError({ status: [`Only a shipped vendor return can be credited; ${returned.returnNumber} is ${returned.status}.`] });
    }
    if (!returned.total.gt(0)) {
      throw new ValidationError({ total: [`Vendor return ${returned.returnNumber} is worth ${returned.total.toString()} ${returned.currency}; there is nothing to credit.`] });
    }
    return recordVendorCredit(
      tx,
      {
        supplierId: returned.supplierId,
        amount: returned.total,
        currency: returned.currency,
        creditDate: todayUtc(now),
        reason: `Return ${returned.returnNumber}`,
        vendorReturnId: returned.id,
      },
      query,
    );
  });
}
