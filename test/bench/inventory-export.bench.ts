// Stock export benchmark (issues 4 and 16): seeds BENCH_EXPORT_PRODUCTS products (default 100,000) across 3
// warehouses, with lots on a tenth of them, then walks the whole GET /inventory/stocks/export at limit 1000 over
// HTTP, and the same pages from a floor (one hand-written SQL statement behind a bare node:http handler), and
// prints rows/s, the ratio to the floor, the first and last page, and memory growth during each walk.
// The seed writes the ledger tables directly (createMany in chunks), each movement with its balance and
// FIFO layer, so they agree as the posting service would leave them.
import { benchConfig } from './bench-app.js';
import http from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/http/app.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { silentLogger } from '../../src/http/logger.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import type { PrismaClient } from '../../src/generated/prisma/client.js';
import { openTestDatabase } from '../support/test-database.js';
import type { Database } from '../../src/db/database.js';
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

interface Walk {
  rows: number;
  ms: number;
  pageMs: number[];
  rssGrowth: number;
  heapGrowth: number;
  liveHeapGrowth: number;
  firstPage: any;
}

/** Walks every page (`next` gives the path of the following page, or null) and measures time and memory. */
async function walk(port: number, headers: Record<string, string>, firstPath: string, next: (body: any) => string | null): Promise<Walk> {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const pageMs: number[] = [];
  let rows = 0;
  let firstPage: any = null;
  let path: string | null = firstPath;
  const walkStart = performance.now();
  while (path) {
    const started = performance.now();
    const res = await get(port, path, headers);
    pageMs.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`page ${pageMs.length}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    firstPage ??= res.body;
    rows += res.body.data.length;
    sample();
    path = next(res.body);
  }
  const ms = performance.now() - walkStart;
  clearInterval(sampler);
  global.gc?.();
  const after = process.memoryUsage();
  return { rows, ms, pageMs, rssGrowth: peakRss - before.rss, heapGrowth: peakHeap - before.heapUsed, liveHeapGrowth: after.heapUsed - before.heapUsed, firstPage };
}

/**
 * The floor: the same page (the contract's JSON, quantities as of a ledger cutoff) as one hand-written
 * statement, sent by a bare node:http handler over the database's plain driver (pg, or PGlite's query).
 * No auth, no cursor signing, no Prisma, no rows flagged for documents.
 */
const FLOOR_SQL = `
WITH page AS (
  SELECT * FROM "Product" WHERE "companyId" = $1 AND id > $2 AND status > 0 ORDER BY id LIMIT $3
), cost AS (
  SELECT p.id, (SELECT cl."landedUnitCost" FROM "CostLayer" cl WHERE cl."companyId" = $1 AND cl."productId" = p.id AND cl."movementId" <= $4
    AND cl."remainingQuantity" > 0 ORDER BY cl."receivedAt", cl.id LIMIT 1) AS c
  FROM page p
), by_location AS (
  SELECT h."productId", h."locationId", sum(h.q) AS q, coalesce(json_agg(json_build_object('lot_id', h."lotId", 'location_id', h."locationId",
      'lot_number', lot."lotNumber", 'production_date', to_char(lot."productionDate", 'YYYY-MM-DD'),
      'expiry_date', to_char(lot."expiryDate", 'YYYY-MM-DD'), 'qty_onhand', trim_scale(h.q)) ORDER BY h."lotId") FILTER (WHERE h."lotId" IS NOT NULL), '[]') AS lots
  FROM (
    SELECT m."productId", m."locationId", m."lotId", sum(m.quantity) AS q
    FROM "StockMovement" m
    WHERE m."companyId" = $1 AND m."productId" BETWEEN (SELECT min(id) FROM page) AND (SELECT max(id) FROM page) AND m.id <= $4
    GROUP BY 1, 2, 3
  ) h
  LEFT JOIN "Lot" lot ON lot."companyId" = $1 AND lot.id = h."lotId"
  GROUP BY 1, 2
), place AS MATERIALIZED (
  SELECT l.id, json_build_object('id', l.id, 'status', l.status, 'name', l.name, 'parent_id', l."parentId", 'is_pick_location', l."isPickLocation",
    'created_at', to_char(l."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updated_at', to_char(l."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'parent', NULL)::text AS j
  FROM "Location" l WHERE l."companyId" = $1 AND l.id IN (SELECT "locationId" FROM by_location)
), by_product AS (
  -- Each location's entry as text around the location's JSON, written once (the cheapest way found: see page-sql.ts).
  SELECT b."productId", sum(b.q) AS q, '[' || string_agg('{"id":' || b."locationId" || ',"warehouse":' || pl.j || ',"location":' || pl.j ||
      ',"qty_onhand":' || trim_scale(b.q) || ',"qty_incoming":0,"qty_pending":0,"qty_available":' || trim_scale(greatest(b.q, 0)) ||
      ',"qty_available_via_assembly":0,"qty_recoverable_via_disassembly":0,"current_landed_unit_cost":' || coalesce(trim_scale(cost.c)::text, 'null') ||
      ',"lot_stocks":' || b.lots || '}', ',' ORDER BY b."locationId") || ']' AS list
  FROM by_location b JOIN place pl ON pl.id = b."locationId" JOIN cost ON cost.id = b."productId"
  GROUP BY 1
)
SELECT '{"data":[' || coalesce(string_agg(left(json_build_object('id', p.id, 'sku', p.sku, 'name', p.name, 'type', p.type, 'category_id', p."categoryId",
    'category_name', cat.name, 'sub_category_id', p."subcategoryId", 'sub_category_name', sub.name,
    'qty_onhand', trim_scale(coalesce(bp.q, 0)), 'qty_incoming', 0, 'qty_available', trim_scale(greatest(coalesce(bp.q, 0), 0)), 'qty_pending', 0,
    'qty_backordered', 0, 'qty_available_via_assembly', 0, 'qty_recoverable_via_disassembly', 0, 'qty_outstanding', 0,
    'current_landed_unit_cost', trim_scale(cost.c), 'updated_at', to_char(p."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'location_stocks', NULL)::text, -length('null}')) || coalesce(bp.list, '[]') || '}', ',' ORDER BY p.id), '')
  || '],"last_id":' || coalesce(max(p.id), 0) || ',"rows":' || count(*) || '}' AS body
FROM page p
JOIN cost ON cost.id = p.id
LEFT JOIN by_product bp ON bp."productId" = p.id
LEFT JOIN "ProductCategory" cat ON cat."companyId" = $1 AND cat.id = p."categoryId"
LEFT JOIN "ProductCategory" sub ON sub."companyId" = $1 AND sub.id = p."subcategoryId"`;

function startFloor(database: Database, companyId: number, cutoffMovementId: number): Promise<http.Server> {
  const floor = http.createServer((req, res) => {
    const after = Number(new URL(req.url ?? '/', 'http://floor').searchParams.get('after') ?? 0);
    database.sql
      .query<{ body: string }>(FLOOR_SQL, [companyId, after, LIMIT, cutoffMovementId])
      .then(([{ body }]) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      })
      .catch((error) => {
        res.writeHead(500);
        res.end(JSON.stringify({ message: String(error) }));
      });
  });
  return new Promise((resolve) => floor.listen(0, '127.0.0.1', () => resolve(floor)));
}

function report(label: string, kind: string, w: Walk, floorRowsPerSecond: number | null): number {
  const sorted = [...w.pageMs].sort((a, b) => a - b);
  const rowsPerSecond = w.rows / (w.ms / 1000);
  const first = w.pageMs[0];
  const last = w.pageMs[w.pageMs.length - 1];
  console.log(`\n${label}, ${PRODUCTS} products, limit ${LIMIT}, ${w.pageMs.length} pages, ${kind}`);
  console.log(`rows/s:            ${rowsPerSecond.toFixed(0)} (${w.rows} rows in ${(w.ms / 1000).toFixed(1)} s)${floorRowsPerSecond ? `; ${(floorRowsPerSecond / rowsPerSecond).toFixed(2)}× the floor` : ''}`);
  console.log(`first / last page: ${first.toFixed(0)} ms / ${last.toFixed(0)} ms (last ÷ first ${(last / first).toFixed(2)}); second page ${w.pageMs[1]?.toFixed(0)} ms`);
  console.log(`page p50 / max:    ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms / ${sorted[sorted.length - 1].toFixed(0)} ms`);
  // On PGlite the database runs in this process: its WebAssembly memory counts in the RSS, not in the JS heap.
  console.log(`memory growth:     RSS peak +${mb(w.rssGrowth)}; JS heap peak +${mb(w.heapGrowth)}; live heap after the walk (gc) ${w.liveHeapGrowth >= 0 ? '+' : ''}${mb(w.liveHeapGrowth)}`);
  recordBench({
    name: `${label}, limit ${LIMIT}`,
    database: kind,
    throughput: rowsPerSecond,
    unit: 'rows/s',
    p50Ms: sorted[Math.floor(sorted.length / 2)],
    p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))],
    floorRatio: floorRowsPerSecond ? floorRowsPerSecond / rowsPerSecond : 1,
  });
  return rowsPerSecond;
}

export async function runInventoryExportBenchmark(): Promise<void> {
  const database = await openTestDatabase();
  let app: ReturnType<typeof createApp> | null = null;
  let floor: http.Server | null = null;
  try {
    const { company } = await createCompany(database.prisma, { slug: 'bench', name: 'Bench', adminEmail: 'bench@example.test', adminPassword: 'bench password' });
    const { secret } = await createApiToken(database.prisma, { companyId: company.id, name: 'bench' });
    const seedStart = Date.now();
    await seedStock(database.prisma, company.id, PRODUCTS);
    await database.prisma.$executeRawUnsafe('ANALYZE');
    console.log(`seeded ${PRODUCTS} products in 3 warehouses (2 receipts each, 2 lots on a tenth) on ${database.kind} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const server = createApp({
      config: benchConfig(),
      database,
      schema: buildSchema(),
      logger: silentLogger,
    });
    app = server;
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const headers = { authorization: `Bearer ${secret}`, host: `bench.localhost:${port}` };
    const [{ movement, product }] = await database.sql.query<{ movement: number; product: number }>(
      'SELECT (SELECT max(id) FROM "StockMovement" WHERE "companyId" = $1) AS movement, (SELECT max(id) FROM "Product" WHERE "companyId" = $1) AS product',
      [company.id],
    );
    const lastProductId = Number(product);
    floor = await startFloor(database, company.id, Number(movement));
    const floorPort = (floor.address() as AddressInfo).port;

    const exportPath = '/external/api/v1/inventory/stocks/export';
    const service = await walk(port, headers, `${exportPath}?limit=${LIMIT}`, (body) =>
      body.has_more ? `${exportPath}?limit=${LIMIT}&cursor=${encodeURIComponent(body.next_cursor)}` : null,
    );
    const direct = await walk(floorPort, {}, '/?after=0', (body) => (body.last_id < lastProductId ? `/?after=${body.last_id}` : null));
    for (const w of [service, direct]) if (w.rows !== PRODUCTS) throw new Error(`a walk returned ${w.rows} rows, expected ${PRODUCTS}`);
    // The floor does the same work only if it answers the same page.
    if (!isDeepStrictEqual(service.firstPage.data, direct.firstPage.data)) {
      throw new Error(`the floor and the export disagree on the first page: ${JSON.stringify(service.firstPage.data[0])} vs ${JSON.stringify(direct.firstPage.data[0])}`);
    }

    const floorRate = report('stock export floor (1 SQL statement + node:http)', database.kind, direct, null);
    report('stock export (REST)', database.kind, service, floorRate);
    console.log(`process maxRSS: ${mb(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    if (floor) await new Promise<void>((resolve) => floor!.close(() => resolve()));
    // The app owns the database once created: closing it closes both.
    if (app) await app.close();
    else await database.close();
  }
}
