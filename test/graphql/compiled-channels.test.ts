// Sales channels answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts) when
// every field selected has SQL: the domain picks the page (its channel type and enabled filters, its sort, reading ids
// only), and one statement writes the channels with their warehouse group, tags (by id), credentialsSet and the Unix
// seconds of createdAt and updatedAt. The caller's own JSON documents (the integration mappings, metafields, filters,
// restrictions, fees) have no SQL (compiled-coverage.test.ts says why), so the REST routes, which show them, stay
// field by field: their answers here are the operation's ordinary execution, no JSON statement. Over /graphql the
// REST selection without those documents, and random selections of the fields SQL writes, equal field by field, keys
// in the same order and values alike. The data: channels made through the API (every field, the fewest, a locked one,
// credentials set, cleared and stored as JSON null or {}), and bulk written directly, with tags and without, text JSON
// must escape. A page runs as many statements for 10 channels as for 100. Changes are compared too, over /graphql
// without the caller's JSON: creates (and the legacy create), updates and a delete answer by one JSON statement in
// their transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { channelRoutes } from '../../rest-mapping/channels.js';
import type { RestRoute } from '../../src/rest/route.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { fieldByField } from '../support/random-selection.js';
import { getRoute, pageAndRecordQueries, queryAsFieldByField, selectionsAsFieldByField, writableFields, writtenAsJson, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const { graphqlChange } = compiledChangeChecker(server, acme, api, () => counter.statements);
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(channelRoutes, '/channels');
const recordRoute = getRoute(channelRoutes, '/channels/{channelId}');
/** The caller's JSON documents: no SQL, so a selection with one of them is answered field by field. */
const CALLERS_JSON = [
  'channelIntegrationMapping', 'pullOrderIntegrationMapping', 'pushOrderIntegrationMapping', 'pushStockIntegrationMapping', 'pushCostIntegrationMapping',
  'metafields', 'filters', 'restrictions', 'fees',
];
/** A route's operation without the caller's JSON documents: every field it asks has SQL. */
const writable = (route: RestRoute) => route.graphql.replace(new RegExp(`\\b(${CALLERS_JSON.join('|')})\\b(?!:)`, 'g'), '');
const channelIds: number[] = [];
let tagIds: number[] = [];
/** What a change may name: two warehouse groups, a supplier, a price list and a warehouse. */
const refs = { group: 0, otherGroup: 0, supplier: 0, priceList: 0, warehouse: 0 };

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const warehouse = await post('/locations', { name: 'Main' });
  const group = await post('/warehouse-groups', { name: 'Retail "R" \\ ☃', warehouse_ids: [warehouse.id] });
  const otherGroup = await post('/warehouse-groups', { name: 'Empty\ngroup' });
  const web = await post('/tags', { name: 'Web "w"' });
  const priority = await post('/tags', { name: 'Priority \\ ☃' });
  tagIds = [web.id, priority.id];
  const supplier = await post('/suppliers', { name: 'Dropship Co' });
  const priceList = await post('/price-lists', { name: 'Retail', currency: 'USD' });
  Object.assign(refs, { group: group.id, otherGroup: otherGroup.id, supplier: supplier.id, priceList: priceList.id, warehouse: warehouse.id });
  const full = await post('/channels', {
    channelType: 'end_to_end_channel', label: 'Web "shop" \\ ☃\nnew line', warehouseGroupId: group.id, description: 'Tab\there',
    storeType: 'shopify', enabled: true, isPOSChannel: true, isCustomerSpecific: true, pullOrdersFromOms: true,
    pullOrderAppIntegrationAccountId: 77, pullOrderOmsStoreId: 'store-"9"', tagIds: [priority.id, web.id], priceListId: priceList.id,
    getProductsEnabled: true, pushInventoryEnabled: true, pushStocksAppIntegrationAccountId: 78, isDropship: true,
    dropshipSupplierId: supplier.id, dropshipPoDeliveryWarehouseId: warehouse.id, dropshipPoDeliveryType: 'direct', dropshipAutoCreatePo: true,
    autoPushOrderAfterMinutes: 0, autoPushMode: 'scheduled', filters: { minTotal: 10, '2': 'two', a: '"☃"' }, restrictions: { countries: ['US'] },
    credentials: { apiKey: 'secret' }, fees: { percent: 2.5 }, metafields: [{ key: 'k', value: 'v\n' }],
  });
  const bare = await post('/channels', { channelType: 'fulfillment_channel', label: 'Bare', warehouseGroupId: otherGroup.id });
  const legacy = await post('/channels/sales', { label: 'Legacy', warehouseGroupId: group.id, tagIds: [web.id] });
  const cleared = await post('/channels', { channelType: 'sales_channel', label: 'Cleared', warehouseGroupId: group.id, credentials: { k: 1 }, enabled: false });
  await api('PATCH', `/channels/${cleared.id}`, { credentials: null, tagIds: [] });
  const locked = await post('/channels', { channelType: 'sales_channel', label: 'Locked', warehouseGroupId: group.id, apiLocked: true, credentials: {} });
  channelIds.push(full.id, bare.id, legacy.id, cleared.id, locked.id);

  // Bulk: 105 channels of the three types, credentials stored as JSON null, {}, [] or an object, some tagged.
  const CREDENTIALS = [Prisma.DbNull, Prisma.JsonNull, {}, [], { token: 'x' }, 'text'];
  const bulk = await db.salesChannel.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      channelType: ['sales_channel', 'fulfillment_channel', 'end_to_end_channel'][i % 3],
      label: `Channel ${String(i).padStart(3, '0')} "c" \\`,
      description: i % 4 ? null : `Line\n${i}`,
      warehouseGroupId: i % 2 ? group.id : otherGroup.id,
      enabled: i % 5 !== 0,
      status: i % 7,
      pullOrderAppIntegrationAccountId: i % 3 ? null : 2147483647 - i,
      credentials: CREDENTIALS[i % CREDENTIALS.length],
      priceListId: i % 6 ? null : priceList.id,
      ediEnabled: false,
      ediEndpointUrl: i % 8 ? null : `https://edi.example.test/${i}?a="b"`,
      createdBy: i % 2 ? null : i,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i, 999)),
      updatedAt: new Date(Date.UTC(2026, 0, 2, 0, 0, i)),
    })) as any,
  });
  await db.salesChannelTag.createMany({
    data: bulk.flatMap(({ id }, i) => tagIds.slice(0, i % 3).map((tagId) => ({ channelId: id, tagId }))) as any,
  });
  channelIds.push(bulk[0]!.id, bulk[1]!.id, bulk[5]!.id, bulk[104]!.id);
}, 60_000);

/** GET `path` answers as the route's operation run field by field, with no statement writing JSON: its body. */
async function restAsFieldByField(route: RestRoute, path: string, variables: Record<string, unknown>, shape: (data: any) => unknown) {
  const before = counter.statements.length;
  const rest = await api('GET', path);
  expect(rest.status, rest.text).toBe(200);
  expect(counter.statements.slice(before).filter(writtenAsJson)).toEqual([]);
  const ordinary = await fieldByField(server, route.graphql, variables, acme);
  expect(ordinary.body.errors, ordinary.text).toBeUndefined();
  expect(JSON.stringify(rest.body)).toBe(JSON.stringify(shape(ordinary.body.data)));
  return rest.body;
}

const asPage = (data: any) => ({ data: data.salesChannels.items, meta: data.salesChannels.meta });

describe('sales channels over REST (field by field: the routes show the caller\'s JSON)', () => {
  it('GET /channels, plain, by type and enabled, sorted, answers as its operation', async () => {
    for (const perPage of [10, 100]) {
      const body = await restAsFieldByField(listRoute, `/channels?per_page=${perPage}&sort=id`, { perPage, sort: 'id' }, asPage);
      expect(body.data).toHaveLength(perPage);
    }
    const sales = await restAsFieldByField(listRoute, '/channels?per_page=100&channelType=sales_channel&enabled=true&sort=-label', { perPage: 100, channelType: 'sales_channel', enabled: true, sort: '-label' }, asPage);
    expect(sales.data.length).toBeGreaterThan(20);
  });

  it('GET /channels/{id} answers as its operation', async () => {
    for (const id of channelIds) await restAsFieldByField(recordRoute, `/channels/${id}`, { id }, (data) => ({ data: data.salesChannel }));
  });
});

describe('sales channels written by one statement over /graphql', () => {
  it('the REST selection without the caller\'s JSON answers as field by field: pages (plain, by type, sorted) and records', async () => {
    for (const perPage of [10, 100]) {
      const data = await queryAsFieldByField(on, writable(listRoute), { perPage, sort: 'id' });
      expect(data!.salesChannels.items).toHaveLength(perPage);
    }
    await queryAsFieldByField(on, writable(listRoute), { perPage: 100, channelType: 'end_to_end_channel', enabled: false, sort: '-createdAt' });
    for (const id of channelIds) await queryAsFieldByField(on, writable(recordRoute), { id });
  });

  it('a page runs as many statements for 10 channels as for 100', async () => {
    const planned = async (perPage: number) =>
      (await counter.count(() => server.graphql(writable(listRoute), { perPage, sort: 'id' }, { token: acme.token, company: acme.slug }))).count;
    expect(await planned(100)).toBe(await planned(10));
  });

  it('has no SQL for the caller\'s JSON, and SQL for every other field', () => {
    expect(writableFields('SalesChannel').filter((field) => CALLERS_JSON.includes(field))).toEqual([]);
    expect(writableFields('SalesChannel')).toContain('credentialsSet');
  });

  it('random selections answer as field by field', () =>
    selectionsAsFieldByField(on, ['SalesChannel'], ([selection], id) => pageAndRecordQueries(selection!, 'salesChannels', '-id', 'salesChannel', id), {
      numRuns: 15, seed: 20261203, ids: channelIds, skipTooDeep: true,
    }));
});

describe('changes answered by one statement over /graphql', () => {
  const mutation = (method: string, path: string) => writable(channelRoutes.find((route) => route.method === method && route.path === path)!);
  const read = writable(recordRoute);
  const text = 'A "quoted" \\ name ☃\nline';

  it('create with every field and with the fewest, the legacy create, updates setting and clearing fields, and delete', async () => {
    const create = mutation('POST', '/channels');
    const full = await graphqlChange(create, {
      input: {
        channelType: 'end_to_end_channel', label: text, warehouseGroupId: refs.group, description: text, storeType: 'shopify', enabled: true,
        isPOSChannel: true, isCustomerSpecific: true, pullOrdersFromOms: true, pullOrderAppIntegrationAccountId: 2147483647, pullOrderOmsStoreId: text,
        tagIds: [tagIds[1], tagIds[0]], priceListId: refs.priceList, getProductsEnabled: true, pushInventoryEnabled: true, isDropship: true,
        dropshipSupplierId: refs.supplier, dropshipPoDeliveryWarehouseId: refs.warehouse, dropshipPoDeliveryType: 'direct', dropshipAutoCreatePo: true,
        autoPushOrderAfterMinutes: 0, autoPushMode: 'scheduled', filters: { b: 1, a: text }, credentials: { apiKey: 'secret' }, metafields: [{ key: 'k' }],
      },
    }, read);
    const bare = await graphqlChange(create, { input: { channelType: 'fulfillment_channel', label: 'Bare "change"', warehouseGroupId: refs.otherGroup } }, read);
    await graphqlChange(mutation('POST', '/channels/sales'), { input: { label: text, warehouseGroupId: refs.group, description: text, tagIds: [tagIds[0]], isCustomerSpecific: true } }, read);
    const update = mutation('PATCH', '/channels/{channelId}');
    await graphqlChange(update, { id: full.id, input: { description: null, tagIds: [], priceListId: null, credentials: null, pullOrderOmsStoreId: null, enabled: false } }, read);
    await graphqlChange(update, { id: bare.id, input: { label: text, description: 'Now "set"', tagIds: tagIds, warehouseGroupId: refs.group, credentials: {} } }, read);
    await graphqlChange(mutation('DELETE', '/channels/{channelId}'), { id: full.id }, read, { deletes: true });
    expect((await api('GET', `/channels/${full.id}`)).status).toBe(404);
  });
});
