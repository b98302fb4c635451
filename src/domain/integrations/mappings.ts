// Integration mappings: which id a record of ours has in an external system (one per integration, entity
// type and record), and field mappings: extra fields of our records sent to an external system under its
// own names. The push of purchase orders to a warehouse system (integration "wms") reads both.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { pageMeta, pageWindow, type Page, type PageArgs, rowsAndTotal } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';

export const MAPPED_ENTITY_TYPES = ['product', 'location', 'supplier'] as const;

/** The fields of each entity type that can be sent under another name. */
export const MAPPABLE_FIELDS: Record<(typeof MAPPED_ENTITY_TYPES)[number], readonly string[]> = {
  product: ['sku', 'name', 'description', 'upc', 'hsCode', 'retailPrice', 'wholesalePrice', 'unitCost', 'productWeightLb'],
  location: ['name', 'address', 'streetAddress1', 'streetAddress2', 'city', 'state', 'zip', 'country'],
  supplier: ['name', 'email', 'phone', 'currency', 'address', 'city', 'country'],
};

export interface MappingInput {
  integration?: string | null;
  entityType?: string | null;
  internalId?: number | null;
  externalId?: string | null;
}

export interface FieldMappingInput {
  integration?: string | null;
  entityType?: string | null;
  internalField?: string | null;
  externalField?: string | null;
}

export interface MappingListArgs extends PageArgs {
  sort?: string | null;
  integration?: string | null;
  entityType?: string | null;
}

const SORTABLE = { id: 'id', integration: 'integration', entity_type: 'entityType', created_at: 'createdAt' };

export async function listMappings(db: TenantDb, args: MappingListArgs & { internalId?: number | null }): Promise<Page<any>> {
  const { window, orderBy, where } = listParts(args);
  if (args.internalId != null) (where as Prisma.IntegrationMappingWhereInput).internalId = args.internalId;
  const [items, total] = await rowsAndTotal(
    db.integrationMapping.findMany({ where, orderBy, skip: window.skip, take: window.take }),
    db.integrationMapping.count({ where }),
  );
  return { items, meta: pageMeta(window, total, items.length) };
}

export async function createMapping(db: TenantDb, input: MappingInput) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    const entityType = checkCommon(errors, input);
    if (input.internalId == null) errors.add('internalId', 'The internal id field is required.');
    checkRequiredText(errors, 'externalId', input.externalId, true);
    checkMaxLength(errors, 'externalId', input.externalId, 255);
    if (entityType && input.internalId != null && !(await recordExists(tx, entityType, input.internalId))) {
      errors.add('internalId', `No ${entityType} ${input.internalId} exists.`);
    }
    if (!errors.errors.internalId && input.integration && entityType && input.internalId != null) {
      const clash = await tx.integrationMapping.findFirst({ where: { integration: input.integration, entityType, internalId: input.internalId } });
      if (clash) errors.add('internalId', `The ${entityType} ${input.internalId} is mapped for ${input.integration} already (mapping ${clash.id}).`);
    }
    errors.throwIfAny();
    return tx.integrationMapping.create({
      data: { integration: input.integration!.trim(), entityType: entityType!, internalId: input.internalId!, externalId: input.externalId!.trim() } as Prisma.IntegrationMappingUncheckedCreateInput,
    });
  });
}

export async function deleteMapping(db: TenantDb, id: number) {
  return db.$transaction(async (tx) => {
    const mapping = await tx.integrationMapping.findUnique({ where: byId(id) });
    if (!mapping) throw new NotFoundError('Integration mapping', id);
    await tx.integrationMapping.delete({ where: byId(id) });
    return mapping;
  });
}

export async function listFieldMappings(db: TenantDb, args: MappingListArgs): Promise<Page<any>> {
  const { window, orderBy, where } = listParts(args);
  const [items, total] = await rowsAndTotal(
    db.integrationFieldMapping.findMany({ where, orderBy, skip: window.skip, take: window.take }),
    db.integrationFieldMapping.count({ where }),
  );
  return { items, meta: pageMeta(window, total, items.length) };
}

export async function createFieldMapping(db: TenantDb, input: FieldMappingInput) {
  return db.$transaction(async (tx) => {
    const data = await checkFieldMapping(tx, null, input, true);
    return tx.integrationFieldMapping.create({ data: data as Prisma.IntegrationFieldMappingUncheckedCreateInput });
  });
}

export async function updateFieldMapping(db: TenantDb, id: number, input: FieldMappingInput) {
  return db.$transaction(async (tx) => {
    const stored = await tx.integrationFieldMapping.findUnique({ where: byId(id) });
    if (!stored) throw new NotFoundError('Integration field mapping', id);
    const data = await checkFieldMapping(tx, stored, input, false);
    return tx.integrationFieldMapping.update({ where: byId(id), data });
  });
}

export async function deleteFieldMapping(db: TenantDb, id: number) {
  return db.$transaction(async (tx) => {
    const mapping = await tx.integrationFieldMapping.findUnique({ where: byId(id) });
    if (!mapping) throw new NotFoundError('Integration field mapping', id);
    await tx.integrationFieldMapping.delete({ where: byId(id) });
    return mapping;
  });
}

function listParts(args: MappingListArgs) {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, 'id', errors);
  checkEntityType(errors, args.entityType);
  errors.throwIfAny();
  const where = { ...(args.integration ? { integration: args.integration } : {}), ...(args.entityType ? { entityType: args.entityType } : {}) };
  return { window, orderBy, where };
}

function checkEntityType(errors: FieldErrorCollector, entityType: string | null | undefined): void {
  if (entityType != null && !(MAPPED_ENTITY_TYPES as readonly string[]).includes(entityType)) {
    errors.add('entityType', `The entity type must be one of ${MAPPED_ENTITY_TYPES.join(', ')}.`);
  }
}

function checkCommon(errors: FieldErrorCollector, input: { integration?: string | null; entityType?: string | null }, creating = true) {
  checkRequiredText(errors, 'integration', input.integration, creating);
  checkMaxLength(errors, 'integration', input.integration, 64);
  if (creating && input.entityType == null) errors.add('entityType', `The entity type field is required: ${MAPPED_ENTITY_TYPES.join(', ')}.`);
  checkEntityType(errors, input.entityType);
  return errors.errors.entityType ? null : (input.entityType as (typeof MAPPED_ENTITY_TYPES)[number] | undefined) ?? null;
}

async function checkFieldMapping(tx: TenantTx, stored: { integration: string; entityType: string; internalField: string; id: number } | null, input: FieldMappingInput, creating: boolean) {
  const errors = new FieldErrorCollector();
  checkCommon(errors, input, creating);
  checkRequiredText(errors, 'internalField', input.internalField, creating);
  checkRequiredText(errors, 'externalField', input.externalField, creating);
  checkMaxLength(errors, 'externalField', input.externalField, 255);
  const integration = input.integration ?? stored?.integration;
  const entityType = (input.entityType ?? stored?.entityType) as (typeof MAPPED_ENTITY_TYPES)[number];
  const internalField = input.internalField ?? stored?.internalField;
  if (!errors.errors.entityType && !errors.errors.internalField && internalField && !MAPPABLE_FIELDS[entityType]?.includes(internalField)) {
    errors.add('internalField', `A ${entityType} field that can be mapped: ${MAPPABLE_FIELDS[entityType].join(', ')}.`);
  }
  if (Object.keys(errors.errors).length === 0) {
    const clash = await tx.integrationFieldMapping.findFirst({ where: { integration, entityType, internalField, ...(stored ? { id: { not: stored.id } } : {}) } });
    if (clash) errors.add('internalField', `The ${entityType} field ${internalField} is mapped for ${integration} already (field mapping ${clash.id}).`);
  }
  errors.throwIfAny();
  const data: Prisma.IntegrationFieldMappingUncheckedUpdateInput = {};
  if (input.integration != null) data.integration = input.integration.trim();
  if (input.entityType != null) data.entityType = input.entityType;
  if (input.internalField != null) data.internalField = input.internalField;
  if (input.externalField != null) data.externalField = input.externalField.trim();
  return data;
}

async function recordExists(tx: TenantTx, entityType: (typeof MAPPED_ENTITY_TYPES)[number], id: number): Promise<boolean> {
  const where = { where: { id }, select: { id: true } } as const;
  if (entityType === 'product') return (await tx.product.findFirst(where)) !== null;
  if (entityType === 'location') return (await tx.location.findFirst(where)) !== null;
  return (await tx.supplier.findFirst(where)) !== null;
}
