// The ledger check against the posting function directly: a mix of increases, decreases, lots and split
// takes leaves no difference; a balance row or a cost layer corrupted by raw SQL is reported.
import { beforeAll, describe, expect, it } from 'vitest';
import { companyWithClient } from '../support/seed.js';
import { databaseForTests } from '../support/file-server.js';
import type { TenantDb } from '../../src/db/tenant-client.js';
import { postStockMovements, type MovementInput } from '../../src/domain/inventory/ledger/post-movements.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';

const database = databaseForTests();
let db: TenantDb;
let ids: { plain: number; lotted: number; w1: number; w2: number };

beforeAll(async () => {
  db = (await companyWithClient(database.prisma, 'ledger')).db;
  const plain = await db.product.create({ data: { name: 'Plain', sku: 'PLAIN', unitCost: 3 } as any });
  const lotted = await db.product.create({ data: { name: 'Lotted', sku: 'LOTTED', lotTracking: true, lotDeductionStrategy: 'FIFO' } as any });
  const w1 = await db.location.create({ data: { name: 'W1' } as any });
  const w2 = await db.location.create({ data: { name: 'W2' } as any });
  ids = { plain: plain.id, lotted: lotted.id, w1: w1.id, w2: w2.id };
});

const post = (movements: Array<Partial<MovementInput>>) =>
  db.$transaction((tx) =>
    postStockMovements(tx, movements.map((m) => ({ reason: 'test', sourceType: 'TEST', ...m }) as MovementInput), { tokenId: null }),
  );

describe('verifyLedger', () => {
  it('finds nothing after a mix of movements', async () => {
    await post([
      { productId: ids.plain, locationId: ids.w1, quantity: 10, unitCost: 2 },
      { productId: ids.plain, locationId: ids.w2, quantity: 5 },
      { productId: ids.lotted, locationId: ids.w1, quantity: 4, lotNumber: 'A', productionDate: new Date('2030-01-01') },
      { productId: ids.lotted, locationId: ids.w1, quantity: 4, lotNumber: 'B', productionDate: new Date('2030-02-01') },
    ]);
    const posted = await post([
      { productId: ids.plain, locationId: ids.w1, quantity: -7 },
      { productId: ids.lotted, locationId: ids.w1, quantity: -6 },
      { productId: ids.plain, locationId: ids.w2, quantity: '-0.5' },
    ]);
    // The lot-less take of 6 was split by FIFO: 4 from A, 2 from B.
    expect(posted.filter((m) => m.productId === ids.lotted).map((m) => [m.lot?.lotNumber, Number(m.quantity)])).toEqual([
      ['A', -4],
      ['B', -2],
    ]);
    expect(Number(posted[0].unitCost)).toBe(2);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('an error in a later movement rolls back the earlier ones of the same call', async () => {
    const before = await db.stockMovement.count();
    await expect(
      post([
        { productId: ids.plain, locationId: ids.w1, quantity: 1 },
        { productId: ids.plain, locationId: ids.w1, quantity: -1000, field: 'lines.1.' },
      ]),
    ).rejects.toMatchObject({ fieldErrors: { 'lines.1.quantity': [expect.stringMatching(/4 available, 1000 requested/)] } });
    expect(await db.stockMovement.count()).toBe(before);
  });

  it('reports a balance row corrupted by raw SQL, and a corrupted cost layer', async () => {
    const row = await db.stockBalance.findFirstOrThrow({ where: { productId: ids.plain, locationId: ids.w1 } });
    await database.prisma.$executeRaw`UPDATE "StockBalance" SET "quantity" = "quantity" + 1 WHERE "id" = ${row.id}`;
    const layer = await db.costLayer.findFirstOrThrow({ where: { productId: ids.plain, remainingQuantity: { gt: 0 } } });
    await database.prisma.$executeRaw`UPDATE "CostLayer" SET "remainingQuantity" = "remainingQuantity" + 100 WHERE "id" = ${layer.id}`;
    const differences = await verifyLedger(db);
    expect(differences).toEqual([
      expect.objectContaining({ kind: 'balance', productId: ids.plain, locationId: ids.w1, lotId: null, expected: '3', actual: '4' }),
      expect.objectContaining({ kind: 'cost_layer', productId: ids.plain, layerId: layer.id }),
      expect.objectContaining({ kind: 'cost_layers_exceed_stock', productId: ids.plain }),
    ]);
  });
});
