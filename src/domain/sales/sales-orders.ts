// Sales orders as documents: header, lines and totals; list and get; edit (lines replace) and delete while
// draft. The channel must be unlocked for any change (channel-lock.ts). order_number is the channel's own
// number, unique per channel; without one the service numbers the order from the company's sequence
// (SO-000001). The currency is the one given, else the customer's, else the base currency. Transitions and
// allocation live in sales-order-transitions.ts and allocation.ts.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { todayUtc } from '../shared/dates.js';
import { nextDocumentNumber } from '../purchasing/index.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDateOnly, checkMaxLength } from '../shared/field-checks.js';
import { comparisonFilter, dateTimeFilter, stringFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { currentCompany } from '../tenancy/index.js';
import { checkAddress, type AddressInput } from './address.js';
import { unlockedChannel } from './channel-lock.js';
import { prepareSalesLines, salesTotals, type SalesLineRow, type SalesOrderLineInput } from './sales-order-lines.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { changedFields, recordEvent } from '../events/index.js';
import { salesOrderEvent } from './sales-order-events.js';
import { listPage } from '../shared/list-page.js';

export const SALES_ORDER_STATUSES = ['draft', 'confirmed', 'partially_shipped', 'shipped', 'closed', 'cancelled'] as const;

export interface SalesOrderInput {
  channelId?: number | null;
  companyId?: number | null;
  orderNumber?: string | null;
  orderDate?: string | null;
  currency?: string | null;
  shipTo?: AddressInput | null;
  requestedShipDate?: string | null;
  shippingMethod?: string | null;
  notes?: string | null;
  lines?: SalesOrderLineInput[] | null;
}

type OrderFilter = FilterSpec<Prisma.SalesOrderWhereInput>[string];
const integer = (column: 'channelId' | 'customerCompanyId'): OrderFilter => ({ kind: 'integer', where: (op, value) => ({ [column]: comparisonFilter(op, value as number) }) });

/** The filters of GET /sales-orders: `status=confirmed`, `channel_id=2`, `company_id=5`, `order_number=…`, `created_at[gte]=…`. */
export const SALES_ORDER_FILTERS: FilterSpec<Prisma.SalesOrderWhereInput> = {
  status: { kind: 'enum', enumValues: SALES_ORDER_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  channel_id: integer('channelId'),
  company_id: integer('customerCompanyId'),
  order_number: { kind: 'string', where: (op, value) => ({ orderNumber: stringFilter(op, value) }) },
  external_order_id: { kind: 'string', where: (op, value) => ({ externalOrderId: stringFilter(op, value) }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', order_number: 'orderNumber', order_date: 'orderDate', total: 'total', created_at: 'createdAt', updated_at: 'updatedAt', confirmed_at: 'confirmedAt' };

export async function listSalesOrders(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, SALES_ORDER_FILTERS, SORTABLE);
  return listPage(db, 'salesOrder', query, { where, orderBy, window });
}

export async function getSalesOrder(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const order = await db.salesOrder.findUnique({ ...query, where: byId(id) });
  if (!order) throw new NotFoundError('Sales order', id);
  return order;
}

export async function createSalesOrder(db: TenantDb, input: SalesOrderInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const id = await insertSalesOrder(tx, input, {});
    return readAnswer(tx, id, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Checks and writes a new draft order; order intake adds the external id. Answers its id. */
export async function insertSalesOrder(tx: TenantTx, input: SalesOrderInput, extra: { externalOrderId?: string; intakePayload?: Prisma.InputJsonObject }): Promise<number> {
  const errors = new FieldErrorCollector();
  if (input.channelId == null) errors.add('channelId', 'The channel id field is required.');
  if (!input.lines || input.lines.length === 0) errors.add('lines', 'The lines field is required and must hold at least one line.');
  const written = await prepareOrder(tx, input, null, errors);
  errors.throwIfAny();
  const orderNumber = written!.header.orderNumber ?? (await freeOrderNumber(tx, written!.header.channelId));
  const created = await writeUnique(() => tx.salesOrder.create({ data: { ...written!.header, orderNumber, ...extra } as Prisma.SalesOrderUncheckedCreateInput }));
  await writeLines(tx, created.id, written!.lines!);
  await recordEvent(tx, salesOrderEvent('sales_order.created', created));
  return created.id;
}

export async function updateSalesOrder(db: TenantDb, id: number, input: SalesOrderInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const stored = await lockDraft(tx, id, 'edited');
    const errors = new FieldErrorCollector();
    if (input.channelId === null) errors.add('channelId', 'The channel id may not be empty.');
    if (input.orderNumber === null) errors.add('orderNumber', 'The order number may not be empty.');
    if (input.lines !== undefined && (input.lines === null || input.lines.length === 0)) errors.add('lines', 'A sales order needs at least one line.');
    const written = await prepareOrder(tx, input, stored, errors);
    errors.throwIfAny();
    const updated = await writeUnique(() => tx.salesOrder.update({ where: byId(id), data: written!.header }));
    if (written!.lines) await writeLines(tx, id, written!.lines);
    await recordEvent(tx, salesOrderEvent('sales_order.updated', updated, { changed: changedFields(input) }));
    return readAnswer(tx, id, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteSalesOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const stored = await lockDraft(tx, id, 'deleted');
    const order = await readAnswer(tx, id, query, (q) => tx.salesOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.salesOrder.delete({ where: byId(id) });
    await recordEvent(tx, salesOrderEvent('sales_order.deleted', stored));
    return order;
  });
}

/**
 * Claims an order for a change whose status must be one of `statuses` (the conditional update takes its row
 * lock, so transitions and edits serialise); a locked channel refuses (403) before anything else.
 */
export async function claimOrder(tx: TenantTx, id: number, statuses: readonly string[], verb: string) {
  const found = await tx.salesOrder.findUnique({ where: byId(id), select: { channelId: true } });
  if (!found) throw new NotFoundError('Sales order', id);
  await unlockedChannel(tx, found.channelId);
  const claimed = await tx.salesOrder.updateMany({ where: { id, status: { in: [...statuses] } }, data: { updatedAt: new Date() } });
  const order = await tx.salesOrder.findUniqueOrThrow({ where: byId(id), include: { lines: { orderBy: { position: 'asc' } } } });
  if (claimed.count === 0) {
    throw new ValidationError({ status: [`Only a ${statuses.join(' or ')} sales order can be ${verb}; ${order.orderNumber} is ${order.status}.`] });
  }
  return order;
}

const lockDraft = (tx: TenantTx, id: number, verb: string) => claimOrder(tx, id, ['draft'], verb);

type StoredOrder = Awaited<ReturnType<typeof lockDraft>>;

async function prepareOrder(tx: TenantTx, input: SalesOrderInput, stored: StoredOrder | null, errors: FieldErrorCollector) {
  const channelId = input.channelId !== undefined ? input.channelId : stored?.channelId ?? null;
  const customerId = input.companyId !== undefined ? input.companyId : stored?.customerCompanyId ?? null;
  checkMaxLength(errors, 'orderNumber', input.orderNumber?.trim(), 64);
  if (input.orderNumber != null && input.orderNumber.trim() === '') errors.add('orderNumber', 'The order number may not be blank.');
  checkCurrencyCode(errors, 'currency', input.currency);
  checkMaxLength(errors, 'shippingMethod', input.shippingMethod, 64);
  checkMaxLength(errors, 'notes', input.notes, 65_535);
  const orderDate = input.orderDate != null ? checkDateOnly(errors, 'orderDate', input.orderDate) : stored?.orderDate ?? todayUtc();
  const requestedShipDate = input.requestedShipDate != null ? checkDateOnly(errors, 'requestedShipDate', input.requestedShipDate) : null;
  const shipTo = input.shipTo !== undefined ? checkAddress(errors, 'shipTo', input.shipTo) : undefined;

  // A changed channel must be unlocked too (the stored one was checked when the order was claimed).
  const found = channelId == null ? null : await tx.salesChannel.findUnique({ where: byId(channelId), select: { id: true } });
  if (channelId != null && !found) errors.add('channelId', `Channel ${channelId} does not exist.`);
  const channel = found && found.id !== stored?.channelId ? await unlockedChannel(tx, found.id) : found;
  const customer = customerId == null ? null : await tx.customerCompany.findUnique({ where: byId(customerId), select: { id: true, currency: true } });
  if (customerId != null && !customer) errors.add('companyId', `Customer company ${customerId} does not exist.`);
  const company = await currentCompany(tx);
  const currency = input.currency ?? (stored && input.companyId === undefined ? stored.currency : null) ?? customer?.currency ?? company.baseCurrency;

  const orderNumber = input.orderNumber?.trim();
  if (channel && orderNumber && !errors.errors.orderNumber) {
    const taken = await tx.salesOrder.findFirst({ where: { channelId: channel.id, orderNumber, ...(stored ? { id: { not: stored.id } } : {}) }, select: { id: true } });
    if (taken) errors.add('orderNumber', `The channel already has an order numbered ${orderNumber} (sales order ${taken.id}).`);
  }
  const lineInputs: SalesOrderLineInput[] | null = input.lines ?? null;
  const pricingReady = channel && orderDate && !errors.errors.currency && !errors.errors.companyId;
  const pricing = pricingReady ? { customerCompanyId: customer?.id ?? null, channelId: channel.id, currency, orderDate } : null;
  const lines = lineInputs ? await prepareSalesLines(tx, lineInputs, pricing, errors) : null;
  if (!channel || !orderDate || Object.keys(errors.errors).length > 0) return null;
  // An edit that changes what prices depend on without new lines keeps the stored prices; the totals stay.
  const totals = lines ? salesTotals(lines) : {};
  return {
    header: {
      channelId: channel.id,
      customerCompanyId: customer?.id ?? null,
      ...(orderNumber ? { orderNumber } : {}),
      orderDate,
      currency,
      ...(shipTo !== undefined ? { shipTo: shipTo ? (shipTo as unknown as Prisma.InputJsonObject) : Prisma.DbNull } : {}),
      ...(input.requestedShipDate !== undefined ? { requestedShipDate } : {}),
      ...(input.shippingMethod !== undefined ? { shippingMethod: input.shippingMethod } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...totals,
    },
    lines,
  };
}

/** The next number of the company's sequence that the channel does not use already. */
async function freeOrderNumber(tx: TenantTx, channelId: number): Promise<string> {
  for (;;) {
    const number = await nextDocumentNumber(tx, 'sales_order', 'SO');
    if (!(await tx.salesOrder.findFirst({ where: { channelId, orderNumber: number }, select: { id: true } }))) return number;
  }
}

async function writeLines(tx: TenantTx, orderId: number, lines: SalesLineRow[]): Promise<void> {
  await tx.salesOrderLine.deleteMany({ where: { salesOrderId: orderId } });
  await tx.salesOrderLine.createMany({ data: lines.map((line) => ({ ...line, salesOrderId: orderId })) as Prisma.SalesOrderLineCreateManyInput[] });
}

/** A second order with the channel's number (even one written concurrently) is a 422 on order_number. */
async function writeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ValidationError({ orderNumber: ['The channel already has an order with this order number.'] });
    }
    throw error;
  }
}
