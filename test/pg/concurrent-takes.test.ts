// Concurrency of the ledger: 50 parallel requests each take 1 of the last 10 units. Exactly 10 succeed,
// the other 40 are refused with 422, the balance ends at 0 and the ledger agrees with the balances. Meant for
// PostgreSQL (TEST_DATABASE_URL; the test server then uses a pool of 20 connections, so the takes truly
// overlap); on PGlite, which serialises, it passes as well and stays in the run.
import { expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';

// Unexpected failures (e.g. a timed-out wait for a connection) are logged by the server: collect them.
const serverErrors: string[] = [];
const { server, companies: { acme }, api } = serverForFile(['acme'], { logger: { log: (level, message, fields) => void (level === 'error' && serverErrors.push(`${message} ${fields?.error}`)) } });

for (const lotTracking of [false, true]) {
  it(`50 parallel takes of 1 from 10 units: exactly 10 succeed (${lotTracking ? 'lots picked by strategy' : 'no lots'})`, async () => {
    const warehouse = (await api('POST', '/locations', { name: `W ${lotTracking}` })).body.data;
    const product = (await api('POST', '/products', { name: `Scarce ${lotTracking}`, sku: `SCARCE-${lotTracking}`, lot_tracking: lotTracking, unit_cost: 4 })).body.data;
    const lots = lotTracking ? [{ lot_number: 'L1', quantity: 4 }, { lot_number: 'L2', quantity: 6 }] : [{ quantity: 10 }];
    const seed = await api('POST', '/inventory/adjustments', {
      lines: lots.map((lot) => ({ product_id: product.id, location_id: warehouse.id, ...lot })),
    });
    expect(seed.status).toBe(201);

    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: -1 }] }),
      ),
    );
    const statuses = results.map((res) => res.status);
    expect(serverErrors).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(40);
    for (const refused of results.filter((res) => res.status === 422)) {
      expect(refused.body.errors['lines.0.quantity'][0]).toMatch(/0 available, 1 requested/);
    }
    const stock = await api('GET', `/inventory/stock?product_id=${product.id}`);
    expect(stock.body.data).toEqual([]);
    const balances = await server.database.prisma.stockBalance.findMany({ where: { productId: product.id } });
    expect(balances.every((row) => row.quantity.isZero())).toBe(true);
    const layers = await server.database.prisma.costLayer.findMany({ where: { productId: product.id } });
    expect(layers.every((layer) => layer.remainingQuantity.isZero())).toBe(true);
    expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
  }, 120_000);
}

it('multi-line adjustments touching the same rows in opposite line orders all post (no deadlock)', async () => {
  const warehouse = (await api('POST', '/locations', { name: 'W order' })).body.data;
  const a = (await api('POST', '/products', { name: 'Order A', sku: 'ORDER-A' })).body.data;
  const b = (await api('POST', '/products', { name: 'Order B', sku: 'ORDER-B' })).body.data;
  const line = (product: any, quantity: number) => ({ product_id: product.id, location_id: warehouse.id, quantity });
  expect((await api('POST', '/inventory/adjustments', { lines: [line(a, 100), line(b, 100)] })).status).toBe(201);

  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      api('POST', '/inventory/adjustments', { lines: i % 2 === 0 ? [line(a, -1), line(b, -1)] : [line(b, -1), line(a, -1)] }),
    ),
  );
  expect(serverErrors).toEqual([]);
  expect(results.map((res) => res.status)).toEqual(Array(20).fill(201));
  const balances = await server.database.prisma.stockBalance.findMany({ where: { productId: { in: [a.id, b.id] } } });
  expect(balances.map((row) => row.quantity.toNumber())).toEqual([80, 80]);
  expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
}, 120_000);

it('simultaneous first receipts of one new lot number create the lot once', async () => {
  const warehouse = (await api('POST', '/locations', { name: 'W new lot' })).body.data;
  const product = (await api('POST', '/products', { name: 'Fresh', sku: 'FRESH', lot_tracking: true })).body.data;
  const results = await Promise.all(
    Array.from({ length: 10 }, () =>
      api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: warehouse.id, quantity: 1, lot_number: 'NEW-1' }] }),
    ),
  );
  expect(serverErrors).toEqual([]);
  expect(results.map((res) => res.status)).toEqual(Array(10).fill(201));
  const lots = await server.database.prisma.lot.findMany({ where: { productId: product.id } });
  expect(lots.map((lot) => lot.lotNumber)).toEqual(['NEW-1']);
  const balance = await server.database.prisma.stockBalance.findFirst({ where: { productId: product.id } });
  expect(balance?.quantity.toNumber()).toBe(10);
  expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
}, 120_000);
