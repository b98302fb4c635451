// `npm run bench [-- case...]`: runs benchmark cases (all by default). Set TEST_DATABASE_URL to run them on a
// PostgreSQL server instead of in-memory PGlite; BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS (unmeasured, before
// each products case; default 3) and BENCH_PRODUCTS tune them;
// BENCH_EXPORT_PRODUCTS sizes the stock export case (default 100,000); BENCH_IMPORT_ROWS the imports case (default 100,000);
// BENCH_POSTING_LINES and BENCH_POSTING_ROUNDS the posting case (default 1,000 lines, 20 adjustments);
// BENCH_MIXED_CONNECTIONS, BENCH_MIXED_SECONDS and BENCH_MIXED_PRODUCTS the mixed load (default 20, 60 s, 2,000);
// the document pages (documents): BENCH_DOCUMENT_AREAS picks areas, comma-separated (sales-orders, purchase-orders, bills,
// shipments, work-orders, cycle-counts, customers, dashboard; default all), BENCH_DOCUMENT_ORDERS sizes the sales orders
// (default 300), BENCH_DOCUMENTS every other area (default 120 documents each), BENCH_DOCUMENT_DUMP=<dir> writes each
// page and its floor's JSON there; the subscriptions case (issue 35): BENCH_SUBSCRIBERS open SSE subscriptions (default
// 500) over BENCH_SUBSCRIBER_COMPANIES companies (default 20) while a mixed load of BENCH_MIXED_CONNECTIONS clients runs
// for BENCH_SECONDS (after BENCH_WARMUP_SECONDS) without, with and again without them, on a catalog of
// BENCH_MIXED_PRODUCTS split over the companies.
import { runInventoryExportBenchmark } from './inventory-export.bench.js';
import { runProductsBenchmark } from './products.bench.js';
import { runImportsBenchmark } from './imports.bench.js';
import { runPostingBenchmark } from './posting.bench.js';
import { runMixedLoadBenchmark } from './mixed-load.bench.js';
import { runDocumentsBenchmark } from './documents.bench.js';
import { runSubscriptionsBenchmark } from './subscriptions.bench.js';
import { printBenchSummary } from './summary.js';

const CASES: Record<string, () => Promise<void>> = {
  products: runProductsBenchmark,
  'inventory-export': runInventoryExportBenchmark,
  imports: runImportsBenchmark,
  posting: runPostingBenchmark,
  'mixed-load': runMixedLoadBenchmark,
  documents: runDocumentsBenchmark,
  subscriptions: runSubscriptionsBenchmark,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !CASES[name]);
if (unknown.length > 0) {
  console.error(`Unknown benchmark case: ${unknown.join(', ')}. Cases: ${Object.keys(CASES).join(', ')}`);
  process.exit(2);
}
for (const name of wanted.length > 0 ? wanted : Object.keys(CASES)) {
  console.log(`\n=== ${name} ===`);
  await CASES[name]();
}
printBenchSummary();
