// The state changes of a customer return, each one transaction that first claims the return with a
// conditional update on its status (concurrent transitions serialise on the row lock; the second sees the
// first's status):
//   draft → received: CUSTOMER_RETURN movements bring restocked lines back into their location through the
//     ledger, at the cost they left with (the weighted unit_cost of the line's shipped shipment lines, of its
//     lot when they name it) and in the lot they left from; scrapped lines move nothing. Positive movements
//     let waiting backorders allocate, as any arrival does.
//   received → credited: a credit note (an Invoice of kind credit_note, CN-000001) against the order's
//     invoice that billed the lines, with negative quantities and amounts at the invoiced prices (tax at the
//     order line's rate, as billed). Once per return: again → 409.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { postStockMovements, type PostingContext } from '../inventory/index.js';
import { todayUtc } from '../shared/dates.js';
import { ZERO } from '../shared/decimal.js';
import { ConflictError, FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { LEDGER_DECIMAL } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { nextDocumentNumber } from '../purchasing/index.js';

export const CUSTOMER_RETURN = 'CUSTOMER_RETURN';

export async function receiveCustomerReturn(db: TenantDb, id: number, context: PostingContext, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.customerReturn.updateMany({ where: { id, status: 'draft' }, data: { status: 'received', receivedAt: now } });
    const found = await tx.customerReturn.findUnique({ where: byId(id), include: { lines: { orderBy: { position: 'asc' }, include: { salesOrderLine: true } } } });
    if (!found) throw new NotFoundError('Customer return', id);
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a draft customer return can be received; ${found.returnNumber} is ${found.status}.`] });

    const restock = found.lines.map((line, index) => ({ line, index })).filter(({ line }) => line.disposition === 'restock');
    if (restock.length === 0) return readAnswer(tx, id, query, (q) => tx.customerReturn.findUniqueOrThrow({ ...q, where: byId(id) }));
    const shipped = await tx.shipmentLine.findMany({
      where: { salesOrderLineId: { in: restock.map(({ line }) => line.salesOrderLineId) }, shipment: { status: 'shipped' } },
      include: { lot: { select: { lotNumber: true } } },
    });
    const errors = new FieldErrorCollector();
    const movements = restock.map(({ line, index }) => {
      const ofLine = shipped.filter((s) => s.salesOrderLineId === line.salesOrderLineId);
      const sameLot = ofLine.filter((s) => line.lotNumber != null && s.lot?.lotNumber === line.lotNumber);
      const basis = sameLot.length > 0 ? sameLot : ofLine;
      const quantity = basis.reduce((sum, s) => sum.plus(s.quantity), ZERO);
      const value = basis.reduce((sum, s) => sum.plus(s.quantity.mul(s.unitCost ?? ZERO)), ZERO);
      if (line.locationId == null) errors.add(`lines.${index}.locationId`, 'A restocked line needs a location.');
      return {
        productId: line.salesOrderLine.productId,
        locationId: line.locationId ?? 0,
        quantity: line.quantity.mul(line.salesOrderLine.baseQuantity).div(line.salesOrderLine.quantity).toDecimalPlaces(LEDGER_DECIMAL.scale),
        lotNumber: line.lotNumber,
        unitCost: quantity.isZero() ? ZERO : value.div(quantity).toDecimalPlaces(LEDGER_DECIMAL.scale),
        reason: 'customer return',
        sourceType: CUSTOMER_RETURN,
        sourceId: found.id,
        sourceLineId: line.id,
        field: `lines.${index}.`,
      };
    });
    errors.throwIfAny();
    await postStockMovements(tx, movements, { ...context, occurredAt: now });
    return readAnswer(tx, id, query, (q) => tx.customerReturn.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function creditCustomerReturn(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.customerReturn.updateMany({ where: { id, status: 'received' }, data: { status: 'credited', creditedAt: now } });
    const found = await tx.customerReturn.findUnique({
      where: byId(id),
      include: {
        lines: { orderBy: { position: 'asc' }, include: { salesOrderLine: { include: { product: { select: { sku: true, name: true } } } } } },
        creditNotes: { select: { invoiceNumber: true } },
        salesOrder: { select: { currency: true, customerCompanyId: true, orderNumber: true } },
      },
    });
    if (!found) throw new NotFoundError('Customer return', id);
    if (claimed.count === 0) {
      if (found.status === 'credited') {
        const note = found.creditNotes[0];
        throw new ConflictError(`Customer return ${found.returnNumber} has been credited already${note ? ` (credit note ${note.invoiceNumber})` : ''}.`);
      }
      throw new ValidationError({ status: [`Only a received customer return can be credited; ${found.returnNumber} is ${found.status}.`] });
    }
    const billed = await tx.invoiceLine.findMany({
      where: { type: 'product', salesOrderLineId: { in: found.lines.map((l) => l.salesOrderLineId) }, invoice: { kind: 'invoice', status: { not: 'void' } } },
      orderBy: [{ invoiceId: 'desc' }, { position: 'asc' }],
    });
    const errors = new FieldErrorCollector();
    const { currency } = found.salesOrder;
    const lines = found.lines.map((line, index) => {
      const invoiced = billed.find((b) => b.salesOrderLineId === line.salesOrderLineId);
      if (!invoiced) errors.add(`lines.${index}.salesOrderLineId`, `Line ${line.salesOrderLineId} of ${found.salesOrder.orderNumber} is not invoiced yet; invoice its shipment before crediting the return.`);
      const unitPrice = invoiced?.unitPrice ?? ZERO;
      const amount = roundToCurrency(line.quantity.mul(unitPrice), currency).negated();
      return {
        invoiceId: invoiced?.invoiceId ?? 0,
        row: {
          salesOrderLineId: line.salesOrderLineId,
          type: 'product',
          description: line.salesOrderLine.product.name.slice(0, 255),
          sku: line.salesOrderLine.product.sku,
          quantity: line.quantity.negated(),
          unitPrice,
          amount,
          taxAmount: roundToCurrency(amount.mul(line.salesOrderLine.taxRate).div(100), currency),
          position: index,
        },
      };
    });
    errors.throwIfAny();
    const subtotal = lines.reduce((sum, l) => sum.plus(l.row.amount), ZERO);
    const taxTotal = lines.reduce((sum, l) => sum.plus(l.row.taxAmount), ZERO);
    const today = todayUtc(now);
    const note = await tx.invoice.create({
      data: {
        kind: 'credit_note',
        invoiceNumber: await nextDocumentNumber(tx, 'credit_note', 'CN'),
        salesOrderId: found.salesOrderId,
        customerCompanyId: found.salesOrder.customerCompanyId,
        creditedInvoiceId: lines[0]!.invoiceId,
        customerReturnId: found.id,
        status: 'open',
        currency,
        subtotal,
        taxTotal,
        total: subtotal.plus(taxTotal),
        issueDate: today,
        dueDate: today,
      } as Prisma.InvoiceUncheckedCreateInput,
    });
    await tx.invoiceLine.createMany({ data: lines.map((l) => ({ ...l.row, invoiceId: note.id })) as Prisma.InvoiceLineCreateManyInput[] });
    return readAnswer(tx, note.id, query, (q) => tx.invoice.findUniqueOrThrow({ ...q, where: byId(note.id) }));
  });
}
