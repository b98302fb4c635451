// Priority lists, distribution templates and distribution template categories answered in one go (compiledList and
// compiledRecord in src/graphql/shared/compiled-records.ts): the domain picks the page (its name filter and sort,
// reading ids only), and one statement writes it as the selection asks, with a priority list's warehouses in their
// order (declared beside the resolver). Here those answers equal graphql's ordinary execution field by field, keys in
// the same order and values alike, for REST pages (plain, filtered and sorted), records and random /graphql
// selections. The data: records made through the API, and bulk written directly: lists without warehouses and with
// several out of id order, descriptions null or JSON must escape, sources of every kind. A page runs as many
// statements for 10 records as for 100. Changes (create, update, delete) are compared too: each answer is one JSON
// statement in the change's transaction and equals the record read field by field right after it (right before, for
// a delete).
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { supplierRoutes } from '../../rest-mapping/suppliers.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);
const AREAS = [
  { path: '/priority-lists', idParam: 'priorityListId', list: 'priorityLists', get: 'priorityList', type: 'PriorityList' },
  { path: '/distribution-templates', idParam: 'distributionTemplateId', list: 'distributionTemplates', get: 'distributionTemplate', type: 'DistributionTemplate' },
  { path: '/distribution-template-categories', idParam: 'distributionTemplateCategoryId', list: 'distributionTemplateCategories', get: 'distributionTemplateCategory', type: 'DistributionTemplateCategory' },
] as const;
const ids: Record<string, number[]> = { priorityLists: [], distributionTemplates: [], distributionTemplateCategories: [] };

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const warehouses: number[] = [];
  for (const name of ['East', 'West', 'North']) warehouses.push((await post('/locations', { name })).id);
  ids.priorityLists!.push((await post('/priority-lists', { name: 'Ship "fast" \\ ☃', description: 'Line 1\nLine 2', warehouse_ids: [warehouses[2], warehouses[0]] })).id);
  ids.priorityLists!.push((await post('/priority-lists', { name: 'Empty' })).id);
  ids.distributionTemplates!.push((await post('/distribution-templates', { name: 'Even "split" \\ ☃', source: 'imported\n"x"' })).id);
  ids.distributionTemplates!.push((await post('/distribution-templates', { name: 'Default source' })).id);
  ids.distributionTemplateCategories!.push((await post('/distribution-template-categories', { name: 'Bulky "xl" \\ ☃\n' })).id);

  // Bulk: 105 of each, written directly; priority lists with 0 to 3 warehouses in varied orders.
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i));
  const lists = await db.priorityList.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({ name: `List ${String(i).padStart(3, '0')}${i % 4 ? '' : ' "q" \\'}`, description: i % 3 ? null : `Desc ☃ ${i}`, createdAt: at(i) })) as any,
  });
  await db.priorityListWarehouse.createMany({
    data: lists.flatMap(({ id }, i) => Array.from({ length: i % 4 }, (_, k) => ({ priorityListId: id, warehouseId: warehouses[(i + k) % 3]!, position: (k * 7 + i) % 5 }))) as any,
  });
  const templates = await db.distributionTemplate.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({ name: `Template ${String(i).padStart(3, '0')}`, source: ['assigned', 'system', 'custom "s"'][i % 3], createdAt: at(i) })) as any,
  });
  const categories = await db.distributionTemplateCategory.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({ name: `Category ${String(i).padStart(3, '0')}${i % 5 ? '' : '\t☃'}`, createdAt: at(i) })) as any,
  });
  ids.priorityLists!.push(lists[0]!.id, lists[3]!.id, lists[104]!.id);
  ids.distributionTemplates!.push(templates[1]!.id, templates[104]!.id);
  ids.distributionTemplateCategories!.push(categories[0]!.id, categories[104]!.id);
}, 60_000);

for (const [n, area] of AREAS.entries()) {
  const listRoute = getRoute(supplierRoutes, area.path);
  const recordRoute = getRoute(supplierRoutes, `${area.path}/{${area.idParam}}`);

  describe(`${area.list} written by one statement`, () => {
    it(`GET ${area.path} answers as field by field, and runs as many statements for 10 records as for 100`, () =>
      pagesAsFieldByField(on, listRoute, `${area.path}?sort=id`, { sort: 'id' }, area.list));

    it(`GET ${area.path} by name, sorted, answers as field by field`, async () => {
      await pageAsFieldByField(on, listRoute, `${area.path}?per_page=50&q=%200&sort=-name`, { perPage: 50, q: ' 0', sort: '-name' }, area.list);
      await pageAsFieldByField(on, listRoute, `${area.path}?per_page=20&page=2&sort=-created_at`, { perPage: 20, page: 2, sort: '-created_at' }, area.list);
    });

    it(`GET ${area.path}/{id} answers as field by field`, () => recordsAsFieldByField(on, recordRoute, area.path, ids[area.list]!, area.get));

    it('random selections over /graphql answer as field by field', () =>
      selectionsAsFieldByField(on, [area.type], ([selection], id) => pageAndRecordQueries(selection!, area.list, '-id', area.get, id), {
        numRuns: 15, seed: 20261130 + n, ids: ids[area.list]!,
      }));
  });
}

describe('changes answered by one statement', () => {
  const odd = 'A "quoted" \\ name ☃\nline';

  it('priority lists: create with warehouses and without, update setting, reordering and clearing warehouses and the description, and delete', async () => {
    const warehouses = [(await post('/locations', { name: 'Changed 1' })).id, (await post('/locations', { name: 'Changed 2' })).id];
    const list = await change('POST', '/priority-lists', { name: 'Changed "list"' }, { record: (l) => `/priority-lists/${l.id}` });
    await change('POST', '/priority-lists', { name: odd, description: odd, warehouse_ids: [warehouses[1], warehouses[0]] }, { record: (l) => `/priority-lists/${l.id}` });
    await change('PATCH', `/priority-lists/${list.id}`, { name: odd, description: odd, warehouse_ids: [warehouses[1], warehouses[0]] });
    await change('PATCH', `/priority-lists/${list.id}`, { warehouse_ids: [warehouses[0]] });
    await change('PATCH', `/priority-lists/${list.id}`, { description: null, warehouse_ids: [] });
    await change('PATCH', `/priority-lists/${list.id}`, { warehouse_ids: [warehouses[1], warehouses[0]] });
    // Its warehouses go with it; the answer, read before the delete, still lists them.
    await change('DELETE', `/priority-lists/${list.id}`, undefined, { deletes: true });
    expect((await api('GET', `/priority-lists/${list.id}`)).status).toBe(404);
  });

  it('distribution templates: create with a source and without, update, and delete', async () => {
    const full = await change('POST', '/distribution-templates', { name: odd, source: 'imported "x" \\' }, { record: (t) => `/distribution-templates/${t.id}` });
    const bare = await change('POST', '/distribution-templates', { name: 'Changed bare' }, { record: (t) => `/distribution-templates/${t.id}` });
    await change('PATCH', `/distribution-templates/${bare.id}`, { name: 'Tab\there', source: odd });
    await change('PATCH', `/distribution-templates/${full.id}`, { source: 'assigned' });
    await change('DELETE', `/distribution-templates/${full.id}`, undefined, { deletes: true });
    expect((await api('GET', `/distribution-templates/${full.id}`)).status).toBe(404);
  });

  it('distribution template categories: create, update and delete', async () => {
    const category = await change('POST', '/distribution-template-categories', { name: odd }, { record: (c) => `/distribution-template-categories/${c.id}` });
    await change('PATCH', `/distribution-template-categories/${category.id}`, { name: 'Renamed \\ ☃' });
    await change('DELETE', `/distribution-template-categories/${category.id}`, undefined, { deletes: true });
    expect((await api('GET', `/distribution-template-categories/${category.id}`)).status).toBe(404);
  });
});
