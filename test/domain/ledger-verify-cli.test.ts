// `npm run cli -- inventory:verify --company S` end to end: spawns the real CLI (as test/cli/cli.test.ts
// does) against an embedded data folder holding posted stock; exit 0 when the ledger agrees, exit 1 and the
// difference printed once a balance row has been corrupted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { postStockMovements } from '../../src/domain/inventory/ledger/post-movements.js';
import { runCli, withDataDir } from '../support/cli.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-verify-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(dataDir, ...args);

const withData = <T>(use: (database: Database) => Promise<T>) => withDataDir(dataDir, use);

it('prints no difference and exits 0, then reports a corrupted balance and exits 1', async () => {
  const balanceId = await withData(async (database) => {
    const { company } = await createCompany(database.prisma, { slug: 'stocky', name: 'Stocky', adminEmail: 'a@stocky.test', adminPassword: 'correct horse battery staple' });
    const db = tenantClient(database.prisma, company.id);
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
