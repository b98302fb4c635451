// Deals: buying opportunities or negotiations, optionally with one supplier, and the purchase orders that
// came of them. A deal shows its orders and their total in base currency (cancelled orders left out).
// Linking is idempotent; unlinking a pair that is not linked is a 404. Deleting a deal keeps its orders.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { sqlTextList } from '../shared/json-sql.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkCurrencyCode, checkDateOnly, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { parseSort } from '../shared/sorting.js';
import { currentCompany } from '../tenancy/index.js';
import { checkMoney } from '../currencies/index.js';
import { listPage } from '../shared/list-page.js';

export const DEAL_STAGES = ['open', 'won', 'lost'] as const;

export interface DealInput {
  name?: string | null;
  supplierId?: number | null;
  stage?: string | null;
  amount?: Decimal | null;
  currency?: string | null;
  expectedCloseDate?: string | null;
  notes?: string | null;
}

export interface DealListArgs extends PageArgs {
  sort?: string | null;
  stage?: string | null;
  supplierId?: number | null;
  q?: string | null;
}

const SORTABLE = { id: 'id', name: 'name', stage: 'stage', expected_close_date: 'expectedCloseDate', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listDeals(db: TenantDb, args: DealListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  checkStage(errors, args.stage);
  errors.throwIfAny();
  const where: Prisma.DealWhereInput = {
    ...(args.stage ? { stage: args.stage } : {}),
    ...(args.supplierId != null ? { supplierId: args.supplierId } : {}),
    ...(args.q ? { name: { contains: args.q, mode: 'insensitive' } } : {}),
  };
  return listPage(db, 'deal', query, { where, orderBy, window });
}

export async function getDeal(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const deal = await db.deal.findUnique({ ...query, where: byId(id) });
  if (!deal) throw new NotFoundError('Deal', id);
  return deal;
}

export async function createDeal(db: TenantDb, input: DealInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const data = await checkDeal(tx, input, true);
    const created = await tx.deal.create({ data: data as Prisma.DealUncheckedCreateInput });
    return readAnswer(tx, created.id, query, (q) => tx.deal.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateDeal(db: TenantDb, id: number, input: DealInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getDeal(tx, id);
    const data = await checkDeal(tx, input, false);
    await tx.deal.update({ where: byId(id), data });
    return readAnswer(tx, id, query, (q) => tx.deal.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteDeal(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    // A missing deal is a 404 before its answer is read (the JSON of a missing row would be empty).
    await getDeal(tx, id, { select: { id: true } });
    const deal = await readAnswer(tx, id, query, (q) => tx.deal.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.deal.delete({ where: byId(id) }); // its links go with it; the orders stay
    return deal;
  });
}

export async function linkDealPurchaseOrder(db: TenantDb, dealId: number, purchaseOrderId: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getDeal(tx, dealId);
    if (!(await tx.purchaseOrder.findFirst({ where: { id: purchaseOrderId }, select: { id: true } }))) throw new NotFoundError('Purchase order', purchaseOrderId);
    await tx.dealPurchaseOrder.createMany({ data: [{ dealId, purchaseOrderId } as any], skipDuplicates: true });
    return readAnswer(tx, dealId, query, (q) => tx.deal.findUniqueOrThrow({ ...q, where: byId(dealId) }));
  });
}

export async function unlinkDealPurchaseOrder(db: TenantDb, dealId: number, purchaseOrderId: number): Promise<{ message: string }> {
  return db.$transaction(async (tx) => {
    const removed = await tx.dealPurchaseOrder.deleteMany({ where: { dealId, purchaseOrderId } });
    if (removed.count === 0) throw new NotFoundError(`Purchase order ${purchaseOrderId} linked to deal`, dealId);
    return { message: `Purchase order ${purchaseOrderId} is no longer linked to deal ${dealId}; the order itself is unchanged.` };
  });
}

/** The status of the linked orders a deal's total leaves out. */
const LEFT_OUT_ORDER_STATUS = 'cancelled';

/** The total in base currency of the orders linked to each deal, cancelled ones left out. */
export async function dealOrderTotals(db: TenantDb, dealIds: readonly number[]): Promise<Decimal[]> {
  const links = await db.dealPurchaseOrder.findMany({
    where: { dealId: { in: [...dealIds] }, purchaseOrder: { status: { not: LEFT_OUT_ORDER_STATUS } } },
    select: { dealId: true, purchaseOrder: { select: { totalBase: true } } },
  });
  const totals = new Map<number, Decimal>();
  for (const link of links) totals.set(link.dealId, (totals.get(link.dealId) ?? ZERO).plus(link.purchaseOrder.totalBase));
  return dealIds.map((id) => totals.get(id) ?? ZERO);
}

/**
 * dealOrderTotals as SQL over a deal row (`deal`, the company as $1), for answers PostgreSQL writes whole
 * (src/graphql/shared/compiled-records.ts): 0 without linked orders.
 */
export const dealOrderTotalSql = (deal: string) => `coalesce((
    SELECT sum(${deal}_order."totalBase")
    FROM "DealPurchaseOrder" ${deal}_link
    JOIN "PurchaseOrder" ${deal}_order ON ${deal}_order."companyId" = ${deal}_link."companyId" AND ${deal}_order.id = ${deal}_link."purchaseOrderId"
    WHERE ${deal}_link."companyId" = $1::int AND ${deal}_link."dealId" = ${deal}.id AND ${deal}_order.status <> ${sqlTextList([LEFT_OUT_ORDER_STATUS])}
  ), 0)`;

function checkStage(errors: FieldErrorCollector, stage: string | null | undefined): void {
  if (stage != null && !(DEAL_STAGES as readonly string[]).includes(stage)) errors.add('stage', `The stage must be one of ${DEAL_STAGES.join(', ')}.`);
}

async function checkDeal(tx: TenantTx, input: DealInput, creating: boolean): Promise<Prisma.DealUncheckedUpdateInput> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  checkMaxLength(errors, 'name', input.name, 255);
  if (input.stage === null) errors.add('stage', 'The stage may not be empty.');
  checkStage(errors, input.stage);
  checkCurrencyCode(errors, 'currency', input.currency);
  const currency = input.currency ?? (input.amount != null ? (await currentCompany(tx)).baseCurrency : undefined);
  if (input.amount != null && currency && !errors.errors.currency) checkMoney(errors, 'amount', input.amount, currency);
  const expected = input.expectedCloseDate == null ? input.expectedCloseDate : checkDateOnly(errors, 'expectedCloseDate', input.expectedCloseDate);
  if (input.supplierId != null && !(await tx.supplier.findFirst({ where: { id: input.supplierId }, select: { id: true } }))) {
    errors.add('supplierId', `The selected supplier ${input.supplierId} does not exist.`);
  }
  errors.throwIfAny();
  const data: Prisma.DealUncheckedUpdateInput = {};
  if (input.name != null) data.name = input.name.trim();
  if (input.supplierId !== undefined) data.supplierId = input.supplierId;
  if (input.stage != null) data.stage = input.stage;
  if (input.amount !== undefined) data.amount = input.amount;
  if (currency !== undefined) data.currency = currency;
  if (input.expectedCloseDate !== undefined) data.expectedCloseDate = expected ?? null;
  if (input.notes !== undefined) data.notes = input.notes;
  return data;
}

/**
 * The deals a purchase order is linked to, as rows (id, name) of `related`, by deal id as the order's `deals`
 * field lists them; `owner` is the order's id, so a page of orders reads the links of all its orders at once.
 */
export const orderDealsSql = (_order: string, related: string) => ({
  from: `"DealPurchaseOrder" ${related}_link JOIN "Deal" ${related} ON ${related}."companyId" = ${related}_link."companyId" AND ${related}.id = ${related}_link."dealId"`,
  where: `${related}_link."companyId" = $1::int`,
  order: `${related}_link."dealId"`,
  owner: `${related}_link."purchaseOrderId"`,
});
