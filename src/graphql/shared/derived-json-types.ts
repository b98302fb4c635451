// The SQL that writes each field of the schema's Prisma-backed object types as JSON, derived from the types
// themselves: a field exposing a column reads that column (written as its scalar writes it), a relation field
// reads the related rows through the Prisma model's keys (ordered as the field's `query` orders them), and a
// field with a resolver of its own declares its SQL beside that resolver (`extensions: jsonSql(...)`). Nothing
// here is listed per type, so a field cannot drift from its SQL: a field that is none of these has no SQL, and a
// selection asking for it is answered field by field (test/graphql/compiled-coverage.test.ts lists which).
import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLNamedOutputType,
  type GraphQLOutputType,
} from 'graphql';
import { getDatamodel } from '../../generated/pothos-types.js';
import { quoteName } from '../../domain/shared/prisma-where-sql.js';
import {
  dateTimeColumn,
  decimalColumn,
  plainColumn,
  type JsonSqlField,
  type JsonSqlType,
  type JsonSqlTypes,
} from '../../domain/shared/selection-json-sql.js';

/**
 * What a field with a resolver of its own declares beside it, as `extensions: jsonSql(plainColumn('status'))`:
 * its SQL, or for an object field a function of the field's type giving it (embeddedDocument).
 */
type DeclaredSql = JsonSqlField | ((type: GraphQLObjectType) => JsonSqlField);
export const jsonSql = (field: DeclaredSql) => ({ jsonSql: field });

/** The SQL type of a scalar an embedded document holds, by GraphQL scalar. */
const DOCUMENT_COLUMN_TYPES: Record<string, string> = { String: 'text', Int: 'int', Boolean: 'boolean', Decimal: 'numeric' };

/**
 * The columns of a row of `type` read from a stored JSON object: its exposed fields' keys, typed by their scalars,
 * and `extra` columns read by fields that declare their own SQL (a decimal kept as a string).
 */
function documentColumns(type: GraphQLObjectType, extra: Record<string, string>): string[] {
  const columns: string[] = [];
  for (const field of Object.values(type.getFields())) {
    const exposed = (field.extensions as { pothosExposedField?: string }).pothosExposedField;
    const sqlType = DOCUMENT_COLUMN_TYPES[getNamedType(field.type).name];
    if (exposed && sqlType) columns.push(`${quoteName(exposed)} ${sqlType}`);
    else if (!(field.extensions as { jsonSql?: unknown }).jsonSql) throw new Error(`${type.name}.${field.name} cannot be read from a document.`);
  }
  return [...columns, ...Object.entries(extra).map(([key, sqlType]) => `${quoteName(key)} ${sqlType}`)];
}

/**
 * A jsonb column holding one object of the field's type (an address): the object's keys are read as the columns
 * of a row of that type, whose exposed fields then read them as they read any row. Null unless it is an object.
 */
export const embeddedDocument =
  (column: string) =>
  (type: GraphQLObjectType): JsonSqlField => {
    const columns = documentColumns(type, {});
    return {
      type: type.name,
      one: (row, related) => ({
        from: `jsonb_to_record(${row}.${quoteName(column)}) AS ${related}(${columns.join(', ')})`,
        where: 'true',
        when: `jsonb_typeof(${row}.${quoteName(column)}) = 'object'`,
      }),
    };
  };

/**
 * A jsonb column holding a list of objects of the field's type (a purgatory entry's reasons), read as
 * embeddedDocument reads one, in the list's order; none unless it is an array. `extra`: keys read by fields that
 * declare their own SQL, with their SQL types.
 */
export const embeddedDocuments =
  (column: string, extra: Record<string, string> = {}) =>
  (type: GraphQLObjectType): JsonSqlField => {
    const columns = documentColumns(type, extra);
    const names = columns.map((definition) => definition.slice(0, definition.lastIndexOf(' ')));
    return {
      type: type.name,
      many: (row, related) => ({
        from: `ROWS FROM (jsonb_to_recordset(${row}.${quoteName(column)}) AS (${columns.join(', ')})) WITH ORDINALITY AS ${related}(${names.join(', ')}, n)`,
        where: 'true',
        order: `${related}.n`,
        when: `jsonb_typeof(${row}.${quoteName(column)}) = 'array'`,
      }),
    };
  };

interface ModelField {
  name: string;
  kind: string;
  type: string;
  isList: boolean;
  relationName?: string;
  relationFromFields?: string[];
}

const models = getDatamodel().datamodel.models as unknown as Record<string, { fields: ModelField[] }>;

/** Why a field of a Prisma-backed type has no SQL, or null when it has. */
export type Underivable = string;

/** A field's SQL, or why there is none. */
type Derived = { sql: JsonSqlField } | { reason: Underivable };


/** The JSON scalar a GraphQL output type writes: the named type, and whether it is a list. */
function shapeOf(type: GraphQLOutputType): { named: GraphQLNamedOutputType; list: boolean } {
  const inner = isNonNullType(type) ? type.ofType : type;
  return { named: getNamedType(type), list: isListType(inner) };
}

/** A column exposed as it is, when its scalar writes it as SQL's row_to_json does. */
function columnSql(field: GraphQLField<unknown, unknown>, column: ModelField): Derived {
  const { named, list } = shapeOf(field.type);
  if (list !== column.isList) return { reason: 'a list exposed as a single value, or the reverse' };
  if (isEnumType(named)) {
    // The enum's values must be the stored strings themselves.
    const same = named.getValues().every((value) => value.value === value.name);
    return same && column.type === 'String' ? { sql: plainColumn(column.name) } : { reason: `enum ${named.name} maps its values` };
  }
  const scalar = `${named.name}:${column.type}`;
  switch (scalar) {
    case 'Int:Int':
    case 'SafeInt:Int':
    case 'String:String':
    case 'Boolean:Boolean':
      // Prisma reads a NULL list column as an empty list.
      return { sql: list ? { value: (row) => `coalesce(${row}.${quoteName(column.name)}, '{}')` } : plainColumn(column.name) };
    case 'Decimal:Decimal':
      return list ? { reason: 'a list of decimals' } : { sql: decimalColumn(column.name) };
    case 'DateTime:DateTime':
      return list ? { reason: 'a list of date-times' } : { sql: dateTimeColumn(column.name) };
    default:
      return { reason: `the ${named.name} scalar over a ${column.type} column` };
  }
}

/** An exposed scalar of a type without a model: a column of the rows the field leading to the type reads. */
function scalarSql(field: GraphQLField<unknown, unknown>, column: string): Derived {
  const { named, list } = shapeOf(field.type);
  if (list) return { reason: 'a list' };
  if (named.name === 'Decimal') return { sql: decimalColumn(column) };
  if (named.name === 'DateTime') return { sql: dateTimeColumn(column) };
  return ['String', 'Int', 'Boolean', 'SafeInt'].includes(named.name) ? { sql: plainColumn(column) } : { reason: `the ${named.name} scalar` };
}

/**
 * The `query` option of a relation field (`t.relation('lines', { query: { orderBy: … } })`), as the Prisma plugin
 * hands it to Prisma: its select function, called as for a selection of the relation alone. Null when there is
 * none; undefined when it cannot be read without a request (a query that depends on the arguments or context).
 */
function relationQuery(field: GraphQLField<unknown, unknown>, relationName: string): Record<string, unknown> | null | undefined {
  const select = (field.extensions as { pothosPrismaSelect?: unknown }).pothosPrismaSelect;
  if (typeof select !== 'function') return null;
  try {
    const selected = (select({}, {}, (query: unknown) => query, () => ({})) as { select?: Record<string, unknown> }).select?.[relationName];
    return selected === true || selected == null ? null : typeof selected === 'object' ? (selected as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A relation query's `where` as SQL on `related`: equalities of columns with plain values only, else null. */
function whereSql(where: unknown, related: string): string | null {
  if (where == null) return '';
  if (typeof where !== 'object') return null;
  const terms: string[] = [];
  for (const [column, value] of Object.entries(where)) {
    if (typeof value === 'number' && Number.isSafeInteger(value)) terms.push(`${related}.${quoteName(column)} = ${value}`);
    else if (typeof value === 'boolean') terms.push(`${related}.${quoteName(column)} = ${value}`);
    else if (typeof value === 'string') terms.push(`${related}.${quoteName(column)} = '${value.replace(/'/g, "''")}'`);
    else return null;
  }
  return terms.map((term) => ` AND ${term}`).join('');
}

/** The `orderBy` of a relation's `query` option as SQL on `related`, or null when it is not a plain ordering. */
function orderSql(query: Record<string, unknown> | null, related: string): string | null {
  if (query == null) return `${related}.id`;
  if (Object.keys(query).some((key) => key !== 'orderBy' && key !== 'where')) return null;
  if (query.orderBy === undefined) return `${related}.id`;
  const orderBy = query.orderBy;
  const terms = Array.isArray(orderBy) ? orderBy : [orderBy];
  const parts: string[] = [];
  for (const term of terms) {
    if (!term || typeof term !== 'object') return null;
    for (const [column, direction] of Object.entries(term)) {
      if (direction !== 'asc' && direction !== 'desc') return null;
      parts.push(`${related}.${quoteName(column)} ${direction === 'asc' ? 'ASC' : 'DESC'}`);
    }
  }
  // Ties keep the order of ids, as the rows were written.
  if (!parts.some((part) => part.startsWith(`${related}."id" `))) parts.push(`${related}.id`);
  return parts.join(', ');
}

/** A relation field: the related row or rows of the same company, through the Prisma model's keys. */
function relationSql(field: GraphQLField<unknown, unknown>, model: string, relation: ModelField): Derived {
  const named = getNamedType(field.type);
  const relatedModel = isObjectType(named) ? (named.extensions as { pothosPrismaModel?: string }).pothosPrismaModel : undefined;
  if (!isObjectType(named) || relatedModel !== relation.type) return { reason: `${named.name} is not the type of model ${relation.type}` };
  const table = quoteName(relation.type);
  const from = relation.relationFromFields ?? [];
  if (from.length === 2 && from[0] === 'companyId') {
    const key = quoteName(from[1]!);
    if (relation.isList) return { reason: 'a list held by this row' };
    return {
      sql: {
        type: named.name,
        one: (row, related) => ({ from: `${table} ${related}`, where: `${related}."companyId" = $1::int AND ${related}.id = ${row}.${key}`, when: `${row}.${key} IS NOT NULL` }),
      },
    };
  }
  if (from.length > 0) return { reason: `a relation on ${from.join(', ')}` };
  const back = models[relation.type]?.fields.find((candidate) => candidate.relationName === relation.relationName && candidate.type === model);
  const backFrom = back?.relationFromFields ?? [];
  if (backFrom.length !== 2 || backFrom[0] !== 'companyId') return { reason: `model ${relation.type} holds no company-first key to ${model}` };
  const owner = quoteName(backFrom[1]!);
  const query = relationQuery(field, relation.name);
  if (query === undefined) return { reason: 'a relation whose query depends on the request' };
  if (!relation.isList) {
    if (query != null) return { reason: 'a query option on a single relation' };
    return {
      sql: { type: named.name, one: (row, related) => ({ from: `${table} ${related}`, where: `${related}."companyId" = $1::int AND ${related}.${owner} = ${row}.id` }) },
    };
  }
  if (orderSql(query, 'r') === null || whereSql(query?.where, 'r') === null) return { reason: 'a relation query other than an ordering and equalities' };
  return {
    sql: {
      type: named.name,
      many: (_row, related) => ({
        from: `${table} ${related}`,
        where: `${related}."companyId" = $1::int${whereSql(query?.where, related)}`,
        order: orderSql(query, related)!,
        owner: `${related}.${owner}`,
      }),
    },
  };
}

/** One field's SQL, or why it has none. */
export function deriveField(type: GraphQLObjectType, field: GraphQLField<unknown, unknown>): Derived {
  const extensions = (field.extensions ?? {}) as {
    jsonSql?: DeclaredSql;
    pothosExposedField?: string;
    pothosPrismaRelationField?: ModelField;
  };
  if (field.args.length > 0) return { reason: 'takes arguments' };
  if (extensions.jsonSql) {
    if (typeof extensions.jsonSql !== 'function') return { sql: extensions.jsonSql };
    const named = getNamedType(field.type);
    return isObjectType(named) ? { sql: extensions.jsonSql(named) } : { reason: 'declared SQL of an object over a scalar' };
  }
  const model = (type.extensions as { pothosPrismaModel?: string }).pothosPrismaModel;
  // A type without a model is read from whatever rows the field leading to it declares: its exposed scalars are columns.
  if (!model) return extensions.pothosExposedField ? scalarSql(field, extensions.pothosExposedField) : { reason: 'the type is not a Prisma model' };
  if (extensions.pothosPrismaRelationField) return relationSql(field, model, extensions.pothosPrismaRelationField);
  if (extensions.pothosExposedField) {
    const column = models[model]?.fields.find((candidate) => candidate.name === extensions.pothosExposedField);
    if (!column || column.kind !== 'scalar') return { reason: `model ${model} has no column ${extensions.pothosExposedField}` };
    return columnSql(field, column);
  }
  return { reason: 'a resolver of its own without jsonSql' };
}

const derivedBySchema = new WeakMap<GraphQLSchema, { types: JsonSqlTypes; missing: Map<string, Underivable> }>();

/**
 * Every object type's fields that SQL can write (types without a Prisma model only with their declared fields),
 * and, by `Type.field`, why each other field of a Prisma-backed type cannot be. Built once per schema.
 */
export function derivedJsonTypes(schema: GraphQLSchema): { types: JsonSqlTypes; missing: Map<string, Underivable> } {
  let derived = derivedBySchema.get(schema);
  if (!derived) {
    const types: Record<string, JsonSqlType> = {};
    const missing = new Map<string, Underivable>();
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      const prismaBacked = Boolean((type.extensions as { pothosPrismaModel?: string }).pothosPrismaModel);
      const fields: Record<string, JsonSqlField> = {};
      for (const field of Object.values(type.getFields())) {
        const result = deriveField(type, field);
        if ('sql' in result) fields[field.name] = result.sql;
        else if (prismaBacked) missing.set(`${type.name}.${field.name}`, result.reason);
      }
      if (Object.keys(fields).length > 0) types[type.name] = fields;
    }
    derived = { types, missing };
    derivedBySchema.set(schema, derived);
  }
  return derived;
}
