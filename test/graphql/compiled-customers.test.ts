// Customer companies answered in one go (compiledList and compiledRecord, src/graphql/shared/compiled-records.ts):
// the domain picks the page, and one statement writes the companies with their price list, addresses and
// contacts as the selection asks, with SQL derived from the GraphQL types and declared beside the fields with
// resolvers of their own (the two addresses, the custom fields; src/graphql/sales/customer-fields.ts). Here those
// answers equal graphql's ordinary execution field by field, keys in the same order and values alike, for the
// REST page and record and for random selections over /graphql. The data is varied: every field given or none,
// addresses whole, partial, removed and stored without some keys, contacts moved between companies (so not in
// the order they were made) beside a supplier's, text JSON must escape, custom fields with long keys and odd
// numbers, merged and cleared. A page runs as many statements for 10 companies as for 100. Changes are compared
// too: a delete answers the company as it was, contacts and all, by one JSON statement in its transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { customerRoutes } from '../../rest-mapping/customers.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { fewerStatementsThanFieldByField, getRoute, ODD_CUSTOM_FIELDS, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, restCased, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const listRoute = getRoute(customerRoutes, '/companies');
const recordRoute = getRoute(customerRoutes, '/companies/{companyId}');
/** JSON values keep their own keys over REST: only the fields are renamed. */
const JSON_FIELDS = new Set(['customFields']);
const on: Compared = { server, counter, tenant: acme, rest: (answer) => restCased(answer, JSON_FIELDS) };
const companyIds: number[] = [];
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const wholesale = await post('/price-lists', { name: 'Wholesale "A" \\ ☃', currency: 'EUR' });
  const create = async (body: Record<string, unknown>) => {
    const created = await post('/companies', body);
    companyIds.push(created.id);
    return created;
  };
  const full = await create({
    name: 'Ann "the buyer" \\ Co ☃',
    email: 'buyer@ann.test',
    phone: '+1 555 0100',
    tax_id: 'US-"123"',
    currency: 'EUR',
    price_list_id: wholesale.id,
    payment_terms_days: 3650,
    billing_address: { name: 'Accounts\n"payable"', street_1: ' 1 "Main" St ', street_2: 'Suite\t5', city: 'Zürich', state: 'ZH', zip: '8001', country: 'ch' },
    shipping_address: { street_1: 'Dock 4', city: 'Oslo', country: 'NO', state: '' },
    notes: 'Tab\there "quoted" \\ back ☃\nnew line',
    custom_fields: ODD_CUSTOM_FIELDS,
  });
  const bare = await create({ name: 'Bare' });
  // Custom fields merged (a key removed, one added) and an address removed.
  const patched = await create({ name: 'Patched', billing_address: { street_1: 'Old', city: 'X', country: 'US' }, custom_fields: { a: 'x', b: 2, c_3: 0.1 } });
  await api('PATCH', `/companies/${patched.id}`, { custom_fields: { a: null, d: false }, billing_address: null, payment_terms_days: 0 });
  // Custom fields cleared.
  const cleared = await create({ name: 'Cleared', custom_fields: { gone: 'soon' }, shipping_address: { street_1: 'Only street', city: 'Y', country: 'de' } });
  await api('PATCH', `/companies/${cleared.id}`, { custom_fields: null });
  // An address stored without some of its keys (written before they existed), and one that is JSON null.
  const legacy = await create({ name: 'Legacy' });
  await db.customerCompany.update({
    where: { companyId_id: { companyId: acme.companyId, id: legacy.id } } as any,
    data: { billingAddress: { street1: 'Kept', city: 'Z', country: 'FR' }, shippingAddress: Prisma.JsonNull },
  });
  // Contacts, one moved from another company (ids out of the order of making), beside a supplier's.
  const supplier = await post('/suppliers', { name: 'Supplier' });
  await post('/contacts', { supplier_id: supplier.id, first_name: 'Not a customer contact' });
  await post('/contacts', { company_id: full.id, first_name: 'Zoë', last_name: 'O\'Brien "Z"', email: 'zoe@ann.test', phone: '+44\t1', title: 'Buyer\\Lead' });
  const moved = await post('/contacts', { company_id: bare.id, first_name: 'Mover' });
  await post('/contacts', { company_id: full.id, first_name: 'Al' });
  await api('PATCH', `/contacts/${moved.id}`, { company_id: full.id, title: 'Moved' });
  await post('/contacts', { company_id: patched.id, first_name: 'Pat', last_name: null, email: null });
  // Enough plain companies for pages of 10 and of 100, written directly.
  await db.customerCompany.createMany({
    data: Array.from({ length: 95 }, (_, i) => ({
      name: `Company ${i}`,
      currency: i % 2 ? 'USD' : null,
      paymentTermsDays: i % 3 ? i : null,
      priceListId: i % 4 ? null : wholesale.id,
      billingAddress: i % 5 ? undefined : { name: null, street1: `${i} Road`, street2: null, city: 'C', state: null, zip: `${i}`, country: 'US' },
      customFields: i % 6 ? undefined : { n: i, s: `"${i}"` },
    })) as any,
  });
  const [someone] = await db.customerCompany.findMany({ where: { name: 'Company 7' }, select: { id: true } });
  await post('/contacts', { company_id: someone!.id, first_name: 'Seven' });
}, 60_000);

describe('customer companies written by one statement', () => {
  it('has the data it means to test', async () => {
    const full = (await api('GET', `/companies/${companyIds[0]}`)).body.data;
    expect(full.contacts.map((c: any) => c.first_name)).toEqual(['Zoë', 'Mover', 'Al']);
    expect(full.custom_fields.huge).toBe(1e21);
    const legacy = (await api('GET', `/companies/${companyIds[4]}`)).body.data;
    expect(legacy).toMatchObject({ billing_address: { name: null, street_1: 'Kept', country: 'FR' }, shipping_address: null });
  });

  it('GET /companies answers as field by field, and runs as many statements for 10 companies as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/companies?sort=id', { sort: 'id', filters: [] }, 'customerCompanies'));

  it('GET /companies/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/companies', companyIds, 'customerCompany'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, listRoute, '/companies?per_page=100', { perPage: 100, filters: [] }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['CustomerCompany'], ([selection]) => pageAndRecordQueries(selection!, 'customerCompanies', 'id', 'customerCompany', companyIds[0]!), {
      numRuns: 25,
      seed: 20261131,
      skipTooDeep: true,
    }));
});

describe('changes answered by one statement', () => {
  it('delete answers the company as it was: with every field and contacts, and bare', async () => {
    const text = 'A "quoted" \\ name ☃\nline';
    const full = await post('/companies', {
      name: text, email: 'gone@example.test', phone: '+1\t555', tax_id: text, currency: 'USD', payment_terms_days: 30,
      billing_address: { name: text, street_1: '1 "Main" St', city: 'Zürich', country: 'ch' }, shipping_address: { street_1: 'Dock', city: 'Oslo', country: 'NO' },
      notes: text, custom_fields: { note: text, amount: 0.1234567891 },
    });
    await post('/contacts', { company_id: full.id, first_name: text, email: 'c@example.test' });
    await post('/contacts', { company_id: full.id, first_name: 'Second' });
    await change('DELETE', `/companies/${full.id}`, undefined, { deletes: true });
    expect((await api('GET', `/companies/${full.id}`)).status).toBe(404);
    const bare = await post('/companies', { name: 'Bare to delete' });
    await change('DELETE', `/companies/${bare.id}`, undefined, { deletes: true });
  });
});
