// Changes of operations answered in one go (compiledMutation in src/graphql/shared/compiled-records.ts, issue 34
// goal 4), as test/graphql/compiled-mutations.test.ts checks them for sales, purchasing and payables: the domain
// makes the change and reads its answer with readAnswer, which writes the record as JSON by one statement inside
// the change's transaction. Here every compiled change of picklists, transfer orders and deals answers, through
// REST, exactly what graphql's ordinary execution reads field by field of the record right after it (right
// before, for a delete), keys in the same order; its answer is one JSON statement, run after the change's writes
// and before its COMMIT. A refused change writes no answer. (unlinkDealPurchaseOrder answers a message, not a
// deal: it is not compiled.) The data has decimals at full precision, lots with and without dates, and text JSON
// must escape.
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { writtenAsJson } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

const { change, readFieldByField } = compiledChangeChecker(server, acme, api, () => counter.statements);

/**
 * A delete that writes nothing before reading its answer (a deal's): its answer is one JSON statement, then the
 * row is deleted with no COMMIT between them, and the COMMIT follows; the answer is the record read field by
 * field before it.
 */
async function deleteAnswered(path: string, table: string): Promise<void> {
  const before = await readFieldByField(path);
  const start = counter.statements.length;
  const res = await api('DELETE', path);
  expect(res.status, res.text).toBe(200);
  const log = counter.statements.slice(start);
  const json = log.flatMap((statement, index) => (writtenAsJson(statement) ? [index] : []));
  expect(json, `DELETE ${path}: one statement writes the answer`).toHaveLength(1);
  const [at] = json as [number];
  const deleted = log.findIndex((statement, index) => index > at && new RegExp(`^\\s*DELETE FROM "public"\\."${table}"`).test(statement));
  expect(deleted, `DELETE ${path}: the row is deleted after its answer`).toBeGreaterThan(at);
  expect(log.slice(at, deleted).some((s) => /COMMIT/.test(s)), `DELETE ${path}: no commit between the answer and the delete`).toBe(false);
  expect(log.slice(deleted).some((s) => /COMMIT/.test(s)), `DELETE ${path}: the delete commits`).toBe(true);
  expect(JSON.stringify(res.body.data), `DELETE ${path}`).toBe(JSON.stringify(before));
}

let north: any;
let south: any;
let channel: any;
let supplier: any;
let bolt: any;
let serum: any;

beforeAll(async () => {
  north = await post('/locations', { name: 'North "DC" \\ ☃' });
  south = await post('/locations', { name: 'South\nback' });
  const aPick = await post('/locations', { name: 'A-pick "1" \\ ☃', parent_id: north.id, is_pick_location: true });
  const group = await post('/warehouse-groups', { name: 'Shop', lot_deduction_strategy: 'FEFO', warehouse_ids: [north.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
  supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd' });
  bolt = await post('/products', { name: 'Bolt "M8"', sku: 'BOLT "M8" \\ ☃', retail_price: 0.123456 });
  serum = await post('/products', { name: 'Serum\nnew line', sku: 'SERUM\tX', retail_price: 5, lot_tracking: true, lot_deduction_strategy: 'FIFO' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: north.id, quantity: 333.3333333333, unit_cost: 1.2345678901 },
      { product_id: bolt.id, location_id: aPick.id, quantity: 3.0000000001, unit_cost: 1 },
      { product_id: serum.id, location_id: aPick.id, quantity: 50, unit_cost: 0.0000000001, lot_number: 'LOT "A" \\ ☃', production_date: '2030-01-01', expiry_date: '2031-01-01' },
      { product_id: serum.id, location_id: north.id, quantity: 40, unit_cost: 123456.1234567891, lot_number: 'NODATES' },
    ],
  });
}, 60_000);

/** A fulfillment order of a new confirmed sales order of these lines. */
async function fulfillmentOrder(lines: Array<[any, number]>): Promise<number> {
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: lines.map(([product, quantity]) => ({ product_id: product.id, quantity })) });
  await post(`/sales-orders/${draft.id}/confirm`);
  return (await api('GET', `/fulfillment-orders?sales_order_id=${draft.id}`)).body.data[0].id as number;
}

describe('changes answered by one statement in their transaction', () => {
  it('picklists: create, start picking, pick an item, finish picking, start and finish packing, delete', async () => {
    const record = (p: any) => `/pickflow/picklists/${p.id}`;
    const orders = [await fulfillmentOrder([[bolt, 5.1234567891], [serum, 45]]), await fulfillmentOrder([[serum, 2.5]])];
    const picklist = await change('POST', '/pickflow/picklists', { fulfillment_order_ids: orders }, { record });
    expect(picklist.items.length).toBeGreaterThan(1);
    await change('POST', `/pickflow/picklists/${picklist.id}/start-picking`);
    const item = picklist.items[0];
    await change('POST', `/pickflow/picklists/${picklist.id}/items/${item.id}/pick`, { quantity: 1.0000000001 }, { record: () => record(picklist) });
    await change('POST', `/pickflow/picklists/${picklist.id}/finish-picking`);
    await change('POST', `/pickflow/picklists/${picklist.id}/start-packing`);
    await change('POST', `/pickflow/picklists/${picklist.id}/finish-packing`);

    // Deleting is a status: the picklist stays, its picks undone.
    const deleted = await change('POST', '/pickflow/picklists', { fulfillment_order_ids: [await fulfillmentOrder([[bolt, 2]])] }, { record });
    await change('POST', `/pickflow/picklists/${deleted.id}/start-picking`);
    await change('POST', `/pickflow/picklists/${deleted.id}/items/${deleted.items[0].id}/pick`, { quantity: 0.5 }, { record: () => record(deleted) });
    const answer = await change('DELETE', `/pickflow/picklists/${deleted.id}`);
    expect(answer.status).toBe('deleted');
  });

  it('transfer orders: create, update, ship, receive in part and in full, cancel and delete', async () => {
    const record = (o: any) => `/transfer-orders/${o.id}`;
    const body = (lines: unknown[], notes?: string | null) => ({ source_location_id: north.id, destination_location_id: south.id, lines, ...(notes !== undefined ? { notes } : {}) });
    const order = await change('POST', '/transfer-orders', body([{ product_id: bolt.id, quantity: 1.2345678901 }], 'Tab\there "quoted" \\ back ☃'), { record });
    const updated = await change('PATCH', `/transfer-orders/${order.id}`, {
      notes: 'Line\nbreak </script>',
      lines: [{ product_id: serum.id, quantity: 10 }, { product_id: bolt.id, quantity: 99.9999999999 }, { product_id: serum.id, quantity: 1, lot_number: 'NODATES' }],
    });
    await change('POST', `/transfer-orders/${order.id}/ship`);
    await change('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: updated.lines[0].id, quantity: 3.3333333333 }, { line_id: updated.lines[1].id, quantity: 99.9999999999 }] });
    await change('POST', `/transfer-orders/${order.id}/receive`);

    // Cancelled after shipping (its stock back at the source), and as a draft.
    const shipped = await change('POST', '/transfer-orders', body([{ product_id: serum.id, quantity: 4.5 }], null), { record });
    await change('POST', `/transfer-orders/${shipped.id}/ship`);
    await change('POST', `/transfer-orders/${shipped.id}/cancel`);
    const draft = await change('POST', '/transfer-orders', body([{ product_id: bolt.id, quantity: 0.0000000001 }], ''), { record });
    await change('POST', `/transfer-orders/${draft.id}/cancel`);

    const removed = await change('POST', '/transfer-orders', body([{ product_id: bolt.id, quantity: 2 }]), { record });
    await change('DELETE', `/transfer-orders/${removed.id}`, undefined, { deletes: true });
    expect((await api('GET', `/transfer-orders/${removed.id}`)).status).toBe(404);
  });

  it('deals: create, update, link a purchase order and delete', async () => {
    const record = (d: any) => `/deals/${d.id}`;
    const orderBody = { supplier_id: supplier.id, warehouse_id: north.id, order_date: '2026-05-01', lines: [{ product_id: bolt.id, quantity: 3, unit_cost: 33.3333333333 }] };
    const submitted = await post(`/purchase-orders/${(await post('/purchase-orders', orderBody)).id}/submit`);
    const draftOrder = await post('/purchase-orders', { ...orderBody, lines: [{ product_id: bolt.id, quantity: 1.5, unit_cost: 0.0000000001 }] });

    const deal = await change('POST', '/deals', { name: 'Spring "buy" \\ ☃', supplier_id: supplier.id, amount: 12345.67, expected_close_date: '2026-04-30', notes: 'Tab\there\nnew line' }, { record });
    await change('PATCH', `/deals/${deal.id}`, { stage: 'won', notes: null, name: 'Renamed \\ "deal"' });
    await change('POST', `/deals/${deal.id}/purchase-orders/${submitted.id}`, undefined, { record: () => record(deal) });
    await change('POST', `/deals/${deal.id}/purchase-orders/${draftOrder.id}`, undefined, { record: () => record(deal) });
    // Linking twice changes nothing and answers the deal.
    await change('POST', `/deals/${deal.id}/purchase-orders/${submitted.id}`, undefined, { record: () => record(deal) });

    const bare = await change('POST', '/deals', { name: 'Bare' }, { record });
    await deleteAnswered(`/deals/${deal.id}`, 'Deal');
    await deleteAnswered(`/deals/${bare.id}`, 'Deal');
    expect((await api('GET', `/deals/${deal.id}`)).status).toBe(404);
  });

  it('a refused change writes no answer and answers its error', async () => {
    const order = await post('/transfer-orders', { source_location_id: north.id, destination_location_id: south.id, lines: [{ product_id: bolt.id, quantity: 1 }] });
    await post(`/transfer-orders/${order.id}/ship`);
    const refusals: Array<[string, string, number, RegExp]> = [
      ['PATCH', `/transfer-orders/${order.id}`, 422, /Only a draft transfer order can be edited/],
      ['POST', `/transfer-orders/${order.id}/ship`, 422, /cannot be shipped/],
      ['DELETE', '/deals/999999', 404, /./],
      ['POST', '/pickflow/picklists/999999/start-picking', 404, /./],
    ];
    for (const [method, path, status, message] of refusals) {
      const start = counter.statements.length;
      const refused = await api(method, path, method === 'PATCH' ? { notes: 'x' } : undefined);
      expect(refused.status, refused.text).toBe(status);
      expect(refused.text).toMatch(message);
      expect(counter.statements.slice(start).filter(writtenAsJson)).toEqual([]);
    }
  });
});
