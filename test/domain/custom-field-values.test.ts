// validateCustomFieldValues against a real database: typing, unknown keys, required values, removal and
// merging with stored values, and company isolation of the definitions.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantDb } from '../../src/db/tenant-client.js';
import { FieldErrorCollector } from '../../src/domain/shared/errors.js';
import { validateCustomFieldValues } from '../../src/domain/custom-fields/custom-field-values.js';
import { companyWithClient } from '../support/seed.js';
import { databaseForTests } from '../support/file-server.js';

const database = databaseForTests();
let db: TenantDb;
let otherDb: TenantDb;

beforeAll(async () => {
  db = (await companyWithClient(database.prisma, 'acme')).db;
  otherDb = (await companyWithClient(database.prisma, 'globex')).db;
  const definitions = [
    { key: 'notes', label: 'Notes', type: 'text' },
    { key: 'weight_class', label: 'Weight class', type: 'number', required: true },
    { key: 'hazardous', label: 'Hazardous', type: 'boolean' },
    { key: 'launch_date', label: 'Launch date', type: 'date' },
    { key: 'finish', label: 'Finish', type: 'single_select', options: ['matte', 'gloss'] },
  ];
  for (const d of definitions) {
    await db.customFieldDefinition.create({ data: { entityType: 'product', options: [], required: false, ...d } as any });
  }
  await otherDb.customFieldDefinition.create({ data: { entityType: 'product', key: 'globex_only', label: 'Globex only', type: 'text' } as any });
});

async function validate(values: Record<string, unknown> | null | undefined, existing?: Record<string, unknown>, client: TenantDb = db) {
  const errors = new FieldErrorCollector();
  const result = await validateCustomFieldValues(client, 'product', values, existing, errors);
  return { result, errors: errors.errors };
}

describe('validateCustomFieldValues', () => {
  it('accepts typed values and returns them in definition order', async () => {
    const { result, errors } = await validate({
      finish: 'gloss', launch_date: '2024-02-29', hazardous: false, weight_class: 2.5, notes: 'Keep dry',
    });
    expect(errors).toEqual({});
    expect(result).toEqual({ notes: 'Keep dry', weight_class: 2.5, hazardous: false, launch_date: '2024-02-29', finish: 'gloss' });
    expect(Object.keys(result)).toEqual(['notes', 'weight_class', 'hazardous', 'launch_date', 'finish']);
  });

  it('refuses values of the wrong type, keyed customFields.<key>', async () => {
    const { errors } = await validate({
      notes: 12, weight_class: '3', hazardous: 'yes', launch_date: '2023-02-29', finish: 'satin',
    });
    expect(errors).toEqual({
      'customFields.notes': ['The Notes field must be a string.'],
      'customFields.weight_class': ['The Weight class field must be a number.'],
      'customFields.hazardous': ['The Hazardous field must be true or false.'],
      'customFields.launch_date': ['The Launch date field must be a date in the format YYYY-MM-DD.'],
      'customFields.finish': ['The Finish field must be one of: matte, gloss.'],
    });
  });

  it('checks dates strictly and numbers for finiteness', async () => {
    for (const date of ['2024-13-01', '2024-1-01', '2024-01-01T00:00:00Z', '01/02/2024', '2024-04-31']) {
      expect((await validate({ weight_class: 1, launch_date: date })).errors, date).toHaveProperty(['customFields.launch_date']);
    }
    for (const number of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect((await validate({ weight_class: number })).errors).toEqual({ 'customFields.weight_class': ['The Weight class field must be a number.'] });
    }
    expect((await validate({ weight_class: 0 })).result).toEqual({ weight_class: 0 });
  });

  it('limits text to 65535 characters', async () => {
    expect((await validate({ weight_class: 1, notes: 'x'.repeat(65535) })).errors).toEqual({});
    expect((await validate({ weight_class: 1, notes: 'x'.repeat(65536) })).errors).toEqual({
      'customFields.notes': ['The Notes field may not be greater than 65535 characters.'],
    });
  });

  it('refuses unknown keys, including keys defined only by another company', async () => {
    const { errors } = await validate({ weight_class: 1, colour: 'red', globex_only: 'x' });
    expect(errors).toEqual({
      'customFields.colour': ['There is no product custom field with the key "colour".'],
      'customFields.globex_only': ['There is no product custom field with the key "globex_only".'],
    });
    const globex = await validate({ globex_only: 'x' }, undefined, otherDb);
    expect(globex).toEqual({ result: { globex_only: 'x' }, errors: {} });
  });

  it('requires required values on create, whether values are given or not', async () => {
    const missing = { 'customFields.weight_class': ['The Weight class field is required.'] };
    expect((await validate({ notes: 'n' })).errors).toEqual(missing);
    expect((await validate(undefined)).errors).toEqual(missing);
    expect((await validate(null)).errors).toEqual(missing);
    expect((await validate({ weight_class: null })).errors).toEqual(missing);
    // A wrong value is reported once, as wrong, not also as missing.
    expect((await validate({ weight_class: 'heavy' })).errors).toEqual({ 'customFields.weight_class': ['The Weight class field must be a number.'] });
  });

  it('merges into stored values on update: given keys change, null removes, the rest stays', async () => {
    const existing = { notes: 'old', weight_class: 1, finish: 'matte', removed_definition: 'stale' };
    const { result, errors } = await validate({ notes: 'new', finish: null, hazardous: true }, existing);
    expect(errors).toEqual({});
    expect(result).toEqual({ notes: 'new', weight_class: 1, hazardous: true });
    expect((await validate({ weight_class: null }, existing)).errors).toEqual({ 'customFields.weight_class': ['The Weight class field is required.'] });
    expect((await validate(null, existing)).errors).toEqual({ 'customFields.weight_class': ['The Weight class field is required.'] });
  });

  it('keeps stored values unchecked when an update does not touch custom fields', async () => {
    // Written before weight_class became required: still fine for an update of other fields.
    const { result, errors } = await validate(undefined, { notes: 'kept', removed_definition: 'stale' });
    expect(errors).toEqual({});
    expect(result).toEqual({ notes: 'kept' });
  });

  it('refuses a value that is not an object, under the given prefix', async () => {
    const errors = new FieldErrorCollector();
    await validateCustomFieldValues(db, 'product', ['x'] as any, undefined, errors, 'variants.0.customFields');
    expect(errors.errors).toEqual({
      'variants.0.customFields': ['The custom fields must be an object keyed by custom field key.'],
    });
  });

  it('works inside a transaction', async () => {
    const result = await db.$transaction(async (tx) => {
      const errors = new FieldErrorCollector();
      const values = await validateCustomFieldValues(tx, 'product', { weight_class: 7 }, undefined, errors);
      errors.throwIfAny();
      return values;
    });
    expect(result).toEqual({ weight_class: 7 });
  });
});
