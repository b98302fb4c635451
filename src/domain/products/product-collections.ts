// The lists a product owns besides alternate SKUs and kit items: substitutions, attachments, variant
// attributes, and its links to tags and BOMs. Each is checked here, and written by replacing the stored
// list as a whole (create writes into an empty product, so the same code serves both).
import type { TenantTx } from '../../db/tenant-client.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import type { AttachmentInput, ProductInput, SubstitutionInput, VariantAttributeInput } from './product-input.js';
import type { KitItemRow } from './kit-items.js';

const MAX_INT = 2147483647;

export async function checkSubstitutions(
  tx: TenantTx,
  productId: number | null,
  substitutions: SubstitutionInput[],
  errors: FieldErrorCollector,
): Promise<void> {
  const ids = [...new Set(substitutions.map((s) => s.productId))];
  const found = new Set(
    (await tx.product.findMany({ where: { id: { in: ids }, status: 1 }, select: { id: true } })).map((p) => p.id),
  );
  const seen = new Set<number>();
  substitutions.forEach((substitution, index) => {
    const key = `substitutions.${index}`;
    if (substitution.productId === productId) errors.add(`${key}.productId`, 'A product cannot substitute for itself.');
    else if (!found.has(substitution.productId)) errors.add(`${key}.productId`, `The selected product ${substitution.productId} does not exist.`);
    else if (seen.has(substitution.productId)) errors.add(`${key}.productId`, `Product ${substitution.productId} is listed twice.`);
    seen.add(substitution.productId);
    const priority = substitution.priority;
    if (priority !== undefined && priority !== null && (priority < 1 || priority > MAX_INT)) {
      errors.add(`${key}.priority`, 'The priority must be at least 1.');
    }
  });
}

export function checkAttachments(attachments: AttachmentInput[], errors: FieldErrorCollector): void {
  attachments.forEach((attachment, index) => {
    const key = `attachments.${index}`;
    checkRequiredText(errors, `${key}.name`, attachment.name, true);
    checkMaxLength(errors, `${key}.name`, attachment.name, 255);
    checkMaxLength(errors, `${key}.type`, attachment.type, 128);
    if (attachment.size !== undefined && attachment.size !== null && attachment.size < 0) {
      errors.add(`${key}.size`, 'The size must be at least 0.');
    }
  });
}

export function checkVariantAttributes(attributes: VariantAttributeInput[], errors: FieldErrorCollector): void {
  const names = new Set<string>();
  attributes.forEach((attribute, index) => {
    const key = `variantAttributes.${index}.variantName`;
    checkRequiredText(errors, key, attribute.variantName, true);
    checkMaxLength(errors, key, attribute.variantName, 255);
    const name = attribute.variantName?.trim().toLowerCase();
    if (name && names.has(name)) errors.add(key, `The variant attribute "${attribute.variantName}" is listed twice.`);
    if (name) names.add(name);
  });
}

/** The checked lists of an input, ready to write. Undefined: leave the stored list alone. */
export interface ProductCollections {
  tagIds?: number[];
  bomIds?: number[];
  kitItems?: KitItemRow[];
  substitutions?: SubstitutionInput[];
  attachments?: AttachmentInput[];
  variantAttributes?: VariantAttributeInput[];
}

export function collectionsOf(input: ProductInput): ProductCollections {
  const list = <T>(value: T[] | null | undefined): T[] | undefined => (value === undefined ? undefined : value ?? []);
  return {
    tagIds: list(input.tagIds),
    bomIds: list(input.bomIds),
    substitutions: list(input.substitutions),
    attachments: list(input.attachments),
    variantAttributes: list(input.variantAttributes),
  };
}

export async function writeCollections(tx: TenantTx, productId: number, lists: ProductCollections): Promise<void> {
  // Rows are stamped with the company by the tenant-scoped client's createMany; the casts only skip
  // Prisma's demand for companyId in the static type.
  if (lists.tagIds) {
    await tx.productTag.deleteMany({ where: { productId } });
    const ids = [...new Set(lists.tagIds)];
    if (ids.length) await tx.productTag.createMany({ data: ids.map((tagId) => ({ productId, tagId })) as any });
  }
  if (lists.bomIds) {
    await tx.productBom.deleteMany({ where: { productId } });
    const ids = [...new Set(lists.bomIds)];
    if (ids.length) await tx.productBom.createMany({ data: ids.map((bomId) => ({ productId, bomId })) as any });
  }
  if (lists.kitItems) {
    await tx.kitItem.deleteMany({ where: { kitId: productId } });
    if (lists.kitItems.length) await tx.kitItem.createMany({ data: lists.kitItems.map((row) => ({ ...row, kitId: productId })) as any });
  }
  if (lists.substitutions) {
    await tx.productSubstitution.deleteMany({ where: { productId } });
    const rows = lists.substitutions.map((s, index) => ({ productId, substituteId: s.productId, priority: s.priority ?? index + 1 }));
    if (rows.length) await tx.productSubstitution.createMany({ data: rows as any });
  }
  if (lists.attachments) {
    await tx.productAttachment.deleteMany({ where: { productId } });
    const rows = lists.attachments.map((a) => ({
      productId,
      name: a.name.trim(),
      type: a.type ?? null,
      size: a.size ?? null,
      fullUrl: a.fullUrl ?? null,
      thumbUrl: a.thumbUrl ?? null,
    }));
    if (rows.length) await tx.productAttachment.createMany({ data: rows as any });
  }
  if (lists.variantAttributes) {
    await tx.variantAttribute.deleteMany({ where: { productId } });
    const rows = lists.variantAttributes.map((v) => ({ productId, variantName: v.variantName.trim(), variantTerms: v.variantTerms ?? [] }));
    if (rows.length) await tx.variantAttribute.createMany({ data: rows as any });
  }
}
