// `node --import tsx test/bench/compare.ts BASE.json OTHER.json`: the rows of two `npm run bench` runs
// (BENCH_RESULTS_FILE) side by side, with how many times slower the other run is than the base in each case
// (base throughput ÷ other throughput). scripts/bench-citus.sh compares single-node PostgreSQL with a Citus cluster.
import { readFileSync } from 'node:fs';
import type { BenchRow } from './summary.js';

const [baseFile, otherFile] = process.argv.slice(2);
if (!baseFile || !otherFile) {
  console.error('usage: compare.ts BASE.json OTHER.json');
  process.exit(2);
}
const read = (file: string): BenchRow[] => JSON.parse(readFileSync(file, 'utf8'));
const base = read(baseFile);
const other = new Map(read(otherFile).map((row) => [row.name, row]));
const header = ['case', `${base[0]?.database ?? 'base'} throughput`, 'other throughput', '× slower', 'p50 ms', 'p99 ms'];
const body = base
  .filter((row) => other.has(row.name))
  .map((row) => {
    const o = other.get(row.name)!;
    const ms = (a: number | null, b: number | null) => `${a === null ? '–' : a.toFixed(0)} → ${b === null ? '–' : b.toFixed(0)}`;
    return [row.name, `${row.throughput.toFixed(0)} ${row.unit}`, `${o.throughput.toFixed(0)} ${o.unit} (${o.database})`, (row.throughput / o.throughput).toFixed(2), ms(row.p50Ms, o.p50Ms), ms(row.p99Ms, o.p99Ms)];
  });
const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const cells of body) console.log(line(cells));
