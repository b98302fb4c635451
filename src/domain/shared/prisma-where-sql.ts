// Prisma's `where` and `orderBy` of a list, as PostgreSQL reads them, for the shapes the lists' filters and sorts
// build on a table's own columns (src/domain/shared/filters/where.ts, sorting.ts): equality and comparisons, `in`,
// insensitive equality and `contains`, null, AND and OR. Anything else (a relation's filter, `not`, a JSON path)
// is not translated: the caller then asks Prisma, which answers every shape. The SQL written here must mean what
// Prisma's own SQL means for the same input; test/rest/list-pages-sql.test.ts compares the two on every list.
import { getDatamodel } from '../../generated/pothos-types.js';
import { Decimal } from './decimal.js';
import type { SortOrder } from './sorting.js';

type ModelField = { name: string; kind: string; type: string; isList: boolean };
const models = getDatamodel().datamodel.models as unknown as Record<string, { fields: ModelField[] }>;

/** SQL's quoting of a name (the models keep their names as tables and their fields as columns). */
export const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The cast that gives a parameter its column's type, by Prisma scalar type; null for a type not compared here. */
const SCALAR_CASTS: Record<string, string> = {
  Int: 'int',
  BigInt: 'bigint',
  String: 'text',
  Boolean: 'boolean',
  DateTime: 'timestamp(3)',
  Decimal: 'numeric',
  Float: 'float8',
};

function castOf(field: ModelField): string | null {
  if (field.isList) return null;
  if (field.kind === 'enum') return quoteName(field.type);
  return field.kind === 'scalar' ? (SCALAR_CASTS[field.type] ?? null) : null;
}

/** A value as a statement's parameter (text, number, boolean), or undefined for one that is not a plain value. */
function parameterOf(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  // Prisma writes a date-time as its UTC wall clock into `timestamp(3)`; PostgreSQL ignores a zone given to that type.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().replace('Z', '');
  if (Decimal.isDecimal(value)) return (value as Decimal).toString();
  return undefined;
}

const COMPARISONS: Record<string, string> = { equals: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** Collects the parameters of a statement being written, after the ones it starts with. */
export class StatementParameters {
  readonly values: unknown[];
  constructor(first: unknown[]) {
    this.values = [...first];
  }
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/** One column's condition (`{ gte: 3 }`, `'OPEN'`, `{ contains: 'a', mode: 'insensitive' }`), or null. */
function columnCondition(column: string, field: ModelField, condition: unknown, params: StatementParameters): string | null {
  const cast = castOf(field);
  if (!cast) return null;
  if (condition === null) return `${column} IS NULL`;
  const plain = parameterOf(condition);
  if (plain !== undefined) return `${column} = ${params.add(plain, cast)}`;
  if (typeof condition !== 'object' || Array.isArray(condition)) return null;
  const entries = Object.entries(condition as Record<string, unknown>);
  const mode = (condition as { mode?: unknown }).mode;
  if (mode !== undefined && mode !== 'insensitive' && mode !== 'default') return null;
  const insensitive = mode === 'insensitive';
  const terms: string[] = [];
  for (const [operator, value] of entries) {
    if (operator === 'mode') continue;
    if (operator === 'in') {
      if (!Array.isArray(value)) return null;
      const values = value.map(parameterOf);
      if (values.some((one) => one === undefined || one === null)) return null;
      terms.push(`${column} = ANY(${params.add(values, `${cast}[]`)})`);
      continue;
    }
    if (operator === 'contains' || (operator === 'equals' && insensitive)) {
      // Prisma's insensitive forms are ILIKE with the value as given (the filters escape LIKE's characters), its
      // case-sensitive `contains` LIKE; `contains` puts the value between two `%`.
      if (cast !== 'text' || typeof value !== 'string') return null;
      const pattern = operator === 'contains' ? `%${value}%` : value;
      terms.push(`${column} ${insensitive ? 'ILIKE' : 'LIKE'} ${params.add(pattern, 'text')}`);
      continue;
    }
    const sign = COMPARISONS[operator];
    if (!sign) return null;
    if (value === null) {
      if (operator !== 'equals') return null;
      terms.push(`${column} IS NULL`);
      continue;
    }
    const parameter = parameterOf(value);
    if (parameter === undefined) return null;
    terms.push(`${column} ${sign} ${params.add(parameter, cast)}`);
  }
  return terms.length ? terms.join(' AND ') : 'TRUE';
}

/**
 * `where` on `model`'s rows (aliased as `row` says) as one SQL condition, its values added to `params`; null when some
 * part of it is not a shape translated here.
 */
export function whereSql(model: string, where: unknown, row: string, params: StatementParameters): string | null {
  if (where === undefined) return 'TRUE';
  if (where === null || typeof where !== 'object' || Array.isArray(where)) return null;
  const fields = models[model]?.fields;
  if (!fields) return null;
  const terms: string[] = [];
  for (const [key, value] of Object.entries(where as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (key === 'AND' || key === 'OR') {
      const parts = Array.isArray(value) ? value : [value];
      const sql: string[] = [];
      for (const part of parts) {
        const one = whereSql(model, part, row, params);
        if (one === null) return null;
        sql.push(`(${one})`);
      }
      // Prisma: an empty AND holds for every row, an empty OR for none.
      terms.push(sql.length ? sql.join(key === 'AND' ? ' AND ' : ' OR ') : key === 'AND' ? 'TRUE' : 'FALSE');
      continue;
    }
    const field = fields.find((candidate) => candidate.name === key);
    if (!field) return null;
    const condition = columnCondition(`${row}.${quoteName(key)}`, field, value, params);
    if (condition === null) return null;
    terms.push(condition);
  }
  return terms.length ? terms.map((term) => `(${term})`).join(' AND ') : 'TRUE';
}

/**
 * `orderBy` on `model`'s own columns as SQL, or null. It must end in a total order (the id among its terms), so
 * that the page is the one Prisma reads: without it, rows that tie could come in another order.
 */
export function orderBySql(model: string, orderBy: SortOrder | undefined, row: string): string | null {
  const fields = models[model]?.fields;
  if (!fields || !orderBy) return null;
  const parts: string[] = [];
  for (const term of orderBy) {
    const entries = Object.entries(term);
    if (entries.length !== 1) return null;
    const [column, direction] = entries[0]!;
    if (direction !== 'asc' && direction !== 'desc') return null;
    const field = fields.find((candidate) => candidate.name === column);
    if (!field || !castOf(field)) return null;
    parts.push(`${row}.${quoteName(column)} ${direction === 'asc' ? 'ASC' : 'DESC'}`);
  }
  return parts.some((part) => part.startsWith(`${row}."id" `)) ? parts.join(', ') : null;
}
