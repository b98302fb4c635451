// Checks every id a product input names: it must exist in the company (the tenant-scoped transaction only
// sees the company's rows), and category, subcategory and parent product must make sense together.
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { PRODUCT_REFERENCE_FIELDS, type ProductInput, type ReferenceField } from './product-input.js';

/** Label of each referenced model, for messages. */
const LABELS: Record<string, string> = {
  supplier: 'supplier',
  priorityList: 'priority list',
  distributionTemplate: 'distribution template',
  distributionTemplateCategory: 'distribution template category',
  unitOfMeasure: 'unit of measure',
};

export interface StoredProductLinks {
  id: number;
  categoryId: number | null;
  subcategoryId: number | null;
}

/**
 * Adds a message per unknown or inconsistent id and returns the category the product should get when only
 * a subcategory was given (the subcategory's own category), else undefined.
 */
export async function checkProductReferences(
  tx: TenantTx,
  input: ProductInput,
  stored: StoredProductLinks | null,
  errors: FieldErrorCollector,
): Promise<{ categoryId?: number }> {
  for (const [field, model] of Object.entries(PRODUCT_REFERENCE_FIELDS) as Array<[ReferenceField, string]>) {
    const id = input[field];
    if (id === undefined || id === null) continue;
    const found = await (tx as any)[model].findUnique({ where: byId(id), select: { id: true } });
    if (!found) errors.add(field, `The selected ${LABELS[model]} ${id} does not exist.`);
  }

  await checkIdList('tagIds', input.tagIds, (ids) => tx.tag.findMany({ where: { id: { in: ids } }, select: { id: true } }), 'tag', errors);
  await checkIdList('bomIds', input.bomIds, (ids) => tx.bom.findMany({ where: { id: { in: ids } }, select: { id: true } }), 'BOM', errors);

  await checkParentProduct(tx, input.parentProductId, stored?.id ?? null, errors);
  return checkCategories(tx, input, stored, errors);
}

async function checkIdList(
  field: string,
  ids: number[] | null | undefined,
  load: (ids: number[]) => Promise<Array<{ id: number }>>,
  label: string,
  errors: FieldErrorCollector,
): Promise<void> {
  if (!ids || ids.length === 0) return;
  const found = new Set((await load([...new Set(ids)])).map((row) => row.id));
  ids.forEach((id, index) => {
    if (!found.has(id)) errors.add(`${field}.${index}`, `The selected ${label} ${id} does not exist.`);
  });
}

async function checkParentProduct(tx: TenantTx, parentId: number | null | undefined, selfId: number | null, errors: FieldErrorCollector) {
  if (parentId === undefined || parentId === null) return;
  if (parentId === selfId) {
    errors.add('parentProductId', 'A product cannot be a variant of itself.');
    return;
  }
  const parent = await tx.product.findUnique({ where: byId(parentId), select: { status: true, parentProductId: true } });
  if (!parent || parent.status === 0) {
    errors.add('parentProductId', `The selected parent product ${parentId} does not exist.`);
  } else if (parent.parentProductId !== null) {
    // One level of variants: a variant's variants would have no place in the response shape.
    errors.add('parentProductId', `Product ${parentId} is itself a variant; variants cannot have variants.`);
  } else if (selfId !== null && (await tx.product.count({ where: { parentProductId: selfId } })) > 0) {
    errors.add('parentProductId', 'This product has variants of its own, so it cannot become a variant.');
  }
}

async function checkCategories(
  tx: TenantTx,
  input: ProductInput,
  stored: StoredProductLinks | null,
  errors: FieldErrorCollector,
): Promise<{ categoryId?: number }> {
  const { categoryId, subcategoryId } = input;
  if (categoryId !== undefined && categoryId !== null) {
    const row = await tx.productCategory.findUnique({ where: byId(categoryId), select: { id: true, parentId: true } });
    if (!row) errors.add('categoryId', `The selected category ${categoryId} does not exist.`);
    else if (row.parentId !== null) errors.add('categoryId', `Category ${categoryId} is a subcategory; give it as subcategory_id.`);
  }
  let subcategoryParent: number | null = null;
  if (subcategoryId !== undefined && subcategoryId !== null) {
    const row = await tx.productCategory.findUnique({ where: byId(subcategoryId), select: { parentId: true } });
    if (!row) errors.add('subcategoryId', `The selected subcategory ${subcategoryId} does not exist.`);
    else if (row.parentId === null) errors.add('subcategoryId', `Category ${subcategoryId} is a top-level category, not a subcategory.`);
    else subcategoryParent = row.parentId;
  }
  if (!errors.empty) return {};

  // The pair the product will hold once written: given values win over stored ones.
  const finalCategory = categoryId !== undefined ? categoryId : stored?.categoryId ?? null;
  const finalSubcategory = subcategoryId !== undefined ? subcategoryId : stored?.subcategoryId ?? null;
  if (finalSubcategory === null) return {};
  if (subcategoryParent === null) {
    const row = await tx.productCategory.findUnique({ where: byId(finalSubcategory), select: { parentId: true } });
    subcategoryParent = row?.parentId ?? null;
  }
  if (categoryId === undefined && subcategoryId !== undefined && (stored?.categoryId ?? null) === null) {
    // Only a subcategory given to a product without a category: the category follows from it.
    return { categoryId: subcategoryParent ?? undefined };
  }
  if (finalCategory !== subcategoryParent) {
    const field = subcategoryId !== undefined ? 'subcategoryId' : 'categoryId';
    errors.add(field, `The subcategory ${finalSubcategory} does not belong to category ${finalCategory ?? '(none)'}.`);
  }
  return {};
}
