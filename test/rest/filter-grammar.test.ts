// The REST gateway's filter pass-through (RestRoute.filters, src/rest/list-filters.ts), end to end over
// HTTP: a list route declared with a filter grammar hands every undeclared query parameter, name as
// written, to its GraphQL variable; the domain grammar answers bad ones with 422 keyed exactly as given.
// The routes and schema here are the test's own (the product table over real product rows), so the
// gateway is tested apart from any one area's routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLInputObjectType,
} from 'graphql';
import { createApp, type App } from '../../src/http/app.js';
import { silentLogger } from '../../src/http/logger.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { filterParams } from '../../src/graphql/shared/filters.js';
import { PRODUCT_FILTERS } from '../../src/domain/products/product-filters.js';
import { listProducts } from '../../src/domain/products/products.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { compileRoutes } from '../../src/rest/compile.js';
import { describeFilterGrammar, splitQueryParams } from '../../src/rest/list-filters.js';
import type { RestRoute } from '../../src/rest/route.js';
import type { RequestContext } from '../../src/graphql/context.js';
import { openTestDatabase } from '../support/test-database.js';

const routes = (() => {
  const list: RestRoute = {
    method: 'GET',
    path: '/things',
    operationId: 'listThings',
    tag: 'Things',
    summary: 'Products through the filter grammar',
    description: 'A test list.',
    graphql: `query ListThings($perPage: Int, $filters: [FilterParamInput!]) {
      things(perPage: $perPage, filters: $filters) { id sku retailPrice }
    }`,
    queryParams: { per_page: 'perPage' },
    filters: { variable: 'filters', spec: 'products' },
    envelope: 'data',
  };
  const plain: RestRoute = {
    method: 'GET',
    path: '/plain',
    operationId: 'plain',
    tag: 'Things',
    summary: 'A route without a filter grammar',
    graphql: `query Plain($perPage: Int) { plain(perPage: $perPage) }`,
    queryParams: { per_page: 'perPage' },
    envelope: 'data',
  };
  return { list, plain };
})();

const filterParamInput = buildSchema().getType('FilterParamInput') as GraphQLInputObjectType;

/** `things`: products filtered by the product table, as a list service would do it. */
function testSchema(): GraphQLSchema {
  const Thing = new GraphQLObjectType({
    name: 'Thing',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLInt) },
      sku: { type: new GraphQLNonNull(GraphQLString) },
      retailPrice: { type: GraphQLString, resolve: (p) => p.retailPrice?.toString() ?? null },
    },
  });
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        things: {
          type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Thing))),
          args: { perPage: { type: GraphQLInt }, filters: { type: new GraphQLList(new GraphQLNonNull(filterParamInput)) } },
          resolve: async (_root, args, ctx: RequestContext) => {
            const page = await listProducts(ctx.db, { filters: filterParams(args.filters), perPage: args.perPage ?? 25 });
            return page.items;
          },
        },
        plain: { type: GraphQLString, args: { perPage: { type: GraphQLInt } }, resolve: () => 'ok' },
      },
    }),
  });
}

let app: App;
/** A read token of the company acme. */
let token: string;

beforeAll(async () => {
  const database = await openTestDatabase();
  app = createApp({
    config: { port: 0, host: '127.0.0.1', dataDir: '/nonexistent', databaseUrl: null, baseDomain: 'localhost', secretKey: 'test-secret-key-0123456789abcdef0123456789abcdef', allowPrivateOutbound: false },
    database,
    schema: testSchema(),
    logger: silentLogger,
    restRoutes: [routes.list, routes.plain],
  });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { company } = await createCompany(database.prisma, { slug: 'acme', name: 'Acme', adminEmail: 'a@acme.test', adminPassword: 'correct horse battery staple' });
  token = (await createApiToken(database.prisma, { companyId: company.id, name: 't', scopes: ['read'] })).secret;
  const rows = [
    { sku: 'HAM-1', name: 'Hammer', retailPrice: '12.5', sellable: true, createdAt: new Date('2024-01-01T10:00:00Z') },
    { sku: 'RAK-1', name: 'Rake', retailPrice: '20', sellable: false, createdAt: new Date('2024-06-01T00:00:00Z') },
    { sku: 'KIT-1', name: 'Tool kit', retailPrice: '30', sellable: true, type: 'KIT', createdAt: new Date('2025-01-01T12:00:00Z') },
  ];
  for (const row of rows) await database.prisma.product.create({ data: { companyId: company.id, ...row } });
});
afterAll(async () => {
  await app?.close();
});

async function get(pathAndQuery: string): Promise<{ status: number; body: any }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent: false, host: '127.0.0.1', port, method: 'GET', path: `/external/api/v1${pathAndQuery}`, headers: { host: `acme.localhost:${port}`, authorization: `Bearer ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const skus = async (query: string) => {
  const res = await get(`/things?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((t: { sku: string }) => t.sku);
};

describe('filter parameters through the gateway', () => {
  it('passes field[operator]=value and field=value through, ANDed', async () => {
    expect(await skus('retail_price[gt]=12.5')).toEqual(['RAK-1', 'KIT-1']);
    expect(await skus('retail_price%5Bgte%5D=12.5&sellable=true')).toEqual(['HAM-1', 'KIT-1']);
    expect(await skus('type=kit')).toEqual(['KIT-1']);
    expect(await skus('name[contains]=a&retail_price[lt]=25')).toEqual(['HAM-1', 'RAK-1']);
    expect(await skus('created_at[gte]=2024-06-01+00:00:00')).toEqual(['RAK-1', 'KIT-1']);
    expect(await skus('created_at[lt]=2024-06-01%2000:00:00')).toEqual(['HAM-1']);
    expect(await skus('sku=ham-1')).toEqual(['HAM-1']);
    expect(await skus('')).toEqual(['HAM-1', 'RAK-1', 'KIT-1']);
  });

  it('keeps declared parameters declared', async () => {
    expect(await skus('per_page=1&sellable=true')).toEqual(['HAM-1']);
    const bad = await get('/things?per_page=many');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['per_page']);
  });

  it('answers a bad filter with 422 {message, errors} keyed by the parameter exactly as given', async () => {
    const res = await get('/things?retail_price[gt]=cheap');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The retail_price filter must be a number.',
      errors: { 'retail_price[gt]': ['The retail_price filter must be a number.'] },
    });

    const several = await get('/things?name[gt]=a&Retail_Price[GT]=1&box_length2=3&sellable[eq]=maybe&created_at=yesterday&type[contains]=K');
    expect(several.status).toBe(422);
    expect(Object.keys(several.body).sort()).toEqual(['errors', 'message']);
    expect(several.body.message).toBe('The name filter does not take the gt operator. Operators for name: eq, contains. (and 5 more errors)');
    expect(Object.keys(several.body.errors)).toEqual(['name[gt]', 'Retail_Price[GT]', 'box_length2', 'sellable[eq]', 'created_at', 'type[contains]']);
    expect(several.body.errors['box_length2'][0]).toMatch(/^Cannot filter by "box_length2"\. Filterable fields: name, /);
    expect(several.body.errors['type[contains]']).toEqual(['The type filter does not take the contains operator. Operators for type: eq.']);
  });

  it('answers parameter names that shadow object properties with 422, not 500', async () => {
    for (const name of ['toString', '__proto__', 'constructor[eq]']) {
      const res = await get(`/things?${encodeURIComponent(name)}=1`);
      expect(res.status, name).toBe(422);
      expect(Object.keys(res.body.errors), name).toEqual([name]);
    }
    const plain = await get('/plain?toString=1');
    expect(plain.status).toBe(422);
    expect(plain.body.errors).toEqual({ toString: ['Unknown query parameter "toString".'] });
  });

  it('still refuses undeclared parameters on routes without a filter grammar', async () => {
    const res = await get('/plain?per_page=2&retail_price[gt]=1');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'retail_price[gt]': ['Unknown query parameter "retail_price[gt]".'] });
    expect((await get('/plain?per_page=2')).status).toBe(200);
  });
});

describe('filter grammar in the OpenAPI document', () => {
  it('lists the fields in the operation description and stays a valid document', async () => {
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    await SwaggerParser.validate(structuredClone(res.body));
    const list = res.body.paths['/things'].get;
    expect(list.description.startsWith('A test list.\n\n**Filters.**')).toBe(true);
    for (const row of ['| `retail_price` | float | eq, gt, gte, lt, lte |', '| `type` | enum (PRODUCT, KIT) | eq |', '| `q` | string | eq, contains |', '| `kit_items.product_id` | integer |']) {
      expect(list.description).toContain(row);
    }
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(['per_page', 'filters']);
    expect(list.parameters[1]).toMatchObject({ in: 'query', style: 'form', explode: true, schema: { type: 'object', additionalProperties: { type: 'string' } } });
    expect(res.body.paths['/plain'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['per_page']);
  });

  it('describes each field of a table once', () => {
    const text = describeFilterGrammar('products');
    expect(text.match(/^\| `/gm)).toHaveLength(Object.keys(PRODUCT_FILTERS).length);
    expect(text).toContain('| `sku` | string | eq, contains | the internal SKU or any alternate SKU |');
  });
});

describe('route declarations with filters', () => {
  const schema = testSchema();
  const withFilters = (patch: Partial<RestRoute>): RestRoute[] => [{ ...routes.list, ...patch }];

  it('compile when the variable is a FilterParamInput list and the table exists', () => {
    expect(compileRoutes([routes.list], schema)).toHaveLength(1);
  });

  it('stop the start when the table is unknown, the variable missing or of another type', () => {
    expect(() => compileRoutes(withFilters({ filters: { variable: 'filters', spec: 'widgets' } }), schema)).toThrow(
      'GET /things: unknown filter table "widgets".',
    );
    expect(() => compileRoutes(withFilters({ filters: { variable: 'where', spec: 'products' } }), schema)).toThrow(
      'GET /things: maps filters to $where, which the operation does not declare.',
    );
    expect(() =>
      compileRoutes(
        withFilters({ graphql: 'query P($filters: Int) { plain(perPage: $filters) }', queryParams: {} }),
        schema,
      ),
    ).toThrow('GET /things: $filters must be a list of FilterParamInput.');
    expect(() => compileRoutes(withFilters({ filters: undefined }), schema)).toThrow('GET /things: $filters is declared but nothing fills it.');
  });
});

describe('splitting query parameters', () => {
  const params = (text: string) => new URLSearchParams(text);

  it('sends undeclared parameters to the filters, in order and repeated, on a route with a grammar', () => {
    expect(splitQueryParams(params('per_page=5&name[contains]=a&sort=-id&name[contains]=b&type=kit'), { queryParams: { per_page: 'perPage', sort: 'sort' }, filters: { variable: 'filters', spec: 'products' } })).toEqual({
      declared: new Map([['per_page', ['5']], ['sort', ['-id']]]),
      filters: [
        { name: 'name[contains]', value: 'a' },
        { name: 'name[contains]', value: 'b' },
        { name: 'type', value: 'kit' },
      ],
      unknown: [],
    });
  });

  it('reports undeclared parameters once each on a route without one', () => {
    expect(splitQueryParams(params('a=1&per_page=2&a=3&toString=x'), { queryParams: { per_page: 'perPage' } })).toEqual({
      declared: new Map([['per_page', ['2']]]),
      filters: [],
      unknown: ['a', 'toString'],
    });
  });
});
