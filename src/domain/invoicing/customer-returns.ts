// Customer returns: goods of a sales order the customer sends back (RMA-000001). Created as drafts whose
// lines (in the order line's unit) may return at most what shipped minus what other returns of the line
// already take; receiving (restock or scrap) and crediting live in customer-return-transitions.ts. A restock
// line without a location takes the location its goods shipped from (the latest shipped shipment line of the
// order line), and without a lot number the lot that shipped from there. Product lines only: a kit line
// shipped its components, whose return is refused (422) — return those through an inventory adjustment.
// Creating claims the sales order row first, so two returns of one order are checked one after the other.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { comparisonFilter, type FilterSpec } from '../shared/filters/index.js';
import { checkDecimal, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { type Page } from '../shared/pagination.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { nextDocumentNumber } from '../purchasing/index.js';
import { lockSalesOrder } from './invoices.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export const CUSTOMER_RETURN_STATUSES = ['draft', 'received', 'credited'] as const;
export const RETURN_DISPOSITIONS = ['restock', 'scrap'] as const;

export interface CustomerReturnLineInput {
  salesOrderLineId?: number | null;
  quantity?: Decimal | null;
  disposition?: string | null;
  locationId?: number | null;
  lotNumber?: string | null;
}

export interface CustomerReturnInput {
  salesOrderId?: number | null;
  reason?: string | null;
  lines?: CustomerReturnLineInput[] | null;
}

/** The filters of GET /customer-returns: `status=draft`, `sales_order_id=12`. */
export const CUSTOMER_RETURN_FILTERS: FilterSpec<Prisma.CustomerReturnWhereInput> = {
  status: { kind: 'enum', enumValues: CUSTOMER_RETURN_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  sales_order_id: { kind: 'integer', where: (op, value) => ({ salesOrderId: comparisonFilter(op, value as number) }) },
};

const SORTABLE = { id: 'id', return_number: 'returnNumber', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listCustomerReturns(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, CUSTOMER_RETURN_FILTERS, SORTABLE);
  return listPage(db, 'customerReturn', query, { where, orderBy, window });
}

export async function getCustomerReturn(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const found = await db.customerReturn.findUnique({ ...query, where: byId(id) });
  if (!found) throw new NotFoundError('Customer return', id);
  return found;
}

export async function createCustomerReturn(db: TenantDb, input: CustomerReturnInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    checkMaxLength(errors, 'reason', input.reason, 255);
    if (!input.lines || input.lines.length === 0) errors.add('lines', 'The lines field is required and must hold at least one line.');
    if (input.salesOrderId == null) errors.add('salesOrderId', 'The sales order id field is required.');
    else if (!(await tx.salesOrder.findUnique({ where: byId(input.salesOrderId), select: { id: true } }))) errors.add('salesOrderId', `Sales order ${input.salesOrderId} does not exist.`);
    // The lines are checked against the order: without one (or without lines) stop here.
    if (errors.errors.salesOrderId || errors.errors.lines) errors.throwIfAny();
    const order = await lockSalesOrder(tx, input.salesOrderId!);
    const rows = await checkLines(tx, order, input.lines!, errors);
    errors.throwIfAny();
    const returnNumber = await nextDocumentNumber(tx, 'customer_return', 'RMA');
    const created = await tx.customerReturn.create({
      data: { returnNumber, salesOrderId: order.id, reason: input.reason ?? null, status: 'draft' } as Prisma.CustomerReturnUncheckedCreateInput,
    });
    await tx.customerReturnLine.createMany({ data: rows.map((row) => ({ ...row, customerReturnId: created.id })) as Prisma.CustomerReturnLineCreateManyInput[] });
    return readAnswer(tx, created.id, query, (q) => tx.customerReturn.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

type LockedOrder = Awaited<ReturnType<typeof lockSalesOrder>>;

async function checkLines(tx: TenantTx, order: LockedOrder, lines: CustomerReturnLineInput[], errors: FieldErrorCollector) {
  const lineIds = order.lines.map((l) => l.id);
  const locationIds = [...new Set(lines.map((l) => l.locationId).filter((id): id is number => id != null))];
  const [products, shippedLines, returned, locations] = await Promise.all([
    tx.product.findMany({ where: { id: { in: order.lines.map((l) => l.productId) } }, select: { id: true, sku: true, type: true, lotTracking: true } }),
    tx.shipmentLine.findMany({ where: { salesOrderLineId: { in: lineIds }, shipment: { status: 'shipped' } }, include: { lot: { select: { lotNumber: true } } }, orderBy: [{ shipmentId: 'desc' }, { position: 'asc' }] }),
    tx.customerReturnLine.groupBy({ by: ['salesOrderLineId'], where: { salesOrderLineId: { in: lineIds } }, _sum: { quantity: true } }),
    locationIds.length ? tx.location.findMany({ where: { id: { in: locationIds } }, select: { id: true } }) : [],
  ]);
  const asked = new Map<number, Decimal>();
  return lines.flatMap((input, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    const line = order.lines.find((l) => l.id === input.salesOrderLineId);
    const product = line ? products.find((p) => p.id === line.productId) : undefined;
    if (input.salesOrderLineId == null) errors.add(at('salesOrderLineId'), 'The sales order line id field is required.');
    else if (!line) errors.add(at('salesOrderLineId'), `Line ${input.salesOrderLineId} is not a line of sales order ${order.orderNumber}.`);
    else if (product?.type !== 'PRODUCT') errors.add(at('salesOrderLineId'), `Line ${line.id} sells a kit; returns take product lines only (return kit components with an inventory adjustment).`);
    if (input.quantity == null) errors.add(at('quantity'), 'The quantity field is required.');
    else checkDecimal(errors, at('quantity'), input.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
    if (input.disposition == null) errors.add(at('disposition'), 'The disposition field is required.');
    else if (!(RETURN_DISPOSITIONS as readonly string[]).includes(input.disposition)) errors.add(at('disposition'), `The disposition must be one of ${RETURN_DISPOSITIONS.join(', ')}.`);
    const scrap = input.disposition === 'scrap';
    if (input.locationId != null && !locations.some((l) => l.id === input.locationId)) errors.add(at('locationId'), `Location ${input.locationId} does not exist.`);
    else if (input.locationId != null && scrap) errors.add(at('locationId'), 'A scrapped line goes back to no location.');
    const lotNumber = input.lotNumber?.trim() || null;
    checkMaxLength(errors, at('lotNumber'), lotNumber, 255);
    if (lotNumber && scrap) errors.add(at('lotNumber'), 'A scrapped line goes back to no lot.');
    else if (lotNumber && product && !product.lotTracking) errors.add(at('lotNumber'), `Product ${product.sku} is not lot-tracked.`);
    if (!line || product?.type !== 'PRODUCT' || input.quantity == null || input.disposition == null) return [];

    const shippedOfLine = shippedLines.filter((s) => s.salesOrderLineId === line.id);
    const shippedBase = shippedOfLine.reduce((sum, s) => sum.plus(s.quantity), ZERO);
    const shipped = shippedBase.mul(line.quantity).div(line.baseQuantity).toDecimalPlaces(10);
    const already = new Decimal(returned.find((r) => r.salesOrderLineId === line.id)?._sum.quantity ?? 0).plus(asked.get(line.id) ?? ZERO);
    asked.set(line.id, (asked.get(line.id) ?? ZERO).plus(input.quantity));
    const open = Decimal.max(shipped.minus(already), ZERO);
    if (input.quantity.gt(open)) {
      errors.add(at('quantity'), `Line ${line.id} shipped ${shipped.toString()} and ${already.toString()} of it is returned already; at most ${open.toString()} can be returned.`);
    }
    // Restock: where (and the lot) the goods left from, by the latest shipment of the line.
    const from = shippedOfLine[0];
    const locationId = scrap ? null : input.locationId ?? from?.locationId ?? null;
    const defaultLot = from && (input.locationId == null || input.locationId === from.locationId) ? from.lot?.lotNumber ?? null : shippedOfLine.find((s) => s.lot)?.lot?.lotNumber ?? null;
    return [{ salesOrderLineId: line.id, quantity: input.quantity, disposition: input.disposition, locationId, lotNumber: scrap ? null : lotNumber ?? defaultLot, position: index }];
  });
}
