// The one table `npm run bench` ends with: every case's throughput, p50 and p99, and how many times slower
// than its floor (the same work done as directly as possible, measured in the same run) it is. With
// BENCH_RESULTS_FILE set each row is also added to the JSON array in that file as it is measured, so several
// runs (one per case) add up and a run that dies later keeps what it measured (scripts/bench-citus.sh).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { onCitus } from '../support/test-database.js';
export interface BenchRow {
  name: string;
  database: string;
  throughput: number;
  unit: string;
  p50Ms: number | null;
  p99Ms: number | null;
  /** Floor throughput ÷ this case's throughput; null when the case has no floor, 1 for the floor itself. */
  floorRatio: number | null;
}

const rows: BenchRow[] = [];

export function recordBench(row: BenchRow): void {
  // database.kind says postgres on a Citus coordinator too.
  const recorded = onCitus ? { ...row, database: 'citus' } : row;
  rows.push(recorded);
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) writeFileSync(file, JSON.stringify([...(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BenchRow[]) : []), recorded], null, 2));
}

export function printBenchSummary(): void {
  if (rows.length === 0) return;
  const cell = (value: number | null, digits = 0) => (value === null ? '–' : value.toFixed(digits));
  const header = ['case', 'db', 'throughput', 'p50 ms', 'p99 ms', '× floor'];
  const body = rows.map((r) => [r.name, r.database, `${cell(r.throughput)} ${r.unit}`, cell(r.p50Ms), cell(r.p99Ms), cell(r.floorRatio, 2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('\n=== summary ===');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of body) console.log(line(r));
}
