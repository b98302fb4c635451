// Contract tests over real HTTP of custom field definitions (/custom-fields).
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';

const { companies: { acme, globex }, api } = serverForFile(['acme', 'globex']);

const KEYS = ['created_at', 'entity_type', 'id', 'key', 'label', 'options', 'required', 'type', 'updated_at'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function define(body: Record<string, unknown>, tenant: Tenant = acme): Promise<any> {
  const res = await api('POST', '/custom-fields', { entity_type: 'product', ...body }, tenant);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('POST /custom-fields', () => {
  it('creates a definition of each type: 201 {data} with every field', async () => {
    const res = await api('POST', '/custom-fields', { entity_type: 'product', key: 'warranty_months', label: 'Warranty (months)', type: 'number', required: true });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const definition = res.body.data;
    expect(Object.keys(definition).sort()).toEqual(KEYS);
    expect(definition).toMatchObject({ entity_type: 'product', key: 'warranty_months', label: 'Warranty (months)', type: 'number', options: [], required: true });
    expect(Number.isInteger(definition.id)).toBe(true);
    expect(definition.created_at).toMatch(ISO);

    const select = await define({ key: 'finish', label: 'Finish', type: 'single_select', options: ['matte', 'gloss'] });
    expect(select).toMatchObject({ type: 'single_select', options: ['matte', 'gloss'], required: false });
    for (const type of ['text', 'boolean', 'date']) expect((await define({ key: `a_${type}`, label: type, type })).type).toBe(type);
  });

  it('requires entity type, key, label and type', async () => {
    const res = await api('POST', '/custom-fields', {});
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['entity_type', 'key', 'label', 'type']);
    const blank = await api('POST', '/custom-fields', { entity_type: '', key: '', label: ' ', type: '' });
    expect(blank.body.errors).toEqual({
      entity_type: ['The entity type field is required.'],
      key: ['The key field is required.'],
      label: ['The label field is required.'],
      type: ['The type field is required.'],
    });
  });

  it('checks the entity type and the type against their lists, and the key format', async () => {
    const res = await api('POST', '/custom-fields', { entity_type: 'order', key: 'Bad Key', label: 'L', type: 'color' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      entity_type: ['The entity type must be one of: product.'],
      key: ['The key must be a snake_case identifier: lowercase letters, digits and underscores, starting with a letter.'],
      type: ['The type must be one of: text, number, boolean, date, single_select.'],
    });
    for (const key of ['1abc', '_abc', 'abc-def', 'camelCase']) {
      expect((await api('POST', '/custom-fields', { entity_type: 'product', key, label: 'L', type: 'text' })).body.errors, key).toHaveProperty('key');
    }
    const long = await api('POST', '/custom-fields', { entity_type: 'product', key: 'k'.repeat(65), label: 'l'.repeat(256), type: 'text' });
    expect(long.body.errors).toEqual({
      key: ['The key may not be greater than 64 characters.'],
      label: ['The label may not be greater than 255 characters.'],
    });
    expect((await api('POST', '/custom-fields', { entity_type: 'product', key: 'k'.repeat(64), label: 'L', type: 'text' })).status).toBe(201);
  });

  it('requires options for single_select and refuses them otherwise', async () => {
    const none = await api('POST', '/custom-fields', { entity_type: 'product', key: 'size', label: 'Size', type: 'single_select' });
    expect(none.body.errors).toEqual({ options: ['The options field is required for a single_select custom field and may not be empty.'] });
    const empty = await api('POST', '/custom-fields', { entity_type: 'product', key: 'size', label: 'Size', type: 'single_select', options: [] });
    expect(Object.keys(empty.body.errors)).toEqual(['options']);
    const extra = await api('POST', '/custom-fields', { entity_type: 'product', key: 'size', label: 'Size', type: 'text', options: ['S'] });
    expect(extra.body.errors).toEqual({ options: ['Options are only allowed for a single_select custom field.'] });
    const bad = await api('POST', '/custom-fields', { entity_type: 'product', key: 'size', label: 'Size', type: 'single_select', options: ['S', '', 'S'] });
    expect(bad.body.errors).toEqual({ 'options.1': ['An option may not be empty.'], 'options.2': ['The option "S" is listed twice.'] });
    const wrongType = await api('POST', '/custom-fields', { entity_type: 'product', key: 'size', label: 'Size', type: 'single_select', options: 'S,M' });
    expect(Object.keys(wrongType.body.errors)).toEqual(['options']);
  });

  it('keeps keys unique per entity type within a company', async () => {
    const first = await define({ key: 'origin', label: 'Origin', type: 'text' });
    const clash = await api('POST', '/custom-fields', { entity_type: 'product', key: 'origin', label: 'Again', type: 'text' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ key: [`A product custom field with the key "origin" already exists (id ${first.id}).`] });
    expect((await define({ key: 'origin', label: 'Origin', type: 'text' }, globex)).key).toBe('origin');
  });
});

describe('PATCH /custom-fields/{customFieldId}', () => {
  it('changes label, options and required; 200 {data}', async () => {
    const definition = await define({ key: 'grade', label: 'Grade', type: 'single_select', options: ['A', 'B'] });
    const res = await api('PATCH', `/custom-fields/${definition.id}`, { label: 'Quality grade', options: ['A', 'B', 'C'], required: true });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toMatchObject({ id: definition.id, key: 'grade', label: 'Quality grade', options: ['A', 'B', 'C'], required: true });
    expect((await api('PATCH', `/custom-fields/${definition.id}`, {})).body.data.label).toBe('Quality grade');
    expect((await api('PATCH', `/custom-fields/${definition.id}`, { options: [] })).body.errors).toHaveProperty('options');
    expect((await api('PATCH', `/custom-fields/${definition.id}`, { label: '' })).body.errors).toEqual({ label: ['The label field is required.'] });
  });

  it('keeps entity type, key and type fixed, accepting them unchanged', async () => {
    const definition = await define({ key: 'fixed', label: 'Fixed', type: 'text' });
    const res = await api('PATCH', `/custom-fields/${definition.id}`, { key: 'moved', type: 'number', entity_type: 'order' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['entity_type', 'key', 'type']);
    expect(res.body.errors.key[0]).toMatch(/cannot change/);
    const same = await api('PATCH', `/custom-fields/${definition.id}`, { key: 'fixed', type: 'text', entity_type: 'product', label: 'Still fixed' });
    expect(same.status).toBe(200);
    expect((await api('PATCH', `/custom-fields/${definition.id}`, { options: ['x'] })).body.errors).toEqual({
      options: ['Options are only allowed for a single_select custom field.'],
    });
  });
});

describe('GET and DELETE /custom-fields', () => {
  it('lists with {data, meta}, filters by entity type and sorts', async () => {
    const res = await api('GET', '/custom-fields?entity_type=product&sort=-key&per_page=100');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
    const keys = res.body.data.map((d: any) => d.key);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(res.body.meta.total).toBe(keys.length);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(KEYS);
    expect((await api('GET', '/custom-fields?entity_type=order')).body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await api('GET', '/custom-fields?sort=type')).status).toBe(422);
    expect((await api('GET', '/custom-fields?type=text')).status).toBe(422);
  });

  it('gets and deletes one definition; 404 for unknown ids and other companies', async () => {
    const definition = await define({ key: 'to_delete', label: 'To delete', type: 'boolean' });
    expect((await api('GET', `/custom-fields/${definition.id}`)).body).toEqual({ data: definition });
    for (const [method, body] of [['GET', undefined], ['PATCH', { label: 'x' }], ['DELETE', undefined]] as const) {
      expect((await api(method, `/custom-fields/${definition.id}`, body, globex)).status, method).toBe(404);
    }
    const deleted = await api('DELETE', `/custom-fields/${definition.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: definition });
    const gone = await api('GET', `/custom-fields/${definition.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: `Custom field ${definition.id} not found.` });
  });
});
