// CSV import benchmark (issue 15): a master_skus file of BENCH_IMPORT_ROWS rows (default 100,000) sent as
// text/csv to POST /imports on a running app with its job worker, watched until finished. Prints rows/s
// (from the job's start to its end, and from the upload's start), and the JS heap's peak growth during a
// file a fifth of the size and during the full one: flat memory means the two are about the same.
// The floor, in the same run: the same rows inserted as directly as possible (one INSERT ... SELECT FROM
// unnest per 5,000 rows, no validation), on the same database. Fails below 2,000 rows/s on PostgreSQL.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { silentLogger } from '../../src/http/logger.js';
import { startBackground } from '../../src/jobs/background.js';
import { startBenchApp } from './bench-app.js';
import { recordBench } from './summary.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const FLOOR_ROWS_PER_SECOND = 2_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function writeCsv(file: string, rows: number, prefix: string): Promise<void> {
  const out = createWriteStream(file);
  out.write('sku,name,description,retail_price,unit_cost,weight,weight_unit,category,tags,sellable\n');
  for (let i = 1; i <= rows; i++) {
    // Tags on one row in ten: each tagged product is locked by its tag rows' foreign key checks, the dearest part.
    const tags = i % 10 === 0 ? `tag${i % 7}|tag${i % 11}` : '';
    const line = `${prefix}-${i},Bench product ${i},A product made for the import benchmark,${(i % 500) + 0.99},${(i % 300) + 0.5},${(i % 40) + 1},oz,Category ${i % 20},${tags},true\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function post(port: number, headers: Record<string, string>, urlPath: string, file: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: urlPath, headers: { ...headers, 'content-type': 'text/csv' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => (text += c));
      res.on('end', () => (res.statusCode === 202 ? resolve(JSON.parse(text).data) : reject(new Error(`HTTP ${res.statusCode}: ${text}`))));
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

function get(port: number, headers: Record<string, string>, urlPath: string): Promise<any> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => (text += c));
      res.on('end', () => resolve(JSON.parse(text)));
    }).on('error', reject);
  });
}

export async function runImportsBenchmark(): Promise<void> {
  const bench = await startBenchApp();
  const { database, config, port, headers } = bench;
  const company = { id: bench.companyId };
  const dir = mkdtempSync(path.join(tmpdir(), 'import-bench-'));
  const background = startBackground({ prisma: database.prisma, config, logger: silentLogger }, { pollMs: 50, schedules: false });
  try {

    const runImport = async (rows: number, prefix: string) => {
      const file = path.join(dir, `${prefix}.csv`);
      await writeCsv(file, rows, prefix);
      // Live heap: collected before each sample (node --expose-gc, as npm run bench runs), so garbage not yet
      // collected does not count.
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let peakHeap = heapBefore;
      const sampler = setInterval(() => {
        global.gc?.();
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      }, 1000);
      const wallStart = performance.now();
      const started = await post(port, headers, '/external/api/v1/imports?type=master_skus', file);
      let current = started;
      while (!['finished', 'failed', 'cancelled'].includes(current.job.status)) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        current = (await get(port, headers, `/external/api/v1/imports/${started.id}`)).data;
      }
      const wallMs = performance.now() - wallStart;
      clearInterval(sampler);
      if (current.job.status !== 'finished' || current.stats.success_count !== rows) throw new Error(`import ended ${current.job.status}: ${JSON.stringify(current.stats)}`);
      const jobMs = new Date(current.job.finished_at).getTime() - new Date(current.job.started_at).getTime();
      return { jobRate: rows / (jobMs / 1000), wallRate: rows / (wallMs / 1000), jobMs, wallMs, heapGrowth: peakHeap - heapBefore };
    };

    const small = await runImport(Math.round(ROWS / 5), 'SMALL');
    const full = await runImport(ROWS, 'FULL');

    // The floor: the same kind of rows straight into the table, 5,000 per statement.
    const floorStart = performance.now();
    for (let start = 1; start <= ROWS; start += 5_000) {
      const n = Array.from({ length: Math.min(5_000, ROWS - start + 1) }, (_, k) => start + k);
      await database.prisma.$executeRaw`
        INSERT INTO "Product" ("companyId", sku, name, description, "retailPrice", "unitCost", "updatedAt")
        SELECT ${company.id}, 'FLOOR-' || i, 'Bench product ' || i, 'A product made for the import benchmark', (i % 500) + 0.99, (i % 300) + 0.5, now()
        FROM unnest(${n}::int[]) AS i`;
    }
    const floorMs = performance.now() - floorStart;
    const floorRate = ROWS / (floorMs / 1000);

    console.log(`\nmaster_skus import, ${ROWS} rows, ${database.kind}`);
    console.log(`import rows/s:        ${full.jobRate.toFixed(0)} (job ${(full.jobMs / 1000).toFixed(1)} s); from the upload's start: ${full.wallRate.toFixed(0)} (${(full.wallMs / 1000).toFixed(1)} s)`);
    console.log(`floor rows/s:         ${floorRate.toFixed(0)} (bare INSERT ... SELECT FROM unnest, ${(floorMs / 1000).toFixed(1)} s); import at ${((full.jobRate / floorRate) * 100).toFixed(0)}% of the floor`);
    console.log(`live JS heap growth:  ${mb(small.heapGrowth)} for ${Math.round(ROWS / 5)} rows, ${mb(full.heapGrowth)} for ${ROWS} rows (flat memory: about the same)`);
    console.log(`process maxRSS:       ${mb(process.resourceUsage().maxRSS * 1024)}`);
    recordBench({ name: `master_skus import, ${ROWS} rows`, database: database.kind, throughput: full.jobRate, unit: 'rows/s', p50Ms: null, p99Ms: null, floorRatio: floorRate / full.jobRate });
    recordBench({ name: 'import floor: INSERT … FROM unnest', database: database.kind, throughput: floorRate, unit: 'rows/s', p50Ms: null, p99Ms: null, floorRatio: 1 });
    // The 2,000 rows/s target is PostgreSQL's; the embedded database is reported, not judged.
    if (database.kind === 'postgres' && full.jobRate < FLOOR_ROWS_PER_SECOND) {
      console.error(`FAILED: ${full.jobRate.toFixed(0)} rows/s is below the required ${FLOOR_ROWS_PER_SECOND} rows/s`);
      process.exitCode = 1;
    }
  } finally {
    await background.stop();
    await bench.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
