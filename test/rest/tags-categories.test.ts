// Contract tests over real HTTP of tags, categories and subcategories, priority lists, distribution
// templates and distribution template categories.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TAG_KEYS = ['color', 'created_at', 'description', 'icon', 'id', 'name', 'updated_at'];
const CATEGORY_KEYS = ['created_at', 'id', 'name', 'parent_id', 'subcategories', 'type', 'updated_at'];

/** Products are written directly: this file tests what products point at, not the product routes. */
async function createProduct(sku: string, data: Record<string, number> = {}): Promise<number> {
  return (await server.database.prisma.product.create({ data: { companyId: acme.companyId, name: sku, sku, ...data } })).id;
}

describe('tags', () => {
  it('creates, gets, updates, lists and deletes tags', async () => {
    const res = await api('POST', '/tags', { name: ' Fragile ', description: 'Handle with care', icon: 'glass', color: '#ff8800' });
    expect(res.status).toBe(201);
    const tag = res.body.data;
    expect(Object.keys(tag).sort()).toEqual(TAG_KEYS);
    expect(tag).toMatchObject({ name: 'Fragile', description: 'Handle with care', icon: 'glass', color: '#ff8800' });
    expect(tag.created_at).toMatch(ISO);
    expect((await api('GET', `/tags/${tag.id}`)).body).toEqual({ data: tag });

    const updated = await api('PATCH', `/tags/${tag.id}`, { color: null, description: 'Glass' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: tag.id, name: 'Fragile', color: null, description: 'Glass', icon: 'glass' });

    await post('/tags', { name: 'Heavy' });
    const list = await api('GET', '/tags?sort=-name&per_page=10');
    expect(list.status).toBe(200);
    expect(list.body.data.map((t: any) => t.name)).toEqual(['Heavy', 'Fragile']);
    expect(list.body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 10, to: 2, total: 2 });
    expect((await api('GET', '/tags?q=frag')).body.data.map((t: any) => t.id)).toEqual([tag.id]);

    const deleted = await api('DELETE', `/tags/${tag.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: updated.body.data });
    expect((await api('GET', `/tags/${tag.id}`)).status).toBe(404);
  });

  it('keeps names unique per company, ignoring case, and checks lengths', async () => {
    const tag = await post('/tags', { name: 'Seasonal' });
    const clash = await api('POST', '/tags', { name: 'SEASONAL' });
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({ message: expect.any(String), errors: { name: [`A tag named "SEASONAL" already exists (id ${tag.id}).`] } });
    expect((await api('PATCH', `/tags/${tag.id}`, { name: 'seasonal' })).status).toBe(200);
    expect((await api('POST', '/tags', { name: 'Seasonal' }, globex)).status).toBe(201);

    const long = await api('POST', '/tags', { name: 'n'.repeat(256), icon: 'i'.repeat(256), color: 'c'.repeat(33) });
    expect(long.body.errors).toEqual({
      name: ['The name may not be greater than 255 characters.'],
      icon: ['The icon may not be greater than 255 characters.'],
      color: ['The color may not be greater than 32 characters.'],
    });
    expect((await api('POST', '/tags', {})).body.errors).toEqual({ name: ['The name field is required.'] });
    expect((await api('PATCH', `/tags/${tag.id}`, { name: '' })).body.errors).toEqual({ name: ['The name may not be empty.'] });
  });

  it('detaches a deleted tag from its products', async () => {
    const tag = await post('/tags', { name: 'Detach me' });
    const productId = await createProduct('TAGGED-1');
    await server.database.prisma.productTag.create({ data: { companyId: acme.companyId, productId, tagId: tag.id } });
    expect((await api('DELETE', `/tags/${tag.id}`)).status).toBe(200);
    expect(await server.database.prisma.productTag.count({ where: { productId } })).toBe(0);
    expect(await server.database.prisma.product.count({ where: { id: productId } })).toBe(1);
  });

  it('answers 404 for another company’s tag', async () => {
    const tag = await post('/tags', { name: 'Private' });
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'x' }], ['DELETE', undefined]] as const) {
      expect((await api(method, `/tags/${tag.id}`, body, globex)).status, method).toBe(404);
    }
  });
});

describe('categories and subcategories', () => {
  it('creates a category and a subcategory under it', async () => {
    const res = await api('POST', '/categories', { name: 'Beverages' });
    expect(res.status).toBe(201);
    const category = res.body.data;
    expect(Object.keys(category).sort()).toEqual(CATEGORY_KEYS);
    expect(category).toMatchObject({ name: 'Beverages', type: 'category', parent_id: null, subcategories: [] });

    const sub = await post('/categories', { name: 'Coffee', parent_id: category.id });
    expect(sub).toMatchObject({ name: 'Coffee', type: 'subcategory', parent_id: category.id, subcategories: [] });
    expect((await api('GET', `/categories/${category.id}`)).body.data.subcategories).toEqual([{ id: sub.id, name: 'Coffee' }]);
  });

  it('refuses deeper nesting, unknown parents and duplicate sibling names', async () => {
    const category = await post('/categories', { name: 'Tools' });
    const sub = await post('/categories', { name: 'Hammers', parent_id: category.id });
    const deeper = await api('POST', '/categories', { name: 'Claw hammers', parent_id: sub.id });
    expect(deeper.status).toBe(422);
    expect(deeper.body.errors).toEqual({ parent_id: [`Category ${sub.id} is a subcategory; subcategories cannot be nested.`] });
    expect((await api('POST', '/categories', { name: 'X', parent_id: 999999 })).body.errors).toHaveProperty('parent_id');
    const foreign = await api('POST', '/categories', { name: 'Y', parent_id: category.id }, globex);
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['parent_id']);

    const dupCategory = await api('POST', '/categories', { name: 'tools' });
    expect(dupCategory.body.errors).toEqual({ name: [`A category named "tools" already exists (id ${category.id}).`] });
    const dupSub = await api('POST', '/categories', { name: 'HAMMERS', parent_id: category.id });
    expect(dupSub.body.errors.name[0]).toMatch(/already has a subcategory named/);
    // The same name under another category, or as a top-level category, is fine.
    const other = await post('/categories', { name: 'Garden' });
    expect((await api('POST', '/categories', { name: 'Hammers', parent_id: other.id })).status).toBe(201);
    expect((await api('POST', '/categories', { name: 'Hammers' })).status).toBe(201);

    expect((await api('PATCH', `/categories/${category.id}`, { parent_id: category.id })).body.errors).toEqual({
      parent_id: ['A category cannot be its own parent.'],
    });
    expect((await api('PATCH', `/categories/${category.id}`, { parent_id: other.id })).body.errors).toEqual({
      parent_id: ['This category holds subcategories, so it cannot become a subcategory.'],
    });
  });

  it('moves categories between levels only while no product uses them there', async () => {
    const a = await post('/categories', { name: 'Move A' });
    const b = await post('/categories', { name: 'Move B' });
    const sub = await post('/categories', { name: 'Move sub', parent_id: a.id });
    const moved = await api('PATCH', `/categories/${sub.id}`, { parent_id: b.id, name: 'Moved sub' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parent_id: b.id, name: 'Moved sub', type: 'subcategory' });
    expect((await api('PATCH', `/categories/${sub.id}`, { parent_id: null })).body.data.type).toBe('category');
    expect((await api('PATCH', `/categories/${sub.id}`, { parent_id: a.id })).body.data.type).toBe('subcategory');

    await createProduct('CAT-MOVE-1', { categoryId: a.id, subcategoryId: sub.id });
    const refused = await api('PATCH', `/categories/${sub.id}`, { parent_id: b.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ parent_id: ['1 product uses this subcategory, so it cannot be moved.'] });
    const c = await post('/categories', { name: 'Move C' });
    await createProduct('CAT-MOVE-2', { categoryId: c.id });
    const usedCategory = await api('PATCH', `/categories/${c.id}`, { parent_id: a.id });
    expect(usedCategory.body.errors).toEqual({ parent_id: ['1 product uses this category, so it cannot be moved.'] });
    // B holds no subcategories and no product uses it: it may become a subcategory.
    expect((await api('PATCH', `/categories/${b.id}`, { parent_id: a.id })).body.data.type).toBe('subcategory');
    expect((await api('PATCH', `/categories/${a.id}`, { name: 'Renamed A' })).status).toBe(200);
  });

  it('lists by type and parent, and validates the filters', async () => {
    const parent = await post('/categories', { name: 'List parent' });
    const s1 = await post('/categories', { name: 'List sub 2', parent_id: parent.id });
    const s2 = await post('/categories', { name: 'List sub 1', parent_id: parent.id });
    const children = await api('GET', `/categories?parent_id=${parent.id}&sort=name`);
    expect(children.status).toBe(200);
    expect(children.body.data.map((c: any) => c.id)).toEqual([s2.id, s1.id]);
    expect(Object.keys(children.body.data[0]).sort()).toEqual(CATEGORY_KEYS);

    const categories = await api('GET', '/categories?type=category&per_page=100');
    expect(categories.body.data.length).toBeGreaterThan(0);
    expect(categories.body.data.every((c: any) => c.type === 'category' && c.parent_id === null)).toBe(true);
    const subcategories = await api('GET', '/categories?type=subcategory&per_page=100');
    expect(subcategories.body.data.every((c: any) => c.type === 'subcategory')).toBe(true);
    expect((await api('GET', '/categories?q=list%20SUB')).body.meta.total).toBe(2);

    for (const [query, key] of [['type=shelf', 'type'], ['parent_id=x', 'parent_id'], ['sort=parent', 'sort'], ['level=1', 'level']]) {
      const res = await api('GET', `/categories?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toEqual([key]);
    }
  });

  it('deletes unused categories; refuses those in use by products or holding subcategories', async () => {
    const category = await post('/categories', { name: 'Delete parent' });
    const sub = await post('/categories', { name: 'Delete sub', parent_id: category.id });
    const holding = await api('DELETE', `/categories/${category.id}`);
    expect(holding.status).toBe(422);
    expect(holding.body).toEqual({
      message: `Category ${category.id} still holds 1 subcategory; move or delete them first.`,
      errors: { id: [`Category ${category.id} still holds 1 subcategory; move or delete them first.`] },
    });

    const productId = await createProduct('CAT-DEL-1', { subcategoryId: sub.id });
    const used = await api('DELETE', `/categories/${sub.id}`);
    expect(used.status).toBe(422);
    expect(used.body.message).toBe(`Category ${sub.id} is used by 1 product; move them to another category first.`);

    await server.database.prisma.product.deleteMany({ where: { id: productId } });
    const deleted = await api('DELETE', `/categories/${sub.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: sub.id, name: 'Delete sub', type: 'subcategory' });
    expect((await api('DELETE', `/categories/${category.id}`)).status).toBe(200);
    expect((await api('GET', `/categories/${category.id}`)).status).toBe(404);
  });
});

/** Priority lists, distribution templates and their categories share one shape of CRUD. */
const NAMED: Array<{ path: string; keys: string[]; extra: Record<string, unknown>; defaults: Record<string, unknown>; column: string }> = [
  { path: '/priority-lists', keys: ['created_at', 'description', 'id', 'name', 'updated_at', 'warehouse_ids'], extra: { description: 'Rush orders first' }, defaults: { description: null, warehouse_ids: [] }, column: 'priorityListId' },
  { path: '/distribution-templates', keys: ['created_at', 'id', 'name', 'source', 'updated_at'], extra: { source: 'manual' }, defaults: { source: 'assigned' }, column: 'distributionTemplateId' },
  { path: '/distribution-template-categories', keys: ['created_at', 'id', 'name', 'updated_at'], extra: {}, defaults: {}, column: 'distributionTemplateCategoryId' },
];

describe.each(NAMED)('$path', ({ path, keys, extra, defaults, column }) => {
  it('creates with defaults and every field, gets, updates, lists and deletes', async () => {
    const res = await api('POST', path, { name: 'Plain' });
    expect(res.status).toBe(201);
    const plain = res.body.data;
    expect(Object.keys(plain).sort()).toEqual(keys);
    expect(plain).toMatchObject({ name: 'Plain', ...defaults });
    expect(plain.created_at).toMatch(ISO);

    const full = await post(path, { name: 'Full', ...extra });
    expect(full).toMatchObject({ name: 'Full', ...extra });
    expect((await api('GET', `${path}/${full.id}`)).body).toEqual({ data: full });

    const updated = await api('PATCH', `${path}/${plain.id}`, { name: 'Renamed' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: plain.id, name: 'Renamed', ...defaults });

    const list = await api('GET', `${path}?sort=-name`);
    expect(list.body.data.map((r: any) => r.name)).toEqual(['Renamed', 'Full']);
    expect(list.body.meta.total).toBe(2);
    expect((await api('GET', `${path}?q=full`)).body.data.map((r: any) => r.id)).toEqual([full.id]);

    const deleted = await api('DELETE', `${path}/${plain.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(plain.id);
    expect((await api('GET', `${path}/${plain.id}`)).status).toBe(404);
    expect((await api('DELETE', `${path}/${full.id}`)).status).toBe(200);
  });

  it('validates the name and refuses deleting a record products use', async () => {
    expect((await api('POST', path, {})).body).toEqual({ message: expect.any(String), errors: { name: ['The name field is required.'] } });
    expect((await api('POST', path, { name: 'n'.repeat(256) })).body.errors).toEqual({ name: ['The name may not be greater than 255 characters.'] });
    const record = await post(path, { name: 'In use' });
    expect((await api('PATCH', `${path}/${record.id}`, { name: '  ' })).status).toBe(422);
    await createProduct(`${path}-used`, { [column]: record.id });
    const refused = await api('DELETE', `${path}/${record.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(new RegExp(`${record.id} is used by 1 product; change those products first.`));
    expect((await api('GET', `${path}/${record.id}`, undefined, globex)).status).toBe(404);
    expect((await api('GET', `${path}?per_page=0`)).status).toBe(422);
  });
});

describe('distribution template source', () => {
  it('may be changed but not emptied', async () => {
    const template = await post('/distribution-templates', { name: 'Source' });
    expect((await api('PATCH', `/distribution-templates/${template.id}`, { source: 'rule' })).body.data.source).toBe('rule');
    expect((await api('PATCH', `/distribution-templates/${template.id}`, { source: '' })).body.errors).toEqual({ source: ['The source may not be empty.'] });
    expect((await api('POST', '/distribution-templates', { name: 'S', source: 's'.repeat(65) })).body.errors).toEqual({
      source: ['The source may not be greater than 64 characters.'],
    });
  });
});
