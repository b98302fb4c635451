// Products and kits: list, read, create, update and delete. Every command runs in one transaction; the
// checks of each part of the input live in the modules next to this one. A product with history is
// deactivated (status 0) instead of deleted, and deactivated products are invisible to this service.
// Each command writes its product.created / updated / deleted event in its transaction.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId, companyIdOf } from '../../db/tenant-client.js';
import { validateCustomFieldValues } from '../custom-fields/index.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { pageMeta, type Page } from '../shared/pagination.js';
import { prepareKitItems } from './kit-items.js';
import { checkAttachments, checkSubstitutions, checkVariantAttributes, collectionsOf, writeCollections } from './product-collections.js';
import { productColumnData } from './product-columns.js';
import { pageIdsSql, planProductPage, totalSql, type ProductListArgs } from './product-page.js';
import { ACTIVE, DEACTIVATED } from './product-status.js';
import type { ProductInput } from './product-input.js';
import { checkProductReferences } from './product-references.js';
import { checkSkus, replaceAlternateSkus } from './product-skus.js';
import { productHasHistory } from './product-history.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { changedFields, recordEvent, recordEvents } from '../events/index.js';
import { PRODUCT_EVENT_FIELDS, productEvent } from './product-events.js';

export { ACTIVE, DEACTIVATED } from './product-status.js';
export type { ProductListArgs } from './product-page.js';

/** Prisma `include`/`select` chosen by the caller (the GraphQL layer asks for exactly what it will show). */
export type ProductQuery = PassThroughQuery;

/**
 * A page of products with what `query` includes: the page's ids and total from one SQL statement
 * (product-page.ts), then the rows. GraphQL selections the planner knows skip this and write the page's JSON
 * in that one statement (product-page-json.ts).
 */
export async function listProducts(db: TenantDb, args: ProductListArgs, query: ProductQuery = {}): Promise<Page<any>> {
  const plan = planProductPage(companyIdOf(db), args);
  const [{ ids, total }] = await db.$queryRaw<Array<{ ids: number[]; total: number }>>(
    Prisma.sql`SELECT ${totalSql(plan)} AS total, ${pageIdsSql(plan)} AS ids`,
  );
  // The rows are matched to the page's order by id, so a narrow selection still reads it.
  const withId = query.select ? { ...query, select: { ...(query.select as object), id: true } } : query;
  const rows = ids.length === 0 ? [] : await db.product.findMany({ ...withId, where: { id: { in: ids } } });
  const byKey = new Map(rows.map((row: { id: number }) => [row.id, row]));
  const items = ids.flatMap((id) => byKey.get(id) ?? []);
  return { items, meta: pageMeta(plan.window, total, items.length) };
}

export async function getProduct(db: TenantDb | TenantTx, id: number, query: ProductQuery = {}) {
  const product = await db.product.findFirst({ ...query, where: { id, status: ACTIVE } });
  if (!product) throw new NotFoundError('Product', id);
  return product;
}

/** Creates the product and reads the answer in its transaction (as JSON written by one statement when asked: readAnswer). */
export function createProduct(db: TenantDb, input: ProductInput, query: AnswerQuery = {}) {
  return createProductAnswering(db, input, (tx, id) => readAnswer(tx, id, query, (q) => tx.product.findUniqueOrThrow({ ...q, where: byId(id) })));
}

async function createProductAnswering<T>(db: TenantDb, input: ProductInput, answer: (tx: TenantTx, id: number) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    const data = productColumnData(input, true, errors);
    const prepared = await checkRelations(tx, null, input, errors);
    const customFields = await validateCustomFieldValues(tx, 'product', input.customFields, undefined, errors);
    const kitItems = input.kitItems ?? [];
    if ((input.type ?? 'PRODUCT') !== 'KIT' && kitItems.length > 0) {
      errors.add('kitItems', 'Only a product of type KIT can have kit items.');
    }
    errors.throwIfAny();

    const created = await writeOrExplain(() =>
      tx.product.create({
        data: { ...data, ...prepared.links, customFields } as Prisma.ProductUncheckedCreateInput,
        select: PRODUCT_EVENT_FIELDS,
      }),
    );
    // Kit items are checked once the kit has an id (a new kit cannot be inside another kit yet).
    const rows = await prepareKitItems(tx, created.id, kitItems, errors);
    errors.throwIfAny();
    if (prepared.alternateSkus?.length) await replaceAlternateSkus(tx, created.id, prepared.alternateSkus);
    await writeCollections(tx, created.id, { ...collectionsOf(input), kitItems: rows });
    await recordEvent(tx, productEvent('product.created', created));
    return answer(tx, created.id);
  });
}

/** Updates the product and reads the answer in its transaction (as JSON written by one statement when asked: readAnswer). */
export function updateProduct(db: TenantDb, id: number, input: ProductInput, query: AnswerQuery = {}) {
  return updateProductAnswering(db, id, input, (tx) => readAnswer(tx, id, query, (q) => tx.product.findUniqueOrThrow({ ...q, where: byId(id) })));
}

async function updateProductAnswering<T>(db: TenantDb, id: number, input: ProductInput, answer: (tx: TenantTx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    const stored = await tx.product.findFirst({
      where: { id, status: ACTIVE },
      select: { id: true, type: true, categoryId: true, subcategoryId: true, customFields: true, _count: { select: { kitItems: true } } },
    });
    if (!stored) throw new NotFoundError('Product', id);
    const errors = new FieldErrorCollector();
    const data = productColumnData(input, false, errors);
    const prepared = await checkRelations(tx, stored, input, errors);
    const customFields = await validateCustomFieldValues(tx, 'product', input.customFields, stored.customFields as Record<string, unknown>, errors);

    const type = input.type ?? stored.type;
    let kitItems;
    if (input.kitItems !== undefined) {
      if (type !== 'KIT' && (input.kitItems ?? []).length > 0) errors.add('kitItems', 'Only a product of type KIT can have kit items.');
      else kitItems = await prepareKitItems(tx, id, input.kitItems ?? [], errors);
    } else if (type !== 'KIT' && stored._count.kitItems > 0) {
      errors.add('type', 'This kit still has kit items; send kit_items: [] with the new type to remove them.');
    }
    errors.throwIfAny();

    const updated = await writeOrExplain(() =>
      tx.product.update({ where: byId(id), data: { ...data, ...prepared.links, customFields } as Prisma.ProductUncheckedUpdateInput, select: PRODUCT_EVENT_FIELDS }),
    );
    if (prepared.alternateSkus) await replaceAlternateSkus(tx, id, prepared.alternateSkus);
    await writeCollections(tx, id, { ...collectionsOf(input), kitItems });
    await recordEvent(tx, productEvent('product.updated', updated, { changed: changedFields(input) }));
    return answer(tx);
  });
}

/**
 * Deletes a product, or deactivates it (status 0) when it has history that must keep pointing at it; its
 * variants go with it either way. Answers with the product as it was before.
 */
export async function deleteProduct(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getProduct(tx, id, { select: { id: true } });
    const product = await readAnswer(tx, id, query, (q) => tx.product.findUniqueOrThrow({ ...q, where: byId(id) }));
    const family = [id, ...(await tx.product.findMany({ where: { parentProductId: id }, select: { id: true } })).map((v) => v.id)];
    const deactivated = await productHasHistory(tx, id);
    if (deactivated) {
      await tx.product.updateMany({ where: { id: { in: family } }, data: { status: DEACTIVATED } });
    } else {
      // Its own lists, its variants and the substitutions naming it go with it (cascades).
      await tx.product.delete({ where: byId(id) });
    }
    await recordEvents(
      tx,
      family.map((memberId) => ({
        type: 'product.deleted',
        resourceType: 'product',
        resourceId: memberId,
        data: { product_id: memberId, variant_of: memberId === id ? null : id, deactivated },
      })),
    );
    return product;
  });
}

interface PreparedRelations {
  /** Foreign keys to write on the product row. */
  links: Record<string, number | null>;
  alternateSkus?: string[];
}

/** Checks everything the input names besides the kit items; adds messages, returns what to write. */
async function checkRelations(
  tx: TenantTx,
  stored: { id: number; categoryId: number | null; subcategoryId: number | null } | null,
  input: ProductInput,
  errors: FieldErrorCollector,
): Promise<PreparedRelations> {
  const sku = typeof input.sku === 'string' && input.sku.trim() !== '' ? input.sku.trim() : undefined;
  const alternateSkus = await checkSkus(tx, stored?.id ?? null, sku, input.alternateSkus, errors);
  const derived = await checkProductReferences(tx, input, stored, errors);
  if (input.substitutions) await checkSubstitutions(tx, stored?.id ?? null, input.substitutions, errors);
  if (input.attachments) checkAttachments(input.attachments, errors);
  if (input.variantAttributes) checkVariantAttributes(input.variantAttributes, errors);

  const links: Record<string, number | null> = {};
  for (const field of [
    'categoryId',
    'subcategoryId',
    'supplierId',
    'priorityListId',
    'distributionTemplateId',
    'distributionTemplateCategoryId',
    'defaultUomId',
    'parentProductId',
  ] as const) {
    if (input[field] !== undefined) links[field] = input[field] ?? null;
  }
  if (derived.categoryId !== undefined) links.categoryId = derived.categoryId;
  return { links, alternateSkus };
}

/** A unique index that fires despite the checks (a concurrent writer on PostgreSQL) still answers 422. */
async function writeOrExplain<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ValidationError({ sku: ['The sku has already been taken.'] });
    }
    throw error;
  }
}
