// Contract tests of the locations routes over real HTTP: exact keys, types, status codes and error bodies.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { api, post } = serverForFile(['acme']);

const LOCATION_KEYS = [
  'address', 'city', 'country', 'created_at', 'id', 'is_pick_location', 'name', 'parent_id', 'state',
  'status', 'street_address_1', 'street_address_2', 'updated_at', 'zip',
].sort();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const createWarehouse = (name: string) => post('/locations', { name });

describe('POST /locations', () => {
  it('creates a warehouse and answers 201 {data: location} with every field', async () => {
    const res = await api('POST', '/locations', { name: 'Main warehouse', city: 'Lyon', is_pick_location: false, street_address_1: '1 rue' });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body)).toEqual(['data']);
    const location = res.body.data;
    expect(Object.keys(location).sort()).toEqual(LOCATION_KEYS);
    expect(location).toMatchObject({ name: 'Main warehouse', city: 'Lyon', parent_id: null, status: 'active', street_address_1: '1 rue', is_pick_location: false });
    expect(Number.isInteger(location.id)).toBe(true);
    expect(location.created_at).toMatch(ISO);
  });

  it('creates a location inside a warehouse', async () => {
    const warehouse = await createWarehouse('W-create');
    const res = await api('POST', '/locations', { name: 'Aisle 1', parent_id: warehouse.id, is_pick_location: true });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ parent_id: warehouse.id, is_pick_location: true });
  });

  it('requires a name', async () => {
    const res = await api('POST', '/locations', { city: 'Paris' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.any(String), errors: { name: [expect.stringMatching(/required/)] } });
  });

  it('refuses nesting a location under a location', async () => {
    const warehouse = await createWarehouse('W-nest');
    const child = (await api('POST', '/locations', { name: 'Bin', parent_id: warehouse.id })).body.data;
    const res = await api('POST', '/locations', { name: 'Sub-bin', parent_id: child.id });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['parent_id']);
  });
});

describe('PATCH /locations/{locationId}', () => {
  it('answers with the bare object {id, status, name, parent_id, created_at, updated_at}', async () => {
    const warehouse = await createWarehouse('W-patch');
    const res = await api('PATCH', `/locations/${warehouse.id}`, { name: 'Renamed', city: 'Nice', zip: '06000' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['created_at', 'id', 'name', 'parent_id', 'status', 'updated_at']);
    expect(res.body).toMatchObject({ id: warehouse.id, name: 'Renamed', parent_id: null, status: 'active' });
    expect(res.body.updated_at).toMatch(ISO);
    const stored = (await api('GET', `/locations/${warehouse.id}`)).body.data;
    expect(stored).toMatchObject({ name: 'Renamed', city: 'Nice', zip: '06000' });
  });

  it('accepts an empty body and changes nothing', async () => {
    const warehouse = await createWarehouse('W-empty');
    const res = await api('PATCH', `/locations/${warehouse.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('W-empty');
  });

  it('moves a location to another warehouse and back to top level', async () => {
    const a = await createWarehouse('W-a');
    const b = await createWarehouse('W-b');
    const bin = (await api('POST', '/locations', { name: 'Bin', parent_id: a.id })).body.data;
    expect((await api('PATCH', `/locations/${bin.id}`, { parent_id: b.id })).body.parent_id).toBe(b.id);
    expect((await api('PATCH', `/locations/${bin.id}`, { parent_id: null })).body.parent_id).toBeNull();
  });

  it('rejects a parent_id that is not an existing warehouse of the company', async () => {
    const warehouse = await createWarehouse('W-parent');
    const bin = (await api('POST', '/locations', { name: 'Bin', parent_id: warehouse.id })).body.data;
    const other = await createWarehouse('W-other');

    const missing = await api('PATCH', `/locations/${other.id}`, { parent_id: 999999 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.parent_id).toHaveLength(1);

    const underLocation = await api('PATCH', `/locations/${other.id}`, { parent_id: bin.id });
    expect(underLocation.status).toBe(422);
    expect(underLocation.body.errors.parent_id[0]).toMatch(/not a warehouse/);

    const self = await api('PATCH', `/locations/${warehouse.id}`, { parent_id: warehouse.id });
    expect(self.status).toBe(422);

    const warehouseWithChildren = await api('PATCH', `/locations/${warehouse.id}`, { parent_id: other.id });
    expect(warehouseWithChildren.status).toBe(422);
    expect(warehouseWithChildren.body.errors.parent_id[0]).toMatch(/contains locations/);
  });

  it('limits name and address fields to 255 characters, keyed by field', async () => {
    const warehouse = await createWarehouse('W-long');
    const long = 'x'.repeat(256);
    const res = await api('PATCH', `/locations/${warehouse.id}`, {
      name: long, address: long, street_address_1: long, street_address_2: long, city: long, state: long, zip: long, country: long,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body).sort()).toEqual(['errors', 'message']);
    expect(typeof res.body.message).toBe('string');
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['address', 'city', 'country', 'name', 'state', 'street_address_1', 'street_address_2', 'zip'],
    );
    for (const messages of Object.values(res.body.errors)) expect(messages).toEqual([expect.stringMatching(/255/)]);
    const ok = await api('PATCH', `/locations/${warehouse.id}`, { name: 'y'.repeat(255) });
    expect(ok.status).toBe(200);
  });

  it('rejects wrong types, unknown fields and an empty name with 422', async () => {
    const warehouse = await createWarehouse('W-types');
    const res = await api('PATCH', `/locations/${warehouse.id}`, { name: 12, parent_id: 'one', is_pick_location: 'yes', colour: 'red' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['colour', 'is_pick_location', 'name', 'parent_id']);
    const empty = await api('PATCH', `/locations/${warehouse.id}`, { name: '' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['name']);
    // null would keep the old value without a word: refused, and nothing changes.
    const nullFlag = await api('PATCH', `/locations/${warehouse.id}`, { is_pick_location: null, city: 'Nantes' });
    expect(nullFlag.status).toBe(422);
    expect(nullFlag.body.errors).toEqual({ is_pick_location: ['Must be true or false.'] });
    expect((await api('GET', `/locations/${warehouse.id}`)).body.data.city).not.toBe('Nantes');
  });

  it('answers 404 {message} for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await api('PATCH', `/locations/${id}`, { name: 'x' });
      expect(res.status).toBe(404);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
  });
});

describe('GET /locations', () => {
  it('pages with {data, meta} and the meta fields as integers', async () => {
    const first = await api('GET', '/locations?per_page=2&page=1');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['data', 'meta']);
    expect(Object.keys(first.body.meta).sort()).toEqual(['current_page', 'from', 'last_page', 'per_page', 'to', 'total']);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.meta).toMatchObject({ current_page: 1, from: 1, per_page: 2, to: 2 });
    const total = first.body.meta.total;
    expect(first.body.meta.last_page).toBe(Math.ceil(total / 2));
    expect(Object.keys(first.body.data[0]).sort()).toEqual(LOCATION_KEYS);

    const last = await api('GET', `/locations?per_page=2&page=${first.body.meta.last_page}`);
    expect(last.body.meta.to).toBe(total);
    const beyond = await api('GET', `/locations?per_page=2&page=${first.body.meta.last_page + 1}`);
    expect(beyond.body).toMatchObject({ data: [], meta: { from: 0, to: 0, total } });
  });

  it('filters by warehouse, kind and name, and sorts', async () => {
    const warehouse = await createWarehouse('Filter WH');
    await api('POST', '/locations', { name: 'Zeta', parent_id: warehouse.id });
    await api('POST', '/locations', { name: 'Alpha', parent_id: warehouse.id });
    const children = await api('GET', `/locations?parent_id=${warehouse.id}&sort=-name`);
    expect(children.body.data.map((l: any) => l.name)).toEqual(['Zeta', 'Alpha']);
    const warehouses = await api('GET', '/locations?type=warehouse&per_page=100');
    expect(warehouses.body.data.every((l: any) => l.parent_id === null)).toBe(true);
    const byName = await api('GET', '/locations?q=filter%20wh');
    expect(byName.body.data.map((l: any) => l.id)).toEqual([warehouse.id]);
  });

  it('refuses per_page above 100, bad numbers, unknown parameters and sorts with 422', async () => {
    const cases: Array<[string, string]> = [
      ['per_page=101', 'per_page'],
      ['per_page=0', 'per_page'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['colour=red', 'colour'],
      ['sort=colour', 'sort'],
      ['type=shelf', 'type'],
    ];
    for (const [query, key] of cases) {
      const res = await api('GET', `/locations?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toEqual([key]);
    }
    expect((await api('GET', '/locations?per_page=100')).status).toBe(200);
  });
});

describe('GET and DELETE /locations/{locationId}', () => {
  it('gets one location as {data}', async () => {
    const warehouse = await createWarehouse('W-get');
    const res = await api('GET', `/locations/${warehouse.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: warehouse });
  });

  it('deletes a location, refuses a warehouse that still holds locations', async () => {
    const warehouse = await createWarehouse('W-delete');
    const bin = (await api('POST', '/locations', { name: 'Bin', parent_id: warehouse.id })).body.data;
    const refused = await api('DELETE', `/locations/${warehouse.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/contains locations/);
    const deleted = await api('DELETE', `/locations/${bin.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(bin.id);
    expect((await api('GET', `/locations/${bin.id}`)).status).toBe(404);
    expect((await api('DELETE', `/locations/${warehouse.id}`)).status).toBe(200);
  });
});

describe('concurrent requests', () => {
  it('queue on one database without losing or mixing writes', async () => {
    const warehouse = await createWarehouse('W-concurrent');
    const before = (await api('GET', `/locations?parent_id=${warehouse.id}`)).body.meta.total;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? api('POST', '/locations', { name: `Bin ${i}`, parent_id: warehouse.id })
          : api('POST', '/locations', { name: `Bad ${i}`, parent_id: 999999 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 201 : 422)));
    const after = await api('GET', `/locations?parent_id=${warehouse.id}&per_page=100`);
    expect(after.body.meta.total).toBe(before + 10);
    expect(after.body.data.every((l: any) => l.name.startsWith('Bin'))).toBe(true);
  });
});
