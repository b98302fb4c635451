// The tenant probe: company A (acme) has records in every area; company B (globex) calls every route of the
// OpenAPI document (the documented route table and sofa's generated routes) and every GraphQL Query and
// Mutation field that takes an id, with A's ids in the path, the query, the body and the arguments. B must
// get 404 (or another refusal) or an empty answer: never A's data, never a change to it. A's token on B's
// host gets 401 everywhere. Routes and fields are read from the document and the schema, so a new one is
// probed without anyone listing it, and an id parameter whose kind is unknown fails the probe by name.
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLScalarType,
  getNamedType, isInterfaceType, isObjectType, isUnionType, type GraphQLField, type GraphQLInputType,
} from 'graphql';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { restRoutes } from '../../rest-mapping/index.js';
import { listOperations, type Operation, type Schema } from '../fuzz/openapi-operations.js';
import { changedTables, fingerprintReader, type Fingerprint } from '../fuzz/data-fingerprint.js';
import { createFixtures, enableEveryFeature, idsByTable, MARKER } from './tenant-fixtures.js';
import { isIdName, tableOf } from './id-kinds.js';
import { crossReferences, type Refs } from './cross-references.js';
import { subscribeSse } from '../support/graphql-sse.js';

const BASE = '/external/api/v1';
/** Kinds A has no record of yet (made only by a background job or an outside system); probed with another A id. */
const KNOWN_UNCOVERED: string[] = ['BillAllocation', 'EdiDocument', 'ForecastWarehouseRow', 'PurgatoryEntry', 'WebhookDelivery', 'WorkOrderStep'];

const logged: string[] = [];
const { server, companies: { acme, globex } } = serverForFile(['acme', 'globex'], { logger: { log: (level, message, fields) => void (level === 'error' && logged.push(`${message} ${String(fields?.error ?? '')}`)) } });
let operations: Operation[];
let ids: Map<string, number[]>;
let tables: Set<string>;
let fingerprint: () => Promise<Fingerprint>;
let before: Fingerprint;
const saw429: string[] = [];

interface Answer { status: number; text: string }

/** One request over a fresh connection; a stream of events is read only up to its status. */
function send(method: string, target: string, tenant: Tenant, company: string, body?: { type: string; data: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${company}.localhost:${server.port}`, authorization: `Bearer ${tenant.token}` };
    if (body) Object.assign(headers, { 'content-type': body.type, 'content-length': String(Buffer.byteLength(body.data)) });
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path: target, headers, agent: false }, (res) => {
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.destroy();
        return resolve({ status: res.statusCode ?? 0, text: '' });
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const answer = { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') };
        if (answer.status === 429) saw429.push(`${method} ${target}`);
        resolve(answer);
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer within 30 s to ${method} ${target}`)));
    req.on('error', reject);
    req.end(body?.data);
  });
}

/** A's id for a parameter: of its table when mapped and A has one, else null. */
function aIdFor(param: string, path: string): number | null {
  const table = tableOf(param, path, tables);
  return table ? ids.get(table)?.[0] ?? null : null;
}

/** Any A id, for a body field whose kind is unknown: the probe still names an A record. */
const anyAId = () => ids.get('Product')![0];

/** A plausible JSON value for a schema, with A's ids in every id-like field. */
function sample(schema: Schema, name: string, path: string, depth = 0): unknown {
  if (isIdName(name) && (schema.type === 'integer' || schema.type === 'number' || schema.type === 'string' || !schema.type)) {
    const id = aIdFor(name, path) ?? anyAId();
    return schema.type === 'string' ? String(id) : id;
  }
  if (isIdName(name) && schema.type === 'array') return [aIdFor(name, path) ?? anyAId()];
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || isIdName(key) || (prop.type === 'array' && depth < 2)) out[key] = sample(prop, key, path, depth + 1);
      }
      return out;
    }
    case 'array': return schema.items ? [sample(schema.items, name, path, depth + 1)] : [];
    case 'integer': case 'number': return 1;
    case 'boolean': return false;
    case 'string':
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return 'probe';
    default: return 'probe';
  }
}

/** The request target and body for an operation, with A's ids everywhere an id goes. */
function requestFor(op: Operation): { target: string; body?: { type: string; data: string }; sendsAIds: boolean } {
  let path = op.path;
  for (const p of op.pathParams) path = path.replace(`{${p.name}}`, String(aIdFor(p.name, op.path) ?? anyAId()));
  const query = op.queryParams.filter((p) => isIdName(p.name)).map((p) => `${p.name}=${aIdFor(p.name, op.path) ?? anyAId()}`);
  const target = `${BASE}${path}${query.length ? `?${query.join('&')}` : ''}`;
  if (!op.body) return { target, sendsAIds: op.pathParams.length > 0 };
  const json = op.body['application/json'];
  if (json) {
    const data = JSON.stringify(sample(json, '', op.path));
    return { target, body: { type: 'application/json', data }, sendsAIds: op.pathParams.length > 0 || /_ids?"|Ids?"/.test(data) };
  }
  const type = Object.keys(op.body)[0];
  return { target, body: { type, data: type.includes('csv') ? 'sku,name\nX,Y\n' : 'probe' }, sendsAIds: op.pathParams.length > 0 };
}

beforeAll(async () => {
  const skipped = await createFixtures(server, acme);
  if (skipped.length) console.warn(`tenant probe: fixtures not made:\n  ${skipped.join('\n  ')}`);
  ids = await idsByTable(server.database.sql, acme.companyId);
  tables = new Set((await server.database.sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
  )).map((row) => row.table_name));
  await enableEveryFeature(server, globex);
  const document = await server.call('GET', `${BASE}/openapi.json`, { token: acme.token, company: acme.slug });
  expect(document.status).toBe(200);
  operations = listOperations(document.body);
  fingerprint = (await fingerprintReader(server.database.sql, acme.companyId)).read;
  before = await fingerprint();
}, 120_000);

describe('the tenant probe', () => {
  it('covers every documented route (the route table is in the document it walks)', () => {
    const keys = new Set(operations.map((op) => op.key));
    expect(restRoutes.map((r) => `${r.method} ${r.path}`).filter((key) => !keys.has(key))).toEqual([]);
    expect(operations.length).toBeGreaterThan(restRoutes.length);
  });

  it('knows the kind of every id parameter of every route', () => {
    const unmapped = operations.flatMap((op) => op.pathParams.filter((p) => !tableOf(p.name, op.path, tables)).map((p) => `${op.key}: {${p.name}}`));
    expect(unmapped, 'map these in test/security/id-kinds.ts').toEqual([]);
    // A kind A has no record of is probed with another id, which proves little: make one in tenant-fixtures.ts.
    const uncovered = [...new Set(operations.flatMap((op) => op.pathParams.map((p) => tableOf(p.name, op.path, tables)!)).filter((table) => table && !ids.has(table)))];
    expect(uncovered.sort(), 'A has no record of these kinds').toEqual(KNOWN_UNCOVERED);
  });

  it("B's token with A's ids gets a refusal or an empty answer on every REST route, never A's data", async () => {
    const leaks: string[] = [];
    // Reads first (B has no data of its own yet, so any record in a list is A's), then writes.
    const statuses: Record<number, string[]> = {};
    const ordered = [...operations.filter((op) => op.method === 'GET'), ...operations.filter((op) => op.method !== 'GET')];
    for (const op of ordered) {
      const request = requestFor(op);
      const answer = await send(op.method, request.target, globex, globex.slug, request.body);
      const said = `${op.key} → ${answer.status} ${answer.text.slice(0, 200)}`;
      statuses[answer.status] = [...(statuses[answer.status] ?? []), answer.status === 422 ? `${op.key} ${Object.keys(safeJson(answer.text)?.errors ?? {}).join(',')}` : op.key];
      if (answer.status >= 500) leaks.push(`server error: ${said}`);
      if (answer.text.includes(MARKER)) leaks.push(`A's marker in the answer: ${said}`);
      if (answer.status < 300 && request.sendsAIds) leaks.push(`accepted A's ids: ${said} (body ${request.body?.data.slice(0, 200) ?? '-'})`);
      if (answer.status < 300 && op.method === 'GET' && !request.sendsAIds) {
        const data = safeJson(answer.text)?.data;
        if (Array.isArray(data) && data.length) leaks.push(`a list with records before B made any: ${said}`);
      }
    }
    // PROBE_DEBUG=1 shows what each route answered (and which fields a 422 named), to see that refusals are the ids' doing.
    if (process.env.PROBE_DEBUG) console.log(statuses);
    expect(leaks).toEqual([]);
  }, 240_000);

  it("B's GraphQL calls with A's ids get nothing of A's and change nothing", async () => {
    const leaks: string[] = [];
    const unmapped: string[] = [];
    const schema = buildSchema();
    for (const [kind, type] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
      for (const field of Object.values(type!.getFields())) {
        const call = graphqlCall(kind, field, unmapped);
        if (!call) continue;
        const answer = await send('POST', '/graphql', globex, globex.slug, { type: 'application/json', data: JSON.stringify(call) });
        const said = `${kind} ${field.name} → ${answer.status} ${answer.text.slice(0, 200)}`;
        if (process.env.PROBE_DEBUG) console.log(said.slice(0, 160));
        // A call the schema refused (a malformed probe) would prove nothing.
        if (answer.status === 400 || /GRAPHQL_VALIDATION_FAILED|GRAPHQL_PARSE_FAILED|Variable "\$/.test(answer.text)) leaks.push(`the probe's call was not valid: ${said}`);
        if (answer.status >= 500) leaks.push(`server error: ${said}`);
        if (answer.text.includes(MARKER)) leaks.push(`A's marker in the answer: ${said}`);
        const value = safeJson(answer.text)?.data?.[field.name];
        // A record (or a change) answered is a leak; a report or list is one only if it holds any rows.
        const record = tables.has(getNamedType(field.type).name);
        if (value != null && (kind === 'mutation' || record || holdsRows(value))) leaks.push(`answered with A's ids: ${said} (variables ${JSON.stringify(call.variables).slice(0, 200)})`);
      }
    }
    expect(unmapped, 'map these in test/security/id-kinds.ts').toEqual([]);
    expect(leaks).toEqual([]);
  }, 240_000);

  it("B's documents may not name A's records: each foreign reference is refused, B's own are accepted", async () => {
    const b = (path: string, body: unknown) => send('POST', `${BASE}${path}`, globex, globex.slug, { type: 'application/json', data: JSON.stringify(body) });
    const made = async (path: string, body: unknown) => {
      const answer = await b(path, body);
      expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(300);
      return JSON.parse(answer.text).data.id as number;
    };
    const own: Refs = {
      product: await made('/products', { name: 'Globex widget', sku: 'GX-1' }),
      location: await made('/locations', { name: 'Globex north' }),
      location2: await made('/locations', { name: 'Globex south' }),
      supplier: await made('/suppliers', { name: 'Globex supplier' }),
      customer: await made('/companies', { name: 'Globex customer' }),
      unitClass: await made('/unit-classes', { name: 'Globex units' }),
      group: 0,
      channel: 0,
    };
    own.group = await made('/warehouse-groups', { name: 'Globex group', warehouse_ids: [own.location, own.location2] });
    own.channel = await made('/channels', { channelType: 'sales_channel', label: 'Globex shop', warehouseGroupId: own.group });
    const first = (table: string) => ids.get(table)![0];
    const foreign: Refs = {
      product: first('Product'), location: first('Location'), location2: ids.get('Location')![1], supplier: first('Supplier'),
      customer: first('CustomerCompany'), unitClass: first('UnitClass'), group: first('WarehouseGroup'), channel: first('SalesChannel'),
    };
    const accepted: string[] = [];
    const notValid: string[] = [];
    let n = 0;
    for (const reference of crossReferences) {
      for (const kind of reference.kinds) {
        const answer = await b(reference.path, reference.body({ ...own, [kind]: foreign[kind] }, ++n));
        if (answer.status < 300 || answer.status >= 500) accepted.push(`POST ${reference.path} with A's ${kind} → ${answer.status} ${answer.text.slice(0, 200)}`);
      }
      const control = await b(reference.path, reference.body(own, ++n));
      if (control.status >= 300) notValid.push(`POST ${reference.path} with B's own records → ${control.status} ${control.text.slice(0, 200)}`);
    }
    expect(accepted).toEqual([]);
    expect(notValid, 'fix the body in cross-references.ts').toEqual([]);
  }, 120_000);

  it("A's own token reads the same A ids on A's host (the ids the probe sends name real records)", async () => {
    // Not the event streams: A's would stay open until its job ends, and no worker runs here.
    const reads = operations.filter((op) => op.method === 'GET' && op.pathParams.length > 0 && !op.streams);
    const refused: string[] = [];
    for (const op of reads) {
      const answer = await send('GET', requestFor(op).target, acme, acme.slug);
      if (answer.status >= 300) refused.push(`${op.key} → ${answer.status}`);
    }
    // Some reads take an id of another kind than A has, or need more than an id; most must succeed.
    expect(refused.length, refused.join('\n')).toBeLessThan(reads.length / 5);
  }, 120_000);

  it("left A's data exactly as it was, and logged no server errors", async () => {
    expect(changedTables(before, await fingerprint())).toEqual([]);
    expect(logged).toEqual([]);
  });

  it("A's token on B's host gets 401 on every route and on GraphQL", async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const request = requestFor(op);
      const answer = await send(op.method, request.target, acme, globex.slug, request.body);
      if (answer.status !== 401) wrong.push(`${op.key} → ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    const graphql = await send('POST', '/graphql', acme, globex.slug, { type: 'application/json', data: JSON.stringify({ query: '{ __typename }' }) });
    if (graphql.status !== 401) wrong.push(`POST /graphql → ${graphql.status}`);
    expect(wrong).toEqual([]);
    expect(changedTables(before, await fingerprint())).toEqual([]);
  }, 120_000);

  it('met no rate limit (a 429 would hide what the route answers)', () => {
    expect(saw429).toEqual([]);
  });

  it("B's subscriptions see nothing of A's changes, and refuse A's ids", async () => {
    const productIds = ids.get('Product')!.slice(0, 3);
    const orderIds = ids.get('SalesOrder')!.slice(0, 3);
    const events = subscribeSse(server, globex, 'subscription { events { id type data } }');
    const documents = subscribeSse(server, globex, 'subscription Docs($ids: [Int!]) { documentChanged(type: SALES_ORDER, ids: $ids) { id salesOrder { id } } }', { ids: orderIds });
    const stock = subscribeSse(server, globex, 'subscription Stock($ids: [Int!]!) { stockLevels(productIds: $ids) { productId } }', { ids: productIds });
    // A's own subscriber, to show the change does reach a subscriber.
    const control = subscribeSse(server, acme, 'subscription { events(types: ["product.created"]) { data } }');
    try {
      expect(await events.status).toBe(200);
      expect(await control.status).toBe(200);
      expect(await documents.status).toBe(200);
      const [refused] = await stock.next(1);
      expect(refused.errors[0].extensions.errors.productIds[0]).toMatch(/No product/);
      await new Promise((resolve) => setTimeout(resolve, 400));
      // A makes a change that records an event (last in the file: the probe's fingerprint of A's data is done).
      const a = (path: string, body?: unknown) => send('POST', `${BASE}${path}`, acme, acme.slug, { type: 'application/json', data: JSON.stringify(body ?? {}) });
      expect((await a('/products', { name: `${MARKER}-live`, sku: `${MARKER}-LIVE` })).status).toBe(201);
      // A's own subscriber has its event; B's, a second later still, none.
      expect(JSON.stringify(await control.next(1))).toContain(MARKER);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(JSON.stringify(events.received)).not.toContain(MARKER);
      expect(events.received).toEqual([]);
      expect(documents.received).toEqual([]);
    } finally {
      for (const stream of [events, documents, stock, control]) stream.close();
    }
  });
});

/** Whether a value has a non-empty array anywhere in it. */
function holdsRows(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'object' && value !== null && Object.values(value).some(holdsRows);
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The query and variables calling one root field with A's ids in every id argument and input field; null when it takes no id. */
function graphqlCall(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, unmapped: string[]): { query: string; variables: Record<string, unknown> } | null {
  let takesId = false;
  const where = `${kind} ${field.name}`;
  const valueOf = (type: GraphQLInputType, name: string, depth: number): unknown => {
    if (type instanceof GraphQLNonNull) return valueOf(type.ofType, name, depth);
    if (type instanceof GraphQLList) {
      const item = valueOf(type.ofType, name, depth);
      return item === undefined ? [] : [item];
    }
    if (type instanceof GraphQLInputObjectType) {
      if (depth > 4) return undefined;
      const out: Record<string, unknown> = {};
      for (const f of Object.values(type.getFields())) {
        const required = f.type instanceof GraphQLNonNull;
        if (!required && !isIdName(f.name) && !(getNamedType(f.type) instanceof GraphQLInputObjectType && depth < 1)) continue;
        const v = valueOf(f.type, f.name, depth + 1);
        if (v !== undefined) out[f.name] = v;
      }
      return out;
    }
    if (type instanceof GraphQLEnumType) return type.getValues()[0]?.value;
    if (type instanceof GraphQLScalarType) {
      if (isIdName(name) && (type.name === 'ID' || type.name === 'Int')) {
        takesId = true;
        const table = name === 'id' || name === 'ids' ? tableOfRootField(field) : tableOf(name, '', tables);
        if (!table) unmapped.push(`${where}: ${name}`);
        const id = (table && ids.get(table)?.[0]) || anyAId();
        return type.name === 'ID' ? String(id) : id;
      }
      switch (type.name) {
        case 'Int': case 'Float': return 1;
        case 'Boolean': return false;
        case 'DateTime': return '2026-01-01T00:00:00.000Z';
        case 'Upload': return undefined;
        case 'JSON': return {};
        default: return name.toLowerCase().includes('date') ? '2026-01-01' : '1';
      }
    }
    return undefined;
  };
  const variables: Record<string, unknown> = {};
  const declared: string[] = [];
  const passed: string[] = [];
  for (const arg of field.args) {
    const required = arg.type instanceof GraphQLNonNull;
    if (!required && !isIdName(arg.name) && !(getNamedType(arg.type) instanceof GraphQLInputObjectType)) continue;
    const value = valueOf(arg.type, arg.name, 0);
    if (value === undefined) {
      if (required) return null;
      continue;
    }
    variables[arg.name] = value;
    declared.push(`$${arg.name}: ${arg.type.toString()}`);
    passed.push(`${arg.name}: $${arg.name}`);
  }
  if (!takesId) return null;
  const args = passed.length ? `(${passed.join(', ')})` : '';
  const vars = declared.length ? `(${declared.join(', ')})` : '';
  return { query: `${kind} Probe${vars} { ${field.name}${args}${selection(getNamedType(field.type), 0)} }`, variables };
}

/** The table a root field's bare `id` names: its result's type (product → Product), else its name less the verb (deleteProduct → Product). */
function tableOfRootField(field: GraphQLField<unknown, unknown>): string | null {
  const result = getNamedType(field.type).name;
  if (tables.has(result)) return result;
  const noun = field.name.replace(/^[a-z]+/, '');
  for (const candidate of [noun, noun.replace(/s$/, ''), result.replace(/(Payload|Result|Page)$/, '')]) if (tables.has(candidate)) return candidate;
  return tableOf(`${noun.charAt(0).toLowerCase()}${noun.slice(1)}Id`, '', tables) ?? tableOf(`${field.name}Id`, '', tables) ?? tableOf(`${field.name.replace(/[A-Z].*$/, '')}Id`, '', tables);
}

/** Every argument-free field two levels deep, so whatever the answer holds is in the text searched for A's marker. */
function selection(type: unknown, depth: number): string {
  if (isUnionType(type)) return ' { __typename }';
  if (!isObjectType(type) && !isInterfaceType(type)) return '';
  const fields: string[] = ['__typename'];
  for (const f of Object.values((type as GraphQLObjectType).getFields())) {
    if (f.args.some((a) => a.type instanceof GraphQLNonNull)) continue;
    const named = getNamedType(f.type);
    if (named instanceof GraphQLScalarType || named instanceof GraphQLEnumType) fields.push(f.name);
    else if (depth < 2) fields.push(`${f.name}${selection(named, depth + 1)}`);
  }
  return ` { ${fields.join(' ')} }`;
}
