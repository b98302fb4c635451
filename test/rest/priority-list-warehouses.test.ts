// Fulfillment priority lists with their ordered warehouse_ids over real HTTP (round trip, replace on PATCH,
// 422 naming warehouse_ids.N), and warehouseOrderForProducts: each product's warehouses in its list's order,
// then by id, answered with a fixed number of queries whatever the number of products.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';
import { tenantClient, type TenantDb } from '../../src/db/tenant-client.js';
import { warehouseOrderForProducts } from '../../src/domain/sales/warehouse-priority.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);

let w1: any;
let w2: any;
let w3: any;
let bin: any;
let foreignWarehouse: any;

beforeAll(async () => {
  w1 = await post('/locations', { name: 'W1' });
  w2 = await post('/locations', { name: 'W2' });
  w3 = await post('/locations', { name: 'W3' });
  bin = await post('/locations', { name: 'Bin', parent_id: w1.id });
  foreignWarehouse = await post('/locations', { name: 'Theirs' }, globex);
});

describe('/priority-lists warehouse_ids', () => {
  it('keeps the order given, replaces it on PATCH and keeps it when left out', async () => {
    const res = await api('POST', '/priority-lists', { name: 'East first', warehouse_ids: [w3.id, w1.id] });
    expect(res.status, res.text).toBe(201);
    const list = res.body.data;
    expect(list.warehouse_ids).toEqual([w3.id, w1.id]);
    expect((await api('GET', `/priority-lists/${list.id}`)).body.data.warehouse_ids).toEqual([w3.id, w1.id]);
    expect((await api('GET', '/priority-lists')).body.data.find((l: any) => l.id === list.id).warehouse_ids).toEqual([w3.id, w1.id]);

    const replaced = await api('PATCH', `/priority-lists/${list.id}`, { warehouse_ids: [w2.id, w3.id, w1.id] });
    expect(replaced.body.data.warehouse_ids).toEqual([w2.id, w3.id, w1.id]);
    const renamed = await api('PATCH', `/priority-lists/${list.id}`, { name: 'Renamed' });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', warehouse_ids: [w2.id, w3.id, w1.id] });
    const emptied = await api('PATCH', `/priority-lists/${list.id}`, { warehouse_ids: [] });
    expect(emptied.body.data.warehouse_ids).toEqual([]);

    const plain = await post('/priority-lists', { name: 'No warehouses' });
    expect(plain.warehouse_ids).toEqual([]);
  });

  it('refuses unknown ids, locations that are not warehouses and repeats, naming warehouse_ids.N', async () => {
    expectErrors(
      await api('POST', '/priority-lists', { name: 'Bad', warehouse_ids: [w1.id, 999999, bin.id, w1.id, foreignWarehouse.id] }),
      ['warehouse_ids.1', 'warehouse_ids.2', 'warehouse_ids.3', 'warehouse_ids.4'],
    );
    const list = await post('/priority-lists', { name: 'Good', warehouse_ids: [w1.id] });
    expectErrors(await api('PATCH', `/priority-lists/${list.id}`, { warehouse_ids: [w2.id, w2.id] }), ['warehouse_ids.1']);
    expectErrors(await api('PATCH', `/priority-lists/${list.id}`, { warehouse_ids: ['x'] }), ['warehouse_ids.0']);
    expect((await api('GET', `/priority-lists/${list.id}`)).body.data.warehouse_ids).toEqual([w1.id]);
  });
});

describe('deleting a listed warehouse', () => {
  it('takes it off the priority lists that name it', async () => {
    const spare = await post('/locations', { name: 'Spare' });
    const list = await post('/priority-lists', { name: 'With spare', warehouse_ids: [spare.id, w1.id] });
    const res = await api('DELETE', `/locations/${spare.id}`);
    expect(res.status, res.text).toBe(200);
    expect((await api('GET', `/priority-lists/${list.id}`)).body.data.warehouse_ids).toEqual([w1.id]);
  });
});

describe('warehouseOrderForProducts', () => {
  /** The tenant client with its product and priority-list-warehouse reads counted. */
  function counted(db: TenantDb) {
    const calls = { count: 0 };
    const wrap = <T extends object>(delegate: T) =>
      new Proxy(delegate, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          return typeof value === 'function' ? (...args: unknown[]) => (calls.count++, value.apply(target, args)) : value;
        },
      });
    const proxy = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        return key === 'product' || key === 'priorityListWarehouse' ? wrap(value as object) : value;
      },
    });
    return { db: proxy as TenantDb, calls };
  }

  it("orders the given warehouses by each product's list, then by id, in two queries", async () => {
    const eastFirst = await post('/priority-lists', { name: 'Order A', warehouse_ids: [w3.id, w1.id] });
    const westOnly = await post('/priority-lists', { name: 'Order B', warehouse_ids: [w2.id] });
    const empty = await post('/priority-lists', { name: 'Order C' });
    const a = await post('/products', { name: 'A', sku: 'PA', priority_list_id: eastFirst.id });
    const b = await post('/products', { name: 'B', sku: 'PB', priority_list_id: westOnly.id });
    const c = await post('/products', { name: 'C', sku: 'PC', priority_list_id: empty.id });
    const d = await post('/products', { name: 'D', sku: 'PD' });

    const { db, calls } = counted(tenantClient(server.database.prisma, acme.companyId));
    const order = await warehouseOrderForProducts(db, [a.id, b.id, c.id, d.id, 999999], [w2.id, w1.id, w3.id]);
    expect(Object.fromEntries(order)).toEqual({
      [a.id]: [w3.id, w1.id, w2.id],
      [b.id]: [w2.id, w1.id, w3.id],
      [c.id]: [w1.id, w2.id, w3.id],
      [d.id]: [w1.id, w2.id, w3.id],
      999999: [w1.id, w2.id, w3.id],
    });
    expect(calls.count).toBe(2);

    // Only the given warehouses appear (a group without W3): the list's order among them, then the rest.
    const subset = await warehouseOrderForProducts(db, [a.id, b.id], [w1.id, w2.id]);
    expect(subset.get(a.id)).toEqual([w1.id, w2.id]);
    expect(subset.get(b.id)).toEqual([w2.id, w1.id]);

    // Many products: still two queries.
    const many = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/products', { name: `M${i}`, sku: `M-${i}`, priority_list_id: i % 2 ? eastFirst.id : westOnly.id })));
    calls.count = 0;
    const manyOrder = await warehouseOrderForProducts(db, many.map((p) => p.id), [w1.id, w2.id, w3.id]);
    expect(calls.count).toBe(2);
    expect(manyOrder.get(many[1].id)).toEqual([w3.id, w1.id, w2.id]);
    expect(manyOrder.get(many[0].id)).toEqual([w2.id, w1.id, w3.id]);

    // Another company's view of the same ids: its own (no) lists.
    const theirs = await warehouseOrderForProducts(tenantClient(server.database.prisma, globex.companyId), [a.id], [w3.id, w1.id]);
    expect(theirs.get(a.id)).toEqual([w1.id, w3.id]);
  });
});
