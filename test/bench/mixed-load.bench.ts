// Mixed load (issue 16, goal 4): BENCH_MIXED_CONNECTIONS clients (default 20) for BENCH_MIXED_SECONDS
// (default 60) against one running app: 80% reads (a page of 100 products, a product's stock, a page of the
// stock export) and 20% writes (adjustments, transfers shipped and received, sales orders confirmed and
// shipped). Reports requests/s and p50/p99 per kind; then requires 0 failed requests, 0 deadlocks (PostgreSQL's
// own counter) and a clean ledger check (verifyLedger) afterwards — a run that breaks any of them fails.
import http from 'node:http';
import { startBenchApp } from './bench-app.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { createAdjustment } from '../../src/domain/inventory/adjustments.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';
import { Decimal } from '../../src/domain/shared/decimal.js';
import { seedCatalog } from './seed-catalog.js';
import { recordBench } from './summary.js';

const CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const PRODUCTS = Number(process.env.BENCH_MIXED_PRODUCTS ?? 2_000);

interface Answer {
  status: number;
  body: any;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

export async function runMixedLoadBenchmark(): Promise<void> {
  const bench = await startBenchApp();
  const { database, port, headers } = bench;
  const company = { id: bench.companyId };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    await seedCatalog(database.prisma, company.id, PRODUCTS);

    const call = (method: string, path: string, body?: unknown): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1', port, method, path: `/external/api/v1${path}`, agent,
            headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    // Two warehouses in one group, a channel selling from the first, and plenty of stock of every product in it.
    const db = tenantClient(database.prisma, company.id);
    const main = (await call('POST', '/locations', { name: 'Main' })).body.data;
    const spare = (await call('POST', '/locations', { name: 'Spare' })).body.data;
    const group = (await call('POST', '/warehouse-groups', { name: 'Shop', warehouse_ids: [main.id, spare.id] })).body.data;
    const channel = (await call('POST', '/channels', { channelType: 'sales_channel', label: 'Bench', warehouseGroupId: group.id })).body.data;
    const productIds = (await db.product.findMany({ where: { type: 'PRODUCT' }, select: { id: true }, orderBy: { id: 'asc' } })).map((p) => p.id);
    for (let start = 0; start < productIds.length; start += 500) {
      const lines = productIds.slice(start, start + 500).map((productId) => ({ productId, locationId: main.id, quantity: new Decimal(1_000_000), unitCost: new Decimal(2) }));
      await createAdjustment(db, { reason: 'bench stock', lines }, {});
    }
    const pages = Math.ceil(PRODUCTS / 100);
    const some = (n: number) => Array.from({ length: n }, () => pick(productIds)).filter((id, i, all) => all.indexOf(id) === i);

    const ok = (answer: Answer) => {
      if (answer.status >= 300) throw new Error(`HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body?.data;
    };
    // Each kind of work: its share of the operations, and what one operation does.
    const kinds: Array<{ name: string; write: boolean; weight: number; run: () => Promise<void> }> = [
      { name: 'read: products page of 100', write: false, weight: 35, run: async () => void ok(await call('GET', `/products?per_page=100&page=${1 + Math.floor(Math.random() * pages)}`)) },
      { name: 'read: stock of a product', write: false, weight: 30, run: async () => void ok(await call('GET', `/inventory/stock?product_id=${pick(productIds)}`)) },
      { name: 'read: stock export page of 100', write: false, weight: 15, run: async () => void (await call('GET', '/inventory/stocks/export?limit=100')).body },
      {
        name: 'write: adjustment of 5 lines', write: true, weight: 8,
        run: async () => void ok(await call('POST', '/inventory/adjustments', { lines: some(5).map((id) => (Math.random() < 0.5 ? { product_id: id, location_id: main.id, quantity: 3, unit_cost: 2 } : { product_id: id, location_id: main.id, quantity: -2 })) })),
      },
      {
        name: 'write: transfer shipped and received', write: true, weight: 5,
        run: async () => {
          const order = ok(await call('POST', '/transfer-orders', { source_location_id: main.id, destination_location_id: spare.id, lines: some(3).map((id) => ({ product_id: id, quantity: 1 })) }));
          ok(await call('POST', `/transfer-orders/${order.id}/ship`));
          ok(await call('POST', `/transfer-orders/${order.id}/receive`));
        },
      },
      {
        name: 'write: sales order confirmed and shipped', write: true, weight: 7,
        run: async () => {
          const draft = ok(await call('POST', '/sales-orders', { channel_id: channel.id, lines: some(3).map((id) => ({ product_id: id, quantity: 1 })) }));
          const order = ok(await call('POST', `/sales-orders/${draft.id}/confirm`));
          const shipment = ok(await call('POST', `/sales-orders/${order.id}/shipments`, { lines: order.lines.map((l: any) => ({ sales_order_line_id: l.id, quantity: 1 })) }));
          ok(await call('POST', `/shipments/${shipment.id}/ship`));
        },
      },
    ];
    const totalWeight = kinds.reduce((sum, k) => sum + k.weight, 0);
    const chooseKind = () => {
      let roll = Math.random() * totalWeight;
      for (const kind of kinds) if ((roll -= kind.weight) < 0) return kind;
      return kinds[0]!;
    };

    const deadlocksNow = async () =>
      database.kind === 'postgres'
        ? Number((await database.prisma.$queryRaw<Array<{ deadlocks: bigint }>>`SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()`)[0]!.deadlocks)
        : 0;
    const deadlocksBefore = await deadlocksNow();
    const times = new Map(kinds.map((k) => [k.name, [] as number[]]));
    const failures: string[] = [];
    const end = performance.now() + SECONDS * 1000;
    const client = async () => {
      while (performance.now() < end) {
        const kind = chooseKind();
        const start = performance.now();
        try {
          await kind.run();
          times.get(kind.name)!.push(performance.now() - start);
        } catch (error) {
          failures.push(`${kind.name}: ${(error as Error).message}`);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, client));
    const elapsed = (performance.now() - started) / 1000;
    const deadlocks = (await deadlocksNow()) - deadlocksBefore;
    const ledger = await verifyLedger(db);

    console.log(`\nmixed load, ${CONNECTIONS} clients, ${SECONDS} s, ${PRODUCTS} products, ${database.kind}`);
    console.log('kind'.padEnd(42), 'ops/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
    const all: number[] = [];
    for (const kind of kinds) {
      const sorted = [...times.get(kind.name)!].sort((a, b) => a - b);
      all.push(...sorted);
      console.log(kind.name.padEnd(42), (sorted.length / elapsed).toFixed(1).padStart(8), percentile(sorted, 50).toFixed(0).padStart(8), percentile(sorted, 99).toFixed(0).padStart(8));
    }
    all.sort((a, b) => a - b);
    console.log(`all operations: ${(all.length / elapsed).toFixed(1)} ops/s, p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms`);
    console.log(`failed operations: ${failures.length}; deadlocks: ${deadlocks}; ledger check: ${ledger.length === 0 ? 'clean' : `${ledger.length} differences`}`);
    for (const failure of failures.slice(0, 5)) console.log(`  ${failure}`);
    for (const difference of ledger.slice(0, 5)) console.log(`  ${difference.message}`);
    recordBench({ name: `mixed load, ${CONNECTIONS} clients (80% reads)`, database: database.kind, throughput: all.length / elapsed, unit: 'ops/s', p50Ms: percentile(all, 50), p99Ms: percentile(all, 99), floorRatio: null });
    if (failures.length > 0 || deadlocks > 0 || ledger.length > 0) {
      console.error('FAILED: the mixed load must end with 0 failed operations, 0 deadlocks and a clean ledger check');
      process.exitCode = 1;
    }
  } finally {
    agent.destroy();
    await bench.close();
  }
}
