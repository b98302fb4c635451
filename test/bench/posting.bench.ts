// Posting benchmark (issue 16, goal 3): adjustments of BENCH_POSTING_LINES lines (default 1,000), one
// product per line, posted one after another through POST /inventory/adjustments on a running app. Rounds
// alternate an increase (a new cost layer per product) and a decrease (consuming the oldest layers), so both
// halves of FIFO are in the figure. Prints lines/s and the p50/p99 of one posting: over HTTP (what a client
// sees, including reading the JSON body and answering the posted document with its lines and movements), and
// in the domain alone (createAdjustment on the tenant client: checks, lines and the ledger, one transaction).
// The floor, in the same run: the same lines written as directly as possible in one transaction (movements
// and balances, one INSERT … SELECT FROM unnest each, no checks, no FIFO). Fails below 5,000 lines/s on
// PostgreSQL.
import http from 'node:http';
import { startBenchApp } from './bench-app.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { createAdjustment } from '../../src/domain/inventory/adjustments.js';
import { Decimal } from '../../src/domain/shared/decimal.js';
import { recordBench } from './summary.js';

const LINES = Number(process.env.BENCH_POSTING_LINES ?? 1_000);
const ROUNDS = Number(process.env.BENCH_POSTING_ROUNDS ?? 20);
const REQUIRED_LINES_PER_SECOND = 5_000;

function postJson(port: number, headers: Record<string, string>, urlPath: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: urlPath, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function runPostingBenchmark(): Promise<void> {
  const bench = await startBenchApp();
  const { database, port, headers } = bench;
  const company = { id: bench.companyId };
  try {
    const post = async (body: unknown) => {
      const res = await postJson(port, headers, '/external/api/v1/inventory/adjustments', body);
      if (res.status !== 201) throw new Error(`HTTP ${res.status}: ${res.text.slice(0, 500)}`);
    };

    const numbers = Array.from({ length: LINES }, (_, i) => i + 1);
    const products = await database.prisma.$queryRaw<Array<{ id: number }>>`
      INSERT INTO "Product" ("companyId", sku, name, "unitCost", "updatedAt")
      SELECT ${company.id}, 'POST-' || i, 'Posting bench ' || i, 1, now() FROM unnest(${numbers}::int[]) AS i
      RETURNING id`;
    const [location] = await database.prisma.$queryRaw<Array<{ id: number }>>`
      INSERT INTO "Location" ("companyId", name, "updatedAt") VALUES (${company.id}, 'Bench warehouse', now()) RETURNING id`;
    const linesOf = (quantity: number, unitCost?: number) => ({
      reason: 'bench',
      lines: products.map((p) => ({ product_id: p.id, location_id: location!.id, quantity, ...(unitCost === undefined ? {} : { unit_cost: unitCost }) })),
    });
    // Statistics as autovacuum keeps them: without, the generic plans of the foreign-key checks take the freshly
    // inserted products for a tiny table and scan the company's products for every line (30 µs a line).
    await database.sql.query('ANALYZE');
    await post(linesOf(1_000_000, 1)); // warm-up, and stock for every decrease below

    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const body = round % 2 === 0 ? linesOf(10, 2 + round) : linesOf(-15);
      const start = performance.now();
      await post(body);
      times.push(performance.now() - start);
    }
    // The same rounds in the domain alone.
    const db = tenantClient(database.prisma, company.id);
    const domainLines = (quantity: number, unitCost?: number) =>
      products.map((p) => ({ productId: p.id, locationId: location!.id, quantity: new Decimal(quantity), unitCost: unitCost === undefined ? null : new Decimal(unitCost) }));
    const domainTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      await createAdjustment(db, { reason: 'bench', lines: round % 2 === 0 ? domainLines(10, 2 + round) : domainLines(-15) }, {});
      domainTimes.push(performance.now() - start);
    }
    const domainRate = (LINES * ROUNDS) / (domainTimes.reduce((sum, t) => sum + t, 0) / 1000);
    const domainSorted = [...domainTimes].sort((a, b) => a - b);

    const total = times.reduce((sum, t) => sum + t, 0);
    const rate = (LINES * ROUNDS) / (total / 1000);
    const sorted = [...times].sort((a, b) => a - b);

    // The floor: the same movements and balance changes, straight into the tables.
    const productIds = products.map((p) => p.id);
    const floorTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const quantity = round % 2 === 0 ? 10 : -15;
      const start = performance.now();
      await database.prisma.$transaction([
        database.prisma.$executeRaw`
          INSERT INTO "StockMovement" ("companyId", "productId", "locationId", quantity, reason, "sourceType", "occurredAt")
          SELECT ${company.id}, p, ${location!.id}, ${quantity}, 'floor', 'FLOOR', now() FROM unnest(${productIds}::int[]) AS p`,
        database.prisma.$executeRaw`
          INSERT INTO "StockBalance" ("companyId", "productId", "locationId", "lotKey", quantity, "updatedAt")
          SELECT ${company.id}, p, ${location!.id}, 0, ${quantity}, now() FROM unnest(${productIds}::int[]) AS p
          ON CONFLICT ("companyId", "productId", "locationId", "lotKey") DO UPDATE SET quantity = "StockBalance".quantity + EXCLUDED.quantity`,
      ]);
      floorTimes.push(performance.now() - start);
    }
    const floorRate = (LINES * ROUNDS) / (floorTimes.reduce((sum, t) => sum + t, 0) / 1000);
    const floorSorted = [...floorTimes].sort((a, b) => a - b);

    console.log(`\nadjustments of ${LINES} lines, ${ROUNDS} rounds (increase / decrease alternately), ${database.kind}`);
    console.log(`posting lines/s: ${rate.toFixed(0)} (p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms per adjustment)`);
    console.log(`in the domain:   ${domainRate.toFixed(0)} lines/s (p50 ${percentile(domainSorted, 50).toFixed(0)} ms, p99 ${percentile(domainSorted, 99).toFixed(0)} ms per adjustment)`);
    console.log(`floor lines/s:   ${floorRate.toFixed(0)} (movements + balances by INSERT … FROM unnest, no checks or FIFO); posting at ${((rate / floorRate) * 100).toFixed(0)}% of the floor`);
    recordBench({ name: `adjustment of ${LINES} lines`, database: database.kind, throughput: rate, unit: 'lines/s', p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), floorRatio: floorRate / rate });
    recordBench({ name: `adjustment of ${LINES} lines, domain only`, database: database.kind, throughput: domainRate, unit: 'lines/s', p50Ms: percentile(domainSorted, 50), p99Ms: percentile(domainSorted, 99), floorRatio: floorRate / domainRate });
    recordBench({ name: 'posting floor: INSERT … FROM unnest', database: database.kind, throughput: floorRate, unit: 'lines/s', p50Ms: percentile(floorSorted, 50), p99Ms: percentile(floorSorted, 99), floorRatio: 1 });
    // The 5,000 lines/s target is PostgreSQL's; the embedded database is reported, not judged.
    if (database.kind === 'postgres' && rate < REQUIRED_LINES_PER_SECOND) {
      console.error(`FAILED: ${rate.toFixed(0)} lines/s is below the required ${REQUIRED_LINES_PER_SECOND} lines/s`);
      process.exitCode = 1;
    }
  } finally {
    await bench.close();
  }
}
