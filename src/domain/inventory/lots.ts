// Lots of lot-tracked products: finding the lot a caller names, creating a lot on its first receipt, and
// choosing lots when a caller takes stock without naming one (the deduction strategy).
import type { Lot } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { LotDeductionStrategy } from '../products/index.js';
import { ValidationError } from '../shared/errors.js';
import { todayUtc } from '../shared/dates.js';

/** How lots are ordered when the service picks them; NEWEST is the fallback when nothing is configured. */
export type LotPickOrder = LotDeductionStrategy | 'NEWEST';

export interface LotSpec {
  lotId?: number | null;
  lotNumber?: string | null;
  productionDate?: Date | null;
  expiryDate?: Date | null;
}

export function isExpired(lot: Pick<Lot, 'expiryDate'>, today = todayUtc()): boolean {
  return lot.expiryDate !== null && lot.expiryDate.getTime() < today.getTime();
}

/** The lot the caller named (by id or number) for this product; 422 on `field` when it does not exist. */
export async function findNamedLot(tx: TenantTx, productId: number, spec: LotSpec, field: string): Promise<Lot> {
  if (spec.lotId !== undefined && spec.lotId !== null) {
    const lot = await tx.lot.findUnique({ where: byId(spec.lotId) });
    if (!lot || lot.productId !== productId) {
      throw new ValidationError({ [`${field}lotId`]: [`Lot ${spec.lotId} does not exist for product ${productId}.`] });
    }
    return lot;
  }
  const lotNumber = (spec.lotNumber ?? '').trim();
  const lot = await tx.lot.findFirst({ where: { productId, lotNumber } });
  if (!lot) throw new ValidationError({ [`${field}lotNumber`]: [`Lot "${lotNumber}" does not exist for product ${productId}.`] });
  return lot;
}

/** The lot stock arrives in: the one named, or a new lot when the lot number is new (with its dates). */
export async function findOrCreateLot(tx: TenantTx, productId: number, spec: LotSpec, field: string): Promise<Lot> {
  if (spec.lotId !== undefined && spec.lotId !== null) return findNamedLot(tx, productId, spec, field);
  const lotNumber = (spec.lotNumber ?? '').trim();
  if (lotNumber === '') {
    throw new ValidationError({ [`${field}lotNumber`]: ['The product is lot-tracked: a lot number is required for stock arriving.'] });
  }
  if (lotNumber.length > 255) throw new ValidationError({ [`${field}lotNumber`]: ['The lot number may not be greater than 255 characters.'] });
  const existing = await tx.lot.findFirst({ where: { productId, lotNumber } });
  if (existing) return existing;
  // ON CONFLICT DO NOTHING: when another transaction creates the same new lot at the same moment, this one
  // waits for it and then uses its row, instead of failing the whole posting on the unique index.
  await tx.lot.createMany({
    data: [{ productId, lotNumber, productionDate: spec.productionDate ?? null, expiryDate: spec.expiryDate ?? null } as any],
    skipDuplicates: true,
  });
  return tx.lot.findFirstOrThrow({ where: { productId, lotNumber } });
}

/**
 * Orders candidate lots for automatic picking. FIFO: oldest production date first; FEFO: earliest expiry
 * first; LIFO: newest production date first; NEWEST: highest id first. Lots without the date go last;
 * ties break by id (older lot first, except for LIFO/NEWEST).
 */
export function orderLots<T extends Pick<Lot, 'id' | 'productionDate' | 'expiryDate'>>(lots: T[], order: LotPickOrder): T[] {
  const time = (date: Date | null, missing: number) => (date ? date.getTime() : missing);
  const sorted = [...lots];
  switch (order) {
    case 'FIFO':
      return sorted.sort((a, b) => time(a.productionDate, Infinity) - time(b.productionDate, Infinity) || a.id - b.id);
    case 'FEFO':
      return sorted.sort((a, b) => time(a.expiryDate, Infinity) - time(b.expiryDate, Infinity) || a.id - b.id);
    case 'LIFO':
      return sorted.sort((a, b) => time(b.productionDate, -Infinity) - time(a.productionDate, -Infinity) || b.id - a.id);
    case 'NEWEST':
      return sorted.sort((a, b) => b.id - a.id);
  }
}
