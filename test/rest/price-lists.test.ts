// Price lists and the price quote over real HTTP: entries with quantity breaks (replaced on update, written
// in a fixed number of statements), the refusal to delete a list in use, the quote's precedence (customer
// list → channel list → retail price) and quantity breaks, the 422s and 404s of every route, and isolation
// between companies.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { openTestDatabase } from '../support/test-database.js';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { documentedKeys } from '../support/documented-keys.js';
import { expectErrors } from '../support/rest-client.js';
import { recordStatements } from '../support/statement-log.js';
import { expectNotFoundOnEachMethod } from '../support/seed.js';

// The database records every statement it runs, for the tests that count them.
const statements: string[] = [];
const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex'], {
  database: () => openTestDatabase({ onQuery: recordStatements(statements) }),
});
let bolt: any;
let nut: any;
let washer: any;
let group: any;

const KEYS = ['created_at', 'currency', 'entries', 'id', 'name', 'updated_at'];
const ENTRY_KEYS = documentedKeys('getPriceList', 'data', 'entries', '[]');

/** A channel row written directly (this file tests pricing, not the channel routes). */
async function channel(label: string, priceListId: number | null): Promise<number> {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const row = await db.salesChannel.create({ data: { uuid: crypto.randomUUID(), channelType: 'sales_channel', label, warehouseGroupId: group.id, priceListId } as any });
  return row.id;
}

/** The body of a price list in USD with these entries. */
const usdList = (name: string, entries: unknown[]) => ({ name, currency: 'USD', entries });

async function quote(params: Record<string, unknown>, tenant: Tenant = acme) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return api('GET', `/pricing/quote?${query}`, undefined, tenant);
}

beforeAll(async () => {
  bolt = await post('/products', { name: 'Bolt', sku: 'B-1', retail_price: 12.5 });
  nut = await post('/products', { name: 'Nut', sku: 'N-1', retail_price: 0.75 });
  washer = await post('/products', { name: 'Washer', sku: 'W-1' });
  group = await post('/warehouse-groups', { name: 'Shops' });
});

describe('price lists', () => {
  it('creates a list with entries: 201 {data}, entries by product and quantity, exact decimals', async () => {
    const res = await api('POST', '/price-lists', usdList(' Wholesale ', [
      { product_id: bolt.id, min_quantity: 100, price: 8.125 },
      { product_id: bolt.id, min_quantity: 0, price: 10 },
      { product_id: nut.id, min_quantity: 0.5, price: 0.0123456789 },
    ]));
    expect(res.status, res.text).toBe(201);
    const list = res.body.data;
    expect(Object.keys(list).sort()).toEqual(KEYS);
    expect(Object.keys(list.entries[0]).sort()).toEqual(ENTRY_KEYS);
    expect(list).toMatchObject({ name: 'Wholesale', currency: 'USD' });
    expect(list.entries.map((e: any) => [e.product_id, e.min_quantity, e.price])).toEqual([
      [bolt.id, 0, 10],
      [bolt.id, 100, 8.125],
      [nut.id, 0.5, 0.0123456789],
    ]);
    expect(list.entries[0].product).toEqual({ id: bolt.id, sku: 'B-1', name: 'Bolt' });
    expect((await api('GET', `/price-lists/${list.id}`)).body).toEqual({ data: list });
  });

  it('updates only the fields given; entries replace the whole set', async () => {
    const list = await post('/price-lists', { name: 'Replace me', currency: 'USD', entries: [{ product_id: bolt.id, min_quantity: 0, price: 1 }] });
    const renamed = (await api('PATCH', `/price-lists/${list.id}`, { name: 'Replaced' })).body.data;
    expect(renamed).toMatchObject({ name: 'Replaced', currency: 'USD' });
    expect(renamed.entries).toHaveLength(1);
    const replaced = await api('PATCH', `/price-lists/${list.id}`, {
      currency: 'EUR',
      entries: [{ product_id: nut.id, min_quantity: 10, price: 2 }, { product_id: nut.id, min_quantity: 1, price: 3 }],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.data.currency).toBe('EUR');
    expect(replaced.body.data.entries.map((e: any) => [e.product_id, e.min_quantity, e.price])).toEqual([[nut.id, 1, 3], [nut.id, 10, 2]]);
    expect((await api('PATCH', `/price-lists/${list.id}`, { entries: [] })).body.data.entries).toEqual([]);
  });

  it('lists with filters, sort and pages', async () => {
    await post('/price-lists', { name: 'Filter EU', currency: 'EUR' });
    await post('/price-lists', { name: 'Filter UK', currency: 'GBP' });
    const names = async (query: string) => (await api('GET', `/price-lists?${query}`)).body.data.map((l: any) => l.name);
    expect(await names('name[contains]=filter&sort=-name')).toEqual(['Filter UK', 'Filter EU']);
    expect(await names('name[contains]=filter&currency=gbp')).toEqual(['Filter UK']);
    const page = await api('GET', '/price-lists?name[contains]=filter&per_page=1');
    expect(page.body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 1, to: 1, total: 2 });
  });

  it('refuses bad input with 422 keyed by field', async () => {
    expectErrors(await api('POST', '/price-lists', {}), ['name', 'currency']);
    expectErrors(await api('POST', '/price-lists', { name: 'n'.repeat(256), currency: 'usd' }), ['name', 'currency']);
    expectErrors(await api('POST', '/price-lists', { name: 'Wholesale', currency: 'USD' }), ['name']);
    expectErrors(await api('POST', '/price-lists', { name: 'wholesale', currency: 'USD' }), ['name']);
    expectErrors(await api('POST', '/price-lists', { name: 'E', currency: 'USD', entries: {} }), ['entries']);
    const entries = await api('POST', '/price-lists', usdList('Bad entries', [
      { product_id: bolt.id, min_quantity: 5, price: 1 },
      { product_id: bolt.id, min_quantity: 5.0, price: 2 },
      { product_id: 999999, min_quantity: -1, price: -0.01 },
      { product_id: nut.id, min_quantity: 0.00000000001, price: 1e15 },
    ]));
    expectErrors(entries, [
      'entries.1.min_quantity',
      'entries.2.product_id', 'entries.2.min_quantity', 'entries.2.price',
      'entries.3.min_quantity', 'entries.3.price',
    ]);
    const shapes = await api('POST', '/price-lists', usdList('Bad shapes', [{ product_id: nut.id }, { product_id: nut.id, min_quantity: 'ten', price: 1, extra: true }]));
    expectErrors(shapes, ['entries.0.min_quantity', 'entries.0.price', 'entries.1.min_quantity', 'entries.1.extra']);
    expect(entries.body.errors['entries.1.min_quantity'][0]).toMatch(/Entry 0 already prices product/);
    expect((await api('GET', '/price-lists?name=Bad%20entries')).body.data).toEqual([]);

    const list = await post('/price-lists', { name: 'Patch target', currency: 'USD' });
    expectErrors(await api('PATCH', `/price-lists/${list.id}`, { name: null, currency: null, entries: null }), ['name', 'currency', 'entries']);
    expectErrors(await api('PATCH', `/price-lists/${list.id}`, { name: 'Wholesale' }), ['name']);
    expectErrors(await api('PATCH', `/price-lists/${list.id}`, { entries: [{ product_id: washer.id, min_quantity: 1, price: 1 }, { product_id: washer.id, min_quantity: 1, price: 2 }] }), ['entries.1.min_quantity']);

    expectErrors(await api('GET', '/price-lists?per_page=101'), ['per_page']);
    expectErrors(await api('GET', '/price-lists?sort=price'), ['sort']);
    expectErrors(await api('GET', '/price-lists?created_at=yesterday'), ['created_at']);
  });

  it('answers 404 {message} for a list that does not exist', async () => {
    await expectNotFoundOnEachMethod(api, '/price-lists/999999', { name: 'x' }, 'Price list 999999 not found.');
  });

  it('refuses to delete a list assigned to a customer company or a channel, naming them; deletes a free one', async () => {
    const list = await post('/price-lists', { name: 'In use', currency: 'USD', entries: [{ product_id: bolt.id, min_quantity: 0, price: 1 }] });
    const customer = await post('/companies', { name: 'Loyal Customer', price_list_id: list.id });
    const channelId = await channel('Web Shop', list.id);
    const refused = await api('DELETE', `/price-lists/${list.id}`);
    expectErrors(refused, ['id']);
    expect(refused.body.message).toContain(`customer company Loyal Customer (id ${customer.id})`);
    expect(refused.body.message).toContain(`channel Web Shop (id ${channelId})`);

    await api('PATCH', `/companies/${customer.id}`, { price_list_id: null });
    const byChannel = await api('DELETE', `/price-lists/${list.id}`);
    expectErrors(byChannel, ['id']);
    expect(byChannel.body.message).not.toContain('Loyal Customer');
    await tenantClient(server.database.prisma, acme.companyId).salesChannel.updateMany({ where: { id: channelId }, data: { priceListId: null } });

    const deleted = await api('DELETE', `/price-lists/${list.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: list.id, name: 'In use', entries: [{ product_id: bolt.id }] });
    expect((await api('GET', `/price-lists/${list.id}`)).status).toBe(404);
  });

  it('writes entries in the same number of statements for 2 entries as for 40', async () => {
    const products: any[] = [];
    for (let i = 0; i < 20; i++) products.push(await post('/products', { name: `Counted ${i}`, sku: `CNT-${i}` }));
    const entries = (count: number) => products.flatMap((p) => [0, 10].map((min) => ({ product_id: p.id, min_quantity: min, price: 1 }))).slice(0, count);
    const counted = async (call: () => Promise<unknown>) => {
      const before = statements.length;
      await call();
      return statements.length - before;
    };
    let small: any;
    let large: any;
    const create = [
      await counted(async () => (small = await post('/price-lists', { name: 'Small', currency: 'USD', entries: entries(2) }))),
      await counted(async () => (large = await post('/price-lists', { name: 'Large', currency: 'USD', entries: entries(40) }))),
    ];
    expect(large.entries).toHaveLength(40);
    expect(create[1]).toBe(create[0]);
    const update = [
      await counted(() => api('PATCH', `/price-lists/${small.id}`, { entries: entries(3) })),
      await counted(() => api('PATCH', `/price-lists/${large.id}`, { entries: entries(39) })),
    ];
    expect(update[1]).toBe(update[0]);
  });
});

describe('products on price lists', () => {
  it('deactivates a product that a price list names instead of deleting it', async () => {
    const listed = await post('/products', { name: 'Listed', sku: 'LISTED-1' });
    const list = await post('/price-lists', { name: 'Keeps products', currency: 'USD', entries: [{ product_id: listed.id, min_quantity: 0, price: 1 }] });
    const res = await api('DELETE', `/products/${listed.id}`);
    expect(res.status, res.text).toBe(200);
    expect((await api('GET', `/products/${listed.id}`)).status).toBe(404);
    expect((await api('GET', `/price-lists/${list.id}`)).body.data.entries.map((e: any) => e.product_id)).toEqual([listed.id]);
  });
});

describe('the price quote', () => {
  let customerList: any;
  let channelList: any;
  let listed: any; // a customer with the customer list
  let unlisted: any; // a customer without a list
  let channelWithList: number;
  let channelWithout: number;

  beforeAll(async () => {
    customerList = await post('/price-lists', usdList('Customer breaks', [
      { product_id: bolt.id, min_quantity: 0, price: 10 },
      { product_id: bolt.id, min_quantity: 10, price: 9 },
      { product_id: bolt.id, min_quantity: 100, price: 8 },
    ]));
    channelList = await post('/price-lists', usdList('Channel prices', [
      { product_id: bolt.id, min_quantity: 0, price: 11 },
      { product_id: nut.id, min_quantity: 5, price: 0.5 },
    ]));
    listed = await post('/companies', { name: 'Listed customer', price_list_id: customerList.id });
    unlisted = await post('/companies', { name: 'Unlisted customer' });
    channelWithList = await channel('Listed channel', channelList.id);
    channelWithout = await channel('Plain channel', null);
  });

  it('takes the entry with the highest min_quantity not above the quantity', async () => {
    const prices: Array<[number, number]> = [[1, 10], [9.999, 10], [10, 9], [99.5, 9], [100, 8], [5000, 8]];
    for (const [quantity, price] of prices) {
      const res = await quote({ product_id: bolt.id, quantity, company_id: listed.id });
      expect(res.status, res.text).toBe(200);
      expect(res.body, `quantity ${quantity}`).toEqual({ data: { unit_price: price, currency: 'USD', source: 'customer_price_list', price_list_id: customerList.id } });
    }
  });

  it('prefers the customer list, then the channel list, then the retail price', async () => {
    const source = async (params: Record<string, unknown>) => (await quote(params)).body.data;
    expect(await source({ product_id: bolt.id, quantity: 1, company_id: listed.id, channel_id: channelWithList })).toEqual({
      unit_price: 10, currency: 'USD', source: 'customer_price_list', price_list_id: customerList.id,
    });
    // The customer's list has no nut: the channel's list prices it, from 5 on; below that, the retail price.
    expect(await source({ product_id: nut.id, quantity: 5, company_id: listed.id, channel_id: channelWithList })).toEqual({
      unit_price: 0.5, currency: 'USD', source: 'channel_price_list', price_list_id: channelList.id,
    });
    expect(await source({ product_id: nut.id, quantity: 4, company_id: listed.id, channel_id: channelWithList })).toEqual({
      unit_price: 0.75, currency: 'USD', source: 'retail_price', price_list_id: null,
    });
    expect(await source({ product_id: bolt.id, quantity: 1, company_id: unlisted.id, channel_id: channelWithList })).toMatchObject({ unit_price: 11, source: 'channel_price_list' });
    expect(await source({ product_id: bolt.id, quantity: 1, channel_id: channelWithout })).toEqual({ unit_price: 12.5, currency: 'USD', source: 'retail_price', price_list_id: null });
    expect(await source({ product_id: bolt.id, quantity: 1 })).toMatchObject({ unit_price: 12.5, source: 'retail_price' });
    // Nothing prices a product without a retail price and without entries.
    expect(await source({ product_id: washer.id, quantity: 1, company_id: listed.id })).toEqual({ unit_price: null, currency: null, source: null, price_list_id: null });
  });

  it("converts to the customer's currency, or the one asked, at today's rate", async () => {
    const euro = await post('/companies', { name: 'Euro customer', currency: 'EUR', price_list_id: customerList.id });
    const noRate = await quote({ product_id: bolt.id, quantity: 1, company_id: euro.id });
    expectErrors(noRate, ['company_id']);
    expect(noRate.body.message).toMatch(/No exchange rate converts USD/);
    await post('/currency/rates', { from: 'USD', to: 'EUR', rate: 0.5, as_of: '2020-01-01' });
    expect((await quote({ product_id: bolt.id, quantity: 10, company_id: euro.id })).body.data).toEqual({
      unit_price: 4.5, currency: 'EUR', source: 'customer_price_list', price_list_id: customerList.id,
    });
    expect((await quote({ product_id: bolt.id, quantity: 1, currency: 'EUR' })).body.data).toEqual({
      unit_price: 6.25, currency: 'EUR', source: 'retail_price', price_list_id: null,
    });
    expectErrors(await quote({ product_id: bolt.id, quantity: 1, currency: 'JPY' }), ['currency']);
  });

  it('refuses bad, missing and unknown parameters with 422 naming them', async () => {
    expectErrors(await api('GET', '/pricing/quote'), ['product_id', 'quantity']);
    expectErrors(await quote({ product_id: bolt.id }), ['quantity']);
    for (const quantity of [0, -1, 'abc', '', 1e20, 0.00000000001]) {
      expectErrors(await quote({ product_id: bolt.id, quantity }), ['quantity']);
    }
    expectErrors(await quote({ product_id: 'x', quantity: 1 }), ['product_id']);
    expectErrors(await quote({ product_id: 999999, quantity: 1 }), ['product_id']);
    expectErrors(await quote({ product_id: bolt.id, quantity: 1, company_id: 999999, channel_id: 999999 }), ['company_id', 'channel_id']);
    expectErrors(await quote({ product_id: bolt.id, quantity: 1, currency: 'usd' }), ['currency']);
    expectErrors(await quote({ product_id: bolt.id, quantity: 1, customer_id: listed.id }), ['customer_id']);
  });
});

describe('tenant isolation', () => {
  it('never shows, changes or prices with another company’s lists, products, customers or channels', async () => {
    const list = await post('/price-lists', { name: 'Acme only', currency: 'USD', entries: [{ product_id: bolt.id, min_quantity: 0, price: 1 }] });
    await expectNotFoundOnEachMethod(api, `/price-lists/${list.id}`, { name: 'Stolen' }, undefined, globex);
    expect((await api('GET', '/price-lists', undefined, globex)).body.meta.total).toBe(0);
    expectErrors(await api('POST', '/price-lists', { name: 'G', currency: 'USD', entries: [{ product_id: bolt.id, min_quantity: 0, price: 1 }] }, globex), ['entries.0.product_id']);
    const customer = await post('/companies', { name: 'Acme buyer', price_list_id: list.id });
    const channelId = await channel('Acme channel', list.id);
    expectErrors(await quote({ product_id: bolt.id, quantity: 1 }, globex), ['product_id']);
    const gProduct = await post('/products', { name: 'G', sku: 'G-1', retail_price: 3 }, globex);
    expectErrors(await quote({ product_id: gProduct.id, quantity: 1, company_id: customer.id, channel_id: channelId }, globex), ['company_id', 'channel_id']);
    expect((await quote({ product_id: gProduct.id, quantity: 1 }, globex)).body.data).toMatchObject({ unit_price: 3, source: 'retail_price' });
  });
});
