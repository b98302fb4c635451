// Contract tests of the units of measure routes over real HTTP: unit classes, units, conversion rules and
// the change of a class's default (base) unit, with exact keys, types, status codes and error bodies.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { convertQuantity } from '../../src/domain/units/conversion.js';

const { server, companies: { acme, beta }, api, post } = serverForFile(['acme', 'beta']);

const CLASS_KEYS = ['base_class', 'base_unit_of_measure', 'created_at', 'id', 'name', 'status', 'unit_of_measures', 'updated_at'];
const UNIT_KEYS = ['base_unit', 'created_at', 'description', 'id', 'name', 'status', 'unit_class', 'unit_class_id', 'unit_conversion_rules', 'updated_at'];
const RULE_KEYS = [
  'base_unit_of_measure', 'base_unit_of_measure_id', 'conversion_factor', 'converted_unit_of_measure', 'converted_unit_of_measure_id',
  'created_at', 'id', 'product', 'product_alternate_skus', 'product_id', 'status', 'type', 'updated_at',
];
const META_KEYS = ['current_page', 'from', 'last_page', 'per_page', 'to', 'total'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const createClass = (name: string): Promise<any> => post('/unit-classes', { name });
const createUnit = (unitClassId: number, name: string, conversionFactor?: number): Promise<any> =>
  post('/unit-of-measures', { unit_class_id: unitClassId, name, ...(conversionFactor !== undefined ? { conversion_factor: conversionFactor } : {}) });

/** A class with its units, the first being the base: name → unit. */
async function lengthClass(name: string): Promise<{ cls: any; units: Record<string, any> }> {
  const cls = await createClass(name);
  const units: Record<string, any> = {};
  for (const [unit, factor] of [['mm', undefined], ['cm', 10], ['m', 1000], ['km', 1000000], ['in', 25.4]] as const) {
    units[unit] = await createUnit(cls.id, unit, factor);
  }
  return { cls, units };
}

/** Products belong to the catalog area; these tests only need rows to point at. */
async function createProduct(sku: string, defaultUomId: number | null = null, alternateSkus: string[] = []) {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const product = await db.product.create({ data: { name: `Product ${sku}`, sku, defaultUomId } as any });
  const skus = [];
  for (const alternate of alternateSkus) skus.push(await db.productAlternateSku.create({ data: { productId: product.id, sku: alternate } as any }));
  return { ...product, alternateSkus: skus };
}

function expectErrors(res: { status: number; body: any }, fields: string[]): void {
  expect(res.status).toBe(422);
  expect(Object.keys(res.body).sort()).toEqual(['errors', 'message']);
  expect(typeof res.body.message).toBe('string');
  expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
  for (const messages of Object.values(res.body.errors)) expect(messages).toEqual([expect.any(String)]);
}

describe('unit classes', () => {
  it('POST /unit-classes answers 201 {data: unit class} with every field', async () => {
    const res = await api('POST', '/unit-classes', { name: 'Weight', base_class: false });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const cls = res.body.data;
    expect(Object.keys(cls).sort()).toEqual(CLASS_KEYS);
    expect(cls).toMatchObject({ name: 'Weight', base_class: false, status: 'active', unit_of_measures: [], base_unit_of_measure: null });
    expect(Number.isInteger(cls.id)).toBe(true);
    expect(cls.created_at).toMatch(ISO);
    expect(cls.updated_at).toMatch(ISO);
  });

  it('requires a name, unique in the company and at most 255 characters', async () => {
    expectErrors(await api('POST', '/unit-classes', {}), ['name']);
    expectErrors(await api('POST', '/unit-classes', { name: 'x'.repeat(256) }), ['name']);
    await createClass('Volume');
    const taken = await api('POST', '/unit-classes', { name: 'Volume' });
    expectErrors(taken, ['name']);
    expect(taken.body.errors.name[0]).toMatch(/taken/);
    expectErrors(await api('POST', '/unit-classes', { name: 'Area', colour: 'red' }), ['colour']);
    // Another company may use the same name.
    expect((await api('POST', '/unit-classes', { name: 'Volume' }, beta)).status).toBe(201);
  });

  it('GET /unit-classes/{id} shows the units and the base unit; GET /unit-classes pages with {data, meta}', async () => {
    const { cls, units } = await lengthClass('Length list');
    const res = await api('GET', `/unit-classes/${cls.id}`);
    expect(res.status).toBe(200);
    const shown = res.body.data;
    expect(Object.keys(shown).sort()).toEqual(CLASS_KEYS);
    expect(shown.unit_of_measures.map((u: any) => u.name)).toEqual(['mm', 'cm', 'm', 'km', 'in']);
    expect(Object.keys(shown.unit_of_measures[0]).sort()).toEqual(UNIT_KEYS);
    expect(Object.keys(shown.base_unit_of_measure).sort()).toEqual(UNIT_KEYS);
    expect(shown.base_unit_of_measure).toMatchObject({ id: units.mm.id, base_unit: true });

    const page = await api('GET', '/unit-classes?per_page=2&sort=-id');
    expect(page.status).toBe(200);
    expect(Object.keys(page.body).sort()).toEqual(['data', 'meta']);
    expect(Object.keys(page.body.meta).sort()).toEqual(META_KEYS);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].id).toBeGreaterThan(page.body.data[1].id);
    const found = await api('GET', '/unit-classes?q=length%20LIST');
    expect(found.body.data.map((c: any) => c.id)).toEqual([cls.id]);
    expectErrors(await api('GET', '/unit-classes?colour=red'), ['colour']);
    expectErrors(await api('GET', '/unit-classes?sort=colour'), ['sort']);
  });

  it('DELETE /unit-classes/{id} deletes an empty class and refuses one with units', async () => {
    const { cls } = await lengthClass('Length delete');
    const refused = await api('DELETE', `/unit-classes/${cls.id}`);
    expectErrors(refused, ['id']);
    expect(refused.body.message).toMatch(/units of measure/);
    const empty = await createClass('Empty');
    const res = await api('DELETE', `/unit-classes/${empty.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: empty.id, name: 'Empty' });
    expect((await api('GET', `/unit-classes/${empty.id}`)).status).toBe(404);
  });

  it('answers 404 {message} for unknown, malformed and other companies\' ids', async () => {
    const other = (await api('POST', '/unit-classes', { name: 'Beta only' }, beta)).body.data;
    for (const id of ['999999', 'abc', String(other.id)]) {
      for (const method of ['GET', 'DELETE']) {
        const res = await api(method, `/unit-classes/${id}`);
        expect(res.status).toBe(404);
        expect(Object.keys(res.body)).toEqual(['message']);
      }
    }
  });
});

describe('units of measure', () => {
  it('POST /unit-of-measures makes the first unit of a class its base, and a factor makes a SYSTEM rule', async () => {
    const cls = await createClass('Mass');
    const first = await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'g', description: 'gram' });
    expect(first.status).toBe(201);
    const gram = first.body.data;
    expect(Object.keys(gram).sort()).toEqual(UNIT_KEYS);
    expect(gram).toMatchObject({
      name: 'g', description: 'gram', base_unit: true, status: 'active', unit_class_id: cls.id, unit_conversion_rules: [],
      unit_class: { id: cls.id, name: 'Mass', base_class: false },
    });
    expect(gram.created_at).toMatch(ISO);

    const kg = (await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'kg', conversion_factor: 1000 })).body.data;
    expect(kg.base_unit).toBe(false);
    expect(kg.unit_conversion_rules).toHaveLength(1);
    const rule = kg.unit_conversion_rules[0];
    expect(Object.keys(rule).sort()).toEqual(RULE_KEYS);
    expect(rule).toMatchObject({
      type: 'SYSTEM', status: 'active', conversion_factor: 1000, product_id: null, product: null, product_alternate_skus: [],
      base_unit_of_measure_id: gram.id, converted_unit_of_measure_id: kg.id,
      base_unit_of_measure: { id: gram.id, name: 'g', unit_class_id: cls.id, base_unit: true },
      converted_unit_of_measure: { id: kg.id, name: 'kg', unit_class_id: cls.id, base_unit: false },
    });

    const lb = (await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'lb', conversion_factor: 453.59237 })).body.data;
    expect(lb.unit_conversion_rules[0].conversion_factor).toBe(453.59237);
    // A unit may also come without a factor (given later, or by a rule).
    expect((await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'stone' })).body.data.unit_conversion_rules).toEqual([]);
  });

  it('validates the body field by field', async () => {
    const cls = await createClass('Validation');
    await createUnit(cls.id, 'base');
    expectErrors(await api('POST', '/unit-of-measures', {}), ['name', 'unit_class_id']);
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: 999999, name: 'x' }), ['unit_class_id']);
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'base', conversion_factor: 2 }), ['name']);
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'zero', conversion_factor: 0 }), ['conversion_factor']);
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'neg', conversion_factor: -3 }), ['conversion_factor']);
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'big', conversion_factor: 1e15 }), ['conversion_factor']);
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'x'.repeat(256) }), ['name']);
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: 'one', name: 5, conversion_factor: 'ten' }), ['conversion_factor', 'name', 'unit_class_id']);
    const empty = await createClass('Validation empty');
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: empty.id, name: 'first', conversion_factor: 2 }), ['conversion_factor']);
    // The same name is fine in another class; another company's class does not exist here.
    expect((await api('POST', '/unit-of-measures', { unit_class_id: empty.id, name: 'base' })).status).toBe(201);
    const betaClass = (await api('POST', '/unit-classes', { name: 'Beta class' }, beta)).body.data;
    expectErrors(await api('POST', '/unit-of-measures', { unit_class_id: betaClass.id, name: 'x' }), ['unit_class_id']);
  });

  it('GET /unit-of-measures pages and filters by unit_class_id; GET /unit-of-measures/{id} answers {data}', async () => {
    const { cls, units } = await lengthClass('Length get');
    const page = await api('GET', `/unit-of-measures?unit_class_id=${cls.id}&per_page=2&page=2`);
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ current_page: 2, from: 3, last_page: 3, per_page: 2, to: 4, total: 5 });
    expect(page.body.data.map((u: any) => u.name)).toEqual(['m', 'km']);
    const one = await api('GET', `/unit-of-measures/${units.in.id}`);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body)).toEqual(['data']);
    expect(one.body.data).toMatchObject({ name: 'in', base_unit: false, unit_conversion_rules: [{ conversion_factor: 25.4, type: 'SYSTEM' }] });
    expectErrors(await api('GET', '/unit-of-measures?unit_class_id=abc'), ['unit_class_id']);
    expect((await api('GET', '/unit-of-measures/999999')).status).toBe(404);
  });

  it('POST /unit-of-measures/{id} updates name, description and factor, answering {data: unit of measure}', async () => {
    const { units } = await lengthClass('Length update');
    const res = await api('POST', `/unit-of-measures/${units.in.id}`, { name: 'inch', description: 'US inch', conversion_factor: 25.4 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data).sort()).toEqual(UNIT_KEYS);
    expect(res.body.data).toMatchObject({ id: units.in.id, name: 'inch', description: 'US inch', base_unit: false });
    expect(res.body.data.unit_conversion_rules).toHaveLength(1);
    expectErrors(await api('POST', `/unit-of-measures/${units.in.id}`, { name: 'cm' }), ['name']);
    expectErrors(await api('POST', `/unit-of-measures/${units.in.id}`, { name: '' }), ['name']);
    expectErrors(await api('POST', `/unit-of-measures/${units.mm.id}`, { base_unit: false }), ['base_unit']);
    expectErrors(await api('POST', `/unit-of-measures/${units.mm.id}`, { conversion_factor: 2 }), ['conversion_factor']);
    expectErrors(await api('POST', `/unit-of-measures/${units.cm.id}`, { conversion_factor: 0 }), ['conversion_factor']);
    expect((await api('POST', '/unit-of-measures/999999', { name: 'x' })).status).toBe(404);
  });

  it('moves an unused unit to another class, where it has no factor until given one', async () => {
    const { units } = await lengthClass('Length move');
    const target = await createClass('Length target');
    const yard = await createUnit(target.id, 'yd');
    const res = await api('POST', `/unit-of-measures/${units.in.id}`, { unit_class_id: target.id, conversion_factor: 0.0277777777777778 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ unit_class_id: target.id, base_unit: false, unit_class: { id: target.id } });
    expect(res.body.data.unit_conversion_rules).toEqual([expect.objectContaining({ base_unit_of_measure_id: yard.id, conversion_factor: 0.027777777777778 })]);
    // The base of a class with other units stays where it is.
    expectErrors(await api('POST', `/unit-of-measures/${units.mm.id}`, { unit_class_id: target.id }), ['unit_class_id']);
  });

  it('DELETE /unit-of-measures/{id} deletes an unused unit with its SYSTEM rule', async () => {
    const { cls, units } = await lengthClass('Length drop');
    const res = await api('DELETE', `/unit-of-measures/${units.km.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(UNIT_KEYS);
    expect(res.body.data).toMatchObject({ id: units.km.id, name: 'km' });
    expect((await api('GET', `/unit-of-measures/${units.km.id}`)).status).toBe(404);
    const rules = (await api('GET', `/unit-conversion-rules?unit_class_id=${cls.id}`)).body.data;
    expect(rules.map((r: any) => r.converted_unit_of_measure.name).sort()).toEqual(['cm', 'in', 'm']);
  });

  it('refuses to delete a unit in use, or the base unit of a class with other units, with 422', async () => {
    const { units } = await lengthClass('Length in use');
    await createProduct('CABLE-1', units.m.id);
    const used = await api('DELETE', `/unit-of-measures/${units.m.id}`);
    expectErrors(used, ['id']);
    expect(used.body.message).toBe('The unit of measure "m" is in use (1 product\'s default unit) and cannot be deleted.');

    const product = await createProduct('CABLE-2');
    await api('POST', '/unit-conversion-rules', { base_unit_of_measure_id: units.mm.id, converted_unit_of_measure_id: units.cm.id, conversion_factor: 11, product_id: product.id });
    const ruled = await api('DELETE', `/unit-of-measures/${units.cm.id}`);
    expectErrors(ruled, ['id']);
    expect(ruled.body.message).toMatch(/"cm" is in use \(1 conversion rule\)/);

    const base = await api('DELETE', `/unit-of-measures/${units.mm.id}`);
    expectErrors(base, ['id']);
    expect(base.body.message).toMatch(/base unit of its class, which has 4 other units/);
    // Moving a used unit away is refused the same way.
    expectErrors(await api('POST', `/unit-of-measures/${units.m.id}`, { unit_class_id: (await createClass('Elsewhere')).id }), ['unit_class_id']);
    expect((await api('GET', `/unit-of-measures/${units.m.id}`)).status).toBe(200);
  });
});

describe('conversion rules', () => {
  it('POST /unit-conversion-rules creates a PRODUCT rule with its product and alternate SKUs', async () => {
    const { cls, units } = await lengthClass('Length rules');
    const product = await createProduct('PIPE-1', units.m.id, ['PIPE-1-A', 'PIPE-1-B']);
    const res = await api('POST', '/unit-conversion-rules', {
      base_unit_of_measure_id: units.mm.id, converted_unit_of_measure_id: units.in.id, conversion_factor: 25,
      product_id: product.id, product_alternate_sku_ids: [product.alternateSkus[1].id],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const rule = res.body.data;
    expect(Object.keys(rule).sort()).toEqual(RULE_KEYS);
    expect(rule).toMatchObject({
      type: 'PRODUCT', conversion_factor: 25, product_id: product.id,
      product: { id: product.id, name: 'Product PIPE-1', sku: 'PIPE-1' },
      product_alternate_skus: [{ id: product.alternateSkus[1].id, sku: 'PIPE-1-B' }],
      base_unit_of_measure: { id: units.mm.id, name: 'mm', unit_class_id: cls.id, base_unit: true },
    });
    expect(Object.keys(rule.product).sort()).toEqual(['id', 'name', 'sku']);
    expect(rule.created_at).toMatch(ISO);

    const listed = await api('GET', `/unit-conversion-rules?product_id=${product.id}`);
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body.meta).sort()).toEqual(META_KEYS);
    expect(listed.body.data.map((r: any) => r.id)).toEqual([rule.id]);
    const system = await api('GET', `/unit-conversion-rules?unit_class_id=${cls.id}&type=system`);
    expect(system.body.data).toHaveLength(4);
    expect(system.body.data.every((r: any) => r.type === 'SYSTEM' && r.product === null)).toBe(true);
    expectErrors(await api('GET', '/unit-conversion-rules?type=other'), ['type']);

    const db = tenantClient(server.database.prisma, acme.companyId);
    expect((await convertQuantity(db, 2, units.in.id, units.mm.id, product.id)).toString()).toBe('50');
    expect((await convertQuantity(db, 2, units.in.id, units.mm.id)).toString()).toBe('50.8');
  });

  it('refuses a zero factor, unknown units, mismatched units and duplicates with 422 per field', async () => {
    const { units } = await lengthClass('Length rule errors');
    const other = await lengthClass('Length rule others');
    const product = await createProduct('PIPE-2', null, ['PIPE-2-A']);
    const stranger = await createProduct('PIPE-3', null, ['PIPE-3-A']);
    const rule = (body: Record<string, unknown>) =>
      api('POST', '/unit-conversion-rules', { base_unit_of_measure_id: units.mm.id, converted_unit_of_measure_id: units.cm.id, conversion_factor: 10, ...body });

    expectErrors(await api('POST', '/unit-conversion-rules', {}), ['base_unit_of_measure_id', 'conversion_factor', 'converted_unit_of_measure_id']);
    expectErrors(await rule({ conversion_factor: 0, product_id: product.id }), ['conversion_factor']);
    expectErrors(await rule({ base_unit_of_measure_id: 999999, converted_unit_of_measure_id: 999998 }), ['base_unit_of_measure_id', 'converted_unit_of_measure_id']);
    expectErrors(await rule({ converted_unit_of_measure_id: other.units.cm.id, product_id: product.id }), ['converted_unit_of_measure_id']);
    expectErrors(await rule({ base_unit_of_measure_id: units.m.id, product_id: product.id }), ['base_unit_of_measure_id']);
    expectErrors(await rule({ converted_unit_of_measure_id: units.mm.id, product_id: product.id }), ['converted_unit_of_measure_id']);
    const duplicate = await rule({});
    expectErrors(duplicate, ['converted_unit_of_measure_id']);
    expect(duplicate.body.message).toMatch(/already has a system conversion rule/);
    expectErrors(await rule({ product_id: 999999 }), ['product_id']);
    const yard = await createUnit(units.mm.unit_class_id, 'yd');
    expectErrors(await rule({ converted_unit_of_measure_id: yard.id, product_alternate_sku_ids: [product.alternateSkus[0].id] }), ['product_alternate_sku_ids']);
    expectErrors(await rule({ product_id: product.id, product_alternate_sku_ids: [product.alternateSkus[0].id, stranger.alternateSkus[0].id, 999999] }), [
      'product_alternate_sku_ids.1', 'product_alternate_sku_ids.2',
    ]);
    expect((await rule({ product_id: product.id, conversion_factor: 9.5 })).status).toBe(201);
    expectErrors(await rule({ product_id: product.id }), ['converted_unit_of_measure_id']);
    // Another company's units do not exist for this one.
    const betaClass = (await api('POST', '/unit-classes', { name: 'Beta length' }, beta)).body.data;
    const betaUnit = (await api('POST', '/unit-of-measures', { unit_class_id: betaClass.id, name: 'mm' }, beta)).body.data;
    expectErrors(await rule({ base_unit_of_measure_id: betaUnit.id }), ['base_unit_of_measure_id']);
  });

  it('DELETE /unit-conversion-rules/{id} deletes a rule, but keeps the factor of a unit products measure in', async () => {
    const { units } = await lengthClass('Length rule delete');
    const product = await createProduct('PIPE-4', units.cm.id);
    const own = (await api('POST', '/unit-conversion-rules', {
      base_unit_of_measure_id: units.mm.id, converted_unit_of_measure_id: units.cm.id, conversion_factor: 12, product_id: product.id,
    })).body.data;
    const res = await api('DELETE', `/unit-conversion-rules/${own.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(RULE_KEYS);
    expect(res.body.data).toMatchObject({ id: own.id, type: 'PRODUCT', product: { sku: 'PIPE-4' } });
    const cmRule = units.cm.unit_conversion_rules[0];
    const refused = await api('DELETE', `/unit-conversion-rules/${cmRule.id}`);
    expectErrors(refused, ['id']);
    expect(refused.body.message).toMatch(/"cm" is in use \(1 product's default unit\)/);
    expect((await api('DELETE', `/unit-conversion-rules/${units.km.unit_conversion_rules[0].id}`)).status).toBe(200);
    expect((await api('DELETE', `/unit-conversion-rules/${own.id}`)).status).toBe(404);
  });
});

describe('changing the default unit of a class', () => {
  it('POST /unit-classes/{id}/default-unit-of-measure/{uomId} answers {data: unit class} with the new base', async () => {
    const { cls, units } = await lengthClass('Length default');
    const ids = Object.fromEntries(Object.entries(units).map(([name, unit]) => [name, unit.id as number]));
    const db = tenantClient(server.database.prisma, acme.companyId);
    // Conversions compared to 1e-9 relative: re-expressed factors that are not finite decimals (1/25.4 when
    // inches become the base) are rounded to the 15 decimal places they are stored with.
    const convertAll = async () => {
      const result: Record<string, number> = {};
      for (const [from, fromId] of Object.entries(ids)) {
        for (const [to, toId] of Object.entries(ids)) result[`${from}→${to}`] = Number(await convertQuantity(db, 3, fromId, toId));
      }
      return result;
    };
    const expectSame = (now: Record<string, number>, was: Record<string, number>) => {
      expect(Object.keys(now)).toEqual(Object.keys(was));
      for (const [pair, value] of Object.entries(was)) expect(Math.abs(now[pair] - value) / value, pair).toBeLessThan(1e-9);
    };
    const before = await convertAll();

    const res = await api('POST', `/unit-classes/${cls.id}/default-unit-of-measure/${units.m.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const shown = res.body.data;
    expect(Object.keys(shown).sort()).toEqual(CLASS_KEYS);
    expect(shown.base_unit_of_measure).toMatchObject({ id: units.m.id, name: 'm', base_unit: true, unit_conversion_rules: [] });
    expect(Object.fromEntries(shown.unit_of_measures.map((u: any) => [u.name, u.base_unit]))).toEqual({ mm: false, cm: false, m: true, km: false, in: false });
    const factors = Object.fromEntries(shown.unit_of_measures.filter((u: any) => !u.base_unit).map((u: any) => {
      expect(u.unit_conversion_rules).toHaveLength(1);
      expect(u.unit_conversion_rules[0].base_unit_of_measure_id).toBe(units.m.id);
      return [u.name, u.unit_conversion_rules[0].conversion_factor];
    }));
    expect(factors).toEqual({ mm: 0.001, cm: 0.01, km: 1000, in: 0.0254 });
    expectSame(await convertAll(), before);

    // Through POST /unit-of-measures/{id} with base_unit: true, the same operation.
    const update = await api('POST', `/unit-of-measures/${units.in.id}`, { base_unit: true });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ id: units.in.id, base_unit: true, unit_conversion_rules: [] });
    const after = (await api('GET', `/unit-classes/${cls.id}`)).body.data;
    expect(after.base_unit_of_measure.id).toBe(units.in.id);
    expect(after.unit_of_measures.filter((u: any) => u.base_unit).map((u: any) => u.name)).toEqual(['in']);
    expectSame(await convertAll(), before);
  });

  it('is idempotent, takes no body, and answers 404 or 422 for units that do not fit', async () => {
    const { cls, units } = await lengthClass('Length default errors');
    const other = await lengthClass('Length default other');
    const again = await api('POST', `/unit-classes/${cls.id}/default-unit-of-measure/${units.mm.id}`);
    expect(again.status).toBe(200);
    expect(again.body.data.base_unit_of_measure.id).toBe(units.mm.id);
    expectErrors(await api('POST', `/unit-classes/${cls.id}/default-unit-of-measure/${units.cm.id}`, { force: true }), ['body']);
    expectErrors(await api('POST', `/unit-classes/${cls.id}/default-unit-of-measure/${other.units.cm.id}`), ['unit_of_measure_id']);
    for (const path of [`/unit-classes/999999/default-unit-of-measure/${units.cm.id}`, `/unit-classes/${cls.id}/default-unit-of-measure/999999`]) {
      const res = await api('POST', path);
      expect(res.status).toBe(404);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
    const noFactor = await createUnit(cls.id, 'league');
    const refused = await api('POST', `/unit-classes/${cls.id}/default-unit-of-measure/${noFactor.id}`);
    expectErrors(refused, ['unit_of_measure_id']);
    expect(refused.body.message).toMatch(/no conversion factor/);
  });
});
