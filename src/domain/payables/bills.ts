// Bills: the supplier's invoice as a document (header, lines, totals, the three-way match); list and get; edit
// (lines replace) and delete while draft. Approval, void and what settles a bill live in their own modules.
// The currency is the order's for a bill of an order, else the one given, else the supplier's, else the base
// currency; the exchange rate to base is the one in force on the bill date. The due date, when not given,
// is the bill date plus the order's balance_due_days, else the supplier's payment_terms_days, else the bill
// date itself; an edit keeps the stored due date unless it gives one.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { rateToBase } from '../currencies/index.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { todayUtc } from '../shared/dates.js';
import { ZERO } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDateOnly, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { comparisonFilter, dateTimeFilter, stringFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { currentCompany } from '../tenancy/index.js';
import { BILL_STATUSES } from './bill-balance.js';
import { matchBillLines, prepareBillLines, type BillLineInput, type BillLineRow, type LineMatch, type MatchStatus } from './bill-lines.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export interface BillInput {
  supplierId?: number | null;
  billNumber?: string | null;
  billDate?: string | null;
  dueDate?: string | null;
  currency?: string | null;
  purchaseOrderId?: number | null;
  notes?: string | null;
  lines?: BillLineInput[] | null;
}

const DAY = 86_400_000;
const OPEN_STATUSES = ['open', 'partially_paid'];

type BillFilter = FilterSpec<Prisma.BillWhereInput>[string];
const integer = (column: 'supplierId' | 'purchaseOrderId'): BillFilter => ({ kind: 'integer', where: (op, value) => ({ [column]: comparisonFilter(op, value as number) }) });
const date = (column: 'billDate' | 'dueDate'): BillFilter => ({ kind: 'datetime', where: (op, value) => ({ [column]: dateTimeFilter(op, value) }) });

/** The filters of GET /bills: `status=open`, `supplier_id=3`, `bill_date[gte]=2026-05-01`, `due_date[lt]=…`, `overdue=true`. */
export const BILL_FILTERS: FilterSpec<Prisma.BillWhereInput> = {
  status: { kind: 'enum', enumValues: BILL_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  supplier_id: integer('supplierId'),
  purchase_order_id: integer('purchaseOrderId'),
  bill_number: { kind: 'string', where: (op, value) => ({ billNumber: stringFilter(op, value) }) },
  currency: { kind: 'string', operators: ['eq'], where: (op, value) => ({ currency: { equals: String(value).toUpperCase() } }) },
  match_status: { kind: 'enum', enumValues: ['matched', 'quantity_mismatch', 'price_mismatch'], where: (op, value) => ({ matchStatus: comparisonFilter(op, value as string) }) },
  bill_date: date('billDate'),
  due_date: date('dueDate'),
  overdue: {
    kind: 'boolean',
    description: 'true: approved, not fully paid and past the due date (today, UTC); false: everything else.',
    where: (_op, value) => {
      const overdue: Prisma.BillWhereInput = { status: { in: OPEN_STATUSES }, dueDate: { lt: todayUtc() } };
      return value ? overdue : { NOT: overdue };
    },
  },
};

const SORTABLE = { id: 'id', bill_number: 'billNumber', bill_date: 'billDate', due_date: 'dueDate', total: 'total', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listBills(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, BILL_FILTERS, SORTABLE);
  return listPage(db, 'bill', query, { where, orderBy, window });
}

export async function getBill(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const bill = await db.bill.findUnique({ ...query, where: byId(id) });
  if (!bill) throw new NotFoundError('Bill', id);
  return bill;
}

export async function createBill(db: TenantDb, input: BillInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    if (input.supplierId == null) errors.add('supplierId', 'The supplier id field is required.');
    checkRequiredText(errors, 'billNumber', input.billNumber, true);
    if (input.billDate == null) errors.add('billDate', 'The bill date field is required.');
    if (!input.lines || input.lines.length === 0) errors.add('lines', 'The lines field is required and must hold at least one line.');
    const written = await prepareBill(tx, input, null, errors);
    errors.throwIfAny();
    const created = await writeUnique(() => tx.bill.create({ data: written!.header as Prisma.BillUncheckedCreateInput }));
    await writeLines(tx, created.id, written!);
    return readAnswer(tx, created.id, query, (q) => tx.bill.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateBill(db: TenantDb, id: number, input: BillInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const bill = await lockDraft(tx, id, 'edited');
    const errors = new FieldErrorCollector();
    for (const field of ['supplierId', 'billNumber', 'billDate'] as const) {
      if (input[field] === null) errors.add(field, `The ${field === 'supplierId' ? 'supplier id' : field === 'billNumber' ? 'bill number' : 'bill date'} may not be empty.`);
    }
    checkRequiredText(errors, 'billNumber', input.billNumber, false);
    if (input.lines !== undefined && (input.lines === null || input.lines.length === 0)) errors.add('lines', 'A bill needs at least one line.');
    const written = await prepareBill(tx, input, bill, errors);
    errors.throwIfAny();
    await writeUnique(() => tx.bill.update({ where: byId(id), data: written!.header }));
    await writeLines(tx, id, written!);
    return readAnswer(tx, id, query, (q) => tx.bill.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteBill(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await lockDraft(tx, id, 'deleted');
    const bill = await readAnswer(tx, id, query, (q) => tx.bill.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.bill.delete({ where: byId(id) });
    return bill;
  });
}

/** Claims a draft for a change (the conditional update takes its row lock, so approval and edits serialise). */
async function lockDraft(tx: TenantTx, id: number, verb: string) {
  const claimed = await tx.bill.updateMany({ where: { id, status: 'draft' }, data: { updatedAt: new Date() } });
  const bill = await tx.bill.findUnique({ where: byId(id), include: { lines: { orderBy: { position: 'asc' } } } });
  if (!bill) throw new NotFoundError('Bill', id);
  if (claimed.count === 0) throw new ValidationError({ status: [`Only a draft bill can be ${verb}; this one is ${bill.status}.`] });
  return bill;
}

type StoredBill = Awaited<ReturnType<typeof lockDraft>>;

interface WrittenBill {
  header: Record<string, unknown>;
  lines: BillLineRow[];
  matches: LineMatch[];
}

async function prepareBill(tx: TenantTx, input: BillInput, stored: StoredBill | null, errors: FieldErrorCollector): Promise<WrittenBill | null> {
  const supplierId = input.supplierId !== undefined ? input.supplierId : stored?.supplierId ?? null;
  const purchaseOrderId = input.purchaseOrderId !== undefined ? input.purchaseOrderId : stored?.purchaseOrderId ?? null;
  checkMaxLength(errors, 'billNumber', input.billNumber, 64);
  checkCurrencyCode(errors, 'currency', input.currency);
  checkMaxLength(errors, 'notes', input.notes, 65_535);
  const billDate = input.billDate != null ? checkDateOnly(errors, 'billDate', input.billDate) : stored?.billDate ?? null;
  const givenDue = input.dueDate != null ? checkDateOnly(errors, 'dueDate', input.dueDate) : null;

  const [supplier, order, company] = await Promise.all([
    supplierId == null ? null : tx.supplier.findUnique({ where: byId(supplierId), select: { id: true, currency: true, paymentTermsDays: true } }),
    purchaseOrderId == null ? null : tx.purchaseOrder.findUnique({ where: byId(purchaseOrderId), select: { id: true, poNumber: true, supplierId: true, status: true, currency: true, paymentTerms: true } }),
    currentCompany(tx),
  ]);
  if (supplierId != null && !supplier) errors.add('supplierId', `The selected supplier ${supplierId} does not exist.`);
  if (purchaseOrderId != null) {
    if (!order) errors.add('purchaseOrderId', `Purchase order ${purchaseOrderId} does not exist.`);
    else if (supplier && order.supplierId !== supplier.id) errors.add('purchaseOrderId', `Purchase order ${order.poNumber} is not an order of supplier ${supplier.id}.`);
    else if (order.status === 'draft' || order.status === 'cancelled') errors.add('purchaseOrderId', `Purchase order ${order.poNumber} is ${order.status}; only a submitted order can be billed.`);
  }
  if (order && input.currency && input.currency !== order.currency) errors.add('currency', `A bill of purchase order ${order.poNumber} is in the order's currency ${order.currency}.`);

  const currency = order?.currency ?? input.currency ?? (stored && input.supplierId === undefined ? stored.currency : null) ?? supplier?.currency ?? company.baseCurrency;
  let dueDate = givenDue ?? (stored && input.billDate === undefined && input.purchaseOrderId === undefined ? stored.dueDate : null);
  if (!dueDate && billDate) {
    const orderDays = (order?.paymentTerms as { balanceDueDays?: number } | null)?.balanceDueDays;
    const days = orderDays ?? supplier?.paymentTermsDays ?? 0;
    dueDate = new Date(billDate.getTime() + days * DAY);
  }
  if (billDate && dueDate && dueDate < billDate) errors.add('dueDate', 'The due date may not be before the bill date.');
  const exchangeRate = billDate && !errors.errors.currency ? await rateToBase(tx, errors, 'currency', currency, company.baseCurrency, billDate, 'the bill date') : null;

  const lineInputs: BillLineInput[] | null = input.lines ?? (stored ? stored.lines.map((line) => ({ ...line })) : null);
  const lines = lineInputs ? await prepareBillLines(tx, lineInputs, purchaseOrderId, currency, errors) : null;
  const billNumber = input.billNumber?.trim() ?? stored?.billNumber;
  if (supplier && billNumber && !errors.errors.billNumber) {
    const taken = await tx.bill.findFirst({ where: { supplierId: supplier.id, billNumber, ...(stored ? { id: { not: stored.id } } : {}) }, select: { id: true } });
    if (taken) errors.add('billNumber', `The supplier already has a bill with the number ${billNumber} (bill ${taken.id}).`);
  }
  if (!lines || !exchangeRate || !supplier || !billDate || !dueDate || Object.keys(errors.errors).length > 0) return null;
  const match = await matchBillLines(tx, stored?.id ?? null, lines);
  const subtotal = lines.reduce((sum, line) => sum.plus(line.lineTotal), ZERO);
  const taxTotal = lines.reduce((sum, line) => sum.plus(line.taxAmount), ZERO);
  return {
    header: {
      supplierId: supplier.id,
      ...(input.billNumber != null ? { billNumber: input.billNumber.trim() } : {}),
      purchaseOrderId,
      billDate,
      dueDate,
      currency,
      exchangeRate,
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      subtotal,
      taxTotal,
      total: roundToCurrency(subtotal.plus(taxTotal), currency),
      matchStatus: match.matchStatus satisfies MatchStatus,
    },
    lines,
    matches: match.lines,
  };
}

async function writeLines(tx: TenantTx, billId: number, written: WrittenBill): Promise<void> {
  await tx.billLine.deleteMany({ where: { billId } });
  await tx.billLine.createMany({ data: written.lines.map((line, index) => ({ ...line, ...written.matches[index], billId })) as any });
}

/** A second bill with the supplier's invoice number (even one written concurrently) is a 422 on bill_number. */
async function writeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ValidationError({ billNumber: ['The supplier already has a bill with this bill number.'] });
    }
    throw error;
  }
}
