// Locations through /graphql, with the error codes and limits that dashboards and GraphiQL users see.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { server, companies: { acme }, gql } = serverForFile(['acme']);

describe('locations in GraphQL', () => {
  it('creates, reads with relations, updates and deletes', async () => {
    const created = await gql('mutation { createLocation(input: {name: "Central", city: "Oslo"}) { id name isWarehouse parentId } }');
    expect(created.status).toBe(200);
    const warehouse = created.body.data.createLocation;
    expect(warehouse).toMatchObject({ name: 'Central', isWarehouse: true, parentId: null });

    const bin = (await gql('mutation($p: Int!) { createLocation(input: {name: "Bin 1", parentId: $p, isPickLocation: true}) { id parent { id name } } }', { p: warehouse.id })).body.data.createLocation;
    expect(bin.parent).toEqual({ id: warehouse.id, name: 'Central' });

    const read = await gql('query($id: Int!) { location(id: $id) { name city locations { id name isPickLocation } } }', { id: warehouse.id });
    expect(read.body.data.location).toEqual({ name: 'Central', city: 'Oslo', locations: [{ id: bin.id, name: 'Bin 1', isPickLocation: true }] });

    const updated = await gql('mutation($id: Int!) { updateLocation(id: $id, input: {name: "Bin A"}) { name parentId } }', { id: bin.id });
    expect(updated.body.data.updateLocation).toEqual({ name: 'Bin A', parentId: warehouse.id });

    const list = await gql('{ locations(kind: LOCATION) { items { name parent { name } } meta { total currentPage } } }');
    expect(list.body.data.locations).toEqual({ items: [{ name: 'Bin A', parent: { name: 'Central' } }], meta: { total: 1, currentPage: 1 } });

    expect((await gql('mutation($id: Int!) { deleteLocation(id: $id) { id } }', { id: bin.id })).body.data.deleteLocation).toEqual({ id: bin.id });
  });

  it('reports validation errors with a code and per-field messages', async () => {
    const res = await gql('mutation { createLocation(input: {name: ""}) { id } }');
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: { name: [expect.any(String)] } });
    const page = await gql('{ locations(perPage: 101) { meta { total } } }');
    expect(page.body.errors[0].extensions.errors).toHaveProperty('perPage');
  });

  it('shows variables that do not fit their types as what they are, not as an unexpected error', async () => {
    const res = await server.graphql('mutation ($id: Int!) { deleteLocation(id: $id) { id } }', { id: 'abc' }, { token: acme.token, company: 'acme' });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors).toEqual([expect.objectContaining({ message: 'Variable "$id" got invalid value "abc"; Int cannot represent non-integer value: "abc"' })]);
    const query = JSON.stringify('mutation ($input: LocationCreateInput!) { createLocation(input: $input) { id } }');
    const rawBody = `{"query":${query},"variables":{"input":{"name":${'['.repeat(5000)}${']'.repeat(5000)}}}}`;
    const nested = await server.call('POST', '/graphql', { token: acme.token, company: 'acme', rawBody });
    expect(nested.body.errors[0].extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(nested.body.errors[0].message).toContain('String cannot represent a non string value');
  });

  it('refuses queries deeper than the limit', async () => {
    let selection = 'id';
    for (let i = 0; i < 12; i++) selection = `parent { ${selection} }`;
    const res = await gql(`{ locations { items { ${selection} } } }`);
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors[0].message).toMatch(/depth/i);
  });

  it('serves GraphiQL as one self-contained, compressed page without a token', async () => {
    const res = await server.call('GET', '/graphql', { company: 'acme', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toBeTruthy();
    const again = await server.call('GET', '/graphql', { company: 'acme', headers: { accept: 'text/html', 'if-none-match': String(res.headers.etag) } });
    expect(again.status).toBe(304);
  });
});
