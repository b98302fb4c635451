// Keeps StockBalance in step with the ledger, safely under concurrency. Raw SQL because the safety lives in
// the statements themselves: an increase is one INSERT … ON CONFLICT DO UPDATE (quantity = quantity + d); a
// decrease is one conditional UPDATE (… WHERE quantity + d >= 0), which PostgreSQL re-checks against the
// latest committed row after waiting for its lock, so two requests taking the last units never both
// succeed. Raw SQL bypasses the tenant client, so every statement names the company explicitly (taken from
// rows the tenant client already returned).
import type { TenantTx } from '../../../db/tenant-client.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';

export interface BalanceKey {
  companyId: number;
  productId: number;
  locationId: number;
  lotId: number | null;
}

/** Adds `delta` (> 0) to the balance, creating the row when missing. Returns the new quantity. */
export async function increaseBalance(tx: TenantTx, key: BalanceKey, delta: Decimal): Promise<Decimal> {
  const rows = await tx.$queryRaw<Array<{ quantity: Decimal }>>`
    INSERT INTO "StockBalance" ("companyId", "productId", "locationId", "lotId", "lotKey", "quantity", "updatedAt")
    VALUES (${key.companyId}, ${key.productId}, ${key.locationId}, ${key.lotId}, ${key.lotId ?? 0}, ${delta.toString()}::numeric, now())
    ON CONFLICT ("companyId", "productId", "locationId", "lotKey")
    DO UPDATE SET "quantity" = "StockBalance"."quantity" + EXCLUDED."quantity", "updatedAt" = now()
    RETURNING "quantity"`;
  return new Decimal(rows[0].quantity.toString());
}

/**
 * Subtracts `amount` (> 0) from the balance unless that would leave it below zero (and negative stock is
 * not allowed). Returns the new quantity, or null when refused.
 */
export async function decreaseBalance(
  tx: TenantTx,
  key: BalanceKey,
  amount: Decimal,
  allowNegative: boolean,
): Promise<Decimal | null> {
  const rows = await tx.$queryRaw<Array<{ quantity: Decimal }>>`
    UPDATE "StockBalance" SET "quantity" = "quantity" - ${amount.toString()}::numeric, "updatedAt" = now()
    WHERE "companyId" = ${key.companyId} AND "productId" = ${key.productId} AND "locationId" = ${key.locationId}
      AND "lotKey" = ${key.lotId ?? 0} AND (${allowNegative} OR "quantity" - ${amount.toString()}::numeric >= 0)
    RETURNING "quantity"`;
  if (rows.length > 0) return new Decimal(rows[0].quantity.toString());
  if (!allowNegative) return null;
  // No row yet and negative stock is allowed: the row starts below zero.
  return increaseBalance(tx, key, amount.negated());
}

/** The current quantity of one balance (0 when there is no row). */
export async function balanceQuantity(tx: TenantTx, key: BalanceKey): Promise<Decimal> {
  const rows = await tx.$queryRaw<Array<{ quantity: Decimal }>>`
    SELECT "quantity" FROM "StockBalance"
    WHERE "companyId" = ${key.companyId} AND "productId" = ${key.productId} AND "locationId" = ${key.locationId}
      AND "lotKey" = ${key.lotId ?? 0}`;
  return rows.length > 0 ? new Decimal(rows[0].quantity.toString()) : ZERO;
}

/**
 * Locks the lot balances of a product at a location (SELECT … FOR UPDATE) and returns those above zero, so
 * choosing lots and taking from them happen against quantities no other transaction can change meanwhile.
 */
export async function lockLotBalances(
  tx: TenantTx,
  key: Omit<BalanceKey, 'lotId'>,
): Promise<Array<{ lotId: number; quantity: Decimal }>> {
  const rows = await tx.$queryRaw<Array<{ lotId: number; quantity: Decimal }>>`
    SELECT "lotId", "quantity" FROM "StockBalance"
    WHERE "companyId" = ${key.companyId} AND "productId" = ${key.productId} AND "locationId" = ${key.locationId}
      AND "lotId" IS NOT NULL
    ORDER BY "lotKey"
    FOR UPDATE`;
  return rows
    .map((row) => ({ lotId: Number(row.lotId), quantity: new Decimal(row.quantity.toString()) }))
    .filter((row) => row.quantity.gt(0));
}

/**
 * Locks the existing balance rows a multi-line posting may touch, all at once and in one fixed order
 * (product, location, lot), before any of them changes. Two postings that touch the same rows in different
 * line orders then queue behind each other instead of deadlocking.
 */
export async function lockBalanceRows(
  tx: TenantTx,
  companyId: number,
  pairs: ReadonlyArray<{ productId: number; locationId: number }>,
): Promise<void> {
  const productIds = [...new Set(pairs.map((pair) => pair.productId))];
  const locationIds = [...new Set(pairs.map((pair) => pair.locationId))];
  await tx.$queryRaw`
    SELECT "id" FROM "StockBalance"
    WHERE "companyId" = ${companyId} AND "productId" IN (${Prisma.join(productIds)}) AND "locationId" IN (${Prisma.join(locationIds)})
    ORDER BY "productId", "locationId", "lotKey"
    FOR UPDATE`;
}
