// Keeps StockBalance in step with the ledger, safely under concurrency, with a fixed number of statements
// whatever the number of lines. A posting first locks every existing balance row it may touch, in one
// statement and one fixed order (product, location, lot), so two postings touching the same rows queue
// behind each other instead of deadlocking, and the quantities it reads stay true until it commits. It then
// decides every line against those quantities in memory and writes all the changes in one
// INSERT … ON CONFLICT DO UPDATE (quantity = quantity + delta): a row another transaction creates meanwhile
// is added to, never overwritten (its updatedAt is the proposed row's: Citus refuses now() in DO UPDATE). Raw SQL bypasses the tenant client, so every statement names the company
// explicitly (taken from rows the tenant client already returned).
import type { TenantTx } from '../../../db/tenant-client.js';
import { Decimal } from '../../shared/decimal.js';

export interface BalanceKey {
  companyId: number;
  productId: number;
  locationId: number;
  lotId: number | null;
}

export interface LockedBalance {
  productId: number;
  locationId: number;
  lotId: number | null;
  quantity: Decimal;
}

/** `product:location:lotKey` — one balance row (lotKey 0 is stock without a lot). */
export function balanceKeyText(key: { productId: number; locationId: number; lotId: number | null }): string {
  return `${key.productId}:${key.locationId}:${key.lotId ?? 0}`;
}

/**
 * Locks the existing balance rows of these products at these locations (every lot), all at once and in one
 * fixed order, and answers their quantities.
 */
export async function lockBalanceRows(
  tx: TenantTx,
  companyId: number,
  pairs: ReadonlyArray<{ productId: number; locationId: number }>,
): Promise<LockedBalance[]> {
  if (pairs.length === 0) return [];
  const productIds = [...new Set(pairs.map((pair) => pair.productId))];
  const locationIds = [...new Set(pairs.map((pair) => pair.locationId))];
  const rows = await tx.$queryRaw<Array<{ productId: number; locationId: number; lotId: number | null; quantity: unknown }>>`
    SELECT "productId", "locationId", "lotId", "quantity" FROM "StockBalance"
    WHERE "companyId" = ${companyId} AND "productId" = ANY(${productIds}::int[]) AND "locationId" = ANY(${locationIds}::int[])
    ORDER BY "productId", "locationId", "lotKey"
    FOR UPDATE`;
  return rows.map((row) => ({
    productId: Number(row.productId),
    locationId: Number(row.locationId),
    lotId: row.lotId === null ? null : Number(row.lotId),
    quantity: new Decimal(String(row.quantity)),
  }));
}

/**
 * Adds each delta to its balance row (creating missing rows), one statement for all of them, in key order.
 * Answers the new quantities by key.
 */
export async function applyBalanceDeltas(
  tx: TenantTx,
  companyId: number,
  deltas: ReadonlyArray<{ productId: number; locationId: number; lotId: number | null; delta: Decimal }>,
): Promise<Map<string, Decimal>> {
  if (deltas.length === 0) return new Map();
  const sorted = [...deltas].sort((a, b) => a.productId - b.productId || a.locationId - b.locationId || (a.lotId ?? 0) - (b.lotId ?? 0));
  const rows = await tx.$queryRaw<Array<{ productId: number; locationId: number; lotKey: number; quantity: unknown }>>`
    INSERT INTO "StockBalance" ("companyId", "productId", "locationId", "lotId", "lotKey", "quantity", "updatedAt")
    SELECT ${companyId}, d.product_id, d.location_id, d.lot_id, coalesce(d.lot_id, 0), d.delta, now()
    FROM unnest(${sorted.map((d) => d.productId)}::int[], ${sorted.map((d) => d.locationId)}::int[],
                ${sorted.map((d) => d.lotId)}::int[], ${sorted.map((d) => d.delta.toString())}::numeric[])
         WITH ORDINALITY AS d(product_id, location_id, lot_id, delta, position)
    ORDER BY d.position
    ON CONFLICT ("companyId", "productId", "locationId", "lotKey")
    DO UPDATE SET "quantity" = "StockBalance"."quantity" + EXCLUDED."quantity", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING "productId", "locationId", "lotKey", "quantity"`;
  return new Map(
    rows.map((row) => [`${Number(row.productId)}:${Number(row.locationId)}:${Number(row.lotKey)}`, new Decimal(String(row.quantity))]),
  );
}
