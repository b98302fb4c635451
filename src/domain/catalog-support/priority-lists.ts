// Fulfillment priority lists that products name (`priority_list`), each with an ordered list of warehouses:
// the order in which a product's sales order lines take stock (see src/domain/sales/warehouse-priority.ts).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { inUseByProducts } from './in-use.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface PriorityListInput {
  name?: string | null;
  description?: string | null;
  /** Warehouses in priority order (replaces the list when given; null or [] empties it). */
  warehouseIds?: number[] | null;
}

export interface PriorityListListArgs extends PageArgs {
  sort?: string | null;
  q?: string | null;
}

export type PriorityListQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listPriorityLists(db: TenantDb, args: PriorityListListArgs, query: PriorityListQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.PriorityListWhereInput = args.q ? { name: { contains: args.q, mode: 'insensitive' } } : {};
  return listPage(db, 'priorityList', query, { where, orderBy, window });
}

export async function getPriorityList(db: TenantDb | TenantTx, id: number, query: PriorityListQuery = {}) {
  const list = await db.priorityList.findUnique({ ...query, where: byId(id) });
  if (!list) throw new NotFoundError('Priority list', id);
  return list;
}

export async function createPriorityList(db: TenantDb, input: PriorityListInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await checkPriorityListInput(tx, input, true);
    const created = await tx.priorityList.create({ data: priorityListData(input) as Prisma.PriorityListUncheckedCreateInput });
    await replaceWarehouses(tx, created.id, input.warehouseIds);
    return readAnswer(tx, created.id, query, (q) => tx.priorityList.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updatePriorityList(db: TenantDb, id: number, input: PriorityListInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getPriorityList(tx, id);
    await checkPriorityListInput(tx, input, false);
    await tx.priorityList.update({ where: byId(id), data: priorityListData(input) });
    await replaceWarehouses(tx, id, input.warehouseIds);
    return readAnswer(tx, id, query, (q) => tx.priorityList.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deletePriorityList(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getPriorityList(tx, id, { select: { id: true } });
    const products = await tx.product.count({ where: { priorityListId: id } });
    if (products > 0) throw inUseByProducts('Priority list', id, products);
    // Read before the delete: its warehouses go with it.
    const list = await readAnswer(tx, id, query, (q) => tx.priorityList.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.priorityList.delete({ where: byId(id) });
    return list;
  });
}

async function checkPriorityListInput(tx: TenantTx, input: PriorityListInput, creating: boolean): Promise<void> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  checkMaxLength(errors, 'name', input.name, 255);
  checkMaxLength(errors, 'description', input.description, 65535);
  const ids = input.warehouseIds;
  if (ids?.length) {
    const found = await tx.location.findMany({ where: { id: { in: ids } }, select: { id: true, parentId: true } });
    const locations = new Map(found.map((location) => [location.id, location]));
    const seen = new Set<number>();
    ids.forEach((warehouseId, index) => {
      const location = locations.get(warehouseId);
      if (!location) errors.add(`warehouseIds.${index}`, `Warehouse ${warehouseId} does not exist.`);
      else if (location.parentId !== null) errors.add(`warehouseIds.${index}`, `Location ${warehouseId} is not a warehouse; a priority list orders warehouses.`);
      else if (seen.has(warehouseId)) errors.add(`warehouseIds.${index}`, `Warehouse ${warehouseId} is listed more than once.`);
      seen.add(warehouseId);
    });
  }
  errors.throwIfAny();
}

/** The given warehouses replace the list's, position 1, 2, ... in the order given. */
async function replaceWarehouses(tx: TenantTx, priorityListId: number, ids: number[] | null | undefined): Promise<void> {
  if (ids === undefined) return;
  await tx.priorityListWarehouse.deleteMany({ where: { priorityListId } });
  if (ids?.length) {
    await tx.priorityListWarehouse.createMany({
      data: ids.map((warehouseId, index) => ({ priorityListId, warehouseId, position: index + 1 })) as Prisma.PriorityListWarehouseCreateManyInput[],
    });
  }
}

function priorityListData(input: PriorityListInput): Prisma.PriorityListUncheckedUpdateInput {
  const data: Prisma.PriorityListUncheckedUpdateInput = {};
  if (typeof input.name === 'string') data.name = input.name.trim();
  if (input.description !== undefined) data.description = input.description;
  return data;
}
