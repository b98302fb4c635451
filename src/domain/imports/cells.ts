// Reading one CSV cell of a row as a typed value. Each reader returns undefined for an empty cell (the
// column is left as it is), the value when it reads, or null after recording a RowError naming the column.
import { parseDateOnly } from '../shared/dates.js';
import { parseDecimalText, type Decimal } from '../shared/decimal.js';
import type { CsvRow, RowError } from './import-type.js';

export class RowErrors {
  readonly list: RowError[] = [];
  private readonly failed = new Set<number>();

  add(row: CsvRow, column: string | null, message: string): null {
    this.list.push({ line: row.line, column, message });
    this.failed.add(row.line);
    return null;
  }

  has(row: CsvRow): boolean {
    return this.failed.has(row.line);
  }
}

/** The cell, or undefined when the column is absent or the cell empty. */
export function cellText(row: CsvRow, column: string): string | undefined {
  const value = row.values[column];
  return value === undefined || value === '' ? undefined : value;
}
const cell = cellText;

export function textCell(row: CsvRow, column: string, errors: RowErrors, maxLength = 255): string | undefined | null {
  const value = cell(row, column);
  if (value === undefined) return undefined;
  if (value.length > maxLength) return errors.add(row, column, `The ${column} may not be longer than ${maxLength} characters.`);
  return value;
}

export function decimalCell(row: CsvRow, column: string, errors: RowErrors, options: { negative?: boolean; maxScale?: number; positive?: boolean } = {}): Decimal | undefined | null {
  const value = cell(row, column);
  if (value === undefined) return undefined;
  const parsed = parseDecimalText(value, { negative: options.negative });
  if (!parsed) return errors.add(row, column, `The ${column} must be a number${options.negative ? '' : ' of at least 0'}, written with digits and a dot (got "${value}").`);
  if (options.positive && !parsed.gt(0)) return errors.add(row, column, `The ${column} must be greater than 0.`);
  if (options.maxScale !== undefined && parsed.decimalPlaces() > options.maxScale) return errors.add(row, column, `The ${column} may have at most ${options.maxScale} decimal places.`);
  return parsed;
}

export function integerCell(row: CsvRow, column: string, errors: RowErrors, options: { min?: number; max?: number } = {}): number | undefined | null {
  const value = cell(row, column);
  if (value === undefined) return undefined;
  const min = options.min ?? 0;
  const max = options.max ?? 2_147_483_647;
  if (!/^-?\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) return errors.add(row, column, `The ${column} must be a whole number from ${min} to ${max} (got "${value}").`);
  return Number(value);
}

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

export function booleanCell(row: CsvRow, column: string, errors: RowErrors): boolean | undefined | null {
  const value = cell(row, column);
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  return errors.add(row, column, `The ${column} must be true or false (also yes/no, 1/0; got "${value}").`);
}

export function dateCell(row: CsvRow, column: string, errors: RowErrors): Date | undefined | null {
  const value = cell(row, column);
  if (value === undefined) return undefined;
  return parseDateOnly(value) ?? errors.add(row, column, `The ${column} must be a date written YYYY-MM-DD (got "${value}").`);
}

/** A list in one cell, separated by `|` or `,` (tags), trimmed, without empties or repeats. */
export function listCell(row: CsvRow, column: string): string[] | undefined {
  const value = cell(row, column);
  if (value === undefined) return undefined;
  return [...new Set(value.split(/[|,]/).map((part) => part.trim()).filter((part) => part !== ''))];
}

/** The first row of each key wins; later rows with the same key are errors (one row per record per file chunk). */
export function firstRowPerKey(rows: readonly CsvRow[], keyOf: (row: CsvRow) => string | null, column: string, errors: RowErrors, what: string): CsvRow[] {
  const seen = new Map<string, number>();
  const kept: CsvRow[] = [];
  for (const row of rows) {
    if (errors.has(row)) continue;
    const key = keyOf(row);
    if (key === null) continue;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.add(row, column, `The ${what} is given again; line ${first} already has it.`);
      continue;
    }
    seen.set(key, row.line);
    kept.push(row);
  }
  return kept;
}
