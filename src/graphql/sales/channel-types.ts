// The sales channel in GraphQL: its type (the contract's camelCase table, with createdAt/updatedAt as Unix
// seconds and credentials write-only) and its inputs. Rules in src/domain/sales/channels.ts.
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { linkedRows, unixSecondsColumn } from '../../domain/shared/selection-json-sql.js';
import { TagRef } from '../suppliers/tag-fields.js';
import { WarehouseGroupRef } from '../inventory/inventory-types.js';
import {
  CHANNEL_EXTERNAL_IDS,
  CHANNEL_FLAGS,
  CHANNEL_LIST_DOCUMENTS,
  CHANNEL_OBJECT_DOCUMENTS,
  CHANNEL_TEXT_LIMITS,
  CHANNEL_TYPES,
} from '../../domain/sales/index.js';

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const SalesChannelRef = builder.prismaObject('SalesChannel', {
  description: 'A sales, fulfillment or end-to-end channel. While apiLocked is true, every change through the API is refused (403).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    label: t.exposeString('label'),
    description: t.exposeString('description', { nullable: true }),
    channelType: t.exposeString('channelType', { description: CHANNEL_TYPES.join(', ') }),
    apiLocked: t.exposeBoolean('apiLocked', { description: 'Changes through the API answer 403; only an administrator unlocks (CLI channel:unlock).' }),
    warehouseGroupId: t.exposeInt('warehouseGroupId'),
    warehouseGroup: t.relation('warehouseGroup', { type: WarehouseGroupRef }),
    storeType: t.exposeString('storeType', { nullable: true }),
    enabled: t.exposeBoolean('enabled'),
    status: t.exposeInt('status'),
    isPOSChannel: t.exposeBoolean('isPOSChannel'),
    isCustomerSpecific: t.exposeBoolean('isCustomerSpecific'),
    pullOrdersFromOms: t.exposeBoolean('pullOrdersFromOms'),
    pullOrderAppIntegrationAccountId: t.exposeInt('pullOrderAppIntegrationAccountId', { nullable: true }),
    pullOrderOmsStoreId: t.exposeString('pullOrderOmsStoreId', { nullable: true }),
    getProductsEnabled: t.exposeBoolean('getProductsEnabled'),
    pushInventoryEnabled: t.exposeBoolean('pushInventoryEnabled'),
    includeIncomingStocksEnabled: t.exposeBoolean('includeIncomingStocksEnabled'),
    includeDraftProductsEnabled: t.exposeBoolean('includeDraftProductsEnabled'),
    pullStocksEnabled: t.exposeBoolean('pullStocksEnabled'),
    pullShipmentsEnabled: t.exposeBoolean('pullShipmentsEnabled'),
    pushIncomingStocksFromSupplierPurchaseOrderEnabled: t.exposeBoolean('pushIncomingStocksFromSupplierPurchaseOrderEnabled'),
    pushStocksAppIntegrationAccountId: t.exposeInt('pushStocksAppIntegrationAccountId', { nullable: true }),
    channelIntegrationMapping: t.expose('channelIntegrationMapping', { type: 'JSON', description: 'A list of objects; empty when unset.' }),
    pullOrderIntegrationMapping: t.expose('pullOrderIntegrationMapping', { type: 'JSON', description: 'An object; empty when unset.' }),
    pushOrderIntegrationMapping: t.expose('pushOrderIntegrationMapping', { type: 'JSON', description: 'An object; empty when unset.' }),
    pushStockIntegrationMapping: t.expose('pushStockIntegrationMapping', { type: 'JSON', description: 'An object; empty when unset.' }),
    pushCostIntegrationMapping: t.expose('pushCostIntegrationMapping', { type: 'JSON', description: 'An object; empty when unset.' }),
    tags: t.field({
      type: [TagRef],
      select: { tags: { select: { tag: true }, orderBy: { tagId: 'asc' } } },
      resolve: (channel) => channel.tags.map((link) => link.tag),
      extensions: jsonSql(linkedRows('Tag', 'SalesChannelTag', 'channelId', 'tagId', 'Tag', (_related, link) => `${link}."tagId"`)),
    }),
    metafields: t.expose('metafields', { type: 'JSON', description: 'A list of objects; empty when unset.' }),
    isDropship: t.exposeBoolean('isDropship'),
    dropshipSupplierId: t.exposeInt('dropshipSupplierId', { nullable: true }),
    dropshipPoDeliveryWarehouseId: t.exposeInt('dropshipPoDeliveryWarehouseId', { nullable: true }),
    dropshipPoDeliveryType: t.exposeString('dropshipPoDeliveryType', { nullable: true }),
    dropshipAutoCreatePo: t.exposeBoolean('dropshipAutoCreatePo'),
    dropshipAutoSendPo: t.exposeBoolean('dropshipAutoSendPo'),
    dropshipInventoryNotTracked: t.exposeBoolean('dropshipInventoryNotTracked'),
    autoPushOrderAfterMinutes: t.exposeInt('autoPushOrderAfterMinutes', { nullable: true }),
    autoPushMode: t.exposeString('autoPushMode', { nullable: true }),
    filters: t.expose('filters', { type: 'JSON' }),
    restrictions: t.expose('restrictions', { type: 'JSON' }),
    credentialsSet: t.boolean({
      description: 'Whether credentials are stored (they are write-only and never shown).',
      select: { credentials: true },
      resolve: (channel) => channel.credentials !== null && !(typeof channel.credentials === 'object' && Object.keys(channel.credentials).length === 0),
      // The same test in SQL: a JSON null reads as null, an empty object or list as nothing set.
      extensions: jsonSql({
        value: (row) =>
          `CASE WHEN ${row}.credentials IS NULL OR jsonb_typeof(${row}.credentials) = 'null' THEN false WHEN jsonb_typeof(${row}.credentials) IN ('object', 'array') THEN ${row}.credentials NOT IN ('{}'::jsonb, '[]'::jsonb) ELSE true END`,
      }),
    }),
    fees: t.expose('fees', { type: 'JSON' }),
    priceListId: t.exposeInt('priceListId', { nullable: true, description: "Prices lines without a unit price when the customer has no list of its own." }),
    ediEnabled: t.exposeBoolean('ediEnabled', { description: 'X12 EDI with the trading partner: an 856 when a shipment ships, an 810 when an invoice is issued, 850s in (POST /edi/inbound), 855 and 997 out.' }),
    ediPartnerId: t.exposeString('ediPartnerId', { nullable: true, description: "The partner's interchange id (ISA08 on what we send, ISA06 on what it sends)." }),
    ediQualifier: t.exposeString('ediQualifier', { nullable: true, description: "The qualifier of the partner's id (ISA07/ISA05), e.g. ZZ." }),
    ediEndpointUrl: t.exposeString('ediEndpointUrl', { nullable: true, description: 'Outbound documents are POSTed here as application/edi-x12; without it they stay pending for the partner to collect.' }),
    createdAt: t.int({ description: 'Unix seconds.', select: { createdAt: true }, resolve: (channel) => unixSeconds(channel.createdAt), extensions: jsonSql(unixSecondsColumn('createdAt')) }),
    updatedAt: t.int({ description: 'Unix seconds.', select: { updatedAt: true }, resolve: (channel) => unixSeconds(channel.updatedAt), extensions: jsonSql(unixSecondsColumn('updatedAt')) }),
    createdBy: t.exposeInt('createdBy', { nullable: true, description: 'The API token that created the channel.' }),
    updatedBy: t.exposeInt('updatedBy', { nullable: true, description: 'The API token that changed it last.' }),
  }),
});

export const SalesChannelPageRef = pageOf('SalesChannelPage', SalesChannelRef);

/** A free-text setting, described with the limit the domain checks. */
const limitedText = (t: InputFieldBuilder, name: keyof typeof CHANNEL_TEXT_LIMITS) =>
  t.string({ required: false, description: `At most ${CHANNEL_TEXT_LIMITS[name]} characters.` });

/** The fields of the legacy POST /channels/sales, shared with the full input. */
const legacyFields = (t: InputFieldBuilder, creating: boolean) => ({
  label: t.string({ required: creating, description: 'At most 255 characters.' }),
  warehouseGroupId: t.int({ required: creating, description: 'The warehouse group whose warehouses serve the orders.' }),
  description: t.string({ required: false }),
  isCustomerSpecific: t.boolean({ required: false }),
  pullOrdersFromOms: t.boolean({ required: false }),
  pullOrderAppIntegrationAccountId: t.int({ required: false }),
  pullOrderOmsStoreId: limitedText(t, 'pullOrderOmsStoreId'),
  tagIds: t.intList({ required: false, description: creating ? 'Tags of the company.' : 'Replaces the tags.' }),
});

/**
 * The full input: the fields declared here, then every text setting, account id, switch and configuration
 * document of the domain's lists (src/domain/sales/channel-input.ts) that is not among them, so a field added
 * to one of those lists is accepted here without being declared again.
 */
const channelFields = (t: InputFieldBuilder, creating: boolean) => {
  const declared = {
    channelType: t.string({ required: creating, description: CHANNEL_TYPES.join(', ') }),
    ...legacyFields(t, creating),
    apiLocked: t.boolean({
      required: false,
      description: 'true locks the channel against changes through the API; false on a locked channel is refused (403).',
    }),
    priceListId: t.int({ required: false }),
    dropshipSupplierId: t.int({ required: false }),
    dropshipPoDeliveryWarehouseId: t.int({ required: false, description: 'A warehouse (a top-level location).' }),
    autoPushOrderAfterMinutes: t.int({ required: false, description: '0 or more.' }),
    ediEnabled: t.boolean({ required: false, description: "true needs ediPartnerId, ediQualifier and the company's EDI sender id." }),
    ediPartnerId: t.string({ required: false, description: '1–15 characters; unique among EDI channels with its qualifier.' }),
    ediQualifier: t.string({ required: false, description: '2 characters, e.g. ZZ or 01.' }),
    ediEndpointUrl: t.string({ required: false, description: 'An http(s) URL; null clears it.' }),
    credentials: t.field({ type: 'JSON', required: false, description: 'An object; write-only (reads show credentialsSet). null clears them.' }),
  };
  const undeclared = <Name extends string>(names: readonly Name[]) => names.filter((name) => !(name in declared));
  return {
    ...declared,
    ...Object.fromEntries(undeclared(Object.keys(CHANNEL_TEXT_LIMITS) as Array<keyof typeof CHANNEL_TEXT_LIMITS>).map((name) => [name, limitedText(t, name)])),
    ...Object.fromEntries(undeclared(CHANNEL_EXTERNAL_IDS).map((name) => [name, t.int({ required: false })])),
    ...Object.fromEntries(undeclared(CHANNEL_FLAGS).map((name) => [name, t.boolean({ required: false })])),
    ...Object.fromEntries(undeclared(CHANNEL_OBJECT_DOCUMENTS).map((name) => [name, t.field({ type: 'JSON', required: false, description: 'An object.' })])),
    ...Object.fromEntries(undeclared(CHANNEL_LIST_DOCUMENTS).map((name) => [name, t.field({ type: 'JSON', required: false, description: 'A list of objects.' })])),
  };
};

export const SalesChannelCreateInput = builder.inputType('SalesChannelCreateInput', { fields: (t) => channelFields(t, true) });
export const SalesChannelUpdateInput = builder.inputType('SalesChannelUpdateInput', {
  description: 'Every field is optional; only the fields given change. A locked channel cannot be changed.',
  fields: (t) => channelFields(t, false),
});
export const LegacySalesChannelInput = builder.inputType('LegacySalesChannelInput', {
  description: 'POST /channels/sales: a sales channel (channelType, when given, must be sales_channel).',
  fields: (t) => ({ ...legacyFields(t, true), channelType: t.string({ required: false, description: 'sales_channel only.' }) }),
});
