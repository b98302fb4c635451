// Custom field definitions: per entity type, a snake_case key (unique per entity type), a label, a value
// type and, for single_select, the allowed options. Records store their values in a `customFields` JSON
// object keyed by `key`, so the key, the type and the entity type are fixed once created; label, options
// and `required` may change (values are re-checked on each later write of a record).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { CUSTOM_FIELD_ENTITY_TYPES, CUSTOM_FIELD_TYPES } from './custom-field-types.js';
import { listPage } from '../shared/list-page.js';

export interface CustomFieldDefinitionInput {
  entityType?: string | null;
  key?: string | null;
  label?: string | null;
  type?: string | null;
  options?: string[] | null;
  required?: boolean | null;
}

export interface CustomFieldDefinitionListArgs extends PageArgs {
  sort?: string | null;
  entityType?: string | null;
}

// The model has no relations, so a caller can only choose columns.
export type CustomFieldDefinitionQuery = Pick<Prisma.CustomFieldDefinitionFindManyArgs, 'select'>;

const SORTABLE = { id: 'id', key: 'key', label: 'label', created_at: 'createdAt', updated_at: 'updatedAt' };
const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
const MAX_KEY_LENGTH = 64;
const MAX_OPTION_LENGTH = 255;
/** Fields stored values depend on: they cannot change after creation. */
const FIXED_FIELDS = ['entityType', 'key', 'type'] as const;

export async function listCustomFieldDefinitions(
  db: TenantDb,
  args: CustomFieldDefinitionListArgs,
  query: CustomFieldDefinitionQuery = {},
): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  const where: Prisma.CustomFieldDefinitionWhereInput = args.entityType ? { entityType: args.entityType } : {};
  return listPage(db, 'customFieldDefinition', query, { where, orderBy, window });
}

export async function getCustomFieldDefinition(db: TenantDb | TenantTx, id: number, query: CustomFieldDefinitionQuery = {}) {
  const definition = await db.customFieldDefinition.findUnique({ ...query, where: byId(id) });
  if (!definition) throw new NotFoundError('Custom field', id);
  return definition;
}

export async function createCustomFieldDefinition(
  db: TenantDb,
  input: CustomFieldDefinitionInput,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    checkRequiredText(errors, 'entityType', input.entityType, true);
    checkRequiredText(errors, 'key', input.key, true);
    checkRequiredText(errors, 'type', input.type, true);
    checkLabelOptionsAndType(errors, input, input.type ?? null);
    checkKeyFormat(errors, input.key);
    if (typeof input.entityType === 'string' && input.entityType.trim() !== '' && !(CUSTOM_FIELD_ENTITY_TYPES as readonly string[]).includes(input.entityType)) {
      errors.add('entityType', `The entity type must be one of: ${CUSTOM_FIELD_ENTITY_TYPES.join(', ')}.`);
    }
    if (errors.empty) {
      const clash = await tx.customFieldDefinition.findFirst({
        where: { entityType: input.entityType!, key: input.key! },
        select: { id: true },
      });
      if (clash) errors.add('key', `A ${input.entityType} custom field with the key "${input.key}" already exists (id ${clash.id}).`);
    }
    errors.throwIfAny();
    const created = await tx.customFieldDefinition.create({
      data: {
        entityType: input.entityType!,
        key: input.key!,
        label: input.label!.trim(),
        type: input.type!,
        options: input.options ?? [],
        required: input.required ?? false,
      } as Prisma.CustomFieldDefinitionUncheckedCreateInput,
    });
    return readAnswer(tx, created.id, query, (q) => tx.customFieldDefinition.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateCustomFieldDefinition(
  db: TenantDb,
  id: number,
  input: CustomFieldDefinitionInput,
  query: AnswerQuery = {},
) {
  return db.$transaction(async (tx) => {
    const current = await getCustomFieldDefinition(tx, id);
    const errors = new FieldErrorCollector();
    for (const field of FIXED_FIELDS) {
      if (input[field] !== undefined && input[field] !== current[field]) {
        errors.add(field, `The ${field === 'entityType' ? 'entity type' : field} of a custom field cannot change: stored values depend on it. Create a new custom field instead.`);
      }
    }
    // Left out, the current label and options stand and must still fit the type.
    const label = input.label === undefined ? current.label : input.label;
    const options = input.options === undefined ? current.options : input.options;
    checkLabelOptionsAndType(errors, { label, options }, current.type);
    errors.throwIfAny();
    const data: Prisma.CustomFieldDefinitionUncheckedUpdateInput = {};
    if (typeof input.label === 'string') data.label = input.label.trim();
    if (input.options !== undefined) data.options = input.options ?? [];
    if (typeof input.required === 'boolean') data.required = input.required;
    await tx.customFieldDefinition.update({ where: byId(id), data });
    return readAnswer(tx, id, query, (q) => tx.customFieldDefinition.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Values stored under the key are no longer accepted; validateCustomFieldValues drops them on the record's next write. */
export async function deleteCustomFieldDefinition(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getCustomFieldDefinition(tx, id, { select: { id: true } });
    const definition = await readAnswer(tx, id, query, (q) => tx.customFieldDefinition.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.customFieldDefinition.delete({ where: byId(id) });
    return definition;
  });
}

function checkKeyFormat(errors: FieldErrorCollector, key: string | null | undefined): void {
  if (typeof key !== 'string' || key === '') return;
  if (key.length > MAX_KEY_LENGTH) {
    errors.add('key', `The key may not be greater than ${MAX_KEY_LENGTH} characters.`);
  } else if (!KEY_PATTERN.test(key)) {
    errors.add('key', 'The key must be a snake_case identifier: lowercase letters, digits and underscores, starting with a letter.');
  }
}

/** Label present and short enough, type known, options present exactly when the type is single_select. */
function checkLabelOptionsAndType(errors: FieldErrorCollector, input: CustomFieldDefinitionInput, type: string | null): void {
  checkRequiredText(errors, 'label', input.label, true);
  checkMaxLength(errors, 'label', input.label, 255);
  if (typeof type === 'string' && type.trim() !== '' && !(CUSTOM_FIELD_TYPES as readonly string[]).includes(type)) {
    errors.add('type', `The type must be one of: ${CUSTOM_FIELD_TYPES.join(', ')}.`);
    return;
  }
  const options = input.options ?? [];
  if (type === 'single_select') {
    if (options.length === 0) errors.add('options', 'The options field is required for a single_select custom field and may not be empty.');
  } else if (options.length > 0) {
    errors.add('options', 'Options are only allowed for a single_select custom field.');
    return;
  }
  const seen = new Set<string>();
  options.forEach((option, index) => {
    if (option.trim() === '') errors.add(`options.${index}`, 'An option may not be empty.');
    else if (option.length > MAX_OPTION_LENGTH) errors.add(`options.${index}`, `An option may not be greater than ${MAX_OPTION_LENGTH} characters.`);
    else if (seen.has(option)) errors.add(`options.${index}`, `The option "${option}" is listed twice.`);
    seen.add(option);
  });
}
