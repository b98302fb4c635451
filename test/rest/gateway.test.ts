// Behaviour of the REST gateway itself: unknown routes, bad bodies, limits, request ids, sofa routes, OpenAPI.
import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import { serverForFile } from '../support/file-server.js';
import { MAX_BODY_BYTES } from '../../src/http/body.js';

const { server, companies: { acme } } = serverForFile(['acme']);

const opts = () => ({ company: 'acme', token: acme.token });

describe('REST gateway', () => {
  it('answers an unknown route with 404 {message}', async () => {
    const res = await server.call('GET', '/external/api/v1/no-such-thing', opts());
    expect(res.status).toBe(404);
    expect(Object.keys(res.body)).toEqual(['message']);
    const outside = await server.call('GET', '/nowhere', opts());
    expect(outside.status).toBe(404);
    expect(Object.keys(outside.body)).toEqual(['message']);
  });

  it('answers a known path with a wrong method with 405 and Allow', async () => {
    const res = await server.call('PUT', '/external/api/v1/locations', { ...opts(), body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toMatch(/GET/);
    expect(Object.keys(res.body)).toEqual(['message']);
  });

  it('answers malformed JSON with 400 {message}', async () => {
    const res = await server.call('POST', '/external/api/v1/locations', { ...opts(), rawBody: '{"name": ' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['message']);
  });

  it('answers a body that is not an object with 422', async () => {
    const res = await server.call('POST', '/external/api/v1/locations', { ...opts(), rawBody: '[1,2]' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('body');
  });

  it('answers an oversized body with 413 {message}', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES + 10) });
    const res = await server.call('POST', '/external/api/v1/locations', { ...opts(), rawBody: big });
    expect(res.status).toBe(413);
    expect(Object.keys(res.body)).toEqual(['message']);
  });

  it('answers a body nested 5,000 levels deep like any other wrong value, not with a 500', async () => {
    const res = await server.call('POST', '/external/api/v1/locations', { ...opts(), rawBody: `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}` });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ['The name must be a string.'] });
  });

  it('answers a path segment with malformed percent-encoding or a NUL as naming nothing (404)', async () => {
    for (const segment of ['%', '%FF', '%ED%A0%80', '%00']) {
      const res = await server.call('GET', `/external/api/v1/locations/${segment}`, opts());
      expect(res.status, segment).toBe(404);
      expect(res.body).toEqual({ message: `No resource with locationId "${segment}".` });
    }
  });

  it('returns a request id header, echoing a sane incoming one', async () => {
    const fresh = await server.call('GET', '/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await server.call('GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
  });

  it('never leaks a stack trace', async () => {
    const responses = await Promise.all([
      server.call('POST', '/external/api/v1/locations', { ...opts(), rawBody: '{' }),
      server.call('PATCH', '/external/api/v1/locations/1', { ...opts(), body: { name: 5 } }),
      server.call('GET', '/external/api/v1/locations/99999999999', opts()),
    ]);
    for (const res of responses) expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  });

  it('serves the remaining GraphQL fields through sofa-api, authenticated', async () => {
    const res = await server.call('GET', '/external/api/v1/viewer', opts());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      company: { id: acme.companyId, slug: 'acme', name: 'Company acme', baseCurrency: 'USD', gs1CompanyPrefix: null, ediSenderId: null, ediSenderQualifier: null, createdAt: expect.any(String), updatedAt: expect.any(String) },
      tokenScopes: ['read', 'write'],
    });
    expect((await server.call('GET', '/external/api/v1/viewer', { company: 'acme' })).status).toBe(401);
  });

  it('answers a generated route whose values do not fit the operation\'s types with 400 {message}', async () => {
    const res = await server.call('POST', '/external/api/v1/update-unit-class?id=1&input=0', opts());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining('Expected type "UnitClassUpdateInput" to be an object.') });
  });

  it('refuses text that cannot be stored on a generated route with 422 naming where it is', async () => {
    const res = await server.call('POST', '/external/api/v1/update-unit-class', { ...opts(), body: { id: 1, input: { name: 'Mass\u0000' } } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The input.name contains a NUL character, which cannot be stored.', errors: { 'input.name': ['The input.name contains a NUL character, which cannot be stored.'] } });
  });
});

describe('health', () => {
  it('reports live and ready', async () => {
    expect((await server.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.call('GET', '/readyz')).body).toEqual({ status: 'ready' });
  });
});

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3 document covering documented and generated routes', async () => {
    const res = await server.call('GET', '/external/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const document = res.body;
    await SwaggerParser.validate(structuredClone(document));
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/locations', '/locations/{locationId}', '/viewer']));
    const patch = document.paths['/locations/{locationId}'].patch;
    expect(Object.keys(patch.responses['200'].content['application/json'].schema.properties).sort()).toEqual(
      ['created_at', 'id', 'name', 'parent_id', 'status', 'updated_at'],
    );
    expect(Object.keys(patch.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'parent_id', 'street_address_1', 'is_pick_location']),
    );
    const list = document.paths['/locations'].get;
    expect(list.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['page', 'per_page']));
    expect(Object.keys(list.responses['200'].content['application/json'].schema.properties)).toEqual(['data', 'meta']);
  });

  it('says null as OpenAPI 3.0.3 does, and ajv compiles every response schema as served', async () => {
    const document = (await server.call('GET', '/external/api/v1/openapi.json')).body;
    const problems: string[] = [];
    const walk = (node: unknown, where: string, inRequest: boolean) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, any>;
      if (schema.nullable && schema.type === undefined) problems.push(`${where}: nullable without a type`);
      if (schema.nullable && Array.isArray(schema.enum) && !schema.enum.includes(null)) problems.push(`${where}: a nullable enum without null`);
      if (inRequest && schema.type === 'object' && Array.isArray(schema.required)) {
        for (const name of schema.required) if (schema.properties?.[name]?.nullable) problems.push(`${where}.${name}: required, and yet nullable`);
      }
      for (const [key, value] of Object.entries(schema)) walk(value, `${where}.${key}`, inRequest || key === 'requestBody');
    };
    walk(document, '', false);
    expect(problems).toEqual([]);

    // Every response schema under one root beside the components, so that their $refs resolve as in the
    // document and each component is compiled once.
    const responses: Record<string, unknown> = {};
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const [status, response] of Object.entries<any>(operation.responses ?? {})) {
          const schema = response.content?.['application/json']?.schema;
          if (schema) responses[`${method} ${path} ${status}`] = schema;
        }
      }
    }
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'document', components: document.components, responses });
    let compiled = 0;
    for (const name of Object.keys(responses)) {
      const pointer = encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
      expect(typeof ajv.getSchema(`document#/responses/${pointer}`), name).toBe('function');
      compiled++;
    }
    expect(compiled).toBeGreaterThan(1000);
  });

  it('names and summarises every operation, generated ones too, each operationId once', async () => {
    const document = (await server.call('GET', '/external/api/v1/openapi.json')).body;
    const operations = Object.entries<any>(document.paths).flatMap(([path, item]) => Object.entries<any>(item).map(([method, operation]) => ({ path, method, operation })));
    expect(operations.filter(({ operation }) => !operation.summary || !operation.operationId).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // sofa-api leaves these unnamed; their names come from the path, as sofa names the others.
    expect(document.paths['/viewer'].get).toMatchObject({ summary: 'Get viewer', operationId: 'viewer_query' });
    expect(document.paths['/update-unit-class'].post).toMatchObject({ summary: 'Update unit class', operationId: 'updateUnitClass_mutation' });
  });

  it('lists an enum in the spelling answers use, and takes any case', async () => {
    const document = (await server.call('GET', '/external/api/v1/openapi.json')).body;
    const body = document.paths['/products'].post.requestBody.content['application/json'].schema;
    expect(body.properties.lot_deduction_strategy.enum).toEqual(['FEFO', 'FIFO', 'LIFO', null]);
    const created = await server.call('POST', '/external/api/v1/products', { ...opts(), body: { name: 'Enum', sku: 'ENUM-1', lot_deduction_strategy: 'fefo' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.lot_deduction_strategy).toBe('FEFO');
    const refused = await server.call('POST', '/external/api/v1/products', { ...opts(), body: { name: 'Enum', sku: 'ENUM-2', lot_deduction_strategy: 'sometimes' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.lot_deduction_strategy).toEqual(['The lot deduction strategy must be one of: FEFO, FIFO, LIFO.']);
  });

  it('describes a package inside a package by the same schema, a recursive $ref', async () => {
    const document = (await server.call('GET', '/external/api/v1/openapi.json')).body;
    const body = document.paths['/sales-orders/{salesOrderId}/shipments/{shipmentId}/packages'].post.requestBody.content['application/json'].schema;
    const children = body.properties.packages.items.properties.child_packages;
    expect(children.items).toEqual({ $ref: '#/components/schemas/PackageInput_snake_case' });
    const component = document.components.schemas.PackageInput_snake_case;
    expect(component.properties.child_packages.items).toEqual({ $ref: '#/components/schemas/PackageInput_snake_case' });
    expect(component.properties.contained_items.items.required).toEqual(expect.arrayContaining(['order_item_id', 'quantity']));
  });

  it('has a docs page whose assets are served locally', async () => {
    const page = await server.call('GET', '/external/api/v1/docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await server.call('GET', asset)).status, asset).toBe(200);
  });
});
