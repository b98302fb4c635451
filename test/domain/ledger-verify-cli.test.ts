// `npm run cli -- inventory:verify --company S` end to end: spawns the real CLI (as test/cli/cli.test.ts
// does) against an embedded data folder holding posted stock; exit 0 when the ledger agrees, exit 1 and the
// difference printed once a balance row has been corrupted.
import { expect, it } from 'vitest';
import { postStockMovements } from '../../src/domain/inventory/ledger/post-movements.js';
import { companyWithClient } from '../support/seed.js';
import { cliDataDir } from '../support/cli.js';

const { cli, withData } = cliDataDir('inventory-verify-cli-');

it('prints no difference and exits 0, then reports a corrupted balance and exits 1', async () => {
  const balanceId = await withData(async (database) => {
    const { db } = await companyWithClient(database.prisma, 'stocky');
    const product = await db.product.create({ data: { name: 'Widget', sku: 'W-1' } as any });
    const location = await db.location.create({ data: { name: 'Main' } as any });
    await db.$transaction((tx) =>
      postStockMovements(tx, [
        { productId: product.id, locationId: location.id, quantity: 5, reason: 'seed', sourceType: 'TEST' },
        { productId: product.id, locationId: location.id, quantity: -2, reason: 'use', sourceType: 'TEST' },
      ]),
    );
    return (await db.stockBalance.findFirstOrThrow({ where: { productId: product.id } })).id;
  });

  const clean = await cli('inventory:verify', '--company', 'stocky');
  expect(clean.code, clean.stderr).toBe(0);
  expect(clean.stdout).toMatch(/no differences/);

  await withData((database) => database.prisma.$executeRaw`UPDATE "StockBalance" SET "quantity" = 7 WHERE "id" = ${balanceId}`);
  const broken = await cli('inventory:verify', '--company', 'stocky');
  expect(broken.code).toBe(1);
  expect(broken.stdout).toMatch(/ledger says 3, balance row says 7/);
  expect(broken.stderr).toMatch(/inventory:verify failed: 1 difference/);
}, 240_000);
