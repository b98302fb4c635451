// Inventory adjustments are answered in one go (compiledMutation and compiledRecord beside their resolvers in
// src/graphql/inventory/inventory-fields.ts): posting one reads its answer as one SQL statement in the posting's
// transaction, and reading one is that statement, with SQL derived from the GraphQL types (a line's lot number and
// movements declare theirs beside their resolvers). Here those answers equal graphql's ordinary execution field by
// field, keys in the same order and values alike: the REST answers of POST /inventory/adjustments and
// GET /inventory/adjustments/{id}, and over /graphql every field SQL can write. The data is varied: lots with dates, a lot-less take split across lots, counted lines (one matching
// the stock, so without a movement), tiny and large decimals, a decrease below zero with no layer to value it,
// reasons per line and none. Errors and token scopes are as field by field; a mutation is never run twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { restCased } from '../support/compiled-answers.js';
import { inventoryRoutes } from '../../rest-mapping/inventory.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { derivedJsonTypes } from '../../src/graphql/shared/derived-json-types.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { recordStatements } from '../support/statement-log.js';

const statements: string[] = [];
const serverErrors: string[] = [];
const { server, companies: { acme }, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: recordStatements(statements) }), logger: { log: (level, message, fields) => void (level === 'error' && serverErrors.push(`${message} ${fields?.error}`)) } });
const createRoute = inventoryRoutes.find((r) => r.method === 'POST' && r.path === '/inventory/adjustments')!;
/** The route's fragment of an adjustment, as REST answers it. */
const FRAGMENT = createRoute.graphql.slice(createRoute.graphql.indexOf('fragment'));
const call = (method: string, path: string, body?: unknown, token = acme.token) =>
  server.call(method, `/external/api/v1${path}`, { token, company: acme.slug, body });

/** The adjustment read by graphql's ordinary execution (an introspection root field beside it has no plan). */
async function fieldByField(id: number, selection: string) {
  const query = `query Read($id: Int!) { fieldByField: __type(name: "Query") { name } inventoryAdjustment(id: $id) { ${selection} } }`;
  const res = await server.graphql(query + (selection.includes('...InventoryAdjustmentFields') ? FRAGMENT : ''), { id }, { token: acme.token, company: acme.slug });
  expect(res.body.errors, res.text).toBeUndefined();
  return res.body.data.inventoryAdjustment;
}

let warehouse: any;
let below: any;
const documents: Array<{ name: string; lines: unknown[] }> = [];

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  const loose = await post('/locations', { name: 'Loose' });
  below = await post('/locations', { name: 'Loose bin', parent_id: loose.id });
  await post('/warehouse-groups', { name: 'Negative ok', allow_negative_stock: true, warehouse_ids: [loose.id] });
  const plain = await post('/products', { name: 'Plain', sku: 'PLAIN', unit_cost: 1.25 });
  const lotted = await post('/products', { name: 'Lotted', sku: 'LOTTED', lot_tracking: true, lot_deduction_strategy: 'FIFO' });
  const costless = await post('/products', { name: 'Costless', sku: 'COSTLESS' });
  const neverReceived = await post('/products', { name: 'Never received', sku: 'NEVER' });
  const at = (product: any, quantity: number, extra: Record<string, unknown> = {}) => ({ product_id: product.id, location_id: warehouse.id, quantity, ...extra });
  documents.push(
    {
      name: 'receipts into lots, with costs, dates and reasons',
      lines: [
        at(plain, 12345.5, { unit_cost: 0.0000000001, reason: 'found' }),
        at(lotted, 5, { lot_number: 'L-OLD', production_date: '2030-01-01', expiry_date: '2031-12-31', unit_cost: 3 }),
        at(lotted, 7, { lot_number: 'L-NEW', production_date: '2030-06-01' }),
        at(costless, 0.0000000001),
      ],
    },
    {
      name: 'a lot-less take split across lots, and a take below zero with no layer',
      lines: [at(lotted, -9), at(plain, -0.5), { product_id: neverReceived.id, location_id: below.id, quantity: -2, reason: 'shrink' }],
    },
    {
      name: 'counts: one matching the stock (no movement), one not',
      lines: [
        { product_id: plain.id, location_id: warehouse.id, counted_quantity: 12345 },
        { product_id: lotted.id, location_id: warehouse.id, counted_quantity: 1, lot_number: 'L-NEW' },
      ],
    },
  );
});

describe('REST answers in one go', () => {
  it('POST and GET answer exactly what the operation answers field by field, keys in the same order', async () => {
    for (const document of documents) {
      statements.length = 0;
      const created = await call('POST', '/inventory/adjustments', { reason: document.name, lines: document.lines });
      expect(serverErrors).toEqual([]);
      expect(created.status, created.text).toBe(201);
      // The answer was written by one statement: nothing read the lines or movements field by field.
      expect(statements.filter((sql) => /FROM "public"\."StockMovement"|FROM "public"\."InventoryAdjustmentLine"/.test(sql))).toEqual([]);
      const id = created.body.data.id;
      const ordinary = restCased(await fieldByField(id, '...InventoryAdjustmentFields'));
      expect(JSON.stringify(created.body.data), document.name).toBe(JSON.stringify(ordinary));
      const read = await call('GET', `/inventory/adjustments/${id}`);
      expect(read.status).toBe(200);
      expect(JSON.stringify(read.body.data), document.name).toBe(JSON.stringify(ordinary));
      // Written without spaces, as every other answer is (json_build_object wrote `"key" : value`, json_agg `}, {`).
      for (const text of [created.text, read.text]) expect(text, document.name).not.toMatch(/" : |\}, \{|\], \[/);
    }
  });

  it('shows what the varied documents hold', async () => {
    const list = await call('GET', '/inventory/adjustments?sort=id');
    const [receipts, takes, counts] = list.body.data;
    expect(receipts.lines.map((line: any) => [line.quantity, line.unit_cost, line.lot_number])).toEqual([
      [12345.5, 0.0000000001, null],
      [5, 3, 'L-OLD'],
      [7, 0, 'L-NEW'],
      [0.0000000001, 0, null],
    ]);
    const split = takes.lines[0];
    expect(split.lot_id).toBeNull();
    expect(split.movements.map((m: any) => [m.lot_number, m.quantity])).toEqual([['L-OLD', -5], ['L-NEW', -4]]);
    expect(takes.lines[2].movements[0].unit_cost).toBeNull();
    expect(counts.lines[0].movements).toEqual([]);
    expect(counts.lines[1]).toMatchObject({ counted_quantity: 1, quantity: -2 });
  });

  it('answers 404 for an adjustment that does not exist, as before', async () => {
    const res = await call('GET', '/inventory/adjustments/999999');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/Inventory adjustment 999999/);
  });
});

/** Every value field of the type, and `depth` levels of its relations below it. */
function everyField(typeName: string, depth: number): string {
  const type = derivedJsonTypes(buildSchema()).types[typeName]!;
  const values = Object.keys(type).filter((field) => 'value' in type[field]!);
  const relations = Object.entries(type).flatMap(([field, known]) => ('type' in known ? [[field, known.type] as const] : []));
  return [...values, ...(depth > 0 ? relations.map(([field, related]) => `${field} { ${everyField(related, depth - 1)} }`) : [])].join(' ');
}

describe('/graphql adjustments in one go', () => {
  const EVERY = everyField('InventoryAdjustment', 2);

  it('answers every field SQL can write, posting and reading, as field by field does', async () => {
    expect(EVERY).toMatch(/movements \{ .*lotNumber.*\}/);
    for (const document of documents) {
      const lines = document.lines.map((line: any) => Object.fromEntries(Object.entries(line).map(([key, value]) => [key.replace(/_(\w)/g, (_, c) => c.toUpperCase()), value])));
      statements.length = 0;
      const created = await server.graphql(
        `mutation Create($input: InventoryAdjustmentInput!) { __typename created: createInventoryAdjustment(input: $input) { __typename ${EVERY} } }`,
        { input: { reason: document.name, notes: 'every field', lines } },
        { token: acme.token, company: acme.slug },
      );
      expect(created.body.errors, created.text).toBeUndefined();
      expect(created.body.data.__typename).toBe('Mutation');
      expect(statements.filter((sql) => /FROM "public"\."StockMovement"/.test(sql))).toEqual([]);
      const ordinary = await fieldByField(created.body.data.created.id, `__typename ${EVERY}`);
      expect(JSON.stringify(created.body.data.created), document.name).toBe(JSON.stringify(ordinary));
      const read = await server.graphql(`query Read($id: Int!) { inventoryAdjustment(id: $id) { __typename ${EVERY} } }`, { id: ordinary.id }, { token: acme.token, company: acme.slug });
      expect(JSON.stringify(read.body.data.inventoryAdjustment), document.name).toBe(JSON.stringify(ordinary));
    }
  });

  it('reports a refused posting exactly as field by field does, and posts nothing', async () => {
    const input = { lines: [{ productId: 999999, locationId: warehouse.id, quantity: 1 }, { productId: 1, locationId: warehouse.id, quantity: 0 }] };
    const before = await server.database.prisma.inventoryAdjustment.count();
    const planned = await server.graphql(`mutation Bad($input: InventoryAdjustmentInput!) { createInventoryAdjustment(input: $input) { id lines { id } } }`, { input }, { token: acme.token, company: acme.slug });
    // A second root field without a plan makes the operation run field by field; the failing first one ends it.
    const ordinary = await server.graphql(
      `mutation Bad($input: InventoryAdjustmentInput!) { createInventoryAdjustment(input: $input) { id lines { id } } other: deleteWarehouseGroup(id: 999999) { id } }`,
      { input },
      { token: acme.token, company: acme.slug },
    );
    expect(planned.body.errors).toHaveLength(1);
    expect(planned.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    const withoutLocations = (errors: any[]) => errors.map(({ locations: _, ...error }) => error);
    expect(withoutLocations(planned.body.errors)).toEqual(withoutLocations(ordinary.body.errors));
    expect(planned.body.data).toEqual(ordinary.body.data);
    expect(planned.body.data).toBeNull();
    expect(await server.database.prisma.inventoryAdjustment.count()).toBe(before);
  });

  it('keeps the write scope: a read-only token is refused as field by field refuses it; a write-only token gets its document', async () => {
    const readOnly = await server.createToken(acme.companyId, 'read only', ['read']);
    const input = { lines: [{ productId: (await call('GET', '/products?sku=PLAIN')).body.data[0].id, locationId: warehouse.id, quantity: 1 }] };
    const mutation = `mutation Create($input: InventoryAdjustmentInput!) { createInventoryAdjustment(input: $input) { id } }`;
    const refused = await server.graphql(mutation, { input }, { token: readOnly, company: acme.slug });
    const ordinary = await server.graphql(mutation.replace('{ id } }', '{ id } other: deleteWarehouseGroup(id: 999999) { id } }'), { input }, { token: readOnly, company: acme.slug });
    expect(refused.body.errors?.[0]?.message).toBe('This API token is read-only: changes need a token with the write scope.');
    const withoutLocations = (errors: any[]) => errors.map(({ locations: _, ...error }) => error);
    expect(withoutLocations(refused.body.errors)).toEqual(withoutLocations(ordinary.body.errors));
    // __typename is no field of Mutation's: graphql answers it to any token.
    const typename = await server.graphql('mutation { __typename }', {}, { token: readOnly, company: acme.slug });
    expect(typename.body).toEqual({ data: { __typename: 'Mutation' } });
    const rest = await call('POST', '/inventory/adjustments', { lines: [{ product_id: input.lines[0]!.productId, location_id: warehouse.id, quantity: 1 }] }, readOnly);
    expect(rest.status).toBe(403);

    const writeOnly = await server.createToken(acme.companyId, 'write only', ['write']);
    const posted = await call('POST', '/inventory/adjustments', { lines: [{ product_id: input.lines[0]!.productId, location_id: warehouse.id, quantity: 2 }] }, writeOnly);
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.data.lines[0].movements[0].quantity).toBe(2);
  });
});
