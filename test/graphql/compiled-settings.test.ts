// Custom field definitions and print stations answered in one go (compiledList, compiledArray and compiledRecord in
// src/graphql/shared/compiled-records.ts): the domain picks the page or the list (its entity type filter and sort,
// the stations by name then id, reading ids only), and one statement writes it as the selection asks. Here those
// answers equal graphql's ordinary execution field by field, keys in the same order and values alike, for REST pages
// (plain, filtered and sorted), the stations' list, records and random /graphql selections. The data: records made
// through the API, and bulk written directly: definitions of two entity types, options empty or JSON must escape;
// stations with equal-looking names, enabled or not. A page runs as many statements for 10 definitions as for 100,
// and the stations' list as many for 2 stations as for 62. Changes of definitions (create, update, delete) are
// compared too: each answer is one JSON statement in the change's transaction and equals the record read field by
// field right after it (right before, for a delete). Changes of print stations are compared the same way.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { supplierRoutes } from '../../rest-mapping/suppliers.js';
import { printStationRoutes } from '../../rest-mapping/print-stations.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import {
  getRoute, listAsFieldByField, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared,
} from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);
const definitionList = getRoute(supplierRoutes, '/custom-fields');
const definitionRecord = getRoute(supplierRoutes, '/custom-fields/{customFieldId}');
const stationList = getRoute(printStationRoutes, '/print-stations');
const stationRecord = getRoute(printStationRoutes, '/print-stations/{id}');
const definitionIds: number[] = [];
const stationIds: number[] = [];
let warehouseIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  definitionIds.push((await post('/custom-fields', { entity_type: 'product', key: 'finish', label: 'Finish "matte" \\ ☃', type: 'single_select', options: ['a "b"', 'c\\d', '☃\n'], required: true })).id);
  definitionIds.push((await post('/custom-fields', { entity_type: 'product', key: 'weight_note', label: 'Weight', type: 'text' })).id);
  warehouseIds = [(await post('/locations', { name: 'Dock' })).id, (await post('/locations', { name: 'Yard' })).id];
  stationIds.push((await post('/print-stations', { name: 'Zebra "1" \\ ☃', warehouse_id: warehouseIds[0], printer_host: 'printer-1.local' })).id);
  stationIds.push((await post('/print-stations', { name: 'alpha', warehouse_id: warehouseIds[1], printer_host: '10.0.0.7', printer_port: 65535, enabled: false })).id);

  // Bulk: 105 definitions of two entity types and every type.
  const definitions = await db.customFieldDefinition.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({
      entityType: i % 4 ? 'product' : 'supplier',
      key: `key_${String(i).padStart(3, '0')}`,
      label: `Label ${104 - i}${i % 6 ? '' : ' "q" \\ ☃\n'}`,
      type: ['text', 'number', 'boolean', 'date', 'single_select'][i % 5],
      options: i % 5 === 4 ? [`opt ${i}`, 'x "y"', ''] : [],
      required: i % 2 === 0,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })) as any,
  });
  definitionIds.push(definitions[0]!.id, definitions[4]!.id, definitions[104]!.id);
}, 60_000);

describe('custom field definitions written by one statement', () => {
  it('GET /custom-fields answers as field by field, and runs as many statements for 10 definitions as for 100', () =>
    pagesAsFieldByField(on, definitionList, '/custom-fields?sort=id', { sort: 'id' }, 'customFieldDefinitions'));

  it('GET /custom-fields of an entity type, sorted, answers as field by field', async () => {
    await pageAsFieldByField(on, definitionList, '/custom-fields?per_page=100&entity_type=supplier&sort=-label', { perPage: 100, entityType: 'supplier', sort: '-label' }, 'customFieldDefinitions');
    await pageAsFieldByField(on, definitionList, '/custom-fields?per_page=25&page=2&entity_type=product&sort=-key', { perPage: 25, page: 2, entityType: 'product', sort: '-key' }, 'customFieldDefinitions');
  });

  it('GET /custom-fields/{id} answers as field by field', () => recordsAsFieldByField(on, definitionRecord, '/custom-fields', definitionIds, 'customFieldDefinition'));
});

describe('print stations written by one statement', () => {
  it('GET /print-stations answers as field by field, and runs as many statements for 2 stations as for 62', async () => {
    const two = await listAsFieldByField(on, stationList, '/print-stations', {}, 'printStations');
    // Bulk: 60 more, names that sort between and alike, on either warehouse, enabled or not.
    await tenantClient(server.database.prisma, acme.companyId).printStation.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        name: `${['Zebra', 'alpha', 'Beta "b"', 'beta \\'][i % 4]} ${String(i % 15).padStart(2, '0')}${i >= 15 ? ` ${i}` : ''}`,
        warehouseId: warehouseIds[i % 2]!,
        printerHost: `host-${i}.example`,
        printerPort: 9100 + i,
        enabled: i % 3 !== 0,
        createdAt: new Date(Date.UTC(2026, 2, 1, 0, 0, i)),
      })) as any,
    });
    const many = await listAsFieldByField(on, stationList, '/print-stations', {}, 'printStations');
    expect([two.body.data.length, many.body.data.length]).toEqual([2, 62]);
    expect(many.count).toBe(two.count);
    stationIds.push(...many.body.data.slice(10, 13).map((station: any) => station.id));
  });

  it('GET /print-stations/{id} answers as field by field', () => recordsAsFieldByField(on, stationRecord, '/print-stations', stationIds, 'printStation'));
});

describe('random selections over /graphql', () => {
  it('of custom field definitions answer as field by field', () =>
    selectionsAsFieldByField(on, ['CustomFieldDefinition'], ([selection], id) => pageAndRecordQueries(selection!, 'customFieldDefinitions', '-id', 'customFieldDefinition', id), {
      numRuns: 15, seed: 20261130, ids: definitionIds,
    }));

  it('of print stations answer as field by field', () =>
    selectionsAsFieldByField(
      on,
      ['PrintStation'],
      ([{ text, fragments }], id) => [`query List { printStations { ${text} } } ${fragments.join(' ')}`, `query One { printStation(id: ${id}) { ${text} } } ${fragments.join(' ')}`],
      { numRuns: 15, seed: 20261131, ids: stationIds },
    ));
});

describe('changes answered by one statement', () => {
  it('custom field definitions: create with every field and with none, update setting and clearing options, and delete', async () => {
    const odd = 'A "quoted" \\ name ☃\nline';
    const select = await change('POST', '/custom-fields', { entity_type: 'product', key: 'grade', label: odd, type: 'single_select', options: [odd, 'b', '☃'], required: true }, { record: (d) => `/custom-fields/${d.id}` });
    const text = await change('POST', '/custom-fields', { entity_type: 'product', key: 'remark', label: 'Remark', type: 'text' }, { record: (d) => `/custom-fields/${d.id}` });
    await change('PATCH', `/custom-fields/${select.id}`, { label: 'Grade "2"', options: ['x \\ y'], required: false });
    await change('PATCH', `/custom-fields/${text.id}`, { label: odd, required: true, options: null });
    await change('DELETE', `/custom-fields/${select.id}`, undefined, { deletes: true });
    expect((await api('GET', `/custom-fields/${select.id}`)).status).toBe(404);
  });
});

describe('print station changes answered by one statement', () => {
  it('print stations: create with every field and with the required ones, update setting fields, and delete', async () => {
    const dock = await post('/locations', { name: 'Dock "changes"' });
    const other = await post('/locations', { name: 'Other dock' });
    const full = await change('POST', '/print-stations', {
      name: 'A "quoted" \\ name ☃\nline', warehouse_id: dock.id, printer_host: 'printer-1.example.com', printer_port: 9101, label_format: 'zpl', enabled: false,
    }, { record: (x) => `/print-stations/${x.id}` });
    const bare = await change('POST', '/print-stations', { name: 'Bare station', warehouse_id: dock.id, printer_host: '10.0.0.7' }, { record: (x) => `/print-stations/${x.id}` });
    await change('PATCH', `/print-stations/${full.id}`, { name: 'Renamed "s"', warehouse_id: other.id, printer_port: 65535, enabled: true });
    await change('PATCH', `/print-stations/${bare.id}`, { printer_host: 'host.local' });
    await change('DELETE', `/print-stations/${full.id}`, undefined, { deletes: true });
    await change('DELETE', `/print-stations/${bare.id}`, undefined, { deletes: true });
    expect((await api('GET', `/print-stations/${bare.id}`)).status).toBe(404);
  });
});
