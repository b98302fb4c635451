// fast-check arbitraries derived from an operation of the OpenAPI document: a plausible request (path ids
// that may exist, declared query parameters, a body that follows the schema) with one hostile change — a
// wrong type, a missing required field, an extra field, unstorable text, an odd number, deep nesting, a very
// long string, an impossible date, an odd path segment or query parameter, an odd header or a body that is
// not what the route reads. Everything is kept as short values (big payloads are RawJson) so a failing case
// prints readably; toWire() turns a case into bytes.
import fc from 'fast-check';
import type { Operation, Parameter, Schema } from './openapi-operations.js';
import type { WireRequest } from './fuzz-server.js';
import {
  DEEP_NESTING, EXTRA_FIELD_NAMES, HOSTILE_NUMBERS, IMPOSSIBLE_DATES, LONG_STRINGS, ODD_ACCEPT, ODD_BODIES,
  ODD_IDEMPOTENCY_KEYS, ODD_JSON_CONTENT_TYPES, ODD_PATH_SEGMENTS, ODD_QUERY_NAMES, ODD_QUERY_VALUES, RawJson,
  UNSTORABLE_TEXT, WRONG_TYPES,
} from './hostile-values.js';

export interface FuzzCase {
  /** What was made hostile, for the report. */
  change: string;
  /** Path parameter → segment as sent (percent-encoded). */
  path: Record<string, string>;
  /** Query pairs as sent (percent-encoded). */
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; data: string | Buffer };
}

/** Body ids that the suite's fixtures make likely to exist (each table's first rows). */
const LIKELY_IDS = [1, 2, 3];

export function caseArbitrary(op: Operation): fc.Arbitrary<FuzzCase> {
  const plain = plainCase(op);
  const changes: Array<fc.Arbitrary<FuzzCase>> = [plain.map((c) => ({ ...c, change: 'none' }))];
  if (op.pathParams.length) changes.push(withOddPath(op, plain));
  changes.push(withOddQuery(op, plain), withOddHeader(plain));
  const jsonSchema = op.body?.['application/json'];
  if (jsonSchema) {
    changes.push(withBodyChange(plain, jsonSchema), withBodyChange(plain, jsonSchema), withBodyChange(plain, jsonSchema));
    changes.push(withOddBody(plain));
  } else if (op.body) {
    changes.push(withOddText(op, plain), withOddText(op, plain));
  } else if (op.method !== 'GET') {
    changes.push(withOddBody(plain));
  }
  return fc.oneof(...changes);
}

export function toWire(op: Operation, basePath: string, c: FuzzCase): WireRequest {
  let path = op.path;
  for (const [name, segment] of Object.entries(c.path)) path = path.replace(`{${name}}`, segment);
  const query = c.query.map(([name, value]) => `${name}=${value}`).join('&');
  const headers = { ...c.headers };
  let body: Buffer | undefined;
  if (c.body.kind === 'json') {
    body = Buffer.from(jsonText(c.body.value), 'utf8');
    headers['content-type'] ??= 'application/json';
  } else if (c.body.kind === 'raw') {
    body = Buffer.isBuffer(c.body.data) ? c.body.data : Buffer.from(c.body.data, 'utf8');
    if (c.body.contentType) headers['content-type'] = c.body.contentType;
  }
  return { method: op.method, target: `${basePath}${path}${query ? `?${query}` : ''}`, headers, body };
}

/** JSON text of a value that may hold RawJson parts. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text();
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---- the plausible request ----

function plainCase(op: Operation): fc.Arbitrary<FuzzCase> {
  // `#n`: the n-th existing id, resolved when the case is sent (existing-ids.ts).
  const path = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, fc.nat({ max: 99 }).map((n) => `#${n}`)])));
  const query = fc.tuple(...op.queryParams.map((p) => queryPairs(p))).map((lists) => lists.flat());
  const body = plainBody(op);
  return fc.record({ path, query, body }).map(({ path, query, body }) => ({ change: 'none', path, query, headers: {}, body }));
}

function queryPairs(p: Parameter): fc.Arbitrary<Array<[string, string]>> {
  let value: fc.Arbitrary<Array<[string, string]>>;
  if (p.schema.type === 'object') {
    // Filters: `field[operator]=value`, fields guessed (an unknown one is a 422 too).
    const filter = fc.tuple(fc.constantFrom('name', 'id', 'sku', 'created_at', 'status', 'q'), fc.constantFrom('', '[eq]', '[contains]', '[gt]', '[lte]'), fc.constantFrom('a', '1', '2026-01-01'));
    value = fc.array(filter, { maxLength: 2 }).map((fs) => fs.map(([f, o, v]) => [encodeURIComponent(f + o), v] as [string, string]));
  } else {
    value = plainText(p.name, p.schema.type === 'array' ? p.schema.items ?? {} : p.schema).map((v) => [[encodeURIComponent(p.name), encodeURIComponent(v)]]);
  }
  // Optional parameters mostly left out, so that most plain requests are valid and a hostile change reaches past the first check.
  return p.required ? value : fc.oneof({ arbitrary: fc.constant<Array<[string, string]>>([]), weight: 3 }, { arbitrary: value, weight: 1 });
}

/** A query or path value that fits the schema, as text. */
function plainText(name: string, schema: Schema): fc.Arbitrary<string> {
  // A query string has no null: a nullable enum's null is left out by leaving the parameter out.
  const values = schema.enum?.filter((value) => value !== null);
  if (values?.length) return fc.constantFrom(...values.map(String));
  switch (schema.type) {
    case 'integer':
      return /(^|_)ids?$|Id$|^page$/.test(name) ? fc.constantFrom('1', '2', '3') : fc.constantFrom('1', '5', '20', '100');
    case 'number':
      return fc.constantFrom('1', '2.5', '0');
    case 'boolean':
      return fc.constantFrom('true', 'false');
    default:
      return plainString(name);
  }
}

function plainString(name: string): fc.Arbitrary<string> {
  if (/date|_at$|At$|_on$|from$|^to$|until|since|as_of/i.test(name)) return fc.constantFrom('2026-01-15', '2026-03-01T10:00:00Z', '2026-12-31');
  if (/currency/i.test(name)) return fc.constantFrom('USD', 'EUR', 'JPY');
  if (/country/i.test(name)) return fc.constantFrom('US', 'DE');
  if (/email/i.test(name)) return fc.constant('buyer@example.test');
  if (/^sort$/.test(name)) return fc.constantFrom('id', '-id', 'name', 'created_at');
  return fc.oneof(fc.constantFrom('Fuzz', 'A-1', 'Main'), fc.string({ maxLength: 8, unit: 'grapheme' }));
}

function plainBody(op: Operation): fc.Arbitrary<FuzzCase['body']> {
  if (!op.body) return fc.constant({ kind: 'none' as const });
  const json = op.body['application/json'];
  if (json) return plainValue(json, '', 0).map((value) => ({ kind: 'json' as const, value }));
  const types = Object.keys(op.body).filter((t) => t !== 'multipart/form-data');
  return fc.tuple(fc.constantFrom(...types), plainTextBody()).map(([contentType, data]) => ({ kind: 'raw' as const, contentType, data }));
}

/** A CSV or EDI text that a route of that kind might read. */
function plainTextBody(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('sku,name\nFZ-1,Fuzz\n', 'sku;quantity\r\nA-1;3\r\n', 'product_id,location_id,quantity\n1,1,5\n', 'ISA*00*          *00*          *ZZ*A*ZZ*B*260101*1200*U*00401*000000001*0*P*>~'),
    fc.string({ maxLength: 40, unit: 'grapheme' }),
  );
}

/** A JSON value that follows the schema (ids among those likely to exist). */
export function plainValue(schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      if (Object.keys(props).length === 0) {
        return schema.additionalProperties ? fc.dictionary(fc.constantFrom('note', 'color', 'size'), fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), { maxKeys: 2 }) : fc.constant({});
      }
      // Optional fields mostly left out (as for query parameters).
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(props).map(([key, s]) => {
        const value = plainValue(s, key, depth + 1);
        return [key, required.has(key) ? value : fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: value, weight: 1 })] as const;
      });
      return fc.record(Object.fromEntries(fields)).map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)));
    }
    case 'array':
      return fc.array(plainValue(schema.items ?? {}, name, depth + 1), { maxLength: 3 });
    case 'integer':
      return /(^|_)ids?$|Id$/.test(name) ? fc.constantFrom(...LIKELY_IDS) : fc.integer({ min: -2, max: 50 });
    case 'number':
      return fc.constantFrom(0, 1, 2.5, 10, 0.001, -3);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return plainString(name);
    default:
      // Any JSON (custom field values, metadata).
      return fc.oneof(fc.constant(null), fc.string({ maxLength: 6 }), fc.integer(), fc.dictionary(fc.constantFrom('note', 'size'), fc.string({ maxLength: 6 }), { maxKeys: 2 }));
  }
}

// ---- the hostile change ----

function withOddPath(op: Operation, plain: fc.Arbitrary<FuzzCase>): fc.Arbitrary<FuzzCase> {
  return fc.tuple(plain, fc.constantFrom(...op.pathParams.map((p) => p.name)), fc.constantFrom(...ODD_PATH_SEGMENTS)).map(([c, name, segment]) => ({
    ...c,
    change: `path ${name}=${segment.length > 40 ? `${segment.slice(0, 10)}…(${segment.length})` : segment}`,
    path: { ...c.path, [name]: segment },
  }));
}

function withOddQuery(op: Operation, plain: fc.Arbitrary<FuzzCase>): fc.Arbitrary<FuzzCase> {
  const declared = op.queryParams.map((p) => encodeURIComponent(p.name));
  const name = declared.length ? fc.oneof(fc.constantFrom(...declared), fc.constantFrom(...ODD_QUERY_NAMES)) : fc.constantFrom(...ODD_QUERY_NAMES);
  return fc.tuple(plain, name, fc.constantFrom(...ODD_QUERY_VALUES), fc.boolean()).map(([c, n, v, repeat]) => ({
    ...c,
    change: `query ${short(n)}=${short(v)}${repeat ? ' (twice)' : ''}`,
    query: [...c.query.filter(([existing]) => existing !== n), [n, v] as [string, string], ...(repeat ? [[n, v] as [string, string]] : [])],
  }));
}

function withOddHeader(plain: fc.Arbitrary<FuzzCase>): fc.Arbitrary<FuzzCase> {
  const header = fc.oneof(
    fc.constantFrom(...ODD_IDEMPOTENCY_KEYS).map((v) => ['idempotency-key', v] as const),
    fc.constantFrom(...ODD_ACCEPT).map((v) => ['accept', v] as const),
  );
  return fc.tuple(plain, header).map(([c, [name, value]]) => ({ ...c, change: `header ${name}: ${short(JSON.stringify(value))}`, headers: { ...c.headers, [name]: value } }));
}

function withOddBody(plain: fc.Arbitrary<FuzzCase>): fc.Arbitrary<FuzzCase> {
  return fc.tuple(plain, fc.constantFrom(...ODD_BODIES), fc.constantFrom('application/json', ...ODD_JSON_CONTENT_TYPES)).map(([c, data, contentType]) => ({
    ...c,
    change: `body ${short(JSON.stringify(Buffer.isBuffer(data) ? data.toString('hex') : data))} as ${JSON.stringify(contentType)}`,
    body: { kind: 'raw', contentType, data },
  }));
}

function withOddText(op: Operation, plain: fc.Arbitrary<FuzzCase>): fc.Arbitrary<FuzzCase> {
  const declared = Object.keys(op.body!);
  const text = fc.oneof(
    fc.constantFrom(...UNSTORABLE_TEXT).map((bad) => ({ label: `text with ${JSON.stringify(bad)}`, data: `sku,name\nFZ-2,${bad}\n` as string | Buffer })),
    fc.constant({ label: 'invalid UTF-8', data: Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe, 0x00, 0x0a]) }),
    fc.constant({ label: '900 kB of one line', data: 'sku,name\n' + 'x'.repeat(900_000) + ',y\n' }),
    fc.constant({ label: 'empty', data: '' }),
    fc.constant({ label: 'header only', data: 'sku,name\n' }),
    fc.constant({ label: 'ragged rows', data: 'a,b\n1\n1,2,3\n"unterminated\n' }),
    fc.constant({ label: 'deep JSON', data: DEEP_NESTING[0].text() }),
  );
  const boundary = 'fuzzboundary';
  const multipart = (file: string | Buffer, fields: string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${fields}Content-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`), Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const contentType = fc.constantFrom(...declared, 'application/json', 'multipart/form-data', `multipart/form-data; boundary=${boundary}`, '');
  return fc.tuple(plain, text, contentType, fc.constantFrom('', `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nmaster_skus\r\n`, `--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\n\u0000\r\n`)).map(([c, t, type, fields]) => ({
    ...c,
    change: `text body ${t.label} as ${JSON.stringify(type)}`,
    body: { kind: 'raw', contentType: type, data: type.startsWith('multipart/form-data; boundary') ? multipart(t.data, fields) : t.data },
  }));
}

export type BodyChange = 'wrong-type' | 'drop-required' | 'extra-field' | 'unstorable-text' | 'odd-number' | 'impossible-date' | 'deep-nesting' | 'long-string' | 'null';

export const BODY_CHANGES: BodyChange[] = ['wrong-type', 'drop-required', 'extra-field', 'unstorable-text', 'odd-number', 'impossible-date', 'deep-nesting', 'long-string', 'null'];

function withBodyChange(plain: fc.Arbitrary<FuzzCase>, schema: Schema): fc.Arbitrary<FuzzCase> {
  return fc.tuple(plain, fc.constantFrom(...BODY_CHANGES), fc.nat(), fc.nat()).map(([c, k, at, pick]) => {
    if (c.body.kind !== 'json') return c;
    const { value, where } = changeBody(c.body.value, schema, k, at, pick);
    return { ...c, change: `${k} at ${where || '(body)'}`, body: { kind: 'json', value } };
  });
}

interface Node {
  path: string[];
  schema: Schema;
  value: unknown;
}

function nodesOf(value: unknown, schema: Schema, path: string[] = [], out: Node[] = []): Node[] {
  out.push({ path, schema, value });
  if (Array.isArray(value)) value.forEach((item, i) => nodesOf(item, schema.items ?? {}, [...path, String(i)], out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const child = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {});
      nodesOf(item, child, [...path, key], out);
    }
  }
  return out;
}

/** The value with one hostile change of the kind (at the `at`-th fitting place, the `pick`-th hostile value). */
export function changeBody(body: unknown, schema: Schema, kind: BodyChange, at: number, pick: number): { value: unknown; where: string } {
  const value = structuredClone(body);
  const nodes = nodesOf(value, schema);
  const choose = (filter: (n: Node) => boolean) => {
    const fitting = nodes.filter(filter);
    const list = fitting.length ? fitting : nodes;
    return list[at % list.length];
  };
  const from = <T>(list: T[]) => list[pick % list.length];
  const isObject = (n: Node) => n.value !== null && typeof n.value === 'object' && !Array.isArray(n.value);
  let node: Node;
  let replacement: unknown;
  switch (kind) {
    case 'wrong-type':
      node = choose((n) => n.path.length > 0);
      replacement = from(WRONG_TYPES.filter((w) => typeof w !== typeof node.value || Array.isArray(w) !== Array.isArray(node.value)));
      break;
    case 'null':
      node = choose((n) => n.path.length > 0 && !n.schema.nullable);
      replacement = null;
      break;
    case 'drop-required': {
      node = choose((n) => isObject(n) && (n.schema.required ?? []).some((key) => key in (n.value as object)));
      if (!isObject(node)) return { value, where: node.path.join('.') };
      const keys = (node.schema.required ?? []).filter((key) => key in (node.value as object));
      const key = keys.length ? from(keys) : from(Object.keys(node.value as object).concat(['']));
      delete (node.value as Record<string, unknown>)[key];
      return { value, where: [...node.path, key].join('.') };
    }
    case 'extra-field': {
      node = choose(isObject);
      const name = from(EXTRA_FIELD_NAMES);
      if (!isObject(node)) return { value, where: node.path.join('.') };
      Object.defineProperty(node.value, name, { value: from(WRONG_TYPES), enumerable: true, configurable: true, writable: true });
      return { value, where: [...node.path, JSON.stringify(name)].join('.') };
    }
    case 'unstorable-text':
      node = choose((n) => typeof n.value === 'string' || n.schema.type === 'string');
      replacement = typeof node.value === 'string' ? insertAt(node.value, from(UNSTORABLE_TEXT), pick) : from(UNSTORABLE_TEXT);
      break;
    case 'odd-number':
      node = choose((n) => n.schema.type === 'integer' || n.schema.type === 'number');
      replacement = from(HOSTILE_NUMBERS);
      break;
    case 'impossible-date':
      node = choose((n) => n.schema.type === 'string' && /date|_at$|time|expir|due|until|since|from|^to$/i.test(n.path[n.path.length - 1] ?? ''));
      replacement = from(IMPOSSIBLE_DATES);
      break;
    case 'deep-nesting':
      node = choose(() => true);
      replacement = from(DEEP_NESTING);
      break;
    case 'long-string':
      node = choose((n) => n.schema.type === 'string');
      replacement = from(LONG_STRINGS);
      break;
  }
  return { value: setAt(value, node.path, replacement), where: node.path.join('.') };
}

function setAt(root: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  let parent = root as Record<string, unknown>;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string, unknown>;
  parent[path[path.length - 1]] = replacement;
  return root;
}

function insertAt(text: string, inserted: string, position: number): string {
  const at = text.length ? position % (text.length + 1) : 0;
  return text.slice(0, at) + inserted + text.slice(at);
}

function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 20)}…(${text.length})` : text;
}
