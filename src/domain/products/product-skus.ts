// A SKU names one product in a company, whether it is a product's (or variant's) own SKU or an alternate
// SKU. The two live in different tables, so each table's unique index is not enough: both are checked in
// the writing transaction, under a transaction-scoped advisory lock per SKU text so that two concurrent
// writers of the same SKU cannot both pass the check (on PGlite writes are serialised anyway).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import type { AlternateSkuInput } from './product-input.js';

const MAX_SKU_LENGTH = 255;

/** Takes the advisory locks of the given SKUs, in a fixed order so that two writers cannot deadlock. */
export async function lockSkus(tx: TenantTx, skus: string[]): Promise<void> {
  for (const sku of [...new Set(skus)].sort()) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${'product-sku:' + sku}))`;
  }
}

/**
 * Checks the product's own SKU (when given) and its alternate SKUs (when given, replacing the stored ones)
 * against every other product and alternate SKU of the company. `productId` is null on create.
 * Returns the alternate SKUs trimmed, or undefined when none were given.
 */
export async function checkSkus(
  tx: TenantTx,
  productId: number | null,
  sku: string | undefined,
  alternateSkus: AlternateSkuInput[] | null | undefined,
  errors: FieldErrorCollector,
): Promise<string[] | undefined> {
  const alternates = alternateSkus === undefined ? undefined : (alternateSkus ?? []).map((entry) => entry.sku.trim());
  await lockSkus(tx, [...(sku ? [sku] : []), ...(alternates ?? [])]);

  const others = productId === null ? {} : { NOT: { id: productId } };
  const otherAlternates = productId === null ? {} : { NOT: { productId } };

  if (sku) {
    // One query after the other: a transaction client runs one query at a time.
    const product = await tx.product.findFirst({ where: { sku, ...others }, select: { id: true, status: true } });
    // The product's own stored alternates count too, unless this write replaces them.
    const alternate = await tx.productAlternateSku.findFirst({ where: { sku, ...(alternates !== undefined ? otherAlternates : {}) }, select: { productId: true } });
    if (product) errors.add('sku', `The sku "${sku}" is already used by product ${product.id}${product.status === 0 ? ' (deactivated)' : ''}.`);
    else if (alternate) errors.add('sku', `The sku "${sku}" is already an alternate SKU of product ${alternate.productId}.`);
  }

  if (alternates && alternates.length > 0) {
    // The product's own SKU after this write: an alternate must differ from it too.
    const ownSku = sku ?? (productId === null ? null : (await tx.product.findUnique({ where: byId(productId), select: { sku: true } }))?.sku);
    const products = await tx.product.findMany({ where: { sku: { in: alternates }, ...others }, select: { id: true, sku: true } });
    const taken = await tx.productAlternateSku.findMany({ where: { sku: { in: alternates }, ...otherAlternates }, select: { sku: true, productId: true } });
    const productBySku = new Map(products.map((p) => [p.sku, p.id]));
    const alternateBySku = new Map(taken.map((a) => [a.sku, a.productId]));
    const seen = new Set<string>();
    alternates.forEach((alternate, index) => {
      const key = `alternateSkus.${index}.sku`;
      if (alternate === '') errors.add(key, 'The sku field is required.');
      else if (alternate.length > MAX_SKU_LENGTH) errors.add(key, `The sku may not be greater than ${MAX_SKU_LENGTH} characters.`);
      else if (alternate === ownSku) errors.add(key, `The alternate SKU "${alternate}" is the product's own SKU.`);
      else if (seen.has(alternate)) errors.add(key, `The alternate SKU "${alternate}" is listed twice.`);
      else if (productBySku.has(alternate)) errors.add(key, `The sku "${alternate}" is already used by product ${productBySku.get(alternate)}.`);
      else if (alternateBySku.has(alternate)) errors.add(key, `The sku "${alternate}" is already an alternate SKU of product ${alternateBySku.get(alternate)}.`);
      seen.add(alternate);
    });
  }
  return alternates;
}

/**
 * Makes the stored alternate SKUs equal to `skus`, keeping the rows whose SKU stays (their ids, and the
 * unit conversion rules that name them, survive an update that repeats them).
 */
export async function replaceAlternateSkus(tx: TenantTx, productId: number, skus: string[]): Promise<void> {
  const stored = await tx.productAlternateSku.findMany({ where: { productId }, select: { id: true, sku: true } });
  const keep = new Set(skus);
  const removed = stored.filter((row) => !keep.has(row.sku)).map((row) => row.id);
  if (removed.length > 0) await tx.productAlternateSku.deleteMany({ where: { id: { in: removed } } });
  const existing = new Set(stored.map((row) => row.sku));
  const added = skus.filter((sku) => !existing.has(sku));
  if (added.length > 0) await tx.productAlternateSku.createMany({ data: added.map((sku) => ({ productId, sku })) as any });
}

/** The product a SKU names: its own SKU or one of its alternate SKUs (unique together, see checkSkus). */
export function namedBySku(sku: string): Prisma.ProductWhereInput {
  return { OR: [{ sku }, { alternateSkus: { some: { sku } } }] };
}
