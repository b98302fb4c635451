// Locations and warehouse groups answered in one go (compiledList and compiledRecord in
// src/graphql/shared/compiled-records.ts): the domain picks the page (its filters by warehouse, kind and name, its
// sort, reading ids only), and one statement writes it as the selection asks, with a location's parent, its
// locations and whether it is a warehouse, and a group's warehouses, their ids and whether an API key is set. Here
// those answers equal graphql's ordinary execution field by field, keys in the same order and values alike, for REST
// pages (plain, filtered and sorted), records and random /graphql selections. The data: warehouses and locations
// made through the API, and bulk written directly: warehouses with and without locations and addresses, names JSON
// must escape, groups with no warehouses, one or several, with and without a key. A page runs as many statements for
// 10 records as for 100. Changes (create, update, delete) are compared too: each answers in one statement in its
// transaction, as the record read field by field (compiledMutation).
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { locationRoutes } from '../../rest-mapping/locations.js';
import { inventoryRoutes } from '../../rest-mapping/inventory.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker, mutationAsking } from '../support/compiled-change.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change, graphqlChange } = compiledChangeChecker(server, acme, api, () => counter.statements);
const locationList = getRoute(locationRoutes, '/locations');
const locationRecord = getRoute(locationRoutes, '/locations/{locationId}');
const groupList = getRoute(inventoryRoutes, '/warehouse-groups');
const groupRecord = getRoute(inventoryRoutes, '/warehouse-groups/{warehouseGroupId}');
const locationIds: number[] = [];
const groupIds: number[] = [];
let mainId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const main = await post('/locations', { name: 'Main "north" \\ ☃', street_address_1: 'Line 1\nLine 2', city: 'Zürich', country: 'CH' });
  mainId = main.id;
  const bin = await post('/locations', { name: 'Bin A-1', parent_id: main.id, is_pick_location: true });
  const empty = await post('/locations', { name: 'Empty' });
  locationIds.push(main.id, bin.id, empty.id);
  const group = await post('/warehouse-groups', { name: 'Europe "EU" \\ ☃', lot_deduction_strategy: 'FEFO', warehouse_ids: [main.id, empty.id], allow_negative_stock: true });
  groupIds.push(group.id, (await post('/warehouse-groups', { name: 'Nothing yet' })).id);

  // Bulk: 105 groups (some externally managed, with a key or without), 105 warehouses, some in a group, some with
  // locations, addresses or none.
  const groups = await db.warehouseGroup.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({
      name: `Group ${String(i).padStart(3, '0')} "g"`,
      lotDeductionStrategy: [null, 'FIFO', 'FEFO', 'LIFO'][i % 4],
      allowNegativeStock: i % 5 === 0,
      externallyManaged: i % 3 === 0,
      externalWmsUrl: i % 3 === 0 ? `https://wms.example/${i}?a="b"` : null,
      externalWmsApiKey: i % 6 === 0 ? 'secret' : null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })) as any,
  });
  const warehouses = await db.location.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({
      name: `Warehouse ${String(i).padStart(3, '0')} \\ ${i % 7 ? '' : '☃'}`,
      warehouseGroupId: i % 4 ? groups[i % 20]!.id : null,
      address: i % 2 ? null : `Street ${i}\n"back"`,
      city: i % 3 ? null : 'Paris',
      zip: i % 5 ? null : '0' + i,
      createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, i)),
    })) as any,
  });
  await db.location.createMany({
    data: warehouses.flatMap(({ id }, i) => Array.from({ length: i % 3 }, (_, k) => ({ name: `Shelf ${k} of ${i}`, parentId: id, isPickLocation: k === 0 }))) as any,
  });
  locationIds.push(warehouses[0]!.id, warehouses[2]!.id, warehouses[104]!.id);
  groupIds.push(groups[0]!.id, groups[3]!.id, groups[104]!.id);
}, 60_000);

describe('locations written by one statement', () => {
  it('GET /locations answers as field by field, and runs as many statements for 10 locations as for 100', () =>
    pagesAsFieldByField(on, locationList, '/locations?sort=id', { sort: 'id' }, 'locations'));

  it('GET /locations of a warehouse, of a kind and by name answers as field by field', async () => {
    await pageAsFieldByField(on, locationList, `/locations?per_page=100&parent_id=${mainId}`, { perPage: 100, parentId: mainId }, 'locations');
    await pageAsFieldByField(on, locationList, '/locations?per_page=100&type=warehouse&sort=-name', { perPage: 100, kind: 'WAREHOUSE', sort: '-name' }, 'locations');
    await pageAsFieldByField(on, locationList, '/locations?per_page=50&type=location&q=SHELF%201&sort=-created_at', { perPage: 50, kind: 'LOCATION', q: 'SHELF 1', sort: '-created_at' }, 'locations');
  });

  it('GET /locations/{id} answers as field by field', () => recordsAsFieldByField(on, locationRecord, '/locations', locationIds, 'location'));
});

describe('warehouse groups written by one statement', () => {
  it('GET /warehouse-groups answers as field by field, and runs as many statements for 10 groups as for 100', () =>
    pagesAsFieldByField(on, groupList, '/warehouse-groups?sort=id', { sort: 'id' }, 'warehouseGroups'));

  it('GET /warehouse-groups by name, descending, answers as field by field', () =>
    pageAsFieldByField(on, groupList, '/warehouse-groups?per_page=30&page=2&sort=-name', { perPage: 30, page: 2, sort: '-name' }, 'warehouseGroups'));

  it('GET /warehouse-groups/{id} answers as field by field', () => recordsAsFieldByField(on, groupRecord, '/warehouse-groups', groupIds, 'warehouseGroup'));
});

describe('changes answered by one statement', () => {
  const text = 'A "quoted" \\ name ☃\nline';

  it('locations: create (every field, and a name only), update (set and clear), delete', async () => {
    const warehouse = await change('POST', '/locations', {
      name: text, address: text, street_address_1: '1 "Main" St', street_address_2: 'Back\\slash', city: 'Zürich', state: 'ZH', zip: '8001', country: 'CH', is_pick_location: false,
    }, { record: (l) => `/locations/${l.id}` });
    const bin = await change('POST', '/locations', { name: 'Bin', parent_id: warehouse.id, is_pick_location: true }, { record: (l) => `/locations/${l.id}` });
    const bare = await change('POST', '/locations', { name: 'Bare' }, { record: (l) => `/locations/${l.id}` });
    // PATCH /locations answers the bare location (a few fields): /graphql asks every field of the record.
    const update = 'mutation Update($id: Int!, $input: LocationUpdateInput!) { updateLocation(id: $id, input: $input)';
    await graphqlChange(mutationAsking(locationRecord, update), { id: warehouse.id, input: { name: 'Renamed \t "w"', address: null, streetAddress2: null, city: null, zip: '0001' } }, locationRecord.graphql);
    await graphqlChange(mutationAsking(locationRecord, update), { id: bin.id, input: { isPickLocation: false, city: text } }, locationRecord.graphql);
    await change('DELETE', `/locations/${bin.id}`, undefined, { deletes: true });
    await change('DELETE', `/locations/${warehouse.id}`, undefined, { deletes: true });
    await change('DELETE', `/locations/${bare.id}`, undefined, { deletes: true });
    expect((await api('GET', `/locations/${warehouse.id}`)).status).toBe(404);
  });

  it('warehouse groups: create (every field, and a name only), update (set and clear), delete', async () => {
    const a = await post('/locations', { name: 'Group A' });
    const b = await post('/locations', { name: 'Group B' });
    const full = await change('POST', '/warehouse-groups', {
      name: text, lot_deduction_strategy: 'FEFO', allow_negative_stock: true, warehouse_ids: [a.id, b.id],
      externally_managed: true, external_wms_url: 'https://wms.example/x?a="b"', external_wms_api_key: 'secret "key"',
    }, { record: (g) => `/warehouse-groups/${g.id}` });
    const bare = await change('POST', '/warehouse-groups', { name: 'Bare group' }, { record: (g) => `/warehouse-groups/${g.id}` });
    await change('PATCH', `/warehouse-groups/${full.id}`, { lot_deduction_strategy: null, warehouse_ids: [b.id], external_wms_api_key: null, external_wms_url: null, externally_managed: false });
    await change('PATCH', `/warehouse-groups/${bare.id}`, { name: 'Renamed ☃', warehouse_ids: [a.id], allow_negative_stock: true });
    await change('DELETE', `/warehouse-groups/${full.id}`, undefined, { deletes: true });
    await change('DELETE', `/warehouse-groups/${bare.id}`, undefined, { deletes: true });
    expect((await api('GET', `/warehouse-groups/${bare.id}`)).status).toBe(404);
  });
});

describe('random selections over /graphql', () => {
  it('of locations answer as field by field', () =>
    selectionsAsFieldByField(on, ['Location'], ([selection], id) => pageAndRecordQueries(selection!, 'locations', '-id', 'location', id), {
      numRuns: 15, seed: 20261130, ids: locationIds, skipTooDeep: true,
    }));

  it('of warehouse groups answer as field by field', () =>
    selectionsAsFieldByField(on, ['WarehouseGroup'], ([selection], id) => pageAndRecordQueries(selection!, 'warehouseGroups', 'name', 'warehouseGroup', id), {
      numRuns: 15, seed: 20261131, ids: groupIds, skipTooDeep: true,
    }));
});
