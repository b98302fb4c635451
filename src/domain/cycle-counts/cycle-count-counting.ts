// Taking counts into an in-progress session. A count replaces the earlier count of the same product,
// location and lot; stock outside the snapshot adds a line expected at 0 (found stock). The expected quantity
// of a line is the book quantity at the moment it is counted — the snapshot plus the movements since — so the
// variance (counted − expected) stays right when stock moves during the count, and posting adjusts by the
// variance, keeping later movements. Every count is checked before any is written; a fixed number of
// statements whatever the number of counts.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { fifoUnitCosts } from '../inventory/index.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { batchProductWhere, claimForCounting, sessionLocationIds } from './cycle-count-sessions.js';
import { recordEvent } from '../events/index.js';
import { cycleCountEvent } from './cycle-count-events.js';

export interface CountInput {
  productId?: number | null;
  sku?: string | null;
  locationId?: number | null;
  lotNumber?: string | null;
  countedQuantity?: Decimal | null;
}

/** Who counted: the API token of the request. */
export interface CountActor {
  tokenId: number | null;
}

/** A count resolved against the catalog: what it counts, by line key. */
interface ResolvedCount {
  productId: number;
  locationId: number;
  lotNumber: string;
  counted: Decimal;
}

const keyOf = (c: { productId: number; locationId: number; lotNumber: string }) => `${c.productId}:${c.locationId}:${c.lotNumber}`;

/**
 * `field(index, name)` names a count's field in errors (`counts.0.sku` for JSON, `line 7` for a sheet), so
 * the CSV import shares every rule.
 */
export async function recordCounts(db: TenantDb, sessionId: number, counts: CountInput[], actor: CountActor, field: (index: number, name: string) => string = (i, name) => `counts.${i}.${name}`): Promise<void> {
  await db.$transaction(async (tx) => {
    const session = await claimForCounting(tx, sessionId);
    const resolved = await resolveCounts(tx, session, counts, field);
    await writeCounts(tx, session, resolved, actor);
    await recordEvent(tx, cycleCountEvent('cycle_count.counted', session, session.status, { counts: resolved.length }));
  });
}

async function resolveCounts(tx: TenantTx, session: { id: number; warehouseId: number; batchId: number }, counts: CountInput[], field: (index: number, name: string) => string): Promise<ResolvedCount[]> {
  const errors = new FieldErrorCollector();
  if (counts.length === 0) errors.add('counts', 'Give at least one count.');
  const batch = await tx.cycleCountBatch.findUniqueOrThrow({ where: byId(session.batchId), select: { productIds: true, categoryIds: true, tagIds: true, locationIds: true } });
  const [locationIds, products] = await Promise.all([
    sessionLocationIds(tx, session.warehouseId, batch.locationIds),
    tx.product.findMany({
      where: { OR: [{ id: { in: counts.flatMap((c) => (c.productId != null ? [c.productId] : [])) } }, { sku: { in: counts.flatMap((c) => (c.sku != null ? [c.sku] : [])) } }] },
      select: { id: true, sku: true, status: true, type: true, lotTracking: true },
    }),
  ]);
  const inScope = new Set((await tx.product.findMany({ where: { id: { in: products.map((p) => p.id) }, ...batchProductWhere(batch) }, select: { id: true } })).map((p) => p.id));
  const seen = new Map<string, number>();
  const resolved: ResolvedCount[] = [];
  counts.forEach((count, index) => {
    const at = (name: string) => field(index, name);
    const before = Object.values(errors.errors).length;
    let product: (typeof products)[number] | undefined;
    if ((count.productId == null) === (count.sku == null || count.sku.trim() === '')) errors.add(at('productId'), 'Give the product by productId or by sku (one of them).');
    else if (count.productId != null) {
      product = products.find((p) => p.id === count.productId);
      if (!product) errors.add(at('productId'), `Product ${count.productId} does not exist.`);
    } else {
      product = products.find((p) => p.sku === count.sku!.trim());
      if (!product) errors.add(at('sku'), `No product has the SKU "${count.sku}".`);
    }
    if (product && (product.status !== 1 || product.type !== 'PRODUCT')) errors.add(at(count.productId != null ? 'productId' : 'sku'), `Product ${product.sku} is ${product.status !== 1 ? 'inactive' : 'a kit'}: it is not counted.`);
    else if (product && !inScope.has(product.id)) errors.add(at(count.productId != null ? 'productId' : 'sku'), `Product ${product.sku} is outside the batch's products, categories and tags.`);
    if (count.locationId == null) errors.add(at('locationId'), 'The locationId field is required.');
    else if (!locationIds.includes(count.locationId)) errors.add(at('locationId'), `Location ${count.locationId} is not one this session counts (warehouse ${session.warehouseId}).`);
    const lotNumber = count.lotNumber?.trim() ?? '';
    if (product?.lotTracking && lotNumber === '') errors.add(at('lotNumber'), `Product ${product.sku} is lot-tracked: give the lotNumber counted.`);
    if (product && !product.lotTracking && lotNumber !== '') errors.add(at('lotNumber'), `Product ${product.sku} has no lots.`);
    if (lotNumber.length > 255) errors.add(at('lotNumber'), 'The lotNumber may not be greater than 255 characters.');
    if (count.countedQuantity == null) errors.add(at('countedQuantity'), 'The countedQuantity field is required.');
    else checkDecimal(errors, at('countedQuantity'), count.countedQuantity, { ...LEDGER_DECIMAL, min: 0 });
    if (Object.values(errors.errors).length !== before || !product) return;
    const entry = { productId: product.id, locationId: count.locationId!, lotNumber, counted: count.countedQuantity! };
    const earlier = seen.get(keyOf(entry));
    if (earlier !== undefined) errors.add(at('countedQuantity'), `The same product, location and lot is counted at ${field(earlier, 'countedQuantity').replace(/\.countedQuantity$/, '')} too.`);
    seen.set(keyOf(entry), index);
    resolved.push(entry);
  });
  errors.throwIfAny();
  return resolved;
}

async function writeCounts(tx: TenantTx, session: { id: number; companyId: number }, counts: ResolvedCount[], actor: CountActor): Promise<void> {
  const productIds = [...new Set(counts.map((c) => c.productId))];
  const [lines, balances, costs] = await Promise.all([
    tx.cycleCountLine.findMany({ where: { sessionId: session.id, productId: { in: productIds } }, select: { id: true, productId: true, locationId: true, lotNumber: true } }),
    tx.stockBalance.findMany({ where: { productId: { in: productIds }, locationId: { in: [...new Set(counts.map((c) => c.locationId))] } }, select: { productId: true, locationId: true, quantity: true, lot: { select: { lotNumber: true } } } }),
    fifoUnitCosts(tx, productIds),
  ]);
  const book = new Map(balances.map((b) => [keyOf({ ...b, lotNumber: b.lot?.lotNumber ?? '' }), b.quantity]));
  const lineOf = new Map(lines.map((l) => [keyOf(l), l.id]));
  const now = new Date();
  const rows = counts.map((count) => {
    const expected = book.get(keyOf(count)) ?? ZERO;
    const variance = count.counted.minus(expected);
    return { ...count, expected, variance, value: variance.mul(costs.get(count.productId) ?? ZERO).toDecimalPlaces(4) };
  });
  const found = rows.filter((row) => !lineOf.has(keyOf(row)));
  const known = rows.filter((row) => lineOf.has(keyOf(row)));
  if (found.length > 0) {
    await tx.cycleCountLine.createMany({
      data: found.map((row) => ({
        sessionId: session.id,
        productId: row.productId,
        locationId: row.locationId,
        lotNumber: row.lotNumber,
        snapshotQuantity: ZERO,
        expectedQuantity: row.expected,
        countedQuantity: row.counted,
        varianceQuantity: row.variance,
        varianceValue: row.value,
        countedBy: actor.tokenId,
        countedAt: now,
      })) as Prisma.CycleCountLineCreateManyInput[],
    });
  }
  if (known.length > 0) {
    await tx.$executeRaw`
      UPDATE "CycleCountLine" AS l
      SET "expectedQuantity" = v.e, "countedQuantity" = v.c, "varianceQuantity" = v.q, "varianceValue" = v.val, "countedBy" = ${actor.tokenId}, "countedAt" = ${now}, "updatedAt" = ${now}
      FROM unnest(${known.map((r) => lineOf.get(keyOf(r))!)}::int[], ${known.map((r) => r.expected.toString())}::numeric[], ${known.map((r) => r.counted.toString())}::numeric[],
                  ${known.map((r) => r.variance.toString())}::numeric[], ${known.map((r) => r.value.toString())}::numeric[]) AS v(id, e, c, q, val)
      WHERE l."companyId" = ${session.companyId} AND l."id" = v.id`;
  }
  await refreshCountedSkus(tx, session);
}

/** countedSkuCount: distinct products with at least one count. */
export async function refreshCountedSkus(tx: TenantTx, session: { id: number }): Promise<void> {
  const counted = await tx.cycleCountLine.findMany({ where: { sessionId: session.id, countedQuantity: { not: null } }, distinct: ['productId'], select: { productId: true } });
  await tx.cycleCountSession.updateMany({ where: { id: session.id }, data: { countedSkuCount: counted.length } });
}

