// Bills of materials: a named list of component items and extra costs. An update is partial; `items` and
// `extraCosts`, when given, replace the whole stored array. Every command runs in one transaction.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { describeProducts, findReachedProduct } from './bom-cycles.js';
import { extraCostRows, type BomExtraCostInput, type BomExtraCostRow } from './bom-extra-costs.js';
import { resolveBomItems, type BomItemInput, type BomItemRow } from './bom-items.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { listPage } from '../shared/list-page.js';

export const MAX_BOM_NAME = 255;

export interface BomInput {
  name?: string | null;
  items?: BomItemInput[] | null;
  extraCosts?: BomExtraCostInput[] | null;
}

export interface BomListArgs extends PageArgs {
  sort?: string | null;
  /** Case-insensitive part of the name. */
  q?: string | null;
}

/** Prisma `include`/`select` chosen by the caller (the GraphQL layer asks for exactly what it will show). */
export type BomQuery = PassThroughQuery;

const SORTABLE = { id: 'id', name: 'name', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listBoms(db: TenantDb, args: BomListArgs, query: BomQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.BomWhereInput = args.q ? { name: { contains: args.q, mode: 'insensitive' } } : {};
  return listPage(db, 'bom', query, { where, orderBy, window });
}

export async function getBom(db: TenantDb | TenantTx, id: number, query: BomQuery = {}) {
  const bom = await db.bom.findUnique({ ...query, where: byId(id) });
  if (!bom) throw new NotFoundError('BOM', id);
  return bom;
}

export async function createBom(db: TenantDb, input: BomInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    checkRequiredText(errors, 'name', input.name, true);
    if (input.items === undefined || input.items === null) errors.add('items', 'The items field is required.');
    const checked = await checkBomInput(tx, null, input, errors);
    errors.throwIfAny();
    const created = await writeOrRefuseDuplicate(() => tx.bom.create({ data: { name: input.name!.trim() } as Prisma.BomUncheckedCreateInput }));
    await replaceChildren(tx, created.id, checked);
    return readAnswer(tx, created.id, query, (q) => tx.bom.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateBom(db: TenantDb, id: number, input: BomInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getBom(tx, id);
    const errors = new FieldErrorCollector();
    checkRequiredText(errors, 'name', input.name, false);
    if (input.items === null) errors.add('items', 'The items may not be null; leave the field out to keep the items.');
    if (input.extraCosts === null) errors.add('extraCosts', 'The extra_costs may not be null; send [] to remove every extra cost.');
    const checked = await checkBomInput(tx, id, input, errors);
    errors.throwIfAny();
    // updatedAt moves when only the items or extra costs change, too.
    const data: Prisma.BomUpdateInput = { updatedAt: new Date() };
    if (typeof input.name === 'string') data.name = input.name.trim();
    await writeOrRefuseDuplicate(() => tx.bom.update({ where: byId(id), data }));
    await replaceChildren(tx, id, checked);
    return readAnswer(tx, id, query, (q) => tx.bom.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/**
 * Deletes a BOM with its items and extra costs. Products that named it simply stop naming it (their
 * ProductBom links go with it): a product may have several BOMs or none.
 */
export async function deleteBom(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getBom(tx, id, { select: { id: true } });
    const bom = await readAnswer(tx, id, query, (q) => tx.bom.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.bom.delete({ where: byId(id) });
    return bom;
  });
}

interface CheckedChildren {
  items: BomItemRow[] | null;
  extraCosts: BomExtraCostRow[] | null;
}

async function checkBomInput(tx: TenantTx, id: number | null, input: BomInput, errors: FieldErrorCollector): Promise<CheckedChildren> {
  checkMaxLength(errors, 'name', input.name, MAX_BOM_NAME);
  if (typeof input.name === 'string' && input.name.trim() !== '' && input.name.length <= MAX_BOM_NAME) {
    const name = input.name.trim();
    const taken = await tx.bom.findFirst({ where: { name, ...(id !== null ? { id: { not: id } } : {}) }, select: { id: true } });
    if (taken) errors.add('name', 'The name has already been taken.');
  }
  const checked: CheckedChildren = { items: null, extraCosts: null };
  if (input.items) {
    if (input.items.length === 0) errors.add('items', 'The items must have at least 1 item.');
    const { rows, productIds } = await resolveBomItems(tx, input.items, errors);
    checked.items = rows;
    if (id !== null) await checkNoCycle(tx, id, input.items, productIds, errors);
  }
  if (input.extraCosts) checked.extraCosts = extraCostRows(input.extraCosts, errors);
  return checked;
}

/**
 * A BOM may not contain a product it builds (one that names it in its BOMs), directly or through the BOMs of
 * its components. A new BOM builds nothing yet, so only updates are checked; products link to BOMs through
 * the products service, which calls assertNoBomCycle.
 */
async function checkNoCycle(
  tx: TenantTx,
  bomId: number,
  items: BomItemInput[],
  productIds: Array<number | null>,
  errors: FieldErrorCollector,
): Promise<void> {
  const builtBy = await tx.productBom.findMany({ where: { bomId }, select: { productId: true } });
  const targets = new Set(builtBy.map((link) => link.productId));
  const roots = productIds.filter((p): p is number => p !== null);
  const reached = await findReachedProduct(tx, roots, targets, [bomId]);
  if (!reached) return;
  const names = await describeProducts(tx, [reached.root, reached.target]);
  const message =
    reached.root === reached.target
      ? `${capitalise(names.get(reached.root)!)} is built by this BOM, so it cannot be one of its items.`
      : `${capitalise(names.get(reached.root)!)} contains ${names.get(reached.target)}, which is built by this BOM, through its own BOMs: a BOM may not contain its own product.`;
  productIds.forEach((productId, index) => {
    if (productId !== reached.root) return;
    const namedBySku = (items[index].productId ?? null) === null;
    errors.add(`items.${index}.${namedBySku ? 'sku' : 'productId'}`, message);
  });
}

async function replaceChildren(tx: TenantTx, bomId: number, checked: CheckedChildren): Promise<void> {
  if (checked.items) {
    await tx.bomItem.deleteMany({ where: { bomId } });
    await tx.bomItem.createMany({ data: checked.items.map((row) => ({ ...row, bomId })) as Prisma.BomItemCreateManyInput[] });
  }
  if (checked.extraCosts) {
    await tx.bomExtraCost.deleteMany({ where: { bomId } });
    if (checked.extraCosts.length > 0) {
      await tx.bomExtraCost.createMany({ data: checked.extraCosts.map((row) => ({ ...row, bomId })) as Prisma.BomExtraCostCreateManyInput[] });
    }
  }
}

/** The name check above runs first; this catches the same name written by a concurrent request. */
async function writeOrRefuseDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ValidationError({ name: ['The name has already been taken.'] });
    }
    throw error;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
