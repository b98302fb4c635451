// Receiving against a purchase order. A receiving report posts PURCHASE_RECEIPT movements through the ledger
// in one transaction with the report: each line at the purchase cost in base currency (the order's unit
// cost at the receipt date's rate, per base unit) plus its share of the landed costs. The order is claimed
// first (a conditional update that takes its row lock), so two receipts of the last open quantity
// serialise and the second sees what the first took. A void reverses a report whose stock is untouched.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { effectiveRate, checkMoney } from '../currencies/index.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import {
  postStockMovements,
  type MovementInput,
  type PostingContext,
  reverseReceiptMovements,
} from '../inventory/index.js';
import { formatDateOnly, parseDateOnly, todayUtc } from '../shared/dates.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDateOnly, checkDecimal, checkMaxLength, checkRequiredText, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { parseSort } from '../shared/sorting.js';
import { currentCompany } from '../tenancy/index.js';
import { nextDocumentNumber } from './document-numbers.js';
import { recordEvent } from '../events/index.js';
import { purchaseOrderEvent } from './purchase-order-events.js';
import { checkSharesFit, LANDED_COST_ALLOCATIONS, RECEIPT_LINES_FOR_SPREAD, revalueReceiptLines, spreadShares, type LandedCostAllocation } from './landed-cost-spread.js';
import { listPage } from '../shared/list-page.js';


export const PURCHASE_RECEIPT = 'PURCHASE_RECEIPT';

export interface ReceiptLineInput {
  purchaseOrderLineId?: number | null;
  quantity?: Decimal | null;
  locationId?: number | null;
  lotNumber?: string | null;
  productionDate?: string | null;
  expiryDate?: string | null;
}

export interface LandedCostInput {
  name?: string | null;
  amount?: Decimal | null;
  currency?: string | null;
  allocation?: LandedCostAllocation | null;
}

export interface ReceivingReportInput {
  receivedAt?: Date | null;
  locationId?: number | null;
  lines?: ReceiptLineInput[] | null;
  landedCosts?: LandedCostInput[] | null;
}

export async function receivePurchaseOrder(
  db: TenantDb,
  orderId: number,
  input: ReceivingReportInput,
  context: PostingContext,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.purchaseOrder.updateMany({ where: { id: orderId, status: { in: ['submitted', 'partially_received'] } }, data: { updatedAt: new Date() } });
    const order = await tx.purchaseOrder.findUnique({
      where: byId(orderId),
      include: {
        lines: { include: { product: { select: { lotTracking: true, productWeightLb: true } } } },
        supplier: { select: { overReceiptTolerancePercent: true } },
      },
    });
    if (!order) throw new NotFoundError('Purchase order', orderId);
    if (claimed.count === 0) throw new ValidationError({ status: [`Only a submitted or partially received purchase order can be received; this one is ${order.status}.`] });

    const errors = new FieldErrorCollector();
    const receivedAt = input.receivedAt ?? new Date();
    const receiptDate = todayUtc(receivedAt);
    const { baseCurrency } = await currentCompany(tx);
    const rate = await effectiveRate(tx, order.currency, baseCurrency, receiptDate, baseCurrency);
    if (!rate) errors.add('receivedAt', `No exchange rate leads from ${order.currency} to ${baseCurrency} on or before ${formatDateOnly(receiptDate)}.`);

    if (!input.lines || input.lines.length === 0) errors.add('lines', 'The lines field is required and must hold at least one line.');
    const locations = await warehouseLocations(tx, order.warehouseId);
    if (input.locationId != null && !locations.has(input.locationId)) {
      errors.add('locationId', `Location ${input.locationId} is not the delivery warehouse ${order.warehouseId} or a location inside it.`);
    }
    const tolerance = order.supplier.overReceiptTolerancePercent;
    const taking = new Map<number, Decimal>();
    const lines = (input.lines ?? []).map((line, index) => {
      const at = (field: string) => `lines.${index}.${field}`;
      const orderLine = order.lines.find((l) => l.id === line.purchaseOrderLineId);
      if (line.purchaseOrderLineId == null) errors.add(at('purchaseOrderLineId'), 'The purchase order line id field is required.');
      else if (!orderLine) errors.add(at('purchaseOrderLineId'), `Line ${line.purchaseOrderLineId} is not a line of purchase order ${order.poNumber}.`);
      if (line.quantity == null) errors.add(at('quantity'), 'The quantity field is required.');
      else checkDecimal(errors, at('quantity'), line.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
      const locationId = line.locationId ?? input.locationId ?? order.warehouseId;
      if (line.locationId != null && !locations.has(line.locationId)) {
        errors.add(at('locationId'), `Location ${line.locationId} is not the delivery warehouse ${order.warehouseId} or a location inside it.`);
      }
      for (const field of ['productionDate', 'expiryDate'] as const) {
        if (line[field] != null) checkDateOnly(errors, at(field), line[field]!);
      }
      if (orderLine && line.quantity && line.quantity.gt(0)) {
        const total = (taking.get(orderLine.id) ?? ZERO).plus(line.quantity);
        taking.set(orderLine.id, total);
        const allowed = orderLine.quantity.mul(tolerance.plus(100)).div(100).minus(orderLine.quantityReceived);
        if (total.gt(allowed)) {
          const open = Decimal.max(orderLine.quantity.minus(orderLine.quantityReceived), ZERO);
          errors.add(
            at('quantity'),
            `Line ${orderLine.id} has ${open} open${tolerance.gt(0) ? ` (${allowed} with the supplier's ${tolerance} % tolerance)` : ''}; ${total} cannot be received.`,
          );
        }
      }
      return { line, orderLine, locationId };
    });
    const costs = (input.landedCosts ?? []).map((cost, index) => checkLandedCost(errors, cost, order.currency, `landedCosts.${index}.`));
    errors.throwIfAny();

    // Landed costs in base currency at the receipt date; each spread over the lines.
    const costRates = new Map<string, Decimal>();
    for (const cost of costs) {
      if (costRates.has(cost.currency)) continue;
      const found = await effectiveRate(tx, cost.currency, baseCurrency, receiptDate, baseCurrency);
      if (!found) errors.add('landedCosts', `No exchange rate leads from ${cost.currency} to ${baseCurrency} on or before ${formatDateOnly(receiptDate)}.`);
      else costRates.set(cost.currency, found.rate);
    }
    errors.throwIfAny();

    const rows = lines.map(({ line, orderLine, locationId }) => {
      const baseQuantity = orderLine!.baseQuantity.mul(line.quantity!).div(orderLine!.quantity).toDecimalPlaces(LEDGER_DECIMAL.scale);
      // The order's unit cost is per entered unit: per base unit it is spread over the base quantity.
      const purchaseUnitCost = orderLine!.unitCost.mul(orderLine!.quantity).div(orderLine!.baseQuantity).mul(rate!.rate).toDecimalPlaces(LEDGER_DECIMAL.scale);
      return { line, orderLine: orderLine!, locationId, baseQuantity, purchaseUnitCost, landed: ZERO };
    });
    const landedCosts = costs.map((cost) => {
      const costRate = costRates.get(cost.currency)!;
      const amountBase = roundToCurrency(cost.amount.mul(costRate), baseCurrency);
      const spreadOver = rows.map((row) => ({ baseQuantity: row.baseQuantity, purchaseUnitCost: row.purchaseUnitCost, product: row.orderLine.product }));
      spreadShares(spreadOver, amountBase, cost.allocation, baseCurrency).forEach((share, index) => (rows[index]!.landed = rows[index]!.landed.plus(share)));
      return { ...cost, exchangeRate: costRate.toDecimalPlaces(15), amountBase };
    });
    checkSharesFit(errors, 'landedCosts', 'The landed costs', rows.map((row) => ({ baseQuantity: row.baseQuantity, unitCost: row.purchaseUnitCost })), rows.map((row) => row.landed));
    errors.throwIfAny();

    const reportNumber = await nextDocumentNumber(tx, 'receiving_report', 'RR');
    const report = await tx.receivingReport.create({
      data: { reportNumber, purchaseOrderId: order.id, receivedAt, exchangeRate: rate!.rate.toDecimalPlaces(15) } as Prisma.ReceivingReportUncheckedCreateInput,
    });
    if (landedCosts.length) await tx.receivingReportCost.createMany({ data: landedCosts.map((cost) => ({ ...cost, receivingReportId: report.id })) as any });
    const withCosts = rows.map((row) => {
      const landedUnitCost = row.landed.div(row.baseQuantity).toDecimalPlaces(LEDGER_DECIMAL.scale);
      return { ...row, landedUnitCost, unitCost: row.purchaseUnitCost.plus(landedUnitCost) };
    });
    const posted = await postStockMovements(
      tx,
      withCosts.map((row, index): MovementInput => ({
        productId: row.orderLine.productId,
        locationId: row.locationId,
        quantity: row.baseQuantity,
        lotNumber: row.line.lotNumber ?? null,
        productionDate: row.line.productionDate ? parseDateOnly(row.line.productionDate) : null,
        expiryDate: row.line.expiryDate ? parseDateOnly(row.line.expiryDate) : null,
        unitCost: row.unitCost,
        landedCostIncluded: true,
        reason: 'purchase receipt',
        sourceType: PURCHASE_RECEIPT,
        sourceId: report.id,
        sourceLineId: row.orderLine.id,
        field: `lines.${index}.`,
      })),
      { ...context, occurredAt: receivedAt },
    );
    await tx.receivingReportLine.createMany({
      data: withCosts.map((row, index) => {
        const movement = posted.find((m) => m.inputIndex === index)!;
        return {
          receivingReportId: report.id,
          purchaseOrderLineId: row.orderLine.id,
          productId: row.orderLine.productId,
          locationId: row.locationId,
          lotId: movement.lotId,
          quantity: row.line.quantity!,
          baseQuantity: row.baseQuantity,
          purchaseUnitCost: row.purchaseUnitCost,
          landedUnitCost: row.landedUnitCost,
          unitCost: row.unitCost,
          movementId: movement.id,
        };
      }) as any,
    });
    const status = await applyReceivedQuantities(tx, order.companyId, order.id, order.lines, withCosts.map((row) => ({ orderLineId: row.orderLine.id, quantity: row.line.quantity!, baseQuantity: row.baseQuantity })));
    await recordEvent(tx, {
      type: 'purchase_order.received',
      resourceType: 'purchase_order',
      resourceId: order.id,
      data: {
        purchase_order_id: order.id,
        po_number: order.poNumber,
        status,
        receiving_report_id: report.id,
        report_number: report.reportNumber,
        received_at: receivedAt.toISOString(),
        lines: withCosts.map((row, index) => {
          const movement = posted.find((m) => m.inputIndex === index)!;
          return {
            purchase_order_line_id: row.orderLine.id,
            product_id: row.orderLine.productId,
            location_id: row.locationId,
            lot_id: movement.lotId,
            quantity: Number(row.line.quantity!.toString()),
            base_quantity: Number(row.baseQuantity.toString()),
            unit_cost: Number(row.unitCost.toString()),
          };
        }),
      },
    });
    return readAnswer(tx, report.id, query, (q) => tx.receivingReport.findUniqueOrThrow({ ...q, where: byId(report.id) }));
  });
}

/**
 * A landed cost that arrives after the receipt, spread over the report's lines like those given with it.
 * Each line's share revalues its receipt (revalueReceipt): the open stock takes it, the issued part becomes
 * cost adjustments of the issues. Freight bills of accounts payable use the same function.
 */
export async function addLandedCost(db: TenantDb, reportId: number, cost: LandedCostInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    // Claim the report (its row lock serialises two late costs and a void).
    const claimed = await tx.receivingReport.updateMany({ where: { id: reportId, status: 'posted' }, data: { updatedAt: new Date() } });
    const report = await tx.receivingReport.findUnique({
      where: byId(reportId),
      include: { lines: RECEIPT_LINES_FOR_SPREAD, purchaseOrder: { select: { currency: true } } },
    });
    if (!report) throw new NotFoundError('Receiving report', reportId);
    if (claimed.count === 0) throw new ValidationError({ status: [`Receiving report ${report.reportNumber} is ${report.status}; it takes no more costs.`] });
    const errors = new FieldErrorCollector();
    const { name, amount, currency, allocation } = checkLandedCost(errors, cost, report.purchaseOrder.currency, '');
    errors.throwIfAny();
    const { baseCurrency } = await currentCompany(tx);
    const today = todayUtc();
    const rate = await effectiveRate(tx, currency, baseCurrency, today, baseCurrency);
    if (!rate) {
      errors.add('currency', `No exchange rate leads from ${currency} to ${baseCurrency} on or before ${formatDateOnly(today)}.`);
      errors.throwIfAny();
    }
    const amountBase = roundToCurrency(amount.mul(rate!.rate), baseCurrency);
    const shares = spreadShares(report.lines, amountBase, allocation, baseCurrency);
    checkSharesFit(errors, 'amount', 'The amount', report.lines, shares);
    errors.throwIfAny();
    await revalueReceiptLines(tx, report.lines, shares, { sourceType: COST_ADJUSTMENT_SOURCE, sourceId: report.id });
    await tx.receivingReportCost.create({
      data: {
        receivingReportId: report.id,
        name,
        amount,
        currency,
        exchangeRate: rate!.rate.toDecimalPlaces(15),
        amountBase,
        allocation,
      } as Prisma.ReceivingReportCostUncheckedCreateInput,
    });
    return readAnswer(tx, reportId, query, (q) => tx.receivingReport.findUniqueOrThrow({ ...q, where: byId(reportId) }));
  });
}

/** A landed cost checked, its problems collected under `path` + field; the currency defaults to the order's. */
function checkLandedCost(errors: FieldErrorCollector, cost: LandedCostInput, orderCurrency: string, path: string) {
  const at = (field: string) => `${path}${field}`;
  checkRequiredText(errors, at('name'), cost.name, true);
  checkMaxLength(errors, at('name'), cost.name, 255);
  checkCurrencyCode(errors, at('currency'), cost.currency);
  const currency = cost.currency ?? orderCurrency;
  if (cost.amount == null) errors.add(at('amount'), 'The amount field is required.');
  else checkMoney(errors, at('amount'), cost.amount, currency);
  if (cost.allocation == null) errors.add(at('allocation'), `The allocation field is required: ${LANDED_COST_ALLOCATIONS.join(', ')}.`);
  return { name: cost.name?.trim() ?? '', amount: cost.amount ?? ZERO, currency, allocation: cost.allocation ?? ('value' as LandedCostAllocation) };
}

/** Voids a report whose received stock is all still there: the movements are reversed and the order reopens. */
export async function voidReceivingReport(db: TenantDb, id: number, context: PostingContext, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.receivingReport.updateMany({ where: { id, status: 'posted' }, data: { status: 'voided', voidedAt: new Date() } });
    const report = await tx.receivingReport.findUnique({ where: byId(id), include: { lines: true } });
    if (!report) throw new NotFoundError('Receiving report', id);
    if (claimed.count === 0) throw new ValidationError({ status: [`Receiving report ${report.reportNumber} is ${report.status} already.`] });
    const order = await tx.purchaseOrder.findUniqueOrThrow({ where: byId(report.purchaseOrderId), include: { lines: true } });
    if (order.status === 'closed' || order.status === 'cancelled') {
      throw new ValidationError({ status: [`The purchase order ${order.poNumber} is ${order.status}; its receipts can no longer be voided.`] });
    }
    const allocations = await tx.billAllocation.count({ where: { receivingReportId: id } });
    if (allocations > 0) {
      throw new ValidationError({ status: [`Receiving report ${report.reportNumber} carries ${allocations} bill allocation(s) as landed cost; delete them from their bills first.`] });
    }
    await reverseReceiptMovements(tx, report.lines.map((line) => line.movementId!), { sourceType: 'PURCHASE_RECEIPT_VOID', sourceId: report.id, reason: 'purchase receipt void' }, context);
    const status = await applyReceivedQuantities(
      tx,
      order.companyId,
      order.id,
      order.lines,
      report.lines.map((line) => ({ orderLineId: line.purchaseOrderLineId, quantity: line.quantity.negated(), baseQuantity: line.baseQuantity.negated() })),
    );
    await recordEvent(tx, purchaseOrderEvent('purchase_order.receipt_voided', { ...order, status }, { receiving_report_id: report.id, report_number: report.reportNumber }));
    return readAnswer(tx, id, query, (q) => tx.receivingReport.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Adds received quantities to the order's lines and sets its status from them. */
async function applyReceivedQuantities(
  tx: TenantTx,
  companyId: number,
  orderId: number,
  orderLines: { id: number; quantity: Decimal; quantityReceived: Decimal; baseQuantityReceived: Decimal }[],
  changes: { orderLineId: number; quantity: Decimal; baseQuantity: Decimal }[],
): Promise<string> {
  const received = new Map(orderLines.map((line) => [line.id, { quantity: line.quantityReceived, base: line.baseQuantityReceived }]));
  for (const change of changes) {
    const now = received.get(change.orderLineId)!;
    received.set(change.orderLineId, { quantity: now.quantity.plus(change.quantity), base: now.base.plus(change.baseQuantity) });
  }
  // One statement for every line received.
  const touched = [...new Set(changes.map((change) => change.orderLineId))];
  await tx.$executeRaw`
    UPDATE "PurchaseOrderLine" AS l SET "quantityReceived" = v.quantity, "baseQuantityReceived" = v.base
    FROM unnest(${touched}::int[], ${touched.map((id) => received.get(id)!.quantity.toString())}::numeric[],
                ${touched.map((id) => received.get(id)!.base.toString())}::numeric[]) AS v(id, quantity, base)
    WHERE l."companyId" = ${companyId} AND l."id" = v.id`;
  const anything = [...received.values()].some((value) => value.quantity.gt(0));
  const everything = orderLines.every((line) => received.get(line.id)!.quantity.gte(line.quantity));
  const status = everything ? 'received' : anything ? 'partially_received' : 'submitted';
  await tx.purchaseOrder.update({ where: byId(orderId), data: { status } });
  return status;
}

/** The delivery warehouse and the locations inside it. */
async function warehouseLocations(tx: TenantTx, warehouseId: number): Promise<Set<number>> {
  const inside = await tx.location.findMany({ where: { OR: [{ id: warehouseId }, { parentId: warehouseId }] }, select: { id: true } });
  return new Set(inside.map((location) => location.id));
}


export interface ReceivingReportListArgs extends PageArgs {
  sort?: string | null;
  purchaseOrderId?: number | null;
  supplierId?: number | null;
  /** YYYY-MM-DD: reports received on that day (UTC). */
  receivedAt?: string | null;
}

const SORTABLE = { id: 'id', received_at: 'receivedAt', created_at: 'createdAt' };

export async function listReceivingReports(db: TenantDb, args: ReceivingReportListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const day = args.receivedAt == null ? null : checkDateOnly(errors, 'receivedAt', args.receivedAt);
  errors.throwIfAny();
  const where: Prisma.ReceivingReportWhereInput = {
    ...(args.purchaseOrderId != null ? { purchaseOrderId: args.purchaseOrderId } : {}),
    ...(args.supplierId != null ? { purchaseOrder: { supplierId: args.supplierId } } : {}),
    ...(day ? { receivedAt: { gte: day, lt: new Date(day.getTime() + 86_400_000) } } : {}),
  };
  return listPage(db, 'receivingReport', query, { where, orderBy, window });
}

export async function getReceivingReport(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const report = await db.receivingReport.findUnique({ ...query, where: byId(id) });
  if (!report) throw new NotFoundError('Receiving report', id);
  return report;
}

/** The source type of the cost adjustments a report's late landed costs make. */
const COST_ADJUSTMENT_SOURCE = 'RECEIVING_REPORT';

/** The cost adjustments each report's late landed costs made to issued stock, by report id. */
export async function costAdjustmentsOf(db: TenantDb, reportIds: readonly number[]) {
  const rows = await db.costAdjustment.findMany({
    where: { sourceType: COST_ADJUSTMENT_SOURCE, sourceId: { in: [...reportIds] } },
    orderBy: { id: 'asc' },
    select: { id: true, sourceId: true, movementId: true, quantity: true, amount: true, createdAt: true },
  });
  return reportIds.map((id) => rows.filter((row) => row.sourceId === id));
}

/**
 * costAdjustmentsOf in SQL, for the JSON of a report (selection-json-sql.ts): the company's ($1) cost adjustments
 * (alias `adjustment`) whose source is the report (`owner`), by id.
 */
export const costAdjustmentsSql = (_report: string, adjustment: string) => ({
  from: `"CostAdjustment" ${adjustment}`,
  where: `${adjustment}."companyId" = $1::int AND ${adjustment}."sourceType" = '${COST_ADJUSTMENT_SOURCE}'`,
  order: `${adjustment}.id`,
  owner: `${adjustment}."sourceId"`,
});
