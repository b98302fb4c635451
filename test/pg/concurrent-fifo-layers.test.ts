// FIFO cost layers under concurrency. A posting locks only the oldest open layers that cover its decreases
// (src/domain/inventory/ledger/cost-layers.ts): takes of one product at different locations (no shared
// balance row) race for the same layers, and a layer consumed by one between another's snapshot and its lock
// makes that one lock the next layers. Every take must still be valued oldest first, exactly once. Meant for
// PostgreSQL (TEST_DATABASE_URL, a pool of 20 connections); on PGlite, which serialises, it passes as well.
import { expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';
import { onPostgres } from '../support/test-database.js';

const serverErrors: string[] = [];
const { server, companies: { acme }, api } = serverForFile(['acme'], { logger: { log: (level, message, fields) => void (level === 'error' && serverErrors.push(`${message} ${fields?.error}`)) } });

it('parallel takes of one product at four locations consume its layers oldest first, each unit once', async () => {
  const locations = await Promise.all([1, 2, 3, 4].map(async (i) => (await api('POST', '/locations', { name: `Racing ${i}` })).body.data));
  const product = (await api('POST', '/products', { name: 'Raced', sku: 'RACED' })).body.data;
  // Ten receipts of 6 at costs 1…10, each location getting some: layers of 6 units, oldest cheapest.
  for (let cost = 1; cost <= 10; cost++) {
    const location = locations[cost % 4];
    expect((await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: location.id, quantity: 6, unit_cost: cost }] })).status).toBe(201);
  }
  const stocked = await server.database.prisma.stockBalance.findMany({ where: { productId: product.id }, orderBy: { locationId: 'asc' } });
  // 24 takes of 1 to 3 units, spread over the locations, each within the stock of its location: 48 units in all.
  const takes = Array.from({ length: 24 }, (_, i) => ({ location: stocked[i % stocked.length]!.locationId, quantity: (i % 3) + 1 }));
  const perLocation = new Map<number, number>();
  for (const take of takes) perLocation.set(take.location, (perLocation.get(take.location) ?? 0) + take.quantity);
  for (const row of stocked) expect(perLocation.get(row.locationId) ?? 0).toBeLessThanOrEqual(row.quantity.toNumber());

  const results = await Promise.all(
    takes.map((take) => api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: take.location, quantity: -take.quantity }] })),
  );
  expect(serverErrors).toEqual([]);
  expect(results.map((res) => res.status)).toEqual(Array(takes.length).fill(201));

  // 48 of 60 units taken: the eight oldest layers used up (48 = 8 × 6), the two newest untouched.
  const layers = await server.database.prisma.costLayer.findMany({ where: { productId: product.id }, orderBy: { id: 'asc' } });
  expect(layers.map((layer) => layer.remainingQuantity.toNumber())).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 6, 6]);
  const consumptions = await server.database.prisma.costLayerConsumption.findMany({ where: { layerId: { in: layers.map((layer) => layer.id) } } });
  const consumedOf = (layerId: number) => consumptions.filter((c) => c.layerId === layerId).reduce((sum, c) => sum + c.quantity.toNumber(), 0);
  expect(layers.map((layer) => consumedOf(layer.id))).toEqual([6, 6, 6, 6, 6, 6, 6, 6, 0, 0]);
  // Every take is valued at what it consumed: the cost of the movements is the cost of the eight oldest layers.
  const movements = await server.database.prisma.stockMovement.findMany({ where: { productId: product.id, quantity: { lt: 0 } } });
  const issuedCost = movements.reduce((sum, m) => sum - m.quantity.toNumber() * m.unitCost!.toNumber(), 0);
  expect(issuedCost).toBeCloseTo(6 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8), 6);
  expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
}, 120_000);

it.skipIf(!onPostgres)('a take does not wait for a later layer another transaction holds', async () => {
  const location = (await api('POST', '/locations', { name: 'Held' })).body.data;
  const product = (await api('POST', '/products', { name: 'Held layers', sku: 'HELD' })).body.data;
  for (const cost of [1, 2, 3]) {
    expect((await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: location.id, quantity: 5, unit_cost: cost }] })).status).toBe(201);
  }
  const newest = await server.database.prisma.costLayer.findFirstOrThrow({ where: { productId: product.id }, orderBy: { id: 'desc' } });
  // Another transaction holds the newest layer; a take of 4 needs only the oldest, so it posts meanwhile.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = server.database.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "CostLayer" WHERE "companyId" = ${acme.companyId} AND id = ${newest.id} FOR UPDATE`;
    holding();
    await released;
  }, { timeout: 60_000 });
  await held;
  try {
    // Bounded: were the take to wait for the held layer, it would wait until the holder lets go.
    const waited = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the take waited for a layer it does not need')), 20_000).unref());
    const take = await Promise.race([api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: location.id, quantity: -4 }] }), waited]);
    expect(take.status).toBe(201);
    expect(take.body.data.lines[0].unit_cost).toBe(1);
  } finally {
    release();
    await holder;
  }
}, 120_000);
