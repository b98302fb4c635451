// Suppliers and their contacts answered in one go (compiledList and compiledRecord in
// src/graphql/shared/compiled-records.ts): the domain picks the page (its name filter, sort, the supplier a contact
// list or record belongs to, reading ids only), and one statement writes them as the selection asks, with a
// supplier's contacts (a contact's name and role declared beside their resolvers) and supplier SKUs. Here those
// answers equal graphql's ordinary execution field by field, keys in the same order and values alike, for REST pages
// (plain, by name and sorted), records and random /graphql selections. The data: suppliers and contacts made through
// the API (every field, text JSON must escape), and bulk written directly: suppliers with every optional field null
// or set, tolerances at full precision, contacts with an empty first name, an empty or no last name, no title, one
// supplier with more than 100 contacts, and supplier SKUs on some. A page runs as many statements for 10 records as
// for 100. Field by field reads a supplier's contacts in one more read, so a page of suppliers runs as many statements
// either way; a contact page or record, whose contact has no relation, runs one more (the JSON statement). Changes
// (create, update, delete of suppliers and contacts) are compared too: each answer is one JSON statement in the
// change's transaction and equals the record read field by field right after it (right before, for a delete).
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { supplierRoutes } from '../../rest-mapping/suppliers.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fieldByField } from '../support/random-selection.js';
import { getRoute, listAsFieldByField, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, restCased, selectionsAsFieldByField, type Compared,  } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change, changeAnswering } = compiledChangeChecker(server, acme, api, () => counter.statements);
const supplierList = getRoute(supplierRoutes, '/suppliers');
const supplierRecord = getRoute(supplierRoutes, '/suppliers/{supplierId}');
const contactList = getRoute(supplierRoutes, '/suppliers/{supplierId}/contacts');
const contactRecord = getRoute(supplierRoutes, '/suppliers/{supplierId}/contacts/{contactId}');
const supplierIds: number[] = [];
const contacts: Array<{ supplierId: number; id: number }> = [];
let manyContactsId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const nordic = await post('/suppliers', {
    name: 'Nordic "Parts" \\ ☃', email: 'sales@nordic.test', phone: '+47 123', currency: 'NOK', address: '1 Fjord road\nUnit 2',
    city: 'Bergen', country: 'NO', notes: 'Net 30 "strict"\n\\ ☃', over_receipt_tolerance_percent: 12.3456, payment_terms_days: 30, default_lead_time_days: 14,
  });
  const bare = await post('/suppliers', { name: 'Bare' });
  supplierIds.push(nordic.id, bare.id);
  contacts.push({ supplierId: nordic.id, id: (await post(`/suppliers/${nordic.id}/contacts`, { name: 'Åsa "the buyer" \\ ☃', email: 'asa@nordic.test', phone: '+47 9', role: 'Sales\nNorth' })).id });
  contacts.push({ supplierId: nordic.id, id: (await post(`/suppliers/${nordic.id}/contacts`, { name: 'Bo' })).id });
  const product = await db.product.create({ data: { name: 'Bolt "M6"', sku: 'BOLT-6' } as any });
  await post('/supplier-skus', { supplier_id: nordic.id, product_id: product.id, supplier_sku: 'N-1 "x"', cost: 123456789012.123456, min_order_quantity: 0.000001, order_multiple: 12, lead_time_days: 0 });
  await post('/supplier-skus', { supplier_id: nordic.id, product_id: product.id, supplier_sku: 'N-2' });

  // Bulk: 105 suppliers, optional fields null or set; contacts on some, 105 on one; supplier SKUs on others.
  const suppliers = await db.supplier.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 105 }, (_, i) => ({
      name: `Supplier ${String(i).padStart(3, '0')} "s"`,
      email: i % 3 ? `s${i}@example.test` : null,
      phone: i % 4 ? null : `+1 555 ${i}`,
      currency: i % 5 ? 'EUR' : null,
      address: i % 2 ? `${i} Main St\n"back"` : null,
      city: i % 2 ? null : 'Köln',
      country: i % 6 ? null : 'DE',
      notes: i % 7 ? null : 'Tab\there \\ ☃',
      overReceiptTolerancePercent: i % 4 ? `${i % 100}.${String(i).padStart(4, '9')}` : '0',
      paymentTermsDays: i % 3 ? null : i,
      defaultLeadTimeDays: i % 5 ? i : null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })) as any,
  });
  manyContactsId = suppliers[2]!.id;
  await db.contact.createMany({
    data: [
      ...Array.from({ length: 105 }, (_, k) => ({
        supplierId: manyContactsId,
        firstName: k % 5 === 1 ? '' : `First ${String(k).padStart(3, '0')} "c"`,
        lastName: k % 3 === 0 ? null : k % 3 === 1 ? '' : `Last \\ ${k}`,
        email: k % 2 ? null : `c${k}@example.test`,
        phone: k % 4 ? null : `+1 ${k}`,
        title: k % 6 ? null : 'Buyer ☃',
        createdAt: new Date(Date.UTC(2026, 1, 1, 0, k)),
      })),
      ...suppliers.slice(3, 40).flatMap(({ id }, i) => Array.from({ length: i % 3 }, (_, k) => ({ supplierId: id, firstName: `Person ${i}.${k}`, lastName: k ? 'Smith' : null }))),
    ] as any,
  });
  const products = await db.product.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 5 }, (_, i) => ({ name: `Part ${i}`, sku: `PART-${i}` })) as any,
  });
  await db.supplierSku.createMany({
    data: suppliers.slice(10, 50).flatMap(({ id }, i) =>
      Array.from({ length: i % 3 }, (_, k) => ({
        supplierId: id, productId: products[(i + k) % 5]!.id, supplierSku: `S${i}-${k}`,
        cost: k ? null : `${i}.${String(i).padStart(6, '3')}`, currency: k ? null : 'USD', leadTimeDays: k ? null : i,
      })),
    ) as any,
  });
  const [contactOfMany] = await db.contact.findMany({ where: { supplierId: manyContactsId, lastName: null }, select: { id: true }, take: 1, orderBy: { id: 'desc' } });
  contacts.push({ supplierId: manyContactsId, id: contactOfMany!.id });
  supplierIds.push(manyContactsId, suppliers[12]!.id, suppliers[104]!.id);
}, 60_000);

describe('suppliers written by one statement', () => {
  it('GET /suppliers answers as field by field, and runs as many statements for 10 suppliers as for 100', () =>
    pagesAsFieldByField(on, supplierList, '/suppliers?sort=id', { sort: 'id' }, 'suppliers'));

  it('GET /suppliers by name, sorted, answers as field by field', async () => {
    const page = await pageAsFieldByField(on, supplierList, '/suppliers?per_page=30&q=supplier%200&sort=-name', { perPage: 30, q: 'supplier 0', sort: '-name' }, 'suppliers');
    expect(page.body.data).toHaveLength(30);
    await pageAsFieldByField(on, supplierList, '/suppliers?per_page=20&page=3&sort=-created_at', { perPage: 20, page: 3, sort: '-created_at' }, 'suppliers');
  });

  it('GET /suppliers/{id} answers as field by field', () => recordsAsFieldByField(on, supplierRecord, '/suppliers', supplierIds, 'supplier'));
});

describe("a supplier's contacts written by one statement", () => {
  it('GET /suppliers/{id}/contacts answers as field by field, and runs as many statements for 10 contacts as for 100', () =>
    pagesAsFieldByField(on, contactList, `/suppliers/${manyContactsId}/contacts?sort=id`, { supplierId: manyContactsId, sort: 'id' }, 'supplierContacts'));

  it('GET /suppliers/{id}/contacts sorted, and of a supplier without contacts, answers as field by field', async () => {
    await pageAsFieldByField(on, contactList, `/suppliers/${manyContactsId}/contacts?per_page=50&page=2&sort=-created_at`, { supplierId: manyContactsId, perPage: 50, page: 2, sort: '-created_at' }, 'supplierContacts');
    await pageAsFieldByField(on, contactList, `/suppliers/${supplierIds[0]}/contacts?sort=-id`, { supplierId: supplierIds[0], sort: '-id' }, 'supplierContacts');
    const empty = await pageAsFieldByField(on, contactList, `/suppliers/${supplierIds[1]}/contacts`, { supplierId: supplierIds[1] }, 'supplierContacts');
    expect(empty.body.data).toEqual([]);
  });

  it('GET /suppliers/{id}/contacts/{id} answers as field by field', async () => {
    for (const { supplierId, id } of contacts) {
      await listAsFieldByField(on, contactRecord, `/suppliers/${supplierId}/contacts/${id}`, { supplierId, id }, 'supplierContact');
    }
  });

  it('a contact asked of another supplier is not found, as field by field', async () => {
    const { supplierId, id } = contacts[0]!;
    const other = supplierIds.find((s) => s !== supplierId)!;
    const query = `query Other { supplierContact(supplierId: ${other}, id: ${id}) { id name } }`;
    const planned = await server.graphql(query, {}, { token: acme.token, company: acme.slug });
    const ordinary = await fieldByField(server, query, {}, acme);
    expect(planned.body.errors?.[0]?.extensions?.code, planned.text).toBe('NOT_FOUND');
    expect(planned.body.errors?.[0]?.message).toBe(ordinary.body.errors?.[0]?.message);
  });
});

describe('random selections over /graphql', () => {
  it('of suppliers answer as field by field', () =>
    selectionsAsFieldByField(on, ['Supplier'], ([selection], id) => pageAndRecordQueries(selection!, 'suppliers', 'id', 'supplier', id), {
      numRuns: 15, seed: 20261201, ids: supplierIds, skipTooDeep: true,
    }));

  it("of a supplier's contacts answer as field by field", () =>
    selectionsAsFieldByField(
      on,
      ['SupplierContact'],
      ([selection], id) => [
        `query Page($perPage: Int) { supplierContacts(supplierId: ${manyContactsId}, perPage: $perPage, sort: "-id") { items { ${selection!.text} } meta { total lastPage } } } ${selection!.fragments.join(' ')}`,
        `query One { supplierContact(supplierId: ${contacts.find((c) => c.id === id)!.supplierId}, id: ${id}) { ${selection!.text} } } ${selection!.fragments.join(' ')}`,
      ],
      { numRuns: 15, seed: 20261202, ids: contacts.map((c) => c.id), skipTooDeep: true },
    ));
});

describe('changes answered by one statement', () => {
  const odd = 'A "quoted" \\ name ☃\nline';

  it('suppliers: create with every field and with none, update setting and clearing fields, and delete', async () => {
    const full = await change('POST', '/suppliers', {
      name: odd, email: 'buy@odd.test', phone: '+47 "1"', currency: 'NOK', address: '1 Fjord road\nUnit \\2', city: 'Bergen ☃', country: 'NO',
      notes: odd, over_receipt_tolerance_percent: 99999.9999, payment_terms_days: 3650, default_lead_time_days: 0,
    }, { record: (s) => `/suppliers/${s.id}` });
    const bare = await change('POST', '/suppliers', { name: 'Bare "b"' }, { record: (s) => `/suppliers/${s.id}` });
    await change('PATCH', `/suppliers/${bare.id}`, { name: odd, notes: 'Tab\there', over_receipt_tolerance_percent: 0.0001, payment_terms_days: 45, currency: 'EUR' });
    await change('PATCH', `/suppliers/${full.id}`, {
      email: null, phone: null, currency: null, address: null, city: null, country: null, notes: null, payment_terms_days: null, default_lead_time_days: null,
    });
    // A supplier with a contact: the contact goes with it, and the answer (read before the delete) still shows it.
    await post(`/suppliers/${full.id}/contacts`, { name: odd });
    await change('DELETE', `/suppliers/${full.id}`, undefined, { deletes: true });
    expect((await api('GET', `/suppliers/${full.id}`)).status).toBe(404);
  });

  it("a supplier's contacts: create with every field and with none, update setting and clearing fields, and delete", async () => {
    const supplier = await post('/suppliers', { name: 'Contacts "c"' });
    const path = (id?: number) => `/suppliers/${supplier.id}/contacts${id ? `/${id}` : ''}`;
    const full = await contactChange('POST', path(), { name: odd, email: 'c@odd.test', phone: '+1 "2"', role: odd });
    const bare = await contactChange('POST', path(), { name: 'Bo' });
    await contactChange('PATCH', path(bare.id), { name: '  Padded ☃ ', email: 'bo@odd.test', role: 'Buyer\\' });
    await contactChange('PATCH', path(full.id), { email: null, phone: null, role: null });
    await contactChange('DELETE', path(full.id));
    expect((await api('GET', path(full.id))).status).toBe(404);
  });
});

/**
 * A change of a supplier's contact, whose GET route names two ids (`/suppliers/{supplierId}/contacts/{contactId}`):
 * checked as `change` checks a record of one id.
 */
async function contactChange(method: string, path: string, body?: unknown): Promise<any> {
  const [supplierId, pathId] = path.match(/\d+/g)!.map(Number) as [number, number | undefined];
  const read = async (id: number) => {
    const ordinary = await fieldByField(server, contactRecord.graphql, { supplierId, id }, acme);
    expect(ordinary.body.errors, ordinary.text).toBeUndefined();
    return restCased(ordinary.body.data.supplierContact);
  };
  return changeAnswering(`${method} ${path}`, () => api(method, path, body), (answer) => {
    if (answer && pathId !== undefined) expect(answer.id, `${method} ${path}: the contact changed`).toBe(pathId);
    return read(pathId ?? answer.id);
  }, { deletes: method === 'DELETE' });
}
