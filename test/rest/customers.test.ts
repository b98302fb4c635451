// Customer companies over real HTTP: every field with its exact keys, addresses with ISO 3166-1 countries,
// free-form custom fields, the list's filters, sort and pages, the refusal to delete a customer with sales
// orders, the 422s and 404s of every route, and isolation between companies.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { serverForFile } from '../support/file-server.js';
import { expectNotFoundOnEachMethod } from '../support/seed.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex']);
let priceList: any;

const KEYS = [
  'billing_address', 'contacts', 'created_at', 'currency', 'custom_fields', 'email', 'id', 'name', 'notes', 'payment_terms_days',
  'phone', 'price_list', 'price_list_id', 'shipping_address', 'tax_id', 'updated_at',
];
const ADDRESS_KEYS = ['city', 'country', 'name', 'state', 'street_1', 'street_2', 'zip'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const address = (extra: Record<string, unknown> = {}) => ({ street_1: '1 Main St', city: 'Springfield', country: 'US', ...extra });

beforeAll(async () => {
  priceList = await post('/price-lists', { name: 'Wholesale', currency: 'EUR' });
});

describe('customer companies', () => {
  it('creates a company with every field: 201 {data}, addresses normalised, price list and contacts included', async () => {
    const res = await api('POST', '/companies', {
      name: '  Initech  ',
      email: 'buyer@initech.test',
      phone: '+1 555 0100',
      tax_id: 'US-123',
      currency: 'EUR',
      price_list_id: priceList.id,
      payment_terms_days: 30,
      billing_address: { name: 'Accounts', street_1: ' 1 Main St ', street_2: 'Suite 5', city: 'Springfield', state: 'IL', zip: '62701', country: 'us' },
      shipping_address: { street_1: 'Dock 4', city: 'Oslo', country: 'NO', state: '' },
      notes: 'Key account',
      custom_fields: { segment: 'enterprise', seats: 40, vip: true },
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const company = res.body.data;
    expect(Object.keys(company).sort()).toEqual(KEYS);
    expect(company).toMatchObject({
      name: 'Initech',
      email: 'buyer@initech.test',
      phone: '+1 555 0100',
      tax_id: 'US-123',
      currency: 'EUR',
      price_list_id: priceList.id,
      price_list: { id: priceList.id, name: 'Wholesale', currency: 'EUR' },
      payment_terms_days: 30,
      notes: 'Key account',
      custom_fields: { segment: 'enterprise', seats: 40, vip: true },
      contacts: [],
    });
    expect(Object.keys(company.billing_address).sort()).toEqual(ADDRESS_KEYS);
    expect(company.billing_address).toEqual({ name: 'Accounts', street_1: '1 Main St', street_2: 'Suite 5', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' });
    expect(company.shipping_address).toEqual({ name: null, street_1: 'Dock 4', street_2: null, city: 'Oslo', state: null, zip: null, country: 'NO' });
    expect(company.created_at).toMatch(ISO);
    expect((await api('GET', `/companies/${company.id}`)).body).toEqual({ data: company });
  });

  it('needs only a name; everything else is null or empty', async () => {
    const company = await post('/companies', { name: 'Bare' });
    expect(company).toMatchObject({
      name: 'Bare', email: null, phone: null, tax_id: null, currency: null, price_list_id: null, price_list: null, payment_terms_days: null,
      billing_address: null, shipping_address: null, notes: null, custom_fields: {}, contacts: [],
    });
  });

  it('updates only the fields given: addresses replace, custom fields merge, null clears', async () => {
    const company = await post('/companies', {
      name: 'Patchable', currency: 'USD', price_list_id: priceList.id, billing_address: address({ zip: '1' }), custom_fields: { a: 'x', b: 2 },
    });
    const res = await api('PATCH', `/companies/${company.id}`, {
      email: 'new@patch.test',
      billing_address: { street_1: 'New road', city: 'Bergen', country: 'no' },
      custom_fields: { a: null, c: false },
      price_list_id: null,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Patchable', currency: 'USD', email: 'new@patch.test', price_list_id: null, price_list: null,
      billing_address: { street_1: 'New road', city: 'Bergen', country: 'NO', zip: null }, custom_fields: { b: 2, c: false },
    });
    const cleared = (await api('PATCH', `/companies/${company.id}`, { billing_address: null, custom_fields: null, email: null })).body.data;
    expect(cleared).toMatchObject({ billing_address: null, custom_fields: {}, email: null, name: 'Patchable' });
  });

  it('lists with filters, sort and pages', async () => {
    await post('/companies', { name: 'Filter Alpha', email: 'alpha@filter.test', currency: 'GBP', price_list_id: priceList.id });
    await post('/companies', { name: 'Filter Beta', email: 'beta@filter.test', currency: 'GBP' });
    await post('/companies', { name: 'Filter Gamma', currency: 'JPY' });

    const names = async (query: string) => {
      const res = await api('GET', `/companies?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((c: any) => c.name);
    };
    expect(await names('name[contains]=filter&sort=-name')).toEqual(['Filter Gamma', 'Filter Beta', 'Filter Alpha']);
    expect(await names('name[contains]=filter&currency=gbp&sort=name')).toEqual(['Filter Alpha', 'Filter Beta']);
    expect(await names(`price_list_id=${priceList.id}&name[contains]=filter`)).toEqual(['Filter Alpha']);
    expect(await names('email=BETA@filter.test')).toEqual(['Filter Beta']);

    const page = await api('GET', '/companies?name[contains]=filter&per_page=2&page=2&sort=name');
    expect(page.body.data.map((c: any) => c.name)).toEqual(['Filter Gamma']);
    expect(page.body.meta).toEqual({ current_page: 2, from: 3, last_page: 2, per_page: 2, to: 3, total: 3 });
  });

  it('refuses bad input with 422 keyed by field', async () => {
    expectErrors(await api('POST', '/companies', {}), ['name']);
    const bad = await api('POST', '/companies', {
      name: 'n'.repeat(256),
      email: 'not-an-email',
      phone: 'p'.repeat(65),
      tax_id: 't'.repeat(65),
      currency: 'usd',
      price_list_id: 999999,
      payment_terms_days: -1,
      billing_address: { street_1: ' ', country: 'XX', zip: 'z'.repeat(33) },
      shipping_address: { street_1: 'a', city: 'b', country: 'USA' },
      custom_fields: { 'Bad Key': 1, nested: { a: 1 } },
    });
    expectErrors(bad, [
      'name', 'email', 'phone', 'tax_id', 'currency', 'price_list_id', 'payment_terms_days',
      'billing_address.street_1', 'billing_address.city', 'billing_address.country', 'billing_address.zip', 'shipping_address.country',
      'custom_fields', 'custom_fields.nested',
    ]);
    expect(bad.body.errors['billing_address.country'][0]).toMatch(/ISO 3166-1 alpha-2/);
    expectErrors(await api('POST', '/companies', { name: 'x', custom_fields: [1] }), ['custom_fields']);
    expectErrors(await api('POST', '/companies', { name: 'x', billing_address: 'Main St' }), ['billing_address']);
    expectErrors(await api('POST', '/companies', { name: 'x', nickname: 'y' }), ['nickname']);
    expectErrors(await api('POST', '/companies', { name: 'x', payment_terms_days: 'thirty' }), ['payment_terms_days']);

    const company = await post('/companies', { name: 'Valid' });
    expectErrors(await api('PATCH', `/companies/${company.id}`, { name: null }), ['name']);
    expectErrors(await api('PATCH', `/companies/${company.id}`, { name: ' ', payment_terms_days: 3651 }), ['name', 'payment_terms_days']);
    expectErrors(await api('PATCH', `/companies/${company.id}`, { shipping_address: { city: 'x' } }), ['shipping_address.street_1', 'shipping_address.country']);

    expectErrors(await api('GET', '/companies?per_page=101'), ['per_page']);
    expectErrors(await api('GET', '/companies?sort=shoe_size'), ['sort']);
    expectErrors(await api('GET', '/companies?colour=red'), ['colour']);
    expectErrors(await api('GET', '/companies?price_list_id=abc'), ['price_list_id']);
  });

  it('answers 404 {message} for a company that does not exist', async () => {
    await expectNotFoundOnEachMethod(api, '/companies/999999', { name: 'x' }, 'Customer company 999999 not found.');
    expect((await api('GET', '/companies/abc')).status).toBe(404);
  });

  it('deletes a company with its contacts; refuses one with sales orders', async () => {
    const company = await post('/companies', { name: 'Short-lived' });
    const contact = await post('/contacts', { company_id: company.id, first_name: 'Temp' });
    const deleted = await api('DELETE', `/companies/${company.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: company.id, name: 'Short-lived', contacts: [{ id: contact.id, first_name: 'Temp' }] });
    expect((await api('GET', `/companies/${company.id}`)).status).toBe(404);
    expect((await api('GET', `/contacts/${contact.id}`)).status).toBe(404);

    const busy = await post('/companies', { name: 'Has orders' });
    const db = tenantClient(server.database.prisma, acme.companyId);
    const group = await post('/warehouse-groups', { name: 'Orders group' });
    const channel = await db.salesChannel.create({ data: { uuid: crypto.randomUUID(), channelType: 'sales_channel', label: 'Shop', warehouseGroupId: group.id } as any });
    await db.salesOrder.create({ data: { orderNumber: 'SO-000001', channelId: channel.id, customerCompanyId: busy.id, orderDate: new Date('2026-05-01'), currency: 'USD' } as any });
    const refused = await api('DELETE', `/companies/${busy.id}`);
    expectErrors(refused, ['id']);
    expect(refused.body.message).toMatch(/has 1 sales order/);
    expect((await api('GET', `/companies/${busy.id}`)).status).toBe(200);
  });

  it('is the CustomerCompany type in GraphQL, apart from the tenant Company', async () => {
    const company = await post('/companies', { name: 'Graph customer', billing_address: address() });
    const res = await gql('query($id: Int!) { customerCompany(id: $id) { __typename name billingAddress { street1 country } } }', { id: company.id });
    expect(res.body).toEqual({ data: { customerCompany: { __typename: 'CustomerCompany', name: 'Graph customer', billingAddress: { street1: '1 Main St', country: 'US' } } } });
  });
});

describe('tenant isolation', () => {
  it('never shows or changes another company’s customers, and refuses its price lists', async () => {
    const company = await post('/companies', { name: 'Acme customer' });
    await expectNotFoundOnEachMethod(api, `/companies/${company.id}`, { name: 'Stolen' }, undefined, globex);
    expect((await api('GET', '/companies?name=Acme%20customer', undefined, globex)).body.data).toEqual([]);
    expectErrors(await api('POST', '/companies', { name: 'G', price_list_id: priceList.id }, globex), ['price_list_id']);
    expect((await api('GET', `/companies/${company.id}`)).body.data.name).toBe('Acme customer');
  });
});
