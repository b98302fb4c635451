// What a sales channel accepts, how it is checked and how it becomes a row. Field names are the channel's
// camelCase names (also those of its API), so per-field messages are keyed the way callers wrote them.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import type { ChannelEdiInput } from '../edi/index.js';

export const CHANNEL_TYPES = ['sales_channel', 'fulfillment_channel', 'end_to_end_channel'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** The boolean switches of a channel (each false unless given; `enabled` defaults to true in the database). */
export const CHANNEL_FLAGS = [
  'enabled',
  'isPOSChannel',
  'isCustomerSpecific',
  'pullOrdersFromOms',
  'getProductsEnabled',
  'pushInventoryEnabled',
  'includeIncomingStocksEnabled',
  'includeDraftProductsEnabled',
  'pullStocksEnabled',
  'pullShipmentsEnabled',
  'pushIncomingStocksFromSupplierPurchaseOrderEnabled',
  'isDropship',
  'dropshipAutoCreatePo',
  'dropshipAutoSendPo',
  'dropshipInventoryNotTracked',
  'apiLocked',
] as const;

/** Configuration documents kept as given: an object each, except the two lists. */
export const CHANNEL_OBJECT_DOCUMENTS = [
  'pullOrderIntegrationMapping',
  'pushOrderIntegrationMapping',
  'pushStockIntegrationMapping',
  'pushCostIntegrationMapping',
  'filters',
  'restrictions',
  'fees',
] as const;
export const CHANNEL_LIST_DOCUMENTS = ['channelIntegrationMapping', 'metafields'] as const;

/** Free-text settings and their length limits (the contract lists no values for the two modes). */
export const CHANNEL_TEXT_LIMITS = { storeType: 64, pullOrderOmsStoreId: 255, dropshipPoDeliveryType: 32, autoPushMode: 32 } as const;

/** Ids of other systems' accounts (not records of this service): positive integers. */
export const CHANNEL_EXTERNAL_IDS = ['pullOrderAppIntegrationAccountId', 'pushStocksAppIntegrationAccountId'] as const;

type Flag = (typeof CHANNEL_FLAGS)[number];
type ObjectDocument = (typeof CHANNEL_OBJECT_DOCUMENTS)[number];
type ListDocument = (typeof CHANNEL_LIST_DOCUMENTS)[number];
type TextSetting = keyof typeof CHANNEL_TEXT_LIMITS;
type ExternalId = (typeof CHANNEL_EXTERNAL_IDS)[number];

/**
 * What a channel's create and update accept. The fields of the lists above are typed from the lists, and the
 * GraphQL inputs (src/graphql/sales/channel-types.ts) are built from the same lists; the others, each with its own
 * GraphQL description, are declared in both.
 */
export type ChannelInput = {
  channelType?: string | null;
  label?: string | null;
  description?: string | null;
  warehouseGroupId?: number | null;
  tagIds?: number[] | null;
  priceListId?: number | null;
  dropshipSupplierId?: number | null;
  dropshipPoDeliveryWarehouseId?: number | null;
  autoPushOrderAfterMinutes?: number | null;
  /** Write-only: reads only tell whether some are stored. null clears them. */
  credentials?: unknown;
} & ChannelEdiInput &
  { [T in TextSetting]?: string | null } &
  { [I in ExternalId]?: number | null } &
  { [F in Flag]?: boolean | null } &
  { [D in ObjectDocument | ListDocument]?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks an input against the tenant's records. `creating`: label, channelType and warehouseGroupId must be
 * given. Every problem is collected, then thrown together (422 keyed by field, `tagIds.1`).
 */
export async function checkChannelInput(tx: TenantTx, input: ChannelInput, creating: boolean): Promise<void> {
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'label', input.label, creating);
  checkMaxLength(errors, 'label', input.label, 255);
  checkMaxLength(errors, 'description', input.description, 65535);
  if (input.channelType === undefined || input.channelType === null) {
    if (creating || input.channelType === null) errors.add('channelType', 'The channel type field is required.');
  } else if (!(CHANNEL_TYPES as readonly string[]).includes(input.channelType)) {
    errors.add('channelType', `The channel type must be one of: ${CHANNEL_TYPES.join(', ')}.`);
  }
  for (const flag of CHANNEL_FLAGS) {
    if (input[flag] === null) errors.add(flag, `The ${flag} field must be true or false.`);
  }
  for (const [field, max] of Object.entries(CHANNEL_TEXT_LIMITS)) checkMaxLength(errors, field, input[field as TextSetting], max);
  for (const field of CHANNEL_EXTERNAL_IDS) {
    const value = input[field];
    if (value != null && value < 1) errors.add(field, `The ${field} must be a positive integer.`);
  }
  if (input.autoPushOrderAfterMinutes != null && input.autoPushOrderAfterMinutes < 0) {
    errors.add('autoPushOrderAfterMinutes', 'The autoPushOrderAfterMinutes must be 0 or more.');
  }
  for (const field of CHANNEL_OBJECT_DOCUMENTS) {
    if (input[field] !== undefined && !isObject(input[field])) errors.add(field, `The ${field} field must be an object.`);
  }
  for (const field of CHANNEL_LIST_DOCUMENTS) {
    const value = input[field];
    if (value === undefined) continue;
    if (!Array.isArray(value)) errors.add(field, `The ${field} field must be an array.`);
    else value.forEach((item, index) => !isObject(item) && errors.add(`${field}.${index}`, 'Each item must be an object.'));
  }
  if (input.credentials != null && !isObject(input.credentials)) errors.add('credentials', 'The credentials field must be an object.');

  await checkReferences(tx, input, creating, errors);
  errors.throwIfAny();
}

async function checkReferences(tx: TenantTx, input: ChannelInput, creating: boolean, errors: FieldErrorCollector): Promise<void> {
  const { warehouseGroupId, priceListId, dropshipSupplierId, dropshipPoDeliveryWarehouseId, tagIds } = input;
  if (warehouseGroupId === undefined || warehouseGroupId === null) {
    if (creating || warehouseGroupId === null) errors.add('warehouseGroupId', 'The warehouse group id field is required.');
  }
  const [group, priceList, supplier, warehouse, tags] = await Promise.all([
    warehouseGroupId != null ? tx.warehouseGroup.findUnique({ where: byId(warehouseGroupId), select: { id: true } }) : undefined,
    priceListId != null ? tx.priceList.findUnique({ where: byId(priceListId), select: { id: true } }) : undefined,
    dropshipSupplierId != null ? tx.supplier.findUnique({ where: byId(dropshipSupplierId), select: { id: true } }) : undefined,
    dropshipPoDeliveryWarehouseId != null
      ? tx.location.findUnique({ where: byId(dropshipPoDeliveryWarehouseId), select: { id: true, parentId: true } })
      : undefined,
    tagIds?.length ? tx.tag.findMany({ where: { id: { in: tagIds } }, select: { id: true } }) : [],
  ]);
  if (group === null) errors.add('warehouseGroupId', `Warehouse group ${warehouseGroupId} does not exist.`);
  if (priceList === null) errors.add('priceListId', `Price list ${priceListId} does not exist.`);
  if (supplier === null) errors.add('dropshipSupplierId', `Supplier ${dropshipSupplierId} does not exist.`);
  if (warehouse === null) errors.add('dropshipPoDeliveryWarehouseId', `Warehouse ${dropshipPoDeliveryWarehouseId} does not exist.`);
  else if (warehouse && warehouse.parentId !== null) {
    errors.add('dropshipPoDeliveryWarehouseId', `Location ${dropshipPoDeliveryWarehouseId} is not a warehouse.`);
  }
  if (tagIds) {
    const known = new Set(tags.map((tag) => tag.id));
    const seen = new Set<number>();
    tagIds.forEach((tagId, index) => {
      if (!known.has(tagId)) errors.add(`tagIds.${index}`, `Tag ${tagId} does not exist.`);
      else if (seen.has(tagId)) errors.add(`tagIds.${index}`, `Tag ${tagId} is given more than once.`);
      seen.add(tagId);
    });
  }
}

/** The columns an input sets (tags are written separately). */
export function channelData(input: ChannelInput): Prisma.SalesChannelUncheckedUpdateInput {
  const data: Record<string, unknown> = {};
  const copy = (field: keyof ChannelInput, value: unknown = input[field]) => {
    if (input[field] !== undefined) data[field] = value;
  };
  copy('channelType');
  if (typeof input.label === 'string') data.label = input.label.trim();
  copy('description');
  copy('warehouseGroupId');
  for (const field of [...Object.keys(CHANNEL_TEXT_LIMITS), ...CHANNEL_EXTERNAL_IDS, 'priceListId', 'dropshipSupplierId', 'dropshipPoDeliveryWarehouseId', 'autoPushOrderAfterMinutes', 'ediEnabled', 'ediPartnerId', 'ediQualifier', 'ediEndpointUrl'] as const) {
    copy(field as keyof ChannelInput);
  }
  for (const flag of CHANNEL_FLAGS) copy(flag);
  for (const field of [...CHANNEL_OBJECT_DOCUMENTS, ...CHANNEL_LIST_DOCUMENTS]) copy(field);
  // A JSON column is cleared with the database's NULL, not with a JSON null value.
  if (input.credentials !== undefined) data.credentials = input.credentials === null ? Prisma.DbNull : input.credentials;
  return data as Prisma.SalesChannelUncheckedUpdateInput;
}
