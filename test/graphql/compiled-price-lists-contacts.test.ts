// Price lists and contacts answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page (its filters, sort, reading ids only), and one statement writes the records as the
// selection asks, with a list's entries (by product, then quantity) and their products, and a contact's customer
// company or supplier. Here those answers equal graphql's ordinary execution field by field, keys in the same order
// and values alike, for REST pages (plain, filtered and sorted), records and random selections over /graphql. The
// data: lists and contacts made through the API, and bulk written directly: lists without entries and with entries
// at full precision (10 decimals, tiny and huge), contacts of companies and of suppliers with every optional field
// null or given, and text JSON must escape. A page runs as many statements for 10 records as for 100. Changes are
// compared too: each create, update and delete answers by one JSON statement in its transaction, as its record
// reads field by field.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { pricingRoutes } from '../../rest-mapping/pricing.js';
import { customerRoutes } from '../../rest-mapping/customers.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import {
  fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared,
} from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);
const priceListList = getRoute(pricingRoutes, '/price-lists');
const priceListRecord = getRoute(pricingRoutes, '/price-lists/{priceListId}');
const contactList = getRoute(customerRoutes, '/contacts');
const contactRecord = getRoute(customerRoutes, '/contacts/{contactId}');
const priceListIds: number[] = [];
const contactIds: number[] = [];
let customerId: number;
let supplierId: number;
const productIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const bolt = await post('/products', { name: 'Bolt "M8" \\ ☃', sku: 'B-1' });
  const nut = await post('/products', { name: 'Nut\nsquare', sku: 'N-1' });
  const washer = await post('/products', { name: 'Washer', sku: 'W-1' });
  productIds.push(bolt.id, nut.id, washer.id);
  // Entries given out of order: the list answers them by product, then min quantity.
  const wholesale = await post('/price-lists', {
    name: 'Wholesale "A" \\ ☃\nnew line',
    currency: 'EUR',
    entries: [
      { product_id: nut.id, min_quantity: 100, price: 0.0000000001 },
      { product_id: bolt.id, min_quantity: 50.1234567891, price: 1.2345678901 },
      { product_id: bolt.id, min_quantity: 0, price: 99999999.99 },
      { product_id: nut.id, min_quantity: 1, price: 0 },
    ],
  });
  const empty = await post('/price-lists', { name: 'Empty', currency: 'USD' });
  const replaced = await post('/price-lists', { name: 'Replaced', currency: 'GBP', entries: [{ product_id: washer.id, min_quantity: 1, price: 3 }] });
  await api('PATCH', `/price-lists/${replaced.id}`, { entries: [{ product_id: washer.id, min_quantity: 5, price: 2.5 }, { product_id: bolt.id, min_quantity: 1, price: 7 }] });
  priceListIds.push(wholesale.id, empty.id, replaced.id);

  const customer = await post('/companies', { name: 'Initech "Inc" \\ ☃', price_list_id: wholesale.id });
  customerId = customer.id;
  const supplier = await post('/suppliers', { name: 'Nordic\nParts' });
  supplierId = supplier.id;
  contactIds.push((await post('/contacts', { company_id: customer.id, first_name: 'Zoë "Z"', last_name: "O'Brien \\ ☃", email: 'zoe@initech.test', phone: '+44\t1', title: 'Buyer\nLead' })).id);
  contactIds.push((await post('/contacts', { supplier_id: supplier.id, first_name: 'Kari' })).id);
  const moved = await post('/contacts', { company_id: customer.id, first_name: 'Mover', title: 'Temp' });
  await api('PATCH', `/contacts/${moved.id}`, { company_id: null, supplier_id: supplier.id, title: null });
  contactIds.push(moved.id);

  // Bulk: 105 price lists, some with entries, and 105 contacts, of the company or of the supplier.
  const lists = await db.priceList.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({
      name: `List ${String(i).padStart(3, '0')} "x" \\`,
      currency: ['USD', 'EUR', 'JPY'][i % 3],
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })) as any,
  });
  await db.priceListEntry.createMany({
    data: lists.flatMap(({ id }, i) =>
      [bolt, nut, washer].slice(0, i % 4).map((product, k) => ({
        priceListId: id,
        productId: product.id,
        minQuantity: k % 2 ? `${i}.${String(i).padStart(10, '7')}` : '0',
        price: i % 5 ? `${i * 3}.${String(k).padStart(10, '1')}` : i % 2 ? '0.0000000001' : '99999999999999.9999999999',
      })),
    ) as any,
  });
  await db.contact.createMany({
    data: Array.from({ length: 105 }, (_, i) => ({
      customerCompanyId: i % 2 ? customer.id : null,
      supplierId: i % 2 ? null : supplier.id,
      firstName: `First ${String(i).padStart(3, '0')} "q"`,
      lastName: i % 3 ? `Last \\ ${i}` : null,
      email: i % 4 ? `c${i}@example.test` : null,
      phone: i % 5 ? null : `+1 555 ${i}`,
      title: i % 7 ? null : 'Boss ☃',
      createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)),
    })) as any,
  });
  priceListIds.push(lists[0]!.id, lists[3]!.id, lists[104]!.id);
  const [first, last] = await Promise.all([db.contact.findFirst({ where: { firstName: { startsWith: 'First 000' } } }), db.contact.findFirst({ where: { firstName: { startsWith: 'First 104' } } })]);
  contactIds.push(first!.id, last!.id);
}, 60_000);

describe('price lists written by one statement', () => {
  it('has the data it means to test', async () => {
    const wholesale = (await api('GET', `/price-lists/${priceListIds[0]}`)).body.data;
    expect(wholesale.entries.map((e: any) => [e.min_quantity, e.price])).toEqual([[0, 99999999.99], [50.1234567891, 1.2345678901], [1, 0], [100, 1e-10]]);
  });

  it('GET /price-lists answers as field by field, and runs as many statements for 10 lists as for 100', () =>
    pagesAsFieldByField(on, priceListList, '/price-lists?sort=id', { sort: 'id', filters: [] }, 'priceLists'));

  it('GET /price-lists of a currency, by name descending, answers as field by field', async () => {
    const page = await pageAsFieldByField(on, priceListList, '/price-lists?per_page=100&currency=eur&sort=-name', { perPage: 100, sort: '-name', filters: [{ name: 'currency', value: 'eur' }] }, 'priceLists');
    expect(page.body.data.length).toBe(36);
  });

  it('GET /price-lists/{id} answers as field by field', () => recordsAsFieldByField(on, priceListRecord, '/price-lists', priceListIds, 'priceList'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, priceListList, '/price-lists?per_page=100', { perPage: 100, filters: [] }));
});

describe('contacts written by one statement', () => {
  it('GET /contacts answers as field by field, and runs as many statements for 10 contacts as for 100', () =>
    pagesAsFieldByField(on, contactList, '/contacts?sort=id', { sort: 'id', filters: [] }, 'contacts'));

  it('GET /contacts of a supplier and of a company, sorted, answers as field by field', async () => {
    const ofSupplier = await pageAsFieldByField(on, contactList, `/contacts?per_page=100&supplier_id=${supplierId}&sort=-first_name`, { perPage: 100, sort: '-first_name', filters: [{ name: 'supplier_id', value: String(supplierId) }] }, 'contacts');
    expect(ofSupplier.body.data.length).toBe(55);
    await pageAsFieldByField(on, contactList, `/contacts?per_page=10&page=2&company_id=${customerId}&sort=-created_at`, { perPage: 10, page: 2, sort: '-created_at', filters: [{ name: 'company_id', value: String(customerId) }] }, 'contacts');
  });

  it('GET /contacts/{id} answers as field by field', () => recordsAsFieldByField(on, contactRecord, '/contacts', contactIds, 'contact'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, contactList, '/contacts?per_page=100', { perPage: 100, filters: [] }));
});

describe('changes answered by one statement', () => {
  const text = 'A "quoted" \\ name ☃\nline';

  it('price lists: create with entries at full precision and without, update, clear the entries and delete', async () => {
    const [bolt, nut] = productIds as [number, number];
    const entries = [
      { product_id: nut, min_quantity: 100.1234567891, price: 0.0000000001 },
      { product_id: bolt, min_quantity: 0, price: 99999999.9999999999 },
    ];
    const full = await change('POST', '/price-lists', { name: text, currency: 'EUR', entries }, { record: (l) => `/price-lists/${l.id}` });
    const bare = await change('POST', '/price-lists', { name: 'Bare list', currency: 'USD' }, { record: (l) => `/price-lists/${l.id}` });
    await change('PATCH', `/price-lists/${full.id}`, { name: 'Renamed \t"list"', currency: 'JPY', entries: [{ product_id: bolt, min_quantity: 5, price: 1.2345678901 }] });
    await change('PATCH', `/price-lists/${full.id}`, { entries: [] });
    await change('PATCH', `/price-lists/${bare.id}`, { entries });
    await change('DELETE', `/price-lists/${bare.id}`, undefined, { deletes: true });
    expect((await api('GET', `/price-lists/${bare.id}`)).status).toBe(404);
  });

  it('contacts: create with every field and with the fewest, update, move to a supplier, clear fields and delete', async () => {
    const full = await change('POST', '/contacts', { company_id: customerId, first_name: text, last_name: text, email: 'quoted@example.test', phone: '+1\t555', title: text }, { record: (c) => `/contacts/${c.id}` });
    const bare = await change('POST', '/contacts', { supplier_id: supplierId, first_name: 'Bare' }, { record: (c) => `/contacts/${c.id}` });
    await change('PATCH', `/contacts/${full.id}`, { company_id: null, supplier_id: supplierId, last_name: null, email: null, phone: null, title: null });
    await change('PATCH', `/contacts/${bare.id}`, { supplier_id: null, company_id: customerId, title: 'Buyer ☃' });
    await change('DELETE', `/contacts/${full.id}`, undefined, { deletes: true });
    expect((await api('GET', `/contacts/${full.id}`)).status).toBe(404);
  });
});

describe('random selections over /graphql', () => {
  it('of price lists answer as field by field', () =>
    selectionsAsFieldByField(on, ['PriceList'], ([selection], id) => pageAndRecordQueries(selection!, 'priceLists', 'id', 'priceList', id), {
      numRuns: 15, seed: 20261201, ids: priceListIds, skipTooDeep: true,
    }));

  it('of contacts answer as field by field', () =>
    selectionsAsFieldByField(on, ['Contact'], ([selection], id) => pageAndRecordQueries(selection!, 'contacts', '-id', 'contact', id), {
      numRuns: 15, seed: 20261202, ids: contactIds, skipTooDeep: true,
    }));
});
