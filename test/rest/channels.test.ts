// Sales channels over real HTTP: both create routes (POST /channels and the legacy POST /channels/sales) with the
// contract's camelCase shape, write-only credentials, the apiLocked rule (403 on every change, reads still
// work; the CLI command unlocks), validation keyed in camelCase, 404s, tenant isolation and the list filters.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectNotFoundOnEachMethod } from '../support/seed.js';
import { expectErrors } from '../support/rest-client.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { parseFlags } from '../../src/cli/args.js';
import { channelUnlock } from '../../src/cli/commands/channels.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let group: any;
let otherGroup: any;
let warehouse: any;
let bin: any;
let tagA: any;
let tagB: any;
let supplier: any;
let priceListId: number;
let tokenId: number;

/** Every field of the contract's channel table, camelCase, with credentials replaced by credentialsSet. */
const CHANNEL_KEYS = [
  'id', 'uuid', 'label', 'description', 'channelType', 'apiLocked', 'warehouseGroupId', 'warehouseGroup', 'storeType', 'enabled', 'status',
  'isPOSChannel', 'isCustomerSpecific', 'pullOrdersFromOms', 'pullOrderAppIntegrationAccountId', 'pullOrderOmsStoreId',
  'getProductsEnabled', 'pushInventoryEnabled', 'includeIncomingStocksEnabled', 'includeDraftProductsEnabled', 'pullStocksEnabled',
  'pullShipmentsEnabled', 'pushIncomingStocksFromSupplierPurchaseOrderEnabled', 'pushStocksAppIntegrationAccountId',
  'channelIntegrationMapping', 'pullOrderIntegrationMapping', 'pushOrderIntegrationMapping', 'pushStockIntegrationMapping',
  'pushCostIntegrationMapping', 'tags', 'metafields', 'isDropship', 'dropshipSupplierId', 'dropshipPoDeliveryWarehouseId',
  'dropshipPoDeliveryType', 'dropshipAutoCreatePo', 'dropshipAutoSendPo', 'dropshipInventoryNotTracked', 'autoPushOrderAfterMinutes',
  'autoPushMode', 'filters', 'restrictions', 'credentialsSet', 'fees', 'priceListId', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy',
  // EDI (issue 12): the trading partner and where documents go.
  'ediEnabled', 'ediPartnerId', 'ediQualifier', 'ediEndpointUrl',
].sort();

const SECRET = 'sk_live_do_not_show_me';

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Main' });
  const east = await post('/locations', { name: 'East' });
  bin = await post('/locations', { name: 'Bin A', parent_id: warehouse.id });
  group = await post('/warehouse-groups', { name: 'Retail', warehouse_ids: [warehouse.id] });
  otherGroup = await post('/warehouse-groups', { name: 'Wholesale', warehouse_ids: [east.id] });
  tagA = await post('/tags', { name: 'Web' });
  tagB = await post('/tags', { name: 'Priority' });
  supplier = await post('/suppliers', { name: 'Dropship Co' });
  const db = tenantClient(server.database.prisma, acme.companyId);
  priceListId = (await db.priceList.create({ data: { name: 'Retail', currency: 'USD' } as any })).id;
  tokenId = (await server.database.prisma.apiToken.findFirstOrThrow({ where: { companyId: acme.companyId } })).id;
});

function fullBody(extra: Record<string, unknown> = {}) {
  return {
    channelType: 'end_to_end_channel',
    label: 'Web shop',
    warehouseGroupId: group.id,
    description: 'Our storefront',
    storeType: 'shopify',
    enabled: true,
    isPOSChannel: false,
    isCustomerSpecific: true,
    pullOrdersFromOms: true,
    pullOrderAppIntegrationAccountId: 77,
    pullOrderOmsStoreId: 'store-9',
    tagIds: [tagB.id, tagA.id],
    priceListId,
    getProductsEnabled: true,
    pushInventoryEnabled: true,
    pushStocksAppIntegrationAccountId: 78,
    isDropship: true,
    dropshipSupplierId: supplier.id,
    dropshipPoDeliveryWarehouseId: warehouse.id,
    dropshipPoDeliveryType: 'direct',
    dropshipAutoCreatePo: true,
    autoPushOrderAfterMinutes: 15,
    autoPushMode: 'scheduled',
    filters: { minTotal: 10 },
    restrictions: { countries: ['US'] },
    credentials: { apiKey: SECRET },
    fees: { percent: 2.5 },
    ...extra,
  };
}

describe('POST /channels', () => {
  it('creates a channel with every field of the contract, camelCase, credentials write-only', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await api('POST', '/channels', fullBody());
    expect(res.status, res.text).toBe(201);
    const channel = res.body.data;
    expect(Object.keys(channel).sort()).toEqual(CHANNEL_KEYS);
    expect(res.text).not.toContain(SECRET);
    expect(channel).not.toHaveProperty('credentials');
    expect(channel).toMatchObject({
      label: 'Web shop',
      channelType: 'end_to_end_channel',
      apiLocked: false,
      status: 1,
      warehouseGroupId: group.id,
      warehouseGroup: { id: group.id, name: 'Retail' },
      tags: [
        { id: tagA.id, name: 'Web' },
        { id: tagB.id, name: 'Priority' },
      ],
      isCustomerSpecific: true,
      pullOrderAppIntegrationAccountId: 77,
      pullOrderOmsStoreId: 'store-9',
      pushStocksAppIntegrationAccountId: 78,
      dropshipSupplierId: supplier.id,
      dropshipPoDeliveryWarehouseId: warehouse.id,
      autoPushOrderAfterMinutes: 15,
      filters: { minTotal: 10 },
      restrictions: { countries: ['US'] },
      fees: { percent: 2.5 },
      credentialsSet: true,
      priceListId,
      createdBy: tokenId,
      updatedBy: tokenId,
      // Integration mapping fields are present and empty when unset.
      channelIntegrationMapping: [],
      pullOrderIntegrationMapping: {},
      pushOrderIntegrationMapping: {},
      pushStockIntegrationMapping: {},
      pushCostIntegrationMapping: {},
      metafields: [],
    });
    expect(Object.keys(channel.warehouseGroup).sort()).toEqual(['id', 'name']);
    expect(channel.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const field of ['createdAt', 'updatedAt']) {
      expect(Number.isInteger(channel[field])).toBe(true);
      expect(channel[field]).toBeGreaterThanOrEqual(before - 1);
      expect(channel[field]).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    }
    const read = await api('GET', `/channels/${channel.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(channel);
    expect(read.text).not.toContain(SECRET);
  });

  it('creates with only the required fields; defaults are false, empty or null', async () => {
    const channel = await post('/channels', { channelType: 'fulfillment_channel', label: 'Warehouse feed', warehouseGroupId: group.id });
    expect(Object.keys(channel).sort()).toEqual(CHANNEL_KEYS);
    expect(channel).toMatchObject({
      enabled: true,
      apiLocked: false,
      isPOSChannel: false,
      tags: [],
      credentialsSet: false,
      priceListId: null,
      description: null,
      filters: {},
      fees: {},
    });
  });

  it('refuses bad input with 422 {message, errors} keyed in camelCase', async () => {
    expectErrors(await api('POST', '/channels', {}), ['channelType', 'label', 'warehouseGroupId']);
    expectErrors(await api('POST', '/channels', { ...fullBody(), channelType: 'marketplace' }), ['channelType']);
    const wrongRefs = await api('POST', '/channels', {
      ...fullBody(),
      label: '  ',
      warehouseGroupId: 999999,
      tagIds: [tagA.id, 999999, tagA.id],
      priceListId: 999999,
      dropshipSupplierId: 999999,
      dropshipPoDeliveryWarehouseId: bin.id,
      filters: [1],
      metafields: { not: 'a list' },
      autoPushOrderAfterMinutes: -5,
      storeType: 'x'.repeat(65),
    });
    expectErrors(wrongRefs, [
      'label',
      'warehouseGroupId',
      'tagIds.1',
      'tagIds.2',
      'priceListId',
      'dropshipSupplierId',
      'dropshipPoDeliveryWarehouseId',
      'filters',
      'metafields',
      'autoPushOrderAfterMinutes',
      'storeType',
    ]);
    // Types and unknown fields: the gateway answers before the domain runs, with camelCase keys too.
    expectErrors(await api('POST', '/channels', { ...fullBody(), enabled: 'yes', warehouse_group_id: group.id }), ['enabled', 'warehouse_group_id']);
    expectErrors(await api('POST', '/channels', { ...fullBody(), isPOSChannel: null }), ['isPOSChannel']);
  });
});

describe('POST /channels/sales (legacy)', () => {
  it('creates a sales channel through the same flow, channelType implied', async () => {
    const res = await api('POST', '/channels/sales', {
      label: 'Legacy shop',
      warehouseGroupId: group.id,
      description: 'Old integration',
      isCustomerSpecific: true,
      pullOrdersFromOms: true,
      pullOrderAppIntegrationAccountId: 5,
      pullOrderOmsStoreId: 'oms-1',
      tagIds: [tagA.id],
    });
    expect(res.status, res.text).toBe(201);
    const channel = res.body.data;
    expect(Object.keys(channel).sort()).toEqual(CHANNEL_KEYS);
    expect(channel).toMatchObject({
      channelType: 'sales_channel',
      label: 'Legacy shop',
      warehouseGroup: { id: group.id, name: 'Retail' },
      pullOrderOmsStoreId: 'oms-1',
      tags: [{ id: tagA.id, name: 'Web' }],
      createdBy: tokenId,
    });
    expect(Number.isInteger(channel.createdAt)).toBe(true);
  });

  it('requires label and warehouseGroupId and takes only its own fields', async () => {
    expectErrors(await api('POST', '/channels/sales', { description: 'x' }), ['label', 'warehouseGroupId']);
    expectErrors(await api('POST', '/channels/sales', { label: 'L', warehouseGroupId: 999999 }), ['warehouseGroupId']);
    expectErrors(await api('POST', '/channels/sales', { label: 'L', warehouseGroupId: group.id, storeType: 'pos' }), ['storeType']);
    expectErrors(await api('POST', '/channels/sales', { label: 'L', warehouseGroupId: group.id, channelType: 'fulfillment_channel' }), ['channelType']);
    const explicit = await api('POST', '/channels/sales', { label: 'Explicit', warehouseGroupId: group.id, channelType: 'sales_channel' });
    expect(explicit.status).toBe(201);
  });

  it('is marked deprecated in the OpenAPI document', async () => {
    const res = await server.call('GET', '/external/api/v1/openapi.json');
    const paths = res.body.paths;
    expect(paths['/channels/sales'].post.deprecated).toBe(true);
    expect(paths['/channels'].post.deprecated).toBeUndefined();
    expect(paths['/channels/{channelId}'].patch).toBeDefined();
  });
});

describe('GET /channels', () => {
  it('lists with page meta and filters channelType and enabled', async () => {
    await post('/channels', { channelType: 'sales_channel', label: 'Disabled shop', warehouseGroupId: otherGroup.id, enabled: false });
    const all = await api('GET', '/channels?per_page=100');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body.meta).sort()).toEqual(['current_page', 'from', 'last_page', 'per_page', 'to', 'total']);
    expect(all.body.meta.total).toBe(all.body.data.length);
    for (const channel of all.body.data) expect(Object.keys(channel).sort()).toEqual(CHANNEL_KEYS);

    const sales = await api('GET', '/channels?channelType=sales_channel');
    expect(sales.body.data.length).toBeGreaterThan(0);
    expect(sales.body.data.every((c: any) => c.channelType === 'sales_channel')).toBe(true);
    const disabled = await api('GET', '/channels?enabled=false');
    expect(disabled.body.data.map((c: any) => c.label)).toEqual(['Disabled shop']);
    const enabledSales = await api('GET', '/channels?channelType=sales_channel&enabled=true');
    expect(enabledSales.body.data.every((c: any) => c.enabled && c.channelType === 'sales_channel')).toBe(true);
    expect(enabledSales.body.meta.total).toBe(sales.body.meta.total - 1);

    const paged = await api('GET', '/channels?per_page=1&page=2&sort=-id');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta).toMatchObject({ current_page: 2, per_page: 1, from: 2, to: 2 });
  });

  it('refuses bad parameters with 422', async () => {
    expectErrors(await api('GET', '/channels?channelType=marketplace'), ['channelType']);
    expectErrors(await api('GET', '/channels?enabled=maybe'), ['enabled']);
    expectErrors(await api('GET', '/channels?per_page=101'), ['per_page']);
    expectErrors(await api('GET', '/channels?sort=colour'), ['sort']);
    expectErrors(await api('GET', '/channels?channel_type=sales_channel'), ['channel_type']);
  });
});

describe('PATCH and DELETE /channels/{id}', () => {
  it('changes only the fields given, replaces tags, records the token and clears credentials', async () => {
    const channel = await post('/channels', fullBody({ label: 'Editable' }));
    const second = await server.createToken(acme.companyId, 'second token');
    const secondId = (await server.database.prisma.apiToken.findFirstOrThrow({ where: { companyId: acme.companyId, name: 'second token' } })).id;
    const res = await server.call('PATCH', `/external/api/v1/channels/${channel.id}`, {
      token: second,
      company: 'acme',
      body: { label: 'Edited', tagIds: [tagA.id], credentials: null, pullStocksEnabled: true, warehouseGroupId: otherGroup.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      label: 'Edited',
      description: 'Our storefront',
      tags: [{ id: tagA.id, name: 'Web' }],
      credentialsSet: false,
      pullStocksEnabled: true,
      warehouseGroup: { id: otherGroup.id, name: 'Wholesale' },
      createdBy: tokenId,
      updatedBy: secondId,
      uuid: channel.uuid,
    });
    expectErrors(await api('PATCH', `/channels/${channel.id}`, { label: '', warehouseGroupId: null, channelType: 'x' }), ['label', 'warehouseGroupId', 'channelType']);
  });

  it('deletes a channel, and refuses one with sales orders', async () => {
    const doomed = await post('/channels', { channelType: 'sales_channel', label: 'Doomed', warehouseGroupId: group.id, tagIds: [tagA.id] });
    const deleted = await api('DELETE', `/channels/${doomed.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: doomed.id, label: 'Doomed' });
    expect((await api('GET', `/channels/${doomed.id}`)).status).toBe(404);

    const busy = await post('/channels', { channelType: 'sales_channel', label: 'Busy', warehouseGroupId: group.id });
    await tenantClient(server.database.prisma, acme.companyId).salesOrder.create({
      data: { orderNumber: 'SO-000001', channelId: busy.id, orderDate: new Date('2026-05-01'), currency: 'USD' } as any,
    });
    expectErrors(await api('DELETE', `/channels/${busy.id}`), ['id']);
    expect((await api('GET', `/channels/${busy.id}`)).status).toBe(200);
  });

  it('answers 404 {message} for a channel that does not exist', async () => {
    await expectNotFoundOnEachMethod(api, '/channels/999999', { label: 'x' });
    expect((await api('GET', '/channels/abc')).status).toBe(404);
  });
});

describe('apiLocked', () => {
  it('refuses every change of a locked channel with 403 {message}; reads still work; the CLI unlocks', async () => {
    const channel = await post('/channels', { channelType: 'sales_channel', label: 'Lockable', warehouseGroupId: group.id });
    const locked = await api('PATCH', `/channels/${channel.id}`, { apiLocked: true });
    expect(locked.status, locked.text).toBe(200);
    expect(locked.body.data.apiLocked).toBe(true);

    for (const [method, body] of [
      ['PATCH', { label: 'Changed' }],
      ['PATCH', { apiLocked: false }],
      ['PATCH', { label: '' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(method, `/channels/${channel.id}`, body);
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(403);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.body.message).toMatch(/locked/);
    }
    const read = await api('GET', `/channels/${channel.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ label: 'Lockable', apiLocked: true });
    expect((await api('GET', '/channels?per_page=100')).body.data.some((c: any) => c.id === channel.id)).toBe(true);

    // The administrator's command (run in process against the test database).
    const lines: string[] = [];
    const input = channelUnlock.parse(parseFlags(['--company', 'acme', '--id', String(channel.id)], channelUnlock.flags));
    await channelUnlock.run(
      { database: server.database, prisma: server.database.prisma, sql: server.database.sql, config: server.config, out: { line: (text = '') => lines.push(text), error: (text) => lines.push(text) } },
      input,
    );
    expect(lines.join('\n')).toMatch(new RegExp(`Channel ${channel.id} \\(Lockable\\) of company acme is unlocked`));
    const changed = await api('PATCH', `/channels/${channel.id}`, { label: 'Changed' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ label: 'Changed', apiLocked: false });
  });

  it('creates a channel locked, and the unlock command only reaches its own company', async () => {
    const res = await api('POST', '/channels', { channelType: 'sales_channel', label: 'Born locked', warehouseGroupId: group.id, apiLocked: true });
    expect(res.status).toBe(201);
    expect(res.body.data.apiLocked).toBe(true);
    expect((await api('PATCH', `/channels/${res.body.data.id}`, { description: 'x' })).status).toBe(403);

    const context = { database: server.database, prisma: server.database.prisma, sql: server.database.sql, config: server.config, out: { line() {}, error() {} } };
    await expect(channelUnlock.run(context, { companySlug: 'globex', id: res.body.data.id })).rejects.toThrow(/not found/);
    expect((await api('GET', `/channels/${res.body.data.id}`)).body.data.apiLocked).toBe(true);
    expect(() => channelUnlock.parse(parseFlags(['--company', 'acme', '--id', 'abc'], channelUnlock.flags))).toThrow(/--id/);
  });
});

describe('tenant isolation', () => {
  it("never shows or changes another company's channel, nor lets it use another company's records", async () => {
    const channel = await post('/channels', { channelType: 'sales_channel', label: 'Acme only', warehouseGroupId: group.id });
    await expectNotFoundOnEachMethod(api, `/channels/${channel.id}`, { label: 'Stolen' }, undefined, globex);
    const list = await api('GET', '/channels', undefined, globex);
    expect(list.body.data).toEqual([]);
    expectErrors(
      await api('POST', '/channels', { channelType: 'sales_channel', label: 'X', warehouseGroupId: group.id, tagIds: [tagA.id], priceListId, dropshipSupplierId: supplier.id }, globex),
      ['warehouseGroupId', 'tagIds.0', 'priceListId', 'dropshipSupplierId'],
    );
    expect((await api('GET', `/channels/${channel.id}`)).body.data.label).toBe('Acme only');
  });
});
