// Applies a stored import file: streams it through csv-parse (memory holds one chunk of rows, whatever the
// file's size), checks the header against the type's columns, and applies the rows in chunks, one
// transaction per chunk. Each chunk's transaction also records its row errors and moves the import's
// rowsDone forward, so a run that dies is resumed after the last committed chunk: every row is applied once.
// A dry run validates every chunk in a transaction that is rolled back, and records only the errors.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Prisma } from '../../generated/prisma/client.js';
import { byId, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import { recordEvent } from '../events/index.js';
import { DomainError, ValidationError } from '../shared/errors.js';
import { unstorableTextProblem } from '../shared/storable-text.js';
import type { CsvRow, ImportOptions, ImportType, RowError } from './import-type.js';
import { IMPORT_TYPES } from './import-types.js';
import { readImportFile, type StoredImportOptions } from './imports.js';

export const IMPORT_CHUNK_ROWS = 500;

/** What the job system lends a run: the step's hold on the job, and finishing it with the last step. */
export interface ImportJobControl {
  hold(tx: TenantTx, progress?: { now?: number; max?: number }): Promise<void>;
  finish(tx: TenantTx, progress?: { now?: number; max?: number }): Promise<void>;
  /** Throws when the process is stopping (the job is then queued again and resumes). */
  checkStopping(): void;
}

/** A problem with the file as a whole (its header): recorded on line 1, and the import fails. */
export class ImportFileError extends Error {}

class DryRunRollback extends Error {}

/** A record of the file, in order: a row to apply, or one that could not be read as a row. */
type ChunkEntry = { row: CsvRow; error?: undefined } | { error: RowError; row?: undefined };

export async function runImport(db: TenantDb, jobId: number, control: ImportJobControl): Promise<void> {
  const stored = await db.import.findFirstOrThrow({ where: { jobId } });
  const type = IMPORT_TYPES.get(stored.type)!;
  const saved = stored.options as unknown as StoredImportOptions;
  const options: ImportOptions = { dryRun: saved.dry_run, updateExisting: saved.update_existing, delimiter: saved.delimiter };

  const parser = Readable.from(readImportFile(db, stored.companyId, stored.id)).pipe(
    parse({ delimiter: options.delimiter, bom: true, info: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_error: true }),
  );
  // Records csv-parse cannot read (an unclosed quote, ...) are skipped and reported; a resumed run passes
  // those of chunks already done again, and leaves them out.
  const unreadable: RowError[] = [];
  parser.on('skip', (error: Error & { lines?: number }) => {
    if (rowsSeen >= stored.rowsDone) unreadable.push({ line: error.lines ?? 0, column: null, message: `The row cannot be read as CSV: ${error.message}` });
  });

  let header: string[] | null = null;
  let rowsSeen = 0;
  let rowsDone = stored.rowsDone;
  let chunk: ChunkEntry[] = [];

  const flush = async () => {
    if (chunk.length === 0 && unreadable.length === 0) return;
    control.checkStopping();
    const entries = chunk;
    const skipped = unreadable.splice(0);
    chunk = [];
    await applyEntries(db, stored.id, type, entries, skipped, rowsDone, options, control);
    rowsDone += entries.length;
    // Let queries waiting for the connection (progress readers on the embedded database) go first.
    await new Promise((resolve) => setImmediate(resolve));
  };

  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (header === null) {
      header = record.map((name) => name.trim().toLowerCase());
      const problem = headerProblem(type, header);
      if (problem) {
        parser.destroy();
        await failOnHeader(db, stored.id, problem, control);
        throw new ImportFileError(problem);
      }
      continue;
    }
    rowsSeen++;
    if (rowsSeen <= stored.rowsDone) continue; // applied by an earlier run
    if (chunk.length >= IMPORT_CHUNK_ROWS && !continuesGroup(type, chunk, record, header)) await flush();
    if (record.length !== header.length) {
      chunk.push({ error: { line: info.lines, column: null, message: `The row has ${record.length} fields; the header has ${header.length}.` } });
    } else {
      const values: Record<string, string> = {};
      header.forEach((name, index) => (values[name] = record[index].trim()));
      const unstorable = header.find((name) => unstorableTextProblem(values[name]) !== null);
      if (unstorable) chunk.push({ error: { line: info.lines, column: unstorable, message: `The ${unstorable} ${unstorableTextProblem(values[unstorable])}.` } });
      else chunk.push({ row: { line: info.lines, values } });
    }

  }
  if (header === null) {
    await failOnHeader(db, stored.id, 'The file has no header row.', control);
    throw new ImportFileError('The file has no header row.');
  }
  await flush();
  await db.$transaction(async (tx) => {
    await control.hold(tx);
    const counted = await tx.import.findUniqueOrThrow({ where: byId(stored.id), select: { successCount: true, errorCount: true } });
    const done = await tx.import.update({ where: byId(stored.id), data: { totalRows: counted.successCount + counted.errorCount } });
    await recordEvent(tx, {
      type: 'import.finished',
      resourceType: 'import',
      resourceId: stored.id,
      data: { import_id: stored.id, type: stored.type, dry_run: options.dryRun, stats: { total_rows: done.totalRows, success_count: done.successCount, error_count: done.errorCount } },
    });
    await control.finish(tx, { now: rowsDone, max: rowsDone });
  });
}

/** A full chunk still takes the next row when it continues the chunk's last group (up to a hard cap). */
function continuesGroup(type: ImportType, chunk: ChunkEntry[], record: string[], header: string[]): boolean {
  if (!type.groupKey || chunk.length >= IMPORT_CHUNK_ROWS * 10 || record.length !== header.length) return false;
  const last = chunk[chunk.length - 1].row;
  if (!last) return false;
  const values: Record<string, string> = {};
  header.forEach((name, index) => (values[name] = record[index].trim()));
  return type.groupKey({ line: 0, values }) === type.groupKey(last);
}

function headerProblem(type: ImportType, header: string[]): string | null {
  const known = new Set([...type.requiredColumns, ...type.optionalColumns]);
  const missing = type.requiredColumns.filter((name) => !header.includes(name));
  const unknown = header.filter((name) => !known.has(name) && !isOpenColumn(type, name));
  const repeated = header.filter((name, index) => header.indexOf(name) !== index);
  const problems: string[] = [];
  if (missing.length) problems.push(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  if (unknown.length) problems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  if (repeated.length) problems.push(`column${repeated.length > 1 ? 's' : ''} given twice: ${[...new Set(repeated)].join(', ')}`);
  return problems.length ? `The header is not valid for ${type.key}: ${problems.join('; ')}.` : null;
}

/** Optional columns ending in `*` name a family (`custom_fields.*`). */
function isOpenColumn(type: ImportType, name: string): boolean {
  return type.optionalColumns.some((column) => column.endsWith('*') && name.startsWith(column.slice(0, -1)) && name.length > column.length - 1);
}

async function failOnHeader(db: TenantDb, importId: number, message: string, control: ImportJobControl): Promise<void> {
  await db.$transaction(async (tx) => {
    await control.hold(tx);
    await tx.importRowError.create({ data: { importId, line: 1, column: null, message } as any });
    await tx.import.update({ where: byId(importId), data: { errorCount: { increment: 1 } } });
    await recordEvent(tx, { type: 'import.failed', resourceType: 'import', resourceId: importId, data: { import_id: importId, message } });
  });
}

/**
 * Applies a chunk in one step. When the type refuses the chunk as a whole (a domain rule it could not check
 * row by row), the chunk is applied again one record per step, so the rows that fail are told apart and the
 * others still apply.
 */
async function applyEntries(
  db: TenantDb,
  importId: number,
  type: ImportType,
  entries: ChunkEntry[],
  unreadable: RowError[],
  rowsBefore: number,
  options: ImportOptions,
  control: ImportJobControl,
): Promise<void> {
  try {
    await applyStep(db, importId, type, entries, unreadable, rowsBefore + entries.length, options, control);
    return;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (entries.length === 1) {
      // The one row the type refused: record why, and move on.
      await applyStep(db, importId, type, [{ error: rowErrorOf(entries[0], error) }], unreadable, rowsBefore + 1, options, control);
      return;
    }
  }
  for (const [index, entry] of entries.entries()) {
    await applyEntries(db, importId, type, [entry], index === 0 ? unreadable : [], rowsBefore + index, options, control);
  }
}

function rowErrorOf(entry: ChunkEntry, error: DomainError): RowError {
  const line = entry.row?.line ?? entry.error!.line;
  if (error instanceof ValidationError) {
    const [field, messages] = Object.entries(error.fieldErrors)[0] ?? [null, [error.message]];
    return { line, column: field ? field.replace(/^lines\.\d+\./, '') : null, message: messages[0] };
  }
  return { line, column: null, message: error.message };
}

/** One step: the rows applied (or, for a dry run, validated and rolled back), their errors and counts recorded. */
async function applyStep(
  db: TenantDb,
  importId: number,
  type: ImportType,
  entries: ChunkEntry[],
  unreadable: RowError[],
  progressNow: number,
  options: ImportOptions,
  control: ImportJobControl,
): Promise<void> {
  const rows = entries.flatMap((entry) => (entry.row ? [entry.row] : []));
  const readErrors = entries.flatMap((entry) => (entry.error ? [entry.error] : []));
  let result = { applied: 0, errors: [] as RowError[] };
  if (options.dryRun && rows.length > 0) {
    try {
      await db.$transaction(async (tx) => {
        result = await type.applyChunk(tx, rows, options);
        throw new DryRunRollback();
      }, { timeout: 120_000 });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
  }
  await db.$transaction(
    async (tx) => {
      await control.hold(tx, { now: progressNow });
      if (!options.dryRun && rows.length > 0) result = await type.applyChunk(tx, rows, options);
      const errors = [...unreadable, ...readErrors, ...result.errors];
      if (errors.length > 0) {
        await tx.importRowError.createMany({ data: errors.map((error) => ({ importId, line: error.line, column: error.column, message: error.message })) as Prisma.ImportRowErrorCreateManyInput[] });
      }
      const failedRows = new Set([...readErrors, ...result.errors].map((error) => error.line)).size;
      await tx.import.update({
        where: byId(importId),
        data: { rowsDone: { increment: entries.length }, successCount: { increment: entries.length - failedRows }, errorCount: { increment: failedRows + unreadable.length } },
      });
    },
    { timeout: 120_000 },
  );
}
