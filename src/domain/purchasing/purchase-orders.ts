// Purchase orders: the document (header, lines, additional costs, totals; list/get; edit and delete while
// draft). The state changes (submit, cancel, close) live in purchase-order-transitions.ts. Every command runs
// in one transaction. The order's currency defaults to the supplier's, else the base currency; its exchange
// rate to the base currency is the one in force on the order date.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { currentCompany } from '../tenancy/index.js';
import { formatDateOnly, parseDateOnly, todayUtc } from '../shared/dates.js';
import { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDateOnly, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { effectiveRate } from '../currencies/index.js';
import { comparisonFilter, dateTimeFilter, stringFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { nextDocumentNumber } from './document-numbers.js';
import {
  orderExchangeRate,
  orderTotals,
  prepareCosts,
  prepareLines,
  type AdditionalCostInput,
  type PricingContext,
  type PurchaseOrderLineInput,
} from './purchase-order-lines.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { changedFields, recordEvent } from '../events/index.js';
import { purchaseOrderEvent } from './purchase-order-events.js';
import { listPage } from '../shared/list-page.js';

export const PURCHASE_ORDER_STATUSES = ['draft', 'submitted', 'partially_received', 'received', 'closed', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const BALANCE_DUE_FROM = ['order', 'receipt'] as const;

export interface PaymentTermsInput {
  depositPercent?: Decimal | null;
  depositDueDays?: number | null;
  balanceDueDays?: number | null;
  balanceDueFrom?: string | null;
}

export interface PurchaseOrderInput {
  supplierId?: number | null;
  warehouseId?: number | null;
  currency?: string | null;
  orderDate?: string | null;
  expectedDate?: string | null;
  reference?: string | null;
  notes?: string | null;
  paymentTerms?: PaymentTermsInput | null;
  lines?: PurchaseOrderLineInput[] | null;
  additionalCosts?: AdditionalCostInput[] | null;
}

export type PurchaseOrderQuery = PassThroughQuery;

type OrderFilter = FilterSpec<Prisma.PurchaseOrderWhereInput>[string];
const integer = (column: 'supplierId' | 'warehouseId' | 'id'): OrderFilter => ({
  kind: 'integer',
  where: (op, value) => ({ [column]: comparisonFilter(op, value as number) }),
});

/** The filters of GET /purchase-orders: `status=submitted`, `supplier_id=3`, `po_number[contains]=00012`, `created_at[gte]=…`. */
export const PURCHASE_ORDER_FILTERS: FilterSpec<Prisma.PurchaseOrderWhereInput> = {
  status: { kind: 'enum', enumValues: PURCHASE_ORDER_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  supplier_id: integer('supplierId'),
  warehouse_id: integer('warehouseId'),
  po_number: { kind: 'string', where: (op, value) => ({ poNumber: stringFilter(op, value) }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', po_number: 'poNumber', order_date: 'orderDate', expected_date: 'expectedDate', created_at: 'createdAt', updated_at: 'updatedAt', total: 'total' };

export async function listPurchaseOrders(
  db: TenantDb,
  args: ListArgs,
  query: PurchaseOrderQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, PURCHASE_ORDER_FILTERS, SORTABLE);
  return listPage(db, 'purchaseOrder', query, { where, orderBy, window });
}

export async function getPurchaseOrder(db: TenantDb | TenantTx, id: number, query: PurchaseOrderQuery = {}) {
  const order = await db.purchaseOrder.findUnique({ ...query, where: byId(id) });
  if (!order) throw new NotFoundError('Purchase order', id);
  return order;
}

export async function createPurchaseOrder(db: TenantDb, input: PurchaseOrderInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    if (input.supplierId == null) errors.add('supplierId', 'The supplier id field is required.');
    if (input.warehouseId == null) errors.add('warehouseId', 'The warehouse id field is required.');
    if (!input.lines || input.lines.length === 0) errors.add('lines', 'The lines field is required and must hold at least one line.');
    const written = await prepareOrder(tx, input, null, errors);
    errors.throwIfAny();
    const poNumber = await nextDocumentNumber(tx, 'purchase_order', 'PO');
    const created = await tx.purchaseOrder.create({ data: { ...written!.header, poNumber } as Prisma.PurchaseOrderUncheckedCreateInput });
    await writeChildren(tx, created.id, written!);
    await recordEvent(tx, purchaseOrderEvent('purchase_order.created', created));
    return readAnswer(tx, created.id, query, (q) => tx.purchaseOrder.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updatePurchaseOrder(db: TenantDb, id: number, input: PurchaseOrderInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const order = await lockDraft(tx, id, 'edited');
    const errors = new FieldErrorCollector();
    if (input.supplierId === null) errors.add('supplierId', 'The supplier id may not be empty.');
    if (input.warehouseId === null) errors.add('warehouseId', 'The warehouse id may not be empty.');
    if (input.lines !== undefined && (input.lines === null || input.lines.length === 0)) errors.add('lines', 'A purchase order needs at least one line.');
    const written = await prepareOrder(tx, input, order, errors);
    errors.throwIfAny();
    const updated = await tx.purchaseOrder.update({ where: byId(id), data: written!.header });
    await writeChildren(tx, id, written!);
    await recordEvent(tx, purchaseOrderEvent('purchase_order.updated', updated, { changed: changedFields(input) }));
    return readAnswer(tx, id, query, (q) => tx.purchaseOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deletePurchaseOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const stored = await lockDraft(tx, id, 'deleted');
    const order = await readAnswer(tx, id, query, (q) => tx.purchaseOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.purchaseOrder.delete({ where: byId(id) });
    await recordEvent(tx, purchaseOrderEvent('purchase_order.deleted', stored));
    return order;
  });
}

/**
 * Claims a draft for a change: the conditional update takes the row lock, so a concurrent submit waits and
 * then sees the change (or this one sees the submit and refuses, naming the state).
 */
async function lockDraft(tx: TenantTx, id: number, verb: string) {
  const claimed = await tx.purchaseOrder.updateMany({ where: { id, status: 'draft' }, data: { updatedAt: new Date() } });
  const order = await tx.purchaseOrder.findUnique({
    where: byId(id),
    include: { lines: { orderBy: { position: 'asc' } }, additionalCosts: { orderBy: { position: 'asc' } } },
  });
  if (!order) throw new NotFoundError('Purchase order', id);
  if (claimed.count === 0) throw new ValidationError({ status: [`Only a draft purchase order can be ${verb}; this one is ${order.status}.`] });
  return order;
}

type StoredOrder = Awaited<ReturnType<typeof lockDraft>>;

interface WrittenOrder {
  header: Record<string, unknown>;
  lines: Awaited<ReturnType<typeof prepareLines>>;
  costs: ReturnType<typeof prepareCosts> | null;
}

/** Checks the header and prices the lines and costs (the stored ones, on an update that does not replace them). */
async function prepareOrder(tx: TenantTx, input: PurchaseOrderInput, stored: StoredOrder | null, errors: FieldErrorCollector): Promise<WrittenOrder | null> {
  const supplierId = input.supplierId !== undefined ? input.supplierId : stored?.supplierId ?? null;
  const warehouseId = input.warehouseId !== undefined ? input.warehouseId : stored?.warehouseId ?? null;
  const supplier = supplierId == null ? null : await tx.supplier.findFirst({ where: { id: supplierId }, select: { id: true, currency: true } });
  if (supplierId != null && !supplier) errors.add('supplierId', `The selected supplier ${supplierId} does not exist.`);
  if (warehouseId != null) {
    const warehouse = await tx.location.findFirst({ where: { id: warehouseId }, select: { parentId: true } });
    if (!warehouse) errors.add('warehouseId', `The selected warehouse ${warehouseId} does not exist.`);
    else if (warehouse.parentId !== null) errors.add('warehouseId', `Location ${warehouseId} is not a warehouse (a top-level location).`);
  }
  checkCurrencyCode(errors, 'currency', input.currency);
  const orderDate = dateField(errors, 'orderDate', input.orderDate) ?? stored?.orderDate ?? todayUtc();
  const expectedDate = input.expectedDate === undefined ? stored?.expectedDate ?? null : dateField(errors, 'expectedDate', input.expectedDate);
  checkMaxLength(errors, 'reference', input.reference, 255);
  const paymentTerms = input.paymentTerms === undefined ? stored?.paymentTerms ?? null : checkPaymentTerms(input.paymentTerms, errors);

  const { baseCurrency } = await currentCompany(tx);
  const currency = input.currency ?? stored?.currency ?? supplier?.currency ?? baseCurrency;
  let pricing: PricingContext | null = null;
  let exchangeRate: Decimal | null = null;
  if (supplier && !errors.errors.currency && !errors.errors.orderDate) {
    pricing = { supplierId: supplier.id, supplierCurrency: supplier.currency, currency, baseCurrency, orderDate, warehouseId };
    exchangeRate = await orderExchangeRate(tx, pricing, errors);
    if (!exchangeRate) pricing = null;
  }

  // Lines and costs are priced again whenever the order's supplier, currency or date could change their price.
  const lines = input.lines
    ? await prepareLines(tx, input.lines, pricing, errors)
    : stored && pricing
      ? await repriceStored(tx, stored, pricing, errors)
      : null;
  const costs = input.additionalCosts
    ? prepareCosts(input.additionalCosts, currency, errors)
    : stored
      ? prepareCosts(stored.additionalCosts.map((c) => ({ name: c.name, amount: c.amount })), currency, errors)
      : [];
  if (!lines || !pricing || !exchangeRate || Object.keys(errors.errors).length > 0) return null;
  return {
    header: {
      supplierId: pricing.supplierId,
      warehouseId: warehouseId!,
      currency,
      exchangeRate,
      orderDate,
      expectedDate,
      ...(input.reference !== undefined ? { reference: input.reference } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      paymentTerms: paymentTerms === null ? null : paymentTerms,
      ...orderTotals(lines, costs, currency, exchangeRate, baseCurrency),
    },
    lines,
    costs,
  };
}

/**
 * The columns of a purchase order line that pricing gives again (prepareLines: the supplier SKU of a new supplier,
 * the unit cost in a new currency and what follows from them) or that place it. Every other column of a stored
 * line is carried as it is through an update that does not give new lines, so a column added to the model later
 * keeps its value without being named here (test/rest/purchase-order-stored-lines.test.ts).
 */
export const PURCHASE_ORDER_LINE_DERIVED_COLUMNS = ['id', 'companyId', 'purchaseOrderId', 'position', 'supplierSkuId', 'baseQuantity', 'unitCost', 'lineTotal', 'taxAmount'] as const;

type StoredLine = StoredOrder['lines'][number];
type CarriedLine = Omit<StoredLine, (typeof PURCHASE_ORDER_LINE_DERIVED_COLUMNS)[number]>;

function carriedColumns(line: StoredLine): CarriedLine {
  const carried: Record<string, unknown> = { ...line };
  for (const column of PURCHASE_ORDER_LINE_DERIVED_COLUMNS) delete carried[column];
  return carried as CarriedLine;
}

/**
 * On an update without new lines, the stored lines again, so that their totals follow a new currency or date.
 * Their unit costs are kept; in a new currency they are converted at the order date's rate. Every column that
 * pricing does not derive is carried over as stored.
 */
async function repriceStored(tx: TenantTx, stored: StoredOrder, pricing: PricingContext, errors: FieldErrorCollector) {
  let rate = new Decimal(1);
  if (stored.currency !== pricing.currency) {
    const found = await effectiveRate(tx, stored.currency, pricing.currency, pricing.orderDate, pricing.baseCurrency);
    if (!found) {
      errors.add('currency', `No exchange rate leads from ${stored.currency} to ${pricing.currency} on or before the order date, so the unit costs cannot be converted; give the lines again.`);
      return null;
    }
    rate = found.rate;
  }
  const lines: PurchaseOrderLineInput[] = stored.lines.map((line) => ({
    productId: line.productId,
    supplierSkuId: line.supplierSkuId,
    quantity: line.quantity,
    uomId: line.uomId,
    unitCost: line.unitCost.mul(rate).toDecimalPlaces(LEDGER_DECIMAL.scale),
    taxRate: line.taxRate,
    expectedDate: formatDateOnly(line.expectedDate),
  }));
  const priced = await prepareLines(tx, lines, pricing, errors);
  return priced && priced.map((row, i) => ({ ...row, ...carriedColumns(stored.lines[i]!) }));
}

async function writeChildren(tx: TenantTx, orderId: number, written: WrittenOrder): Promise<void> {
  // Lines and costs replace the stored ones (createMany: the tenant client stamps top-level writes).
  await tx.purchaseOrderLine.deleteMany({ where: { purchaseOrderId: orderId } });
  await tx.purchaseOrderLine.createMany({ data: written.lines!.map((line) => ({ ...line, purchaseOrderId: orderId })) as any });
  await tx.purchaseOrderCost.deleteMany({ where: { purchaseOrderId: orderId } });
  if (written.costs!.length) await tx.purchaseOrderCost.createMany({ data: written.costs!.map((cost) => ({ ...cost, purchaseOrderId: orderId })) as any });
}

function dateField(errors: FieldErrorCollector, field: string, text: string | null | undefined): Date | null {
  return text == null ? null : checkDateOnly(errors, field, text);
}

/**
 * The payment terms stored on an order (the object checkPaymentTerms writes, its deposit percent as decimal text)
 * as one row of `related`, for SQL that writes an order as JSON (the company as $1): none unless an object.
 */
export const storedPaymentTermsSql = (order: string, related: string) => ({
  from: `jsonb_to_record(${order}."paymentTerms") AS ${related}("depositPercent" text, "depositDueDays" int, "balanceDueDays" int, "balanceDueFrom" text)`,
  where: 'true',
  when: `jsonb_typeof(${order}."paymentTerms") = 'object'`,
});

/** The stored deposit percent (decimal text) of a row of storedPaymentTermsSql, as a number. */
export const storedDepositPercentSql = (terms: string) => `(${terms}."depositPercent")::numeric`;

function checkPaymentTerms(terms: PaymentTermsInput | null, errors: FieldErrorCollector): Prisma.InputJsonObject | null {
  if (terms === null) return null;
  const at = (field: string) => `paymentTerms.${field}`;
  const percent = terms.depositPercent ?? new Decimal(0);
  if (percent.lt(0) || percent.gt(100) || percent.decimalPlaces() > 4) errors.add(at('depositPercent'), 'The deposit percent must be from 0 to 100, with at most 4 decimals.');
  for (const field of ['depositDueDays', 'balanceDueDays'] as const) {
    const days = terms[field];
    if (days != null && (days < 0 || days > 3650)) errors.add(at(field), 'The days must be from 0 to 3650.');
  }
  const from = terms.balanceDueFrom ?? 'order';
  if (!(BALANCE_DUE_FROM as readonly string[]).includes(from)) errors.add(at('balanceDueFrom'), 'The balance due from must be order or receipt.');
  return { depositPercent: percent.toString(), depositDueDays: terms.depositDueDays ?? 0, balanceDueDays: terms.balanceDueDays ?? 0, balanceDueFrom: from };
}
