// Unit classes, units of measure and conversion rules answered in one go (compiledList and compiledRecord in
// src/graphql/shared/compiled-records.ts): the domain picks the page (its filters, sort, reading ids only), and one
// statement writes them as the selection asks, with a class's base unit (baseUnitSql, beside its resolver), a rule's
// product and its alternate SKUs. Here those answers equal graphql's ordinary execution field by field, keys in the
// same order and values alike, for REST pages (plain and filtered), records and random /graphql selections. The data:
// classes and units made through the API (each unit's SYSTEM rule with it), PRODUCT rules with a product and some of
// its alternate SKUs, and bulk written directly: classes without units, with a base unit, and with two units marked
// base (the first by id is the base unit, as the resolver picks it), factors at full precision (15 decimals) and
// names JSON must escape. A page runs as many statements for 10 records as for 100. Changes (create, update, delete,
// a class's default unit) are compared too: each answers in one statement in its transaction, as the record read
// field by field (compiledMutation).
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { unitRoutes } from '../../rest-mapping/units.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker, mutationAsking } from '../support/compiled-change.js';
import { getRoute, writtenAsJson, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, withoutFragments, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change, graphqlChange } = compiledChangeChecker(server, acme, api, () => counter.statements);
// A class's REST fields nest fragments deeper than /graphql's depth limit counts them, so field by field runs
// them written out; and a page of 100 classes with every unit and rule costs more than its cost limit: 10 and 40.
const classList = withoutFragments(getRoute(unitRoutes, '/unit-classes'));
const classRecord = withoutFragments(getRoute(unitRoutes, '/unit-classes/{unitClassId}'));
const unitList = getRoute(unitRoutes, '/unit-of-measures');
const unitRecord = getRoute(unitRoutes, '/unit-of-measures/{id}');
const ruleList = getRoute(unitRoutes, '/unit-conversion-rules');
const classIds: number[] = [];
const unitIds: number[] = [];
let lengthId: number;
let pipeId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const length = await post('/unit-classes', { name: 'Length "metric" \\ ☃' });
  lengthId = length.id;
  const units: Record<string, any> = {};
  for (const [name, factor] of [['mm', undefined], ['cm', 10], ['m', 1000], ['in', 25.4], ['thou', 0.000000000000001]] as const) {
    units[name] = await post('/unit-of-measures', { unit_class_id: length.id, name, ...(factor !== undefined ? { conversion_factor: factor } : {}) });
  }
  classIds.push(length.id, (await post('/unit-classes', { name: 'Empty' })).id);
  unitIds.push(units.mm.id, units.in.id, units.thou.id);
  const pipe = await db.product.create({ data: { name: 'Pipe "½"', sku: 'PIPE-1', defaultUomId: units.m.id } as any });
  pipeId = pipe.id;
  const alternates = [];
  for (const sku of ['PIPE-1-A', 'PIPE-1-B "q"', 'PIPE-1-C']) alternates.push(await db.productAlternateSku.create({ data: { productId: pipe.id, sku } as any }));
  await post('/unit-conversion-rules', {
    base_unit_of_measure_id: units.mm.id, converted_unit_of_measure_id: units.in.id, conversion_factor: 25.123456789012345,
    product_id: pipe.id, product_alternate_sku_ids: [alternates[2]!.id, alternates[0]!.id],
  });
  await post('/unit-conversion-rules', { base_unit_of_measure_id: units.mm.id, converted_unit_of_measure_id: units.cm.id, conversion_factor: 11, product_id: pipe.id });

  // Bulk: 105 classes, some with units (none base, one base, two marked base), and their SYSTEM rules.
  const classes = await db.unitClass.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({ name: `Class ${String(i).padStart(3, '0')} "x"`, baseClass: i === 7, status: i % 9 ? 'active' : 'archived', createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })) as any,
  });
  const bulkUnits = await db.unitOfMeasure.createManyAndReturn({
    select: { id: true, unitClassId: true, baseUnit: true },
    data: classes.flatMap(({ id }, i) =>
      Array.from({ length: i % 4 }, (_, k) => ({ unitClassId: id, name: `u${k} \\ ${i}`, description: k % 2 ? null : `Unit ${k}\n`, baseUnit: (i % 4 === 3 && k < 2) || (i % 4 === 1 && k === 0) })),
    ) as any,
  });
  const baseOf = new Map(bulkUnits.filter((unit) => unit.baseUnit).map((unit) => [unit.unitClassId, unit.id]));
  await db.unitConversionRule.createMany({
    data: bulkUnits.filter((unit) => baseOf.has(unit.unitClassId)).map((unit, i) => ({
      baseUnitOfMeasureId: baseOf.get(unit.unitClassId)!,
      convertedUnitOfMeasureId: unit.id,
      conversionFactor: i % 3 ? `${i}.${String(i).padStart(15, '7')}` : '1',
    })) as any,
  });
  classIds.push(classes[1]!.id, classes[3]!.id, classes[104]!.id);
  unitIds.push(bulkUnits[0]!.id, bulkUnits[5]!.id);
}, 60_000);

describe('unit classes written by one statement', () => {
  it('GET /unit-classes answers as field by field, and runs as many statements for 10 classes as for 40', async () => {
    const ten = await pageAsFieldByField(on, classList, '/unit-classes?per_page=10&sort=id', { perPage: 10, sort: 'id' }, 'unitClasses');
    const forty = await pageAsFieldByField(on, classList, '/unit-classes?per_page=40&sort=id', { perPage: 40, sort: 'id' }, 'unitClasses');
    expect([ten.body.data.length, forty.body.data.length]).toEqual([10, 40]);
    expect(forty.count).toBe(ten.count);
  });

  it('GET /unit-classes by name answers as field by field', () =>
    pageAsFieldByField(on, classList, '/unit-classes?per_page=30&q=class%200&sort=-name', { perPage: 30, q: 'class 0', sort: '-name' }, 'unitClasses'));

  it('GET /unit-classes/{id} answers as field by field', () => recordsAsFieldByField(on, classRecord, '/unit-classes', classIds, 'unitClass'));
});

describe('units of measure written by one statement', () => {
  it('GET /unit-of-measures answers as field by field, and runs as many statements for 10 units as for 100', () =>
    pagesAsFieldByField(on, unitList, '/unit-of-measures?sort=id', { sort: 'id' }, 'unitOfMeasures'));

  it('GET /unit-of-measures of a class answers as field by field', () =>
    pageAsFieldByField(on, unitList, `/unit-of-measures?per_page=100&unit_class_id=${lengthId}`, { perPage: 100, unitClassId: lengthId }, 'unitOfMeasures'));

  it('GET /unit-of-measures/{id} answers as field by field', () => recordsAsFieldByField(on, unitRecord, '/unit-of-measures', unitIds, 'unitOfMeasure'));
});

describe('conversion rules written by one statement', () => {
  it('GET /unit-conversion-rules answers as field by field, and runs as many statements for 10 rules as for 100', () =>
    pagesAsFieldByField(on, ruleList, '/unit-conversion-rules?sort=id', { sort: 'id' }, 'unitConversionRules'));

  it('GET /unit-conversion-rules of a product and of a class answers as field by field', async () => {
    await pageAsFieldByField(on, ruleList, `/unit-conversion-rules?per_page=100&product_id=${pipeId}`, { perPage: 100, productId: pipeId }, 'unitConversionRules');
    await pageAsFieldByField(on, ruleList, `/unit-conversion-rules?per_page=100&unit_class_id=${lengthId}&type=SYSTEM`, { perPage: 100, unitClassId: lengthId, type: 'SYSTEM' }, 'unitConversionRules');
  });
});

// A conversion rule has no GET route: its record as the list route reads its items.
const ruleRecord = {
  ...ruleList,
  graphql: `query GetRule($id: Int!) { unitConversionRule(id: $id) { ...RuleFields } } ${ruleList.graphql.slice(ruleList.graphql.indexOf('fragment RuleFields'))}`,
};

describe('changes answered by one statement', () => {
  const text = 'A "quoted" \\ name ☃\nline';

  it('unit classes: create (every field, and a name only), update, default unit, delete', async () => {
    // A class's REST fields are read over /graphql written out (its depth limit), so its changes go there too.
    const create = 'mutation Create($input: UnitClassCreateInput!) { createUnitClass(input: $input)';
    const full = await graphqlChange(mutationAsking(classRecord, create), { input: { name: text, baseClass: true } }, classRecord.graphql);
    const bare = await graphqlChange(mutationAsking(classRecord, create), { input: { name: 'Bare class' } }, classRecord.graphql);
    const update = 'mutation Update($id: Int!, $input: UnitClassUpdateInput!) { updateUnitClass(id: $id, input: $input)';
    await graphqlChange(mutationAsking(classRecord, update), { id: full.id, input: { name: 'Renamed "class"', baseClass: false } }, classRecord.graphql);
    const first = await post('/unit-of-measures', { unit_class_id: full.id, name: 'g' });
    const second = await post('/unit-of-measures', { unit_class_id: full.id, name: 'kg', conversion_factor: 1000.000000000001 });
    const setDefault = 'mutation SetDefault($unitClassId: Int!, $unitOfMeasureId: Int!) { setDefaultUnitOfMeasure(unitClassId: $unitClassId, unitOfMeasureId: $unitOfMeasureId)';
    await graphqlChange(mutationAsking(classRecord, setDefault), { unitClassId: full.id, unitOfMeasureId: second.id }, classRecord.graphql);
    await graphqlChange(mutationAsking(classRecord, setDefault), { unitClassId: full.id, unitOfMeasureId: first.id }, classRecord.graphql);
    await graphqlChange(mutationAsking(classRecord, 'mutation Delete($id: Int!) { deleteUnitClass(id: $id)'), { id: bare.id }, classRecord.graphql, { deletes: true });
    expect((await api('GET', `/unit-classes/${bare.id}`)).status).toBe(404);
    // Through REST: each answer is one statement.
    for (const [method, path] of [['POST', `/unit-classes/${full.id}/default-unit-of-measure/${second.id}`], ['DELETE', `/unit-classes/${(await post('/unit-classes', { name: 'Gone' })).id}`]] as const) {
      const start = counter.statements.length;
      const res = await api(method, path);
      expect(res.status, res.text).toBe(200);
      expect(counter.statements.slice(start).filter(writtenAsJson), `${method} ${path}`).toHaveLength(1);
    }
  });

  it('units of measure: create (every field, and the required ones), update (set and clear), delete', async () => {
    const cls = await post('/unit-classes', { name: 'Mass' });
    const base = await change('POST', '/unit-of-measures', { unit_class_id: cls.id, name: 'mg' }, { record: (u) => `/unit-of-measures/${u.id}` });
    const full = await change('POST', '/unit-of-measures', {
      unit_class_id: cls.id, name: text, description: text, conversion_factor: 0.123456789012345, base_unit: false,
    }, { record: (u) => `/unit-of-measures/${u.id}` });
    await change('POST', `/unit-of-measures/${full.id}`, { description: null, conversion_factor: 12345.678901234 });
    await change('POST', `/unit-of-measures/${full.id}`, { name: 'Renamed "u"', base_unit: true, conversion_factor: 3.000000000000001 });
    await change('DELETE', `/unit-of-measures/${base.id}`, undefined, { deletes: true });
    expect((await api('GET', `/unit-of-measures/${base.id}`)).status).toBe(404);
  });

  it('conversion rules: create (every field, and the required ones), update (set and clear), delete', async () => {
    const db = tenantClient(server.database.prisma, acme.companyId);
    const cls = await post('/unit-classes', { name: 'Volume' });
    const ml = await post('/unit-of-measures', { unit_class_id: cls.id, name: 'ml' });
    const l = await post('/unit-of-measures', { unit_class_id: cls.id, name: 'l', conversion_factor: 1000 });
    const cl = await post('/unit-of-measures', { unit_class_id: cls.id, name: 'cl', conversion_factor: 10 });
    const paint = await db.product.create({ data: { name: 'Paint "white"', sku: 'PAINT-1' } as any });
    const alternates = [];
    for (const sku of ['PAINT-1-A', 'PAINT-1-B \\ ☃']) alternates.push(await db.productAlternateSku.create({ data: { productId: paint.id, sku } as any }));
    // A rule has no GET route: its creates go over /graphql too, answering the rule they make.
    const create = 'mutation Create($input: UnitConversionRuleCreateInput!) { createUnitConversionRule(input: $input)';
    const full = await graphqlChange(mutationAsking(ruleRecord, create), {
      input: { baseUnitOfMeasureId: ml.id, convertedUnitOfMeasureId: l.id, conversionFactor: '999.123456789012345', productId: paint.id, productAlternateSkuIds: alternates.map((a) => a.id) },
    }, ruleRecord.graphql);
    const bare = await graphqlChange(mutationAsking(ruleRecord, create), { input: { baseUnitOfMeasureId: ml.id, convertedUnitOfMeasureId: cl.id, conversionFactor: 2, productId: paint.id } }, ruleRecord.graphql);
    const update = 'mutation Update($id: Int!, $input: UnitConversionRuleUpdateInput!) { updateUnitConversionRule(id: $id, input: $input)';
    await graphqlChange(mutationAsking(ruleRecord, update), { id: full.id, input: { conversionFactor: '0.000000000000001', productAlternateSkuIds: [] } }, ruleRecord.graphql);
    await graphqlChange(mutationAsking(ruleRecord, update), { id: bare.id, input: { productAlternateSkuIds: [alternates[1]!.id] } }, ruleRecord.graphql);
    const remove = 'mutation Delete($id: Int!) { deleteUnitConversionRule(id: $id)';
    await graphqlChange(mutationAsking(ruleRecord, remove), { id: full.id }, ruleRecord.graphql, { deletes: true });
    expect(await db.unitConversionRule.findFirst({ where: { id: full.id } })).toBeNull();
    // Through REST: the answer is one statement (the record, read field by field before, is compared above).
    const start = counter.statements.length;
    const res = await api('DELETE', `/unit-conversion-rules/${bare.id}`);
    expect(res.status, res.text).toBe(200);
    expect(counter.statements.slice(start).filter(writtenAsJson)).toHaveLength(1);
  });
});

describe('random selections over /graphql', () => {
  it('of unit classes answer as field by field', () =>
    selectionsAsFieldByField(on, ['UnitClass'], ([selection], id) => pageAndRecordQueries(selection!, 'unitClasses', 'id', 'unitClass', id), {
      numRuns: 15, seed: 20261130, ids: classIds, skipTooDeep: true,
    }));

  it('of conversion rules answer as field by field', () =>
    selectionsAsFieldByField(on, ['UnitConversionRule'], ([selection]) => [`query Rules { unitConversionRules(perPage: 100, sort: "-id") { items { ${selection!.text} } meta { total } } } ${selection!.fragments.join(' ')}`], {
      numRuns: 15, seed: 20261131, skipTooDeep: true,
    }));
});
