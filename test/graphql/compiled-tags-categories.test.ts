// Tags and categories answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (by name, a category's subcategories, categories or subcategories only, its sort,
// reading ids only), and one statement writes them as the selection asks, with a category's type (declared beside
// its resolver), its parent and its subcategories. Here those answers equal graphql's ordinary execution field by
// field, keys in the same order and values alike, for REST pages (plain, filtered and sorted), records and random
// /graphql selections. The data: tags and categories made through the API (names JSON must escape) and bulk written
// directly: tags with every optional field null or set, categories without subcategories and with many. A page runs
// as many statements for 10 records as for 100. A tag has no relations, so field by field reads a page in the
// domain's one read too: the JSON statement is one more; a category page runs as many statements either way. Changes
// (create, update, delete) are compared too: each answer is one JSON statement in the change's transaction and equals
// the record read field by field right after it (right before, for a delete).
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
const tagList = getRoute(supplierRoutes, '/tags');
const tagRecord = getRoute(supplierRoutes, '/tags/{tagId}');
const categoryList = getRoute(supplierRoutes, '/categories');
const categoryRecord = getRoute(supplierRoutes, '/categories/{categoryId}');
const tagIds: number[] = [];
const categoryIds: number[] = [];
let toolsId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  tagIds.push((await post('/tags', { name: 'Sale "50%" \\ ☃', description: 'Line one\nline "two"', icon: 'star ☃', color: '#ff8800' })).id);
  tagIds.push((await post('/tags', { name: 'Bare' })).id);
  const tools = await post('/categories', { name: 'Tools "hand" \\ ☃' });
  toolsId = tools.id;
  const saws = await post('/categories', { name: 'Saws\nand blades', parent_id: tools.id });
  await post('/categories', { name: 'Hammers', parent_id: tools.id });
  categoryIds.push(tools.id, saws.id, (await post('/categories', { name: 'Empty' })).id);

  // Bulk: 105 tags; 30 categories, a third without subcategories, and 80 subcategories under the rest.
  const tags = await db.tag.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({
      name: `Tag ${String(i).padStart(3, '0')} "t"`,
      description: i % 3 ? null : `About \\ ${i}\n☃`,
      icon: i % 4 ? null : 'icon',
      color: i % 5 ? null : `#${String(i).padStart(6, '0')}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })) as any,
  });
  tagIds.push(tags[0]!.id, tags[104]!.id);
  const categories = await db.productCategory.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 30 }, (_, i) => ({ name: `Category ${String(i).padStart(2, '0')} "c"`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })) as any,
  });
  const parents = categories.filter((_, i) => i % 3);
  const subcategories = await db.productCategory.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 80 }, (_, i) => ({ name: `Sub ${String(i).padStart(2, '0')} \\ s`, parentId: parents[i % parents.length]!.id, createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)) })) as any,
  });
  categoryIds.push(categories[0]!.id, categories[1]!.id, subcategories[79]!.id);
}, 60_000);

describe('tags written by one statement', () => {
  it('GET /tags answers as field by field, and runs as many statements for 10 tags as for 100', () =>
    pagesAsFieldByField(on, tagList, '/tags?sort=id', { sort: 'id' }, 'tags'));

  it('GET /tags by name, sorted, answers as field by field', async () => {
    const page = await pageAsFieldByField(on, tagList, '/tags?per_page=100&q=TAG%200&sort=-name', { perPage: 100, q: 'TAG 0', sort: '-name' }, 'tags');
    expect(page.body.data).toHaveLength(100);
    await pageAsFieldByField(on, tagList, '/tags?per_page=20&page=6&sort=-created_at', { perPage: 20, page: 6, sort: '-created_at' }, 'tags');
  });

  it('GET /tags/{id} answers as field by field', () => recordsAsFieldByField(on, tagRecord, '/tags', tagIds, 'tag'));
});

describe('categories written by one statement', () => {
  it('GET /categories answers as field by field, and runs as many statements for 10 categories as for 100', () =>
    pagesAsFieldByField(on, categoryList, '/categories?sort=id', { sort: 'id' }, 'categories'));

  it('GET /categories of a kind, of a parent and by name answers as field by field', async () => {
    const onlyCategories = await pageAsFieldByField(on, categoryList, '/categories?per_page=100&type=category&sort=-name', { perPage: 100, kind: 'CATEGORY', sort: '-name' }, 'categories');
    expect(onlyCategories.body.data).toHaveLength(32);
    const onlySubcategories = await pageAsFieldByField(on, categoryList, '/categories?per_page=100&type=subcategory', { perPage: 100, kind: 'SUBCATEGORY' }, 'categories');
    expect(onlySubcategories.body.data).toHaveLength(82);
    await pageAsFieldByField(on, categoryList, `/categories?parent_id=${toolsId}&type=subcategory`, { parentId: toolsId, kind: 'SUBCATEGORY' }, 'categories');
    await pageAsFieldByField(on, categoryList, '/categories?per_page=100&q=sub%207&sort=-created_at', { perPage: 100, q: 'sub 7', sort: '-created_at' }, 'categories');
  });

  it('GET /categories/{id} answers as field by field', () => recordsAsFieldByField(on, categoryRecord, '/categories', categoryIds, 'category'));
});

describe('random selections over /graphql', () => {
  it('of tags answer as field by field', () =>
    selectionsAsFieldByField(on, ['Tag'], ([selection], id) => pageAndRecordQueries(selection!, 'tags', '-id', 'tag', id), {
      numRuns: 15, seed: 20261204, ids: tagIds,
    }));

  it('of categories answer as field by field', () =>
    selectionsAsFieldByField(on, ['Category'], ([selection], id) => pageAndRecordQueries(selection!, 'categories', 'id', 'category', id), {
      numRuns: 15, seed: 20261205, ids: categoryIds, skipTooDeep: true,
    }));
});

describe('changes answered by one statement', () => {
  const odd = 'A "quoted" \\ name ☃\nline';

  it('tags: create with every field and with none, update setting and clearing fields, and delete', async () => {
    const full = await change('POST', '/tags', { name: odd, description: odd, icon: 'star "☃"', color: '#ff8800' }, { record: (t) => `/tags/${t.id}` });
    const bare = await change('POST', '/tags', { name: 'Changed bare' }, { record: (t) => `/tags/${t.id}` });
    await change('PATCH', `/tags/${bare.id}`, { description: 'Tab\there \\', color: '#000' });
    await change('PATCH', `/tags/${full.id}`, { name: 'Renamed', description: null, icon: null, color: null });
    await change('DELETE', `/tags/${full.id}`, undefined, { deletes: true });
    expect((await api('GET', `/tags/${full.id}`)).status).toBe(404);
  });

  it('categories: create a category and a subcategory, rename and move, and delete', async () => {
    const category = await change('POST', '/categories', { name: odd }, { record: (c) => `/categories/${c.id}` });
    const sub = await change('POST', '/categories', { name: 'Sub "s" \\', parent_id: category.id }, { record: (c) => `/categories/${c.id}` });
    const other = await change('POST', '/categories', { name: 'Other ☃' }, { record: (c) => `/categories/${c.id}` });
    await change('PATCH', `/categories/${sub.id}`, { name: 'Moved\nsub', parent_id: other.id });
    // A parent answers its new subcategories; the subcategory made a category again.
    await change('PATCH', `/categories/${other.id}`, { name: 'Other renamed' });
    await change('PATCH', `/categories/${sub.id}`, { parent_id: null });
    await change('DELETE', `/categories/${sub.id}`, undefined, { deletes: true });
    await change('DELETE', `/categories/${category.id}`, undefined, { deletes: true });
    expect((await api('GET', `/categories/${category.id}`)).status).toBe(404);
  });
});
