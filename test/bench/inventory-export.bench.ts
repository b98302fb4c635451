// Stock export benchmark (issue 4): seeds BENCH_EXPORT_PRODUCTS products (default 100,000) across 3 warehouses,
// with lots on a tenth of them, then walks the whole GET /inventory/stocks/export at limit 1000 over HTTP and
// prints rows/s, the time of the first and the last page, and peak memory (RSS sampled during the walk).
// The seed writes the ledger tables directly (createMany in chunks), each movement with its balance and
// FIFO layer, so they agree as the posting service would leave them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/http/app.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { silentLogger } from '../../src/http/logger.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import type { PrismaClient } from '../../src/generated/prisma/client.js';
import { openTestDatabase } from '../support/test-database.js';
import { recordBench } from './summary.js';

const PRODUCTS = Number(process.env.BENCH_EXPORT_PRODUCTS ?? 100_000);
const LIMIT = 1000;
const CHUNK = 10_000;

/** Set-based SQL (the same on PGlite and PostgreSQL): each chunk of products, their lots, two receipts each
 * (movement, balance and FIFO layer agreeing) in five statements. */
export async function seedStock(prisma: PrismaClient, companyId: number, productCount: number): Promise<void> {
  const warehouses = await prisma.location.createManyAndReturn({
    select: { id: true },
    data: [0, 1, 2].map((i) => ({ companyId, name: `Bench warehouse ${i}` })),
  });
  const [w0, w1, w2] = warehouses.map((w) => w.id);
  for (let start = 0; start < productCount; start += CHUNK) {
    const end = Math.min(start + CHUNK, productCount) - 1;
    const [range] = await prisma.$queryRawUnsafe<{ lo: number; hi: number }[]>(
      `WITH ins AS (
         INSERT INTO "Product" ("companyId", "name", "sku", "lotTracking", "updatedAt")
         SELECT $1, 'Export bench ' || n, 'XB-' || n, n % 10 = 0, now() FROM generate_series($2::int, $3::int) AS n
         RETURNING id)
       SELECT min(id) AS lo, max(id) AS hi FROM ins`,
      companyId, start, end,
    );
    const lo = Number(range.lo);
    const hi = Number(range.hi);
    await prisma.$executeRawUnsafe(
      `INSERT INTO "Lot" ("companyId", "productId", "lotNumber", "productionDate", "expiryDate", "updatedAt")
       SELECT $1, p.id, 'LOT-' || p.id || '-' || j, DATE '2026-01-01', DATE '2027-01-01' + j, now()
       FROM "Product" p CROSS JOIN generate_series(1, 2) AS j
       WHERE p."companyId" = $1 AND p.id BETWEEN $2 AND $3 AND p."lotTracking"`,
      companyId, lo, hi,
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO "StockMovement" ("companyId", "productId", "locationId", "lotId", "quantity", "unitCost", "reason", "sourceType", "occurredAt")
       SELECT $1, p.id, (ARRAY[$4::int, $5::int, $6::int])[((p.n + j) % 3) + 1], l.id, 10 + p.n % 7 + j, 2 + j, 'bench', 'BENCH', TIMESTAMP '2026-01-01'
       FROM (SELECT id, "lotTracking", substring(sku FROM 4)::int AS n FROM "Product" WHERE "companyId" = $1 AND id BETWEEN $2 AND $3) p
       CROSS JOIN generate_series(0, 1) AS j
       LEFT JOIN "Lot" l ON p."lotTracking" AND l."companyId" = $1 AND l."productId" = p.id AND l."lotNumber" = 'LOT-' || p.id || '-' || (j + 1)
       ORDER BY p.id, j`,
      companyId, lo, hi, w0, w1, w2,
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO "StockBalance" ("companyId", "productId", "locationId", "lotId", "lotKey", "quantity", "updatedAt")
       SELECT "companyId", "productId", "locationId", "lotId", coalesce("lotId", 0), "quantity", now()
       FROM "StockMovement" WHERE "companyId" = $1 AND "productId" BETWEEN $2 AND $3`,
      companyId, lo, hi,
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO "CostLayer" ("companyId", "productId", "locationId", "lotId", "movementId", "receivedAt", "originalQuantity", "remainingQuantity", "unitCost", "landedUnitCost")
       SELECT "companyId", "productId", "locationId", "lotId", id, "occurredAt", "quantity", "quantity", "unitCost", "unitCost"
       FROM "StockMovement" WHERE "companyId" = $1 AND "productId" BETWEEN $2 AND $3`,
      companyId, lo, hi,
    );
  }
}

function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      })
      .on('error', reject);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function runInventoryExportBenchmark(): Promise<void> {
  const database = await openTestDatabase();
  let app: ReturnType<typeof createApp> | null = null;
  try {
    const { company } = await createCompany(database.prisma, { slug: 'bench', name: 'Bench', adminEmail: 'bench@example.test', adminPassword: 'bench password' });
    const { secret } = await createApiToken(database.prisma, { companyId: company.id, name: 'bench' });
    const seedStart = Date.now();
    await seedStock(database.prisma, company.id, PRODUCTS);
    console.log(`seeded ${PRODUCTS} products in 3 warehouses (2 receipts each, 2 lots on a tenth) on ${database.kind} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const server = createApp({
      config: { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', databaseUrl: null, baseDomain: 'localhost', secretKey: 'x'.repeat(64), allowPrivateOutbound: false },
      database,
      schema: buildSchema(),
      logger: silentLogger,
    });
    app = server;
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const headers = { authorization: `Bearer ${secret}`, host: `bench.localhost:${port}` };

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    let peakRss = rssBefore;
    let peakHeap = heapBefore;
    const sample = () => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    };
    const sampler = setInterval(sample, 20);

    const pageMs: number[] = [];
    let rows = 0;
    let cursor: string | null = null;
    const walkStart = performance.now();
    for (;;) {
      const started = performance.now();
      const path: string = `/external/api/v1/inventory/stocks/export?limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await get(port, path, headers);
      pageMs.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`page ${pageMs.length}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      rows += res.body.data.length;
      sample();
      if (!res.body.has_more) break;
      cursor = res.body.next_cursor;
    }
    const walkMs = performance.now() - walkStart;
    clearInterval(sampler);
    if (rows !== PRODUCTS) throw new Error(`export returned ${rows} rows, expected ${PRODUCTS}`);

    const sorted = [...pageMs].sort((a, b) => a - b);
    console.log(`\nstock export, ${PRODUCTS} products, limit ${LIMIT}, ${pageMs.length} pages, ${database.kind}`);
    console.log(`rows/s:            ${(rows / (walkMs / 1000)).toFixed(0)} (${rows} rows in ${(walkMs / 1000).toFixed(1)} s)`);
    console.log(`first page:        ${pageMs[0].toFixed(0)} ms`);
    console.log(`last page:         ${pageMs[pageMs.length - 1].toFixed(0)} ms`);
    console.log(`page p50 / max:    ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms / ${sorted[sorted.length - 1].toFixed(0)} ms`);
    // On PGlite the database runs in this process: its WebAssembly memory counts in the RSS, not in the JS heap.
    console.log(`JS heap before walk: ${mb(heapBefore)}; peak during walk: ${mb(peakHeap)}`);
    // No floor yet for the export (issue 16 goal 2 adds one).
    recordBench({ name: `stock export, limit ${LIMIT} (pages)`, database: database.kind, throughput: rows / (walkMs / 1000), unit: 'rows/s', p50Ms: sorted[Math.floor(sorted.length / 2)], p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))], floorRatio: null });
    console.log(`RSS before walk:   ${mb(rssBefore)}; peak during walk: ${mb(peakRss)} (+${mb(peakRss - rssBefore)}); process maxRSS: ${mb(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    // The app owns the database once created: closing it closes both.
    if (app) await app.close();
    else await database.close();
  }
}
