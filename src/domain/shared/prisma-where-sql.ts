// Prisma's `where` and `orderBy` of a list, as PostgreSQL reads them, for the shapes the lists' filters and sorts
// build (src/domain/shared/filters/where.ts, sorting.ts): on a table's own columns equality and comparisons, `in`,
// insensitive equality and `contains`, null and `not` null (`not` a value only on a column that cannot be null,
// where SQL's `<>` means what Prisma's does), `has` on an array column; a company relation's filter (a record's
// parent: its own filter or `is`; a record's children: `some`, `none`) as EXISTS over the related table; AND and
// OR. Anything else (a JSON path, `every`, `isNot`, no parent) is not translated: the caller then asks Prisma, which answers
// every shape. The SQL written here must mean what Prisma's own SQL means for the same input;
// test/rest/list-pages-sql.test.ts and test/domain/prisma-where-sql.test.ts compare the two.
import { getDatamodel } from '../../generated/pothos-types.js';
import { TENANT_MODELS } from '../../db/tenant-client.js';
import { Decimal } from './decimal.js';
import type { SortOrder } from './sorting.js';

type ModelField = { name: string; kind: string; type: string; isList: boolean; isRequired: boolean; relationName?: string; relationFromFields?: string[] };
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
  return field.isList ? null : elementCastOf(field);
}

/** The cast of one value of the field (of one element, for an array column). */
function elementCastOf(field: ModelField): string | null {
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
  if (field.isList) return arrayCondition(column, field, condition, params);
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
    // Only equality and `contains` are written insensitively here; Prisma's other insensitive forms are its own.
    if (insensitive && operator !== 'equals' && operator !== 'contains') return null;
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
    if (operator === 'not') {
      if (value === null) {
        terms.push(`${column} IS NOT NULL`);
        continue;
      }
      // Prisma's `not` a value leaves out the rows where the column is null, as `<>` does; kept to columns that
      // cannot be null all the same, and to a plain value (a nested filter is not translated).
      const parameter = field.isRequired ? parameterOf(value) : undefined;
      if (parameter === undefined) return null;
      terms.push(`${column} <> ${params.add(parameter, cast)}`);
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

/** An array column's condition: `{ has: value }` alone. */
function arrayCondition(column: string, field: ModelField, condition: unknown, params: StatementParameters): string | null {
  const cast = elementCastOf(field);
  if (!cast || condition === null || typeof condition !== 'object' || Object.keys(condition).length !== 1) return null;
  const parameter = parameterOf((condition as { has?: unknown }).has);
  return parameter === undefined ? null : `${params.add(parameter, cast)} = ANY(${column})`;
}

/**
 * A relation's condition between two company tables as EXISTS over the related rows (aliased under `row`), or
 * null. Company relations are keyed (companyId, the other's id): test/domain/prisma-where-sql.test.ts checks the schema.
 */
function relationCondition(model: string, field: ModelField, condition: unknown, row: string, params: StatementParameters): string | null {
  const related = field.type;
  if (!TENANT_MODELS.has(model) || !TENANT_MODELS.has(related) || condition === undefined) return null;
  const alias = `${row}_${field.name.toLowerCase()}`;
  const exists = (link: string, where: unknown, negated = false) => {
    const inner = whereSql(related, where, alias, params);
    if (inner === null) return null;
    return `${negated ? 'NOT ' : ''}EXISTS (SELECT 1 FROM ${quoteName(related)} ${alias} WHERE ${alias}."companyId" = ${row}."companyId" AND ${link} AND ${inner})`;
  };
  if (!field.isList) {
    // The record's parent: this table holds the key.
    const key = companyKeyOf(field);
    if (!key) return null;
    const link = `${alias}.id = ${row}.${quoteName(key)}`;
    // No parent (null, `is: null`) is left to Prisma: over a key of two columns it means both are null, never so here.
    if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return null;
    const keys = Object.keys(condition);
    if (keys.includes('isNot')) return null;
    if (!keys.includes('is')) return exists(link, condition);
    const is = (condition as { is: unknown }).is;
    return keys.length === 1 && is !== null ? exists(link, is) : null;
  }
  // The record's children: the related table holds the key, on its side of the same relation.
  const back = models[related]?.fields.find((other) => other.kind === 'object' && other.relationName === field.relationName && other.type === model && !other.isList);
  const key = back && companyKeyOf(back);
  if (!key || condition === null || typeof condition !== 'object' || Object.keys(condition).length !== 1) return null;
  const link = `${alias}.${quoteName(key)} = ${row}.id`;
  const [[kind, where]] = Object.entries(condition as Record<string, unknown>) as [[string, unknown]];
  if (kind === 'some') return exists(link, where);
  if (kind === 'none') return exists(link, where, true);
  return null;
}

/** The column holding the related record's id, for a relation keyed (companyId, that column). */
function companyKeyOf(field: ModelField): string | null {
  const from = field.relationFromFields;
  return from && from.length === 2 && from[0] === 'companyId' ? from[1]! : null;
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
    const condition =
      field.kind === 'object' ? relationCondition(model, field, value, row, params) : columnCondition(`${row}.${quoteName(key)}`, field, value, params);
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
