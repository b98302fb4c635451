// Warehouse groups: a named set of warehouses sharing settings (the default lot deduction strategy and
// whether negative stock is allowed). Warehouses are assigned by listing their ids (top-level locations
// only); the list replaces the group's warehouses. Every command runs in one transaction.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { LOT_DEDUCTION_STRATEGIES } from '../products/index.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkHttpUrl, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export interface WarehouseGroupInput {
  name?: string | null;
  lotDeductionStrategy?: string | null;
  allowNegativeStock?: boolean | null;
  warehouseIds?: number[] | null;
  externallyManaged?: boolean | null;
  externalWmsUrl?: string | null;
  /** Write-only: stored, never shown (reads show whether one is set). */
  externalWmsApiKey?: string | null;
}

export type WarehouseGroupQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listWarehouseGroups(
  db: TenantDb,
  args: PageArgs & { sort?: string | null },
  query: WarehouseGroupQuery = {},
): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  return listPage(db, 'warehouseGroup', query, { orderBy, window });
}

export async function getWarehouseGroup(db: TenantDb | TenantTx, id: number, query: WarehouseGroupQuery = {}) {
  const group = await db.warehouseGroup.findUnique({ ...query, where: byId(id) });
  if (!group) throw new NotFoundError('Warehouse group', id);
  return group;
}

export async function createWarehouseGroup(db: TenantDb, input: WarehouseGroupInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    checkRequiredText(errors, 'name', input.name, true);
    await checkInput(tx, null, input, errors);
    errors.throwIfAny();
    const created = await tx.warehouseGroup.create({ data: groupData(input) as Prisma.WarehouseGroupUncheckedCreateInput });
    await assignWarehouses(tx, created.id, input.warehouseIds);
    return readAnswer(tx, created.id, query, (q) => tx.warehouseGroup.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateWarehouseGroup(db: TenantDb, id: number, input: WarehouseGroupInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getWarehouseGroup(tx, id);
    const errors = new FieldErrorCollector();
    checkRequiredText(errors, 'name', input.name, false);
    await checkInput(tx, id, input, errors);
    errors.throwIfAny();
    await tx.warehouseGroup.update({ where: byId(id), data: groupData(input) });
    await assignWarehouses(tx, id, input.warehouseIds);
    return readAnswer(tx, id, query, (q) => tx.warehouseGroup.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Deletes the group; its warehouses become ungrouped (they fall back to the defaults). A group that channels use stays. */
export async function deleteWarehouseGroup(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getWarehouseGroup(tx, id);
    const channels = await tx.salesChannel.count({ where: { warehouseGroupId: id } });
    if (channels > 0) {
      const message = `Warehouse group ${id} is used by ${channels} channel${channels > 1 ? 's' : ''}; give them another group first.`;
      throw new ValidationError({ id: [message] }, message);
    }
    // The answer is the group as it was, its warehouses still in it.
    const group = await readAnswer(tx, id, query, (q) => tx.warehouseGroup.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.location.updateMany({ where: { warehouseGroupId: id }, data: { warehouseGroupId: null } });
    await tx.warehouseGroup.delete({ where: byId(id) });
    return group;
  });
}

async function checkInput(tx: TenantTx, id: number | null, input: WarehouseGroupInput, errors: FieldErrorCollector): Promise<void> {
  const name = input.name?.trim();
  checkMaxLength(errors, 'name', name, 255);
  if (name && name.length <= 255) {
    const clash = await tx.warehouseGroup.findFirst({ where: { name: { equals: name, mode: 'insensitive' }, ...(id ? { id: { not: id } } : {}) } });
    if (clash) errors.add('name', 'The name has already been taken.');
  }
  const strategy = input.lotDeductionStrategy;
  if (strategy !== undefined && strategy !== null && !(LOT_DEDUCTION_STRATEGIES as readonly string[]).includes(strategy)) {
    errors.add('lotDeductionStrategy', `The lot deduction strategy must be one of: ${LOT_DEDUCTION_STRATEGIES.join(', ')}, or null.`);
  }
  checkHttpUrl(errors, 'externalWmsUrl', input.externalWmsUrl, 'external WMS URL');
  checkMaxLength(errors, 'externalWmsApiKey', input.externalWmsApiKey, 1024);
  if (input.externallyManaged === true) {
    const stored = id ? await tx.warehouseGroup.findFirst({ where: { id }, select: { externalWmsUrl: true } }) : null;
    const url = input.externalWmsUrl !== undefined ? input.externalWmsUrl : stored?.externalWmsUrl;
    if (!url) errors.add('externalWmsUrl', 'An externally managed group needs the URL of its warehouse system.');
  }
  const ids = input.warehouseIds;
  if (ids === undefined || ids === null) return;
  if (new Set(ids).size !== ids.length) errors.add('warehouseIds', 'The warehouse ids may not repeat.');
  const found = await tx.location.findMany({ where: { id: { in: ids } }, select: { id: true, parentId: true } });
  const byId = new Map(found.map((location) => [location.id, location]));
  ids.forEach((warehouseId, index) => {
    const location = byId.get(warehouseId);
    if (!location) errors.add(`warehouseIds.${index}`, `Warehouse ${warehouseId} does not exist.`);
    else if (location.parentId !== null) errors.add(`warehouseIds.${index}`, `Location ${warehouseId} is not a warehouse; only warehouses join a group.`);
  });
}

/** The given list replaces the group's warehouses (a warehouse belongs to one group at most). */
async function assignWarehouses(tx: TenantTx, id: number, ids: number[] | null | undefined): Promise<void> {
  if (ids === undefined || ids === null) return;
  await tx.location.updateMany({ where: { warehouseGroupId: id, id: { notIn: ids } }, data: { warehouseGroupId: null } });
  if (ids.length > 0) await tx.location.updateMany({ where: { id: { in: ids } }, data: { warehouseGroupId: id } });
}

function groupData(input: WarehouseGroupInput): Prisma.WarehouseGroupUncheckedUpdateInput {
  const data: Prisma.WarehouseGroupUncheckedUpdateInput = {};
  if (input.name !== undefined && input.name !== null) data.name = input.name.trim();
  if (input.lotDeductionStrategy !== undefined) data.lotDeductionStrategy = input.lotDeductionStrategy;
  if (input.allowNegativeStock !== undefined && input.allowNegativeStock !== null) data.allowNegativeStock = input.allowNegativeStock;
  if (input.externallyManaged != null) data.externallyManaged = input.externallyManaged;
  if (input.externalWmsUrl !== undefined) data.externalWmsUrl = input.externalWmsUrl;
  if (input.externalWmsApiKey !== undefined) data.externalWmsApiKey = input.externalWmsApiKey;
  return data;
}
