// Purgatory entries answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (its filters and sort, reading ids only), and one statement writes the entries as the
// selection asks, with the reasons declared beside their resolver (the stored list's objects, in its order). The
// payload is the caller's own JSON and has no SQL, so the REST routes, which ask for it, are answered field by
// field as before; here the REST routes' selections without it, and random selections, are compared over /graphql
// with graphql's ordinary execution field by field, keys in the same order and values alike. The data is varied:
// entries made by the order intake (an unknown SKU, an inactive product, a bad address, a conflicting replay; one
// resolved, one discarded), and entries written directly with no reasons or several, reasons without a line or
// whose line is missing, messages JSON must escape, and dates or none. A page runs as many statements for 10
// entries as for 100. An entry has no relations, so field by field reads a page in the domain's one read too: no
// fewer statements are claimed. Changes are compared too: a resolve answers its sales order through REST by one JSON
// statement in its transaction, and a discard (whose REST route asks for the payload) does over /graphql.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { purgatoryRoutes } from '../../rest-mapping/purgatory.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { getRoute, pageAndRecordQueries, queryAsFieldByField, selectionsAsFieldByField, writtenAsJson, type Compared, graphqlPagesAsFieldByField } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
/** A REST route's query without the payload (the caller's own JSON, answered by its resolver). */
const withoutPayload = (path: string) => getRoute(purgatoryRoutes, path).graphql.replace(/\bpayload\b/g, '');
const listQuery = withoutPayload('/purgatory');
const recordQuery = withoutPayload('/purgatory/{purgatoryEntryId}');
const entryIds: number[] = [];
let channelId: number;
let widgetId: number;
const { change, graphqlChange } = compiledChangeChecker(server, acme, api, () => counter.statements);

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const warehouse = await post('/locations', { name: 'Main' });
  const group = await post('/warehouse-groups', { name: 'Online', warehouse_ids: [warehouse.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Marketplace', warehouseGroupId: group.id });
  channelId = channel.id;
  const widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  widgetId = widget.id;
  const retired = await post('/products', { name: 'Retired', sku: 'R-1', retail_price: 5 });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: warehouse.id, quantity: 3 }, { product_id: retired.id, location_id: warehouse.id, quantity: 1 }] });
  await api('DELETE', `/products/${retired.id}`);

  // Over the order intake: entries with every reason, one resolved and one discarded.
  const address = { name: 'Ann "Buyer"', street_1: '1 Main St', city: 'Springfield', zip: '12345', country: 'US' };
  const intake = async (order: Record<string, unknown>, status: number) => {
    const res = await api('POST', `/channels/${channel.id}/orders`, order);
    expect(res.status, res.text).toBe(status);
    return res.body.data;
  };
  const parked = await intake({ external_order_id: 'MP-1', ship_to: { ...address, country: 'XX' }, lines: [{ external_sku: 'MARKET "W" \\ ☃', quantity: 1 }, { external_sku: 'R-1', quantity: 1 }, { external_sku: 'W-1', quantity: 1 }] }, 202);
  const missing = await intake({ external_order_id: 'MP-2', lines: [{ external_sku: 'W-1', quantity: 1 }] }, 202);
  await intake({ external_order_id: 'MP-3', ship_to: address, lines: [{ external_sku: 'W-1', quantity: 1 }] }, 201);
  const conflict = await intake({ external_order_id: 'MP-3', ship_to: address, lines: [{ external_sku: 'W-1', quantity: 2 }] }, 202);
  await post(`/purgatory/${conflict.id}/discard`);
  const resolvable = await intake({ external_order_id: 'MP-4', ship_to: address, lines: [{ external_sku: 'ELSEWHERE', quantity: 1 }] }, 202);
  await post(`/purgatory/${resolvable.id}/resolve`, { sku_mappings: [{ external_sku: 'ELSEWHERE', product_id: widget.id }] });
  entryIds.push(parked.id, missing.id, conflict.id, resolvable.id);
  const { sales_order_id: salesOrderId } = (await api('GET', `/purgatory/${resolvable.id}`)).body.data;
  expect(salesOrderId).toEqual(expect.any(Number));

  // Enough entries for pages of 10 and of 100, written directly.
  const odd = 'Tab\there "quoted" \\ back ☃ \u0001 </script>\nline';
  const reasons = [
    [],
    [{ code: 'missing_address', message: 'No ship_to.', line: null }],
    [{ line: 3, message: odd, code: 'unknown_sku' }, { code: 'inactive_product', message: '', line: 0 }, { code: 'invalid_address', message: 'Bad country.', line: null }],
    [{ code: 'duplicate_conflict', message: 'Other content.' }],
    [{ code: 'unknown_sku', message: 'SKU "1"', line: 2147483647, extra: { kept: true } }],
  ];
  const written = await db.purgatoryEntry.createManyAndReturn({
    data: Array.from({ length: 105 }, (_, i) => ({
      channelId: channel.id,
      externalOrderId: `EXT-${i} "x" \\`,
      payload: { external_order_id: `EXT-${i}`, '10': 'ten', lines: [] },
      reasons: reasons[i % reasons.length],
      status: ['pending', 'resolved', 'discarded'][i % 3],
      salesOrderId: i % 3 === 1 ? salesOrderId : null,
      resolvedAt: i % 3 ? new Date(Date.UTC(2026, 5, 1 + (i % 28), 8, 0, 0, i)) : null,
    })) as any,
    select: { id: true },
  });
  entryIds.push(...written.slice(0, 10).map(({ id }) => id));
}, 60_000);

describe('purgatory entries written by one statement', () => {
  it("GET /purgatory's selection (but the payload) answers as field by field, and runs as many statements for 10 entries as for 100", () =>
    graphqlPagesAsFieldByField(on, listQuery, { sort: 'id' }, 'purgatoryEntries'));

  it('with filters and sorts, as field by field', async () => {
    await graphqlPagesAsFieldByField(on, listQuery, { sort: '-resolved_at' }, 'purgatoryEntries');
    for (const filters of [
      [{ name: 'status', value: 'pending' }],
      [{ name: 'reason_code', value: 'unknown_sku' }, { name: 'channel_id', value: String(channelId) }],
    ]) {
      const data = await queryAsFieldByField(on, listQuery, { perPage: 100, sort: '-id', filters });
      expect(data.purgatoryEntries.items.length).toBeGreaterThan(0);
    }
  });

  it("GET /purgatory/{id}'s selection (but the payload) answers as field by field", async () => {
    for (const id of entryIds) await queryAsFieldByField(on, recordQuery, { id });
  });

  it('the REST routes, which ask for the payload, are answered field by field', async () => {
    const before = counter.statements.length;
    const page = await api('GET', '/purgatory?per_page=100&sort=-id');
    expect(page.status, page.text).toBe(200);
    expect(page.body.data[0].payload).toEqual({ '10': 'ten', external_order_id: 'EXT-104', lines: [] });
    expect((await api('GET', `/purgatory/${entryIds[0]}`)).status).toBe(200);
    expect(counter.statements.slice(before).filter(writtenAsJson)).toEqual([]);
  });
});

describe('changes answered by one statement', () => {
  const address = { name: 'A "quoted" \\ name ☃\nline', street_1: '1 Main St', city: 'Springfield', zip: '12345', country: 'US' };
  const intake = async (order: Record<string, unknown>) => {
    const res = await api('POST', `/channels/${channelId}/orders`, order);
    expect(res.status, res.text).toBe(202);
    return res.body.data.id as number;
  };

  /** Resolves the entry through REST, answered as the sales order it became. */
  const resolve = async (entry: number, body?: unknown) => {
    const order = await change('POST', `/purgatory/${entry}/resolve`, body, { record: (o) => `/sales-orders/${o.id}` });
    expect(order.id).toBe((await api('GET', `/purgatory/${entry}`)).body.data.sales_order_id);
  };

  it('resolve answers its sales order through REST: with mappings and an address, and with neither', async () => {
    const unknown = await intake({ external_order_id: 'CH-1', ship_to: address, lines: [{ external_sku: 'FAR "1" \\ ☃', quantity: 2.5 }] });
    await resolve(unknown, { sku_mappings: [{ external_sku: 'FAR "1" \\ ☃', product_id: widgetId }] });
    const unaddressed = await intake({ external_order_id: 'CH-2', lines: [{ external_sku: 'W-1', quantity: 1 }] });
    await resolve(unaddressed, { ship_to: address });
    // Fixed meanwhile (the mapping saved above): resolved with no input.
    const lines = [{ external_sku: 'ELSEWHERE "2"', quantity: 1 }];
    const mapped = await intake({ external_order_id: 'CH-3', ship_to: address, lines });
    const first = await intake({ external_order_id: 'CH-4', ship_to: address, lines });
    await post(`/purgatory/${first}/resolve`, { sku_mappings: [{ external_sku: 'ELSEWHERE "2"', product_id: widgetId }] });
    await resolve(mapped);
  });

  it('discard answers over /graphql; its REST route, which asks for the payload, field by field', async () => {
    const discarded = await intake({ external_order_id: 'CH-5', ship_to: address, lines: [{ external_sku: 'NOWHERE', quantity: 1 }] });
    const mutation = recordQuery.replace('query GetPurgatoryEntry', 'mutation DiscardPurgatoryEntry').replace('purgatoryEntry(id: $id)', 'discardPurgatoryEntry(id: $id)');
    await graphqlChange(mutation, { id: discarded }, recordQuery);
    const overRest = await intake({ external_order_id: 'CH-6', lines: [{ external_sku: 'NOWHERE', quantity: 1 }] });
    const before = counter.statements.length;
    const res = await api('POST', `/purgatory/${overRest}/discard`);
    expect(res.status, res.text).toBeLessThan(300);
    expect(res.body.data).toMatchObject({ status: 'discarded', payload: { external_order_id: 'CH-6' } });
    expect(counter.statements.slice(before).filter(writtenAsJson)).toEqual([]);
  });
});

describe('random selections over /graphql', () => {
  it('of purgatory entries answer as field by field', () =>
    selectionsAsFieldByField(on, ['PurgatoryEntry'], ([entry], id) => pageAndRecordQueries(entry!, 'purgatoryEntries', 'id', 'purgatoryEntry', id), {
      numRuns: 20,
      seed: 20261130,
      ids: entryIds,
    }));
});
