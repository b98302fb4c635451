// Units of measure through /graphql: the same domain operations as the REST routes, with GraphQL's names.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { gql } = serverForFile(['acme']);

describe('units of measure in GraphQL', () => {
  it('creates a class with units, reads it with relations, changes its base unit and deletes', async () => {
    const cls = (await gql('mutation { createUnitClass(input: {name: "Time"}) { id name baseClass baseUnitOfMeasure { id } } }')).body.data.createUnitClass;
    expect(cls).toMatchObject({ name: 'Time', baseClass: false, baseUnitOfMeasure: null });
    const create = 'mutation($c: Int!, $n: String!, $f: Decimal) { createUnitOfMeasure(input: {unitClassId: $c, name: $n, conversionFactor: $f}) { id baseUnit } }';
    const s = (await gql(create, { c: cls.id, n: 's' })).body.data.createUnitOfMeasure;
    const min = (await gql(create, { c: cls.id, n: 'min', f: 60 })).body.data.createUnitOfMeasure;
    const h = (await gql(create, { c: cls.id, n: 'h', f: 3600 })).body.data.createUnitOfMeasure;
    expect([s.baseUnit, min.baseUnit, h.baseUnit]).toEqual([true, false, false]);

    const changed = await gql(
      `mutation($c: Int!, $u: Int!) { setDefaultUnitOfMeasure(unitClassId: $c, unitOfMeasureId: $u) {
        baseUnitOfMeasure { name }
        unitOfMeasures { name baseUnit unitConversionRules { conversionFactor type baseUnitOfMeasure { name } } }
      } }`,
      { c: cls.id, u: min.id },
    );
    expect(changed.status).toBe(200);
    const shown = changed.body.data.setDefaultUnitOfMeasure;
    expect(shown.baseUnitOfMeasure).toEqual({ name: 'min' });
    expect(shown.unitOfMeasures.map((u: any) => [u.name, u.baseUnit, u.unitConversionRules.map((r: any) => r.conversionFactor)])).toEqual([
      ['s', false, [0.016666666666667]],
      ['min', true, []],
      ['h', false, [60]],
    ]);
    expect(shown.unitOfMeasures[2].unitConversionRules[0]).toEqual({ conversionFactor: 60, type: 'SYSTEM', baseUnitOfMeasure: { name: 'min' } });

    const rules = await gql('query($c: Int!) { unitConversionRules(unitClassId: $c, sort: "-conversion_factor") { items { convertedUnitOfMeasure { name } } meta { total } } }', { c: cls.id });
    expect(rules.body.data.unitConversionRules).toEqual({ items: [{ convertedUnitOfMeasure: { name: 'h' } }, { convertedUnitOfMeasure: { name: 's' } }], meta: { total: 2 } });

    const deleted = await gql('mutation($id: Int!) { deleteUnitOfMeasure(id: $id) { name } }', { id: h.id });
    expect(deleted.body.data.deleteUnitOfMeasure).toEqual({ name: 'h' });
    const listed = await gql('query($c: Int!) { unitOfMeasures(unitClassId: $c) { items { name unitClass { name } } meta { total } } }', { c: cls.id });
    expect(listed.body.data.unitOfMeasures).toEqual({ items: [{ name: 's', unitClass: { name: 'Time' } }, { name: 'min', unitClass: { name: 'Time' } }], meta: { total: 2 } });
  });

  it('reports validation errors with a code and per-field messages keyed by input names', async () => {
    const cls = (await gql('mutation { createUnitClass(input: {name: "Errors"}) { id } }')).body.data.createUnitClass;
    await gql('mutation($c: Int!) { createUnitOfMeasure(input: {unitClassId: $c, name: "a"}) { id } }', { c: cls.id });
    const res = await gql('mutation($c: Int!) { createUnitOfMeasure(input: {unitClassId: $c, name: "a", conversionFactor: 0}) { id } }', { c: cls.id });
    expect(res.body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { name: [expect.stringMatching(/taken/)], conversionFactor: ['The conversion factor must be greater than 0.'] },
    });
    const missing = await gql('{ unitOfMeasure(id: 999999) { id } }');
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
