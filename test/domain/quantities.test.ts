// The quantity definitions of src/domain/inventory/quantities.ts on a real database: assembly through BOMs,
// disassembly of kits and BOM parents, FIFO landed cost, incoming transfers, and "as of" a ledger cutoff.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantDb } from '../../src/db/tenant-client.js';
import { computeProductQuantities, ProductIdSet, type ProductQuantities } from '../../src/domain/inventory/quantities.js';
import { companyWithClient } from '../support/seed.js';
import { databaseForTests } from '../support/file-server.js';
import { insertStock } from './quantities-stock.js';

const database = databaseForTests();
let db: TenantDb;
const ids: Record<string, number> = {};
let warehouse: number;
let shelf: number;
let other: number;

const num = (q: ProductQuantities, key: keyof ProductQuantities) => Number(String(q[key]));
const at = (q: ProductQuantities, locationId: number) => q.locations.find((l) => l.locationId === locationId)!;

beforeAll(async () => {
  db = (await companyWithClient(database.prisma, 'qty')).db;
  warehouse = (await db.location.create({ data: { name: 'Main' } as any })).id;
  shelf = (await db.location.create({ data: { name: 'Shelf', parentId: warehouse } as any })).id;
  other = (await db.location.create({ data: { name: 'Other' } as any })).id;
  for (const name of ['A', 'B', 'X', 'K', 'C', 'N']) {
    ids[name] = (await db.product.create({ data: { name, sku: `SKU-${name}`, type: name === 'K' ? 'KIT' : 'PRODUCT' } as any })).id;
  }
  // X is built by BOM1 (2 A + 1 B, A on two lines) or BOM2 (5 A). K is a kit of 3 A.
  const bom1 = await db.bom.create({ data: { name: 'BOM1' } as any });
  const bom2 = await db.bom.create({ data: { name: 'BOM2' } as any });
  await db.bomItem.createMany({
    data: [
      { bomId: bom1.id, productId: ids.A, quantity: '1', baseQuantity: '1' },
      { bomId: bom1.id, productId: ids.A, quantity: '1', baseQuantity: '1' },
      { bomId: bom1.id, productId: ids.B, quantity: '1', baseQuantity: '1' },
      { bomId: bom2.id, productId: ids.A, quantity: '5', baseQuantity: '5' },
    ] as any,
  });
  await db.productBom.createMany({ data: [{ productId: ids.X, bomId: bom1.id }, { productId: ids.X, bomId: bom2.id }] as any });
  await db.kitItem.create({ data: { kitId: ids.K, productId: ids.A, quantity: '3', baseUomQuantity: '3' } as any });

  const day = (d: number) => new Date(Date.UTC(2026, 0, d));
  await insertStock(db, { productId: ids.A, locationId: shelf, quantity: 6, unitCost: 9, landedUnitCost: 9.5, receivedAt: day(1) });
  await insertStock(db, { productId: ids.A, locationId: shelf, quantity: 10, unitCost: 5, landedUnitCost: 5.5, receivedAt: day(2) });
  await insertStock(db, { productId: ids.A, locationId: other, quantity: 4, unitCost: 7, landedUnitCost: 7.25, receivedAt: day(3) });
  await insertStock(db, { productId: ids.A, locationId: shelf, quantity: -6 }); // uses up the day-1 layer
  await insertStock(db, { productId: ids.B, locationId: shelf, quantity: 7, unitCost: 2 });
  await insertStock(db, { productId: ids.X, locationId: shelf, quantity: 1, unitCost: 20 });
  await insertStock(db, { productId: ids.K, locationId: shelf, quantity: 2, unitCost: 30 });
  await insertStock(db, { productId: ids.C, locationId: shelf, quantity: -3 });

  // A shipped transfer other → shelf: 5 shipped, 2 received → 3 incoming at the shelf. Draft and received ones don't count.
  for (const [status, shipped, received] of [['shipped', 5, 2], ['draft', 0, 0], ['received', 4, 4]] as const) {
    await db.transferOrder.create({
      data: { sourceLocationId: other, destinationLocationId: shelf, status, lines: { create: [{ productId: ids.A, quantity: String(Math.max(shipped, 1)), shippedQuantity: String(shipped), receivedQuantity: String(received) }] } } as any,
    });
  }
});

describe('quantities', () => {
  it('on hand, available and incoming per product and location', async () => {
    const q = await computeProductQuantities(db, [ids.A, ids.C, ids.N]);
    const a = q.get(ids.A)!;
    expect(num(a, 'qtyOnhand')).toBe(14);
    expect(num(a, 'qtyAvailable')).toBe(14);
    expect(num(a, 'qtyPending')).toBe(0);
    expect(num(a, 'qtyIncoming')).toBe(3);
    expect(a.locations.map((l) => [l.locationId, Number(l.qtyOnhand), Number(l.qtyIncoming)])).toEqual(
      [[shelf, 10, 3], [other, 4, 0]].sort((x, y) => x[0] - y[0]),
    );
    // Negative stock is never available.
    expect(num(q.get(ids.C)!, 'qtyOnhand')).toBe(-3);
    expect(num(q.get(ids.C)!, 'qtyAvailable')).toBe(0);
    // No stock anywhere: zeros, no locations, no cost.
    const n = q.get(ids.N)!;
    expect([num(n, 'qtyOnhand'), num(n, 'qtyAvailableViaAssembly'), num(n, 'qtyRecoverableViaDisassembly')]).toEqual([0, 0, 0]);
    expect(n.locations).toEqual([]);
    expect(n.currentLandedUnitCost).toBeNull();
  });

  it('available via assembly: best BOM, limited by its scarcest component, per location too', async () => {
    const x = (await computeProductQuantities(db, [ids.X])).get(ids.X)!;
    // BOM1 needs 2 A + 1 B: min(14/2, 7/1) = 7; BOM2 needs 5 A: 2. Best: 7.
    expect(num(x, 'qtyAvailableViaAssembly')).toBe(7);
    // At the shelf: A 10, B 7 → min(5, 7) = 5 (BOM2: 2).
    expect(Number(at(x, shelf).qtyAvailableViaAssembly)).toBe(5);
    // Products without BOMs: 0.
    expect(num((await computeProductQuantities(db, [ids.A])).get(ids.A)!, 'qtyAvailableViaAssembly')).toBe(0);
  });

  it('recoverable via disassembly: kits and BOM parents containing the product', async () => {
    const q = await computeProductQuantities(db, [ids.A, ids.B]);
    // A: kit K (2 available × 3) + X (1 available × 2 in BOM1, its first BOM holding A) = 8.
    expect(num(q.get(ids.A)!, 'qtyRecoverableViaDisassembly')).toBe(8);
    expect(Number(at(q.get(ids.A)!, shelf).qtyRecoverableViaDisassembly)).toBe(8);
    expect(Number(at(q.get(ids.A)!, other).qtyRecoverableViaDisassembly)).toBe(0);
    // B: X (1 × 1).
    expect(num(q.get(ids.B)!, 'qtyRecoverableViaDisassembly')).toBe(1);
  });

  it('current landed unit cost is that of the oldest open FIFO layer', async () => {
    const q = await computeProductQuantities(db, [ids.A, ids.B, ids.C]);
    // The day-1 layer (9.5) is used up; the day-2 layer (5.5) is the oldest open one.
    expect(num(q.get(ids.A)!, 'currentLandedUnitCost')).toBe(5.5);
    expect(Number(at(q.get(ids.A)!, other).currentLandedUnitCost)).toBe(5.5);
    expect(num(q.get(ids.B)!, 'currentLandedUnitCost')).toBe(2);
    expect(q.get(ids.C)!.currentLandedUnitCost).toBeNull();
  });

  it('as of a ledger cutoff: later movements and consumptions are not seen', async () => {
    const product = (await db.product.create({ data: { name: 'Cutoff', sku: 'SKU-CUT' } as any })).id;
    await insertStock(db, { productId: product, locationId: shelf, quantity: 5, unitCost: 1, receivedAt: new Date(Date.UTC(2026, 0, 1)) });
    const cutoff = await insertStock(db, { productId: product, locationId: shelf, quantity: 5, unitCost: 3, receivedAt: new Date(Date.UTC(2026, 0, 2)) });
    await insertStock(db, { productId: product, locationId: shelf, quantity: -7 }); // empties the first layer after the cutoff
    await insertStock(db, { productId: product, locationId: other, quantity: 2, unitCost: 4 });

    const now = (await computeProductQuantities(db, [product])).get(product)!;
    expect(num(now, 'qtyOnhand')).toBe(5);
    expect(num(now, 'currentLandedUnitCost')).toBe(3);
    const then = (await computeProductQuantities(db, [product], { asOfMovementId: cutoff })).get(product)!;
    expect(num(then, 'qtyOnhand')).toBe(10);
    expect(then.locations.map((l) => l.locationId)).toEqual([shelf]);
    expect(num(then, 'currentLandedUnitCost')).toBe(1);
    const before = (await computeProductQuantities(db, [product], { asOfMovementId: 0 })).get(product)!;
    expect(num(before, 'qtyOnhand')).toBe(0);
    expect(before.currentLandedUnitCost).toBeNull();
  });

  it('lot stock is reported per location and lot', async () => {
    const product = (await db.product.create({ data: { name: 'Lots', sku: 'SKU-LOT', lotTracking: true } as any })).id;
    const lot1 = await db.lot.create({ data: { productId: product, lotNumber: 'L1' } as any });
    const lot2 = await db.lot.create({ data: { productId: product, lotNumber: 'L2' } as any });
    await insertStock(db, { productId: product, locationId: shelf, lotId: lot1.id, quantity: 3 });
    await insertStock(db, { productId: product, locationId: shelf, lotId: lot2.id, quantity: 4 });
    const q = (await computeProductQuantities(db, [product])).get(product)!;
    expect(num(q, 'qtyOnhand')).toBe(7);
    expect(at(q, shelf).lots.map((l) => [l.lotId, Number(l.qtyOnhand)])).toEqual([[lot1.id, 3], [lot2.id, 4]]);
  });

  it('reads a dense id set by range and a sparse one by list, with the same results', async () => {
    expect(new ProductIdSet([5, 3, 4, 9]).filter).toEqual({ gte: 3, lte: 9 });
    expect(new ProductIdSet([1, 100]).filter).toEqual({ in: [1, 100] });
    const far = (await db.product.create({ data: { name: 'Far', sku: 'SKU-FAR' } as any })).id;
    const sparse = [ids.A, far + 1000];
    expect(new ProductIdSet(sparse).filter).toHaveProperty('in');
    const viaList = (await computeProductQuantities(db, sparse)).get(ids.A)!;
    const viaRange = (await computeProductQuantities(db, [ids.A, ids.B])).get(ids.A)!;
    expect(viaList).toEqual(viaRange);
    // Products inside the range but not asked for are left out.
    expect([...(await computeProductQuantities(db, [ids.A, ids.X])).keys()]).toEqual([ids.A, ids.X]);
  });
});
