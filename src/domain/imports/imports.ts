// CSV imports: accepting a file (stored in the database in pieces, with its import and job, in one
// transaction), listing and reading imports with their row errors, and cancelling. Applying the rows is
// import-runner.ts, run by the `import` job.
import { stringify } from 'csv-stringify/sync';
import type { Prisma } from '../../generated/prisma/client.js';
import { byId, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import { cancelJob, enqueueJob } from '../jobs/index.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { dateTimeFilter, type FilterSpec } from '../shared/filters/index.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { pageMeta, pageWindow, type Page, type PageArgs, rowsAndTotal } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { IMPORT_TYPES, importTypeKeys } from './import-types.js';
import type { UploadedFile } from './uploaded-file.js';
import { listPage } from '../shared/list-page.js';

export const IMPORT_JOB = 'import';
/** The file is stored in pieces of this size (a bytea row each). */
const FILE_PIECE_BYTES = 1024 * 1024;
const READ_SLICE_BYTES = 16 * 1024;
const DELIMITERS: Record<string, string> = { ',': ',', ';': ';', '|': '|', '\t': '\t', tab: '\t' };

export interface ImportRequest {
  type?: string | null;
  file?: UploadedFile | null;
  dryRun?: boolean | null;
  updateExisting?: boolean | null;
  delimiter?: string | null;
}

/** Who started it, as the contract shows it: email is the token's creator's address, imported_by the token's name. */
async function starterOf(tx: TenantTx, tokenId: number | null): Promise<{ email: string | null; importedBy: string | null }> {
  if (tokenId === null) return { email: null, importedBy: null };
  const token = await tx.apiToken.findUnique({ where: byId(tokenId), select: { name: true, createdBy: { select: { email: true } } } });
  return { email: token?.createdBy?.email ?? null, importedBy: token?.name ?? null };
}

/** The options as stored (and shown) on the import: snake_case, every one set. */
export interface StoredImportOptions {
  dry_run: boolean;
  update_existing: boolean;
  delimiter: string;
}

export function checkImportRequest(input: ImportRequest): { type: string; options: StoredImportOptions; file: UploadedFile } {
  const errors = new FieldErrorCollector();
  const type = input.type?.trim() ?? '';
  if (type === '') errors.add('type', `The type is required: one of ${importTypeKeys().join(', ')}.`);
  else if (!IMPORT_TYPES.has(type)) errors.add('type', `The type must be one of ${importTypeKeys().join(', ')}.`);
  if (!input.file) errors.add('file', 'The file is required (a multipart field named file, or a text/csv body).');
  const delimiter = input.delimiter === undefined || input.delimiter === null || input.delimiter === '' ? ',' : DELIMITERS[input.delimiter.toLowerCase()];
  if (delimiter === undefined) errors.add('delimiter', 'The delimiter must be one of , ; | or tab.');
  errors.throwIfAny();
  return { type, options: { dry_run: input.dryRun ?? false, update_existing: input.updateExisting ?? false, delimiter: delimiter! }, file: input.file! };
}

/**
 * Stores the file with its import and a queued job, all in one transaction: the import exists with its whole
 * file, or not at all. progress_max starts as the file's line count less the header (exact once it has run).
 */
export async function createImport(db: TenantDb, input: ImportRequest, actor: { tokenId: number | null }, query: AnswerQuery = {}) {
  const { type, options, file } = checkImportRequest(input);
  return db.$transaction(
    async (tx) => {
      const job = await enqueueJob(tx, { type: IMPORT_JOB, queue: 'imports', maxAttempts: 10 });
      const starter = await starterOf(tx, actor.tokenId);
      const created = await tx.import.create({
        data: { type, options: options as unknown as Prisma.InputJsonValue, ...starter, jobId: job.id, fileName: file.filename?.replace(/\u0000/g, '') ?? null } as any,
        select: { id: true, companyId: true },
      });
      const { bytes, lines } = await storeFile(tx, created.companyId, created.id, file);
      if (bytes === 0) throw new ValidationError({ file: ['The file is empty.'] });
      await tx.import.update({ where: byId(created.id), data: { fileBytes: bytes } });
      await tx.job.update({ where: byId(job.id), data: { progressMax: Math.max(0, lines - 1), payload: { importId: created.id } } });
      return readAnswer(tx, created.id, query, (q) => tx.import.findUniqueOrThrow({ ...q, where: byId(created.id) }));
    },
    { timeout: 120_000 },
  );
}

async function storeFile(tx: TenantTx, companyId: number, importId: number, file: UploadedFile): Promise<{ bytes: number; lines: number }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let bytes = 0;
  let lines = 0;
  let lastByte = 0x0a;
  let seq = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    // As base64 text decoded by the database: the embedded driver does not take binary parameters.
    const content = Buffer.concat(pending, pendingBytes).toString('base64');
    await tx.$executeRaw`INSERT INTO "ImportFileChunk" ("companyId", "importId", seq, content) VALUES (${companyId}, ${importId}, ${seq++}, decode(${content}, 'base64'))`;
    pending = [];
    pendingBytes = 0;
  };
  for await (const piece of file.read()) {
    const buffer = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) lines++;
    if (buffer.length > 0) lastByte = buffer[buffer.length - 1];
    bytes += buffer.length;
    pending.push(buffer);
    pendingBytes += buffer.length;
    if (pendingBytes >= FILE_PIECE_BYTES) await flush();
  }
  await flush();
  if (lastByte !== 0x0a) lines++; // a last line without a line break
  return { bytes, lines };
}

/** The stored file, piece by piece, in order: one query per piece, so memory holds one piece at a time. */
export async function* readImportFile(db: TenantDb, companyId: number, importId: number): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const [piece] = await db.$queryRaw<Array<{ content: string }>>`
      SELECT encode(content, 'base64') AS content FROM "ImportFileChunk" WHERE "companyId" = ${companyId} AND "importId" = ${importId} AND seq = ${seq}`;
    if (!piece) return;
    // Handed on in small slices: the CSV parser turns all of a slice into records at once, so the slice
    // size bounds the records waiting to be applied.
    const bytes = Buffer.from(piece.content, 'base64');
    for (let at = 0; at < bytes.length; at += READ_SLICE_BYTES) yield bytes.subarray(at, at + READ_SLICE_BYTES);
  }
}

export const IMPORT_FILTERS: FilterSpec<Prisma.ImportWhereInput> = {
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', type: 'type', created_at: 'createdAt', updated_at: 'updatedAt' };

/** Newest first unless sorted otherwise. */
export async function listImports(db: TenantDb, args: ListArgs & { type?: string | null }, query: PassThroughQuery = {}): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, IMPORT_FILTERS, SORTABLE, '-id');
  if (args.type !== undefined && args.type !== null) {
    if (!IMPORT_TYPES.has(args.type)) throw new ValidationError({ type: [`The type must be one of ${importTypeKeys().join(', ')}.`] });
    where.AND.push({ type: args.type });
  }
  return listPage(db, 'import', query, { where, orderBy, window });
}

export async function getImport(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const found = await db.import.findUnique({ ...query, where: byId(id) });
  if (!found) throw new NotFoundError('Import', id);
  return found;
}

/** Cancels the import's job: rows applied so far stay; no further chunk runs. An ended import → 409. */
export async function cancelImport(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const found = await getImport(tx, id, { select: { jobId: true } });
    await cancelJob(tx, found.jobId);
    return readAnswer(tx, id, query, (q) => tx.import.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function listImportErrors(db: TenantDb, importId: number, args: PageArgs) {
  await getImport(db, importId, { select: { id: true } });
  const window = pageWindow(args);
  const where = { importId };
  const [items, total] = await rowsAndTotal(
    db.importRowError.findMany({ where, orderBy: [{ line: 'asc' }, { id: 'asc' }], skip: window.skip, take: window.take }),
    db.importRowError.count({ where }),
  );
  return { items, meta: pageMeta(window, total, items.length) };
}

/** Every row error as CSV (line, column, message), in file order, for opening beside the file. */
export async function importErrorsCsv(db: TenantDb, importId: number): Promise<{ importId: number; csv: string }> {
  await getImport(db, importId, { select: { id: true } });
  const rows = await db.importRowError.findMany({ where: { importId }, orderBy: [{ line: 'asc' }, { id: 'asc' }], select: { line: true, column: true, message: true } });
  const csv = stringify(
    rows.map((row) => [row.line, row.column ?? '', row.message]),
    { header: true, columns: ['line', 'column', 'message'], record_delimiter: '\r\n' },
  );
  return { importId, csv };
}
