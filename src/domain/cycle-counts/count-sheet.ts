// Count sheets: a session's lines as CSV (sku, name, location, lot, expected, counted — no expected column for a
// blind session) for counting on paper or in a spreadsheet, and the sheet read back: the counted column of
// each row becomes a count (a blank one is skipped). Sheets saved by spreadsheet programs are read as they
// come: a byte-order mark, quoted fields, CRLF line ends, semicolons as delimiters (and then decimal commas).
// Every row is checked first and nothing is applied unless all are valid; errors are keyed by the sheet's line
// (`line 7`, the header being line 1).
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { TenantDb } from '../../db/tenant-client.js';
import { Decimal, parseDecimalText } from '../shared/decimal.js';
import { FieldErrorCollector, ValidationError } from '../shared/errors.js';
import { recordCounts, type CountActor, type CountInput } from './cycle-count-counting.js';
import { getCycleCountSession } from './cycle-count-sessions.js';

export interface CountSheetRow {
  sku: string;
  name: string;
  location: string;
  lot: string;
  expected: Decimal | null;
  counted: Decimal | null;
}

export interface CountSheet {
  sessionId: number;
  blind: boolean;
  rows: CountSheetRow[];
}

/** The session's lines by location, then SKU and lot. Expected is left out of a blind session's sheet. */
export async function countSheet(db: TenantDb, sessionId: number): Promise<CountSheet> {
  const session = await getCycleCountSession(db, sessionId, { include: { batch: { select: { blind: true } } } });
  const blind = (session as typeof session & { batch: { blind: boolean } }).batch.blind;
  const lines = await db.cycleCountLine.findMany({
    where: { sessionId },
    select: { lotNumber: true, snapshotQuantity: true, expectedQuantity: true, countedQuantity: true, product: { select: { sku: true, name: true } }, location: { select: { name: true } } },
  });
  const rows = lines
    .map((line) => ({
      sku: line.product.sku,
      name: line.product.name,
      location: line.location.name,
      lot: line.lotNumber,
      expected: blind ? null : (line.expectedQuantity ?? line.snapshotQuantity),
      counted: line.countedQuantity,
    }))
    .sort((a, b) => a.location.localeCompare(b.location) || a.sku.localeCompare(b.sku) || a.lot.localeCompare(b.lot));
  return { sessionId, blind, rows };
}

export function countSheetCsv(sheet: CountSheet): string {
  const columns = sheet.blind ? ['sku', 'name', 'location', 'lot', 'counted'] : ['sku', 'name', 'location', 'lot', 'expected', 'counted'];
  const number = (value: Decimal | number | string | null) => (value === null ? '' : new Decimal(String(value)).toString());
  return stringify(
    sheet.rows.map((row) => ({ ...row, expected: number(row.expected), counted: number(row.counted) })),
    { header: true, columns, record_delimiter: '\r\n' },
  );
}

const REQUIRED = ['sku', 'location', 'counted'];

/** Reads the sheet and records its counts (all or none). Answers how many rows were counted. */
export async function importCountSheet(db: TenantDb, sessionId: number, text: string, actor: CountActor): Promise<number> {
  const session = await getCycleCountSession(db, sessionId);
  const records = readSheet(text);
  const header = records[0]?.record.map((name) => name.trim().toLowerCase()) ?? [];
  const missing = REQUIRED.filter((name) => !header.includes(name));
  if (records.length === 0) throw new ValidationError({ body: ['The count sheet is empty: it needs a header row (sku, location, counted; name, lot and expected may be there too).'] });
  if (missing.length > 0) throw new ValidationError({ 'line 1': [`The header row has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.`] });
  const column = (record: string[], name: string) => (header.includes(name) ? (record[header.indexOf(name)] ?? '').trim() : '');

  const locations = await db.location.findMany({ where: { OR: [{ id: session.warehouseId }, { parentId: session.warehouseId }] }, select: { id: true, name: true } });
  const errors = new FieldErrorCollector();
  const counts: CountInput[] = [];
  const lineOf: number[] = [];
  for (const { record, info } of records.slice(1)) {
    const at = `line ${info.lines}`;
    const counted = column(record, 'counted');
    if (counted === '') continue;
    const quantity = parseDecimalText(counted) ?? parseDecimalText(counted.replace(/^(-?\d+),(\d+)$/, '$1.$2'));
    if (!quantity) errors.add(at, `The counted quantity "${counted}" is not a number.`);
    const name = column(record, 'location');
    const matches = locations.filter((l) => l.name.toLowerCase() === name.toLowerCase());
    if (name === '') errors.add(at, 'The location is empty.');
    else if (matches.length === 0) errors.add(at, `No location "${name}" in warehouse ${session.warehouseId}.`);
    else if (matches.length > 1) errors.add(at, `Several locations of warehouse ${session.warehouseId} are named "${name}".`);
    if (column(record, 'sku') === '') errors.add(at, 'The SKU is empty.');
    if (errors.errors[at]) continue;
    counts.push({ sku: column(record, 'sku'), locationId: matches[0].id, lotNumber: column(record, 'lot') || null, countedQuantity: quantity });
    lineOf.push(info.lines);
  }
  errors.throwIfAny();
  if (counts.length === 0) throw new ValidationError({ body: ['The count sheet has no counted quantities: fill in the counted column.'] });
  await recordCounts(db, sessionId, counts, actor, (index) => `line ${lineOf[index]}`);
  return counts.length;
}

type SheetRecord = { record: string[]; info: { lines: number } };

function readSheet(text: string): SheetRecord[] {
  try {
    return parse(text, { bom: true, delimiter: [',', ';'], info: true, skip_empty_lines: true, relax_column_count: true, trim: false }) as SheetRecord[];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw new ValidationError({ [where ? `line ${where}` : 'body']: [`The count sheet cannot be read as CSV: ${(error as Error).message}`] });
  }
}

