// What each import type (master_skus, stock, supplier_skus, boms, price_lists, currency_rates) provides.
// The import runner (import-runner.ts) streams the file, cuts it into chunks and calls `applyChunk` once per
// chunk inside that chunk's transaction; the type validates every row and applies the valid ones with a fixed
// number of statements per chunk (set-based: never a query per row). A row with an error is not applied and
// is reported with its line, column and message; the other rows of the chunk still apply.
import type { TenantTx } from '../../db/tenant-client.js';

export interface ImportOptions {
  /** Validate and report only; nothing is written (the runner rolls the chunk back). */
  dryRun: boolean;
  /** Rows naming an existing record update it; when false such rows are errors ("already exists"). */
  updateExisting: boolean;
  delimiter: string;
}

/** One data row: values keyed by the header's column names (lower-cased, trimmed), and its line in the file. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export interface RowError {
  line: number;
  /** The column at fault, as named in the header; null when the row as a whole is at fault. */
  column: string | null;
  message: string;
}

export interface ChunkResult {
  /** Rows applied (created or updated). */
  applied: number;
  errors: RowError[];
}

export interface ImportType {
  key: string;
  /** Shown in the docs: what the columns mean. */
  description: string;
  /** Columns the header must have; a missing one fails the whole import with one error on line 1. */
  requiredColumns: readonly string[];
  /** Other columns it reads; any other column in the header is an error on line 1. */
  optionalColumns: readonly string[];
  applyChunk(tx: TenantTx, rows: readonly CsvRow[], options: ImportOptions): Promise<ChunkResult>;
  /**
   * Rows that must be applied together (the rows of one BOM) share a key: consecutive rows with the same key
   * stay in one chunk (up to a hard cap), so a record is never split across two transactions.
   */
  groupKey?(row: CsvRow): string;
}
