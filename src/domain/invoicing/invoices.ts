// Invoices to customers for shipped goods, built from the shipments' billable lines (billable-lines.ts is
// the one definition of what a shipment bills, so GET /shipments/{id}/billable-lines sums to its invoice).
// A shipment is invoiced when a non-void invoice has a line of it; it is never invoiced twice: creating an
// invoice first claims the sales order row (a conditional update takes its row lock), so two concurrent
// requests for one order run one after the other and the second sees what the first invoiced.
// Credit notes (kind credit_note, CN-000001) are invoices too, with negative amounts: customer returns
// issue them (customer-return-transitions.ts). Voiding (open, nothing paid) frees the shipments again.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { billableLinesOf } from '../fulfillment/index.js';
import { todayUtc } from '../shared/dates.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { comparisonFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import type { OutboundPolicy } from '../../outbound/http-request.js';
import { deliverAfterCommit, writeInvoiceDocument } from '../edi/index.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { nextDocumentNumber } from '../purchasing/index.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { recordEvent } from '../events/index.js';
import { addDays } from '../shared/dates.js';
import { listPage } from '../shared/list-page.js';

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;

export interface InvoiceInput {
  shipmentIds?: number[] | null;
}

const overdueWhere = (): Prisma.InvoiceWhereInput => ({ status: 'open', kind: 'invoice', dueDate: { lt: todayUtc() } });

/** The filters of GET /invoices: `status=open`, `company_id=3`, `sales_order_id=12`, `kind=credit_note`, `overdue=true`. */
export const INVOICE_FILTERS: FilterSpec<Prisma.InvoiceWhereInput> = {
  status: { kind: 'enum', enumValues: INVOICE_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  kind: { kind: 'enum', enumValues: INVOICE_KINDS, where: (op, value) => ({ kind: comparisonFilter(op, value as string) }) },
  company_id: { kind: 'integer', where: (op, value) => ({ customerCompanyId: comparisonFilter(op, value as number) }) },
  sales_order_id: { kind: 'integer', where: (op, value) => ({ salesOrderId: comparisonFilter(op, value as number) }) },
  overdue: {
    kind: 'boolean',
    description: 'true: open invoices whose due date has passed (UTC); false: every other one',
    where: (_op, value) => (value ? overdueWhere() : { NOT: overdueWhere() }),
  },
};

const SORTABLE = { id: 'id', invoice_number: 'invoiceNumber', issue_date: 'issueDate', due_date: 'dueDate', total: 'total', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listInvoices(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, INVOICE_FILTERS, SORTABLE);
  return listPage(db, 'invoice', query, { where, orderBy, window });
}

export async function getInvoice(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const found = await db.invoice.findUnique({ ...query, where: byId(id) });
  if (!found) throw new NotFoundError('Invoice', id);
  return found;
}

export function balanceDue(invoice: { total: Decimal; amountPaid: Decimal; status: string }): Decimal {
  return invoice.status === 'void' ? ZERO : invoice.total.minus(invoice.amountPaid);
}

/** balanceDue as SQL over an invoice row (`invoice`), for answers PostgreSQL writes whole (src/graphql/shared/compiled-records.ts). */
export const balanceDueSql = (invoice: string) => `(CASE WHEN ${invoice}.status = 'void' THEN 0 ELSE ${invoice}.total - ${invoice}."amountPaid" END)`;

/** Claims the sales order row for the rest of the transaction (the row lock serialises invoicing and returns of one order). */
export async function lockSalesOrder(tx: TenantTx, salesOrderId: number) {
  const claimed = await tx.salesOrder.updateMany({ where: { id: salesOrderId }, data: { updatedAt: new Date() } });
  if (claimed.count === 0) throw new NotFoundError('Sales order', salesOrderId);
  return tx.salesOrder.findUniqueOrThrow({
    where: byId(salesOrderId),
    include: { lines: { orderBy: { position: 'asc' } }, customerCompany: { select: { id: true, paymentTermsDays: true } } },
  });
}

/** Ids of the given shipments that a non-void invoice already bills. */
async function invoicedShipmentIds(tx: TenantTx, shipmentIds: number[]): Promise<Set<number>> {
  if (shipmentIds.length === 0) return new Set();
  const lines = await tx.invoiceLine.findMany({
    where: { shipmentId: { in: shipmentIds }, invoice: { kind: 'invoice', status: { not: 'void' } } },
    select: { shipmentId: true },
    distinct: ['shipmentId'],
  });
  return new Set(lines.map((l) => l.shipmentId!));
}

/**
 * An invoice of a channel that trades by EDI also writes its 810, delivered after the commit under `outbound`; the
 * answer is read after that delivery, outside the transaction (readAnswer on the client, as shipping does).
 */
export async function createInvoice(db: TenantDb, salesOrderId: number, input: InvoiceInput, query: AnswerQuery = {}, outbound?: OutboundPolicy) {
  const created = await db.$transaction(async (tx) => {
    const order = await lockSalesOrder(tx, salesOrderId);
    const shipped = await tx.shipment.findMany({ where: { salesOrderId, status: 'shipped' }, select: { id: true }, orderBy: { id: 'asc' } });
    const invoiced = await invoicedShipmentIds(tx, shipped.map((s) => s.id));
    let shipmentIds: number[];
    if (input.shipmentIds != null) {
      const errors = new FieldErrorCollector();
      if (input.shipmentIds.length === 0) errors.add('shipmentIds', 'Give at least one shipment id, or leave shipment_ids out to invoice every shipment not invoiced yet.');
      const given = await tx.shipment.findMany({ where: { id: { in: input.shipmentIds } }, select: { id: true, salesOrderId: true, status: true } });
      input.shipmentIds.forEach((id, index) => {
        const at = `shipmentIds.${index}`;
        const shipment = given.find((s) => s.id === id);
        if (input.shipmentIds!.indexOf(id) !== index) errors.add(at, `Shipment ${id} is given twice.`);
        else if (!shipment || shipment.salesOrderId !== salesOrderId) errors.add(at, `Shipment ${id} is not a shipment of sales order ${order.orderNumber}.`);
        else if (shipment.status !== 'shipped') errors.add(at, `Shipment ${id} is ${shipment.status}; only shipped goods are invoiced.`);
        else if (invoiced.has(id)) errors.add(at, `Shipment ${id} has been invoiced already.`);
      });
      errors.throwIfAny();
      shipmentIds = input.shipmentIds;
    } else {
      shipmentIds = shipped.map((s) => s.id).filter((id) => !invoiced.has(id));
    }
    const lines = await billableLinesOf(tx, shipmentIds);
    if (lines.length === 0) {
      throw new ValidationError({ shipmentIds: [`Sales order ${order.orderNumber} has nothing shipped that is not invoiced yet.`] });
    }
    const subtotal = lines.reduce((sum, l) => sum.plus(l.amount), ZERO);
    const taxTotal = lines.reduce((sum, l) => sum.plus(l.taxAmount), ZERO);
    const issueDate = todayUtc();
    const invoiceNumber = await nextDocumentNumber(tx, 'invoice', 'INV');
    const invoice = await tx.invoice.create({
      data: {
        kind: 'invoice',
        invoiceNumber,
        salesOrderId,
        customerCompanyId: order.customerCompanyId,
        status: 'open',
        currency: order.currency,
        subtotal,
        taxTotal,
        total: subtotal.plus(taxTotal),
        issueDate,
        dueDate: addDays(issueDate, order.customerCompany?.paymentTermsDays ?? 0),
      } as Prisma.InvoiceUncheckedCreateInput,
    });
    await tx.invoiceLine.createMany({
      data: lines.map((line, position) => ({
        invoiceId: invoice.id,
        shipmentId: line.shipmentId,
        salesOrderLineId: line.salesOrderLineId,
        type: line.type,
        description: line.description.slice(0, 255),
        sku: line.sku,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        amount: line.amount,
        taxAmount: line.taxAmount,
        position,
      })) as Prisma.InvoiceLineCreateManyInput[],
    });
    await recordEvent(tx, {
      type: 'invoice.created',
      resourceType: 'invoice',
      resourceId: invoice.id,
      data: {
        invoice_id: invoice.id,
        invoice_number: invoice.invoiceNumber,
        sales_order_id: salesOrderId,
        order_number: order.orderNumber,
        customer_company_id: invoice.customerCompanyId,
        shipment_ids: shipmentIds,
        currency: invoice.currency,
        total: Number(invoice.total.toString()),
        issue_date: invoice.issueDate.toISOString().slice(0, 10),
        due_date: invoice.dueDate ? invoice.dueDate.toISOString().slice(0, 10) : null,
      },
    });
    return { id: invoice.id, ediDocumentId: await writeInvoiceDocument(tx, invoice.id, salesOrderId) };
  });
  await deliverAfterCommit(db, [created.ediDocumentId], outbound);
  return readAnswer(db, created.id, query, (q) => db.invoice.findUniqueOrThrow({ ...q, where: byId(created.id) }));
}

/** open → void when nothing was paid and no credit note credits it; its shipments can be invoiced again. */
export async function voidInvoice(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.invoice.updateMany({
      where: { id, kind: 'invoice', status: 'open', amountPaid: 0, creditNotes: { none: { status: { not: 'void' } } } },
      data: { status: 'void', voidedAt: new Date() },
    });
    const found = await tx.invoice.findUnique({ where: byId(id), include: { creditNotes: { where: { status: { not: 'void' } }, select: { invoiceNumber: true } } } });
    if (!found) throw new NotFoundError('Invoice', id);
    if (claimed.count === 0) {
      if (found.kind !== 'invoice') throw new ValidationError({ kind: [`${found.invoiceNumber} is a credit note; only invoices are voided.`] });
      if (found.status !== 'open') throw new ValidationError({ status: [`Only an open invoice can be voided; ${found.invoiceNumber} is ${found.status}.`] });
      if (found.amountPaid.gt(0)) throw new ValidationError({ amountPaid: [`${found.invoiceNumber} has payments (${found.amountPaid.toString()} ${found.currency}); an invoice with payments cannot be voided.`] });
      throw new ValidationError({ creditNotes: [`${found.invoiceNumber} is credited by ${found.creditNotes.map((c) => c.invoiceNumber).join(', ')}; it cannot be voided.`] });
    }
    return readAnswer(tx, id, query, (q) => tx.invoice.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}
