// Contacts over real HTTP: people at a customer company or at a supplier (exactly one owner), the same
// records as the supplier contacts of /suppliers/{id}/contacts, the list's filters, the 422s and 404s of
// every route, isolation between companies, and the migration that moved supplier contacts into Contact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { applyMigrations, readMigrations } from '../../src/db/migrations.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { expectNotFoundOnEachMethod } from '../support/seed.js';
import { expectErrors } from '../support/rest-client.js';

const { companies: { globex }, api, post } = serverForFile(['acme', 'globex']);
let customer: any;
let supplier: any;

const KEYS = ['company', 'company_id', 'created_at', 'email', 'first_name', 'id', 'last_name', 'phone', 'supplier', 'supplier_id', 'title', 'updated_at'];

beforeAll(async () => {
  customer = await post('/companies', { name: 'Initech' });
  supplier = await post('/suppliers', { name: 'Nordic Parts' });
});

describe('contacts', () => {
  it('creates a contact of a customer company: 201 {data} with its owner; the company lists it', async () => {
    const res = await api('POST', '/contacts', { company_id: customer.id, first_name: ' Peter ', last_name: 'Gibbons', email: 'peter@initech.test', phone: '555', title: 'Engineer' });
    expect(res.status, res.text).toBe(201);
    const contact = res.body.data;
    expect(Object.keys(contact).sort()).toEqual(KEYS);
    expect(contact).toMatchObject({
      company_id: customer.id, company: { id: customer.id, name: 'Initech' }, supplier_id: null, supplier: null,
      first_name: 'Peter', last_name: 'Gibbons', email: 'peter@initech.test', phone: '555', title: 'Engineer',
    });
    expect((await api('GET', `/contacts/${contact.id}`)).body).toEqual({ data: contact });
    const company = (await api('GET', `/companies/${customer.id}`)).body.data;
    expect(company.contacts).toEqual([{ id: contact.id, first_name: 'Peter', last_name: 'Gibbons', email: 'peter@initech.test', phone: '555', title: 'Engineer' }]);

    const updated = await api('PATCH', `/contacts/${contact.id}`, { title: 'Manager', phone: null, last_name: '' });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toMatchObject({ first_name: 'Peter', last_name: null, title: 'Manager', phone: null, company_id: customer.id });
    const deleted = await api('DELETE', `/contacts/${contact.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(contact.id);
    expect((await api('GET', `/contacts/${contact.id}`)).status).toBe(404);
  });

  it('is one record with the supplier contacts of /suppliers/{id}/contacts, both ways', async () => {
    const viaSupplier = await post(`/suppliers/${supplier.id}/contacts`, { name: 'Kari Nordmann', email: 'kari@nordic.test', role: 'Sales' });
    const listed = (await api('GET', `/contacts?supplier_id=${supplier.id}`)).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: viaSupplier.id, supplier_id: supplier.id, supplier: { id: supplier.id, name: 'Nordic Parts' }, company_id: null,
      first_name: 'Kari Nordmann', last_name: null, email: 'kari@nordic.test', title: 'Sales',
    });

    const viaContacts = await post('/contacts', { supplier_id: supplier.id, first_name: 'Ola', last_name: 'Hansen', title: 'Buyer' });
    const underSupplier = (await api('GET', `/suppliers/${supplier.id}/contacts/${viaContacts.id}`)).body.data;
    expect(underSupplier).toMatchObject({ id: viaContacts.id, supplier_id: supplier.id, name: 'Ola Hansen', role: 'Buyer', email: null });
    expect((await api('GET', `/suppliers/${supplier.id}`)).body.data.contacts.map((c: any) => c.name)).toEqual(['Kari Nordmann', 'Ola Hansen']);

    // A change on one side shows on the other; a customer's contact is not the supplier's.
    await api('PATCH', `/suppliers/${supplier.id}/contacts/${viaContacts.id}`, { role: 'Owner' });
    expect((await api('GET', `/contacts/${viaContacts.id}`)).body.data.title).toBe('Owner');
    const customerContact = await post('/contacts', { company_id: customer.id, first_name: 'Not a supplier contact' });
    expect((await api('GET', `/suppliers/${supplier.id}/contacts/${customerContact.id}`)).status).toBe(404);

    expect((await api('DELETE', `/contacts/${viaContacts.id}`)).status).toBe(200);
    expect((await api('GET', `/suppliers/${supplier.id}/contacts`)).body.data.map((c: any) => c.id)).toEqual([viaSupplier.id]);
  });

  it('needs exactly one owner, which must exist; the owner can move', async () => {
    const none = await api('POST', '/contacts', { first_name: 'Nobody' });
    expectErrors(none, ['company_id', 'supplier_id']);
    expectErrors(await api('POST', '/contacts', { first_name: 'Both', company_id: customer.id, supplier_id: supplier.id }), ['company_id', 'supplier_id']);
    expectErrors(await api('POST', '/contacts', { first_name: 'Ghost', company_id: 999999 }), ['company_id']);
    expectErrors(await api('POST', '/contacts', { first_name: 'Ghost', supplier_id: 999999 }), ['supplier_id']);

    const contact = await post('/contacts', { company_id: customer.id, first_name: 'Mover' });
    expectErrors(await api('PATCH', `/contacts/${contact.id}`, { supplier_id: supplier.id }), ['supplier_id']);
    expectErrors(await api('PATCH', `/contacts/${contact.id}`, { company_id: null }), ['company_id', 'supplier_id']);
    const moved = await api('PATCH', `/contacts/${contact.id}`, { supplier_id: supplier.id, company_id: null });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ company_id: null, supplier_id: supplier.id, company: null, supplier: { id: supplier.id } });
    expect((await api('GET', `/suppliers/${supplier.id}/contacts/${contact.id}`)).body.data.name).toBe('Mover');
  });

  it('refuses bad input with 422 keyed by field', async () => {
    const bad = await api('POST', '/contacts', {
      company_id: customer.id, first_name: ' ', last_name: 'l'.repeat(256), email: 'nope', phone: 'p'.repeat(65), title: 't'.repeat(256),
    });
    expectErrors(bad, ['first_name', 'last_name', 'email', 'phone', 'title']);
    expectErrors(await api('POST', '/contacts', { company_id: customer.id }), ['first_name']);
    expectErrors(await api('POST', '/contacts', { company_id: 'one', first_name: 'x' }), ['company_id']);
    expectErrors(await api('POST', '/contacts', { company_id: customer.id, first_name: 'x', role: 'y' }), ['role']);
    const contact = await post('/contacts', { company_id: customer.id, first_name: 'Valid' });
    expectErrors(await api('PATCH', `/contacts/${contact.id}`, { first_name: null }), ['first_name']);
    expectErrors(await api('PATCH', `/contacts/${contact.id}`, { email: 'bad' }), ['email']);

    expectErrors(await api('GET', '/contacts?per_page=101'), ['per_page']);
    expectErrors(await api('GET', '/contacts?per_page=0'), ['per_page']);
    expectErrors(await api('GET', '/contacts?sort=age'), ['sort']);
    expectErrors(await api('GET', '/contacts?company_id=x'), ['company_id']);
    expectErrors(await api('GET', '/contacts?name[gt]=a'), ['name[gt]']);
  });

  it('lists with filters on owner, email and name, with sort and pages', async () => {
    const other = await post('/companies', { name: 'Filter Co' });
    await post('/contacts', { company_id: other.id, first_name: 'Anna', last_name: 'Berg', email: 'anna@filter.test' });
    await post('/contacts', { company_id: other.id, first_name: 'Bo', last_name: 'Anderson', email: 'bo@filter.test' });
    await post('/contacts', { company_id: other.id, first_name: 'Carl', last_name: 'Dahl' });

    const names = async (query: string) => {
      const res = await api('GET', `/contacts?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((c: any) => c.first_name);
    };
    expect(await names(`company_id=${other.id}&sort=-first_name`)).toEqual(['Carl', 'Bo', 'Anna']);
    expect(await names(`company_id=${other.id}&name[contains]=and&sort=first_name`)).toEqual(['Bo']);
    expect(await names(`company_id=${other.id}&name=anna`)).toEqual(['Anna']);
    expect(await names('email=BO@filter.test')).toEqual(['Bo']);
    expect(await names(`supplier_id=${supplier.id}&company_id=${other.id}`)).toEqual([]);
    const page = await api('GET', `/contacts?company_id=${other.id}&per_page=2&sort=last_name`);
    expect(page.body.data.map((c: any) => c.last_name)).toEqual(['Anderson', 'Berg']);
    expect(page.body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 2, to: 2, total: 3 });
  });

  it('answers 404 {message} for a contact that does not exist', async () => {
    await expectNotFoundOnEachMethod(api, '/contacts/999999', { first_name: 'x' }, 'Contact 999999 not found.');
  });
});

describe('tenant isolation', () => {
  it('never shows or changes another company’s contacts, nor attaches one to its customers or suppliers', async () => {
    const contact = await post('/contacts', { company_id: customer.id, first_name: 'Acme only' });
    await expectNotFoundOnEachMethod(api, `/contacts/${contact.id}`, { first_name: 'Stolen' }, undefined, globex);
    expect((await api('GET', `/contacts?company_id=${customer.id}`, undefined, globex)).body.data).toEqual([]);
    expect((await api('GET', '/contacts', undefined, globex)).body.meta.total).toBe(0);
    expectErrors(await api('POST', '/contacts', { company_id: customer.id, first_name: 'Intruder' }, globex), ['company_id']);
    expectErrors(await api('POST', '/contacts', { supplier_id: supplier.id, first_name: 'Intruder' }, globex), ['supplier_id']);
    expect((await api('GET', `/contacts/${contact.id}`)).body.data.first_name).toBe('Acme only');
  });
});

describe('the migration of supplier contacts', () => {
  const BEFORE = '20261122154728_sales';
  let database: Database;
  afterAll(() => database?.close());

  it('copies every supplier contact into Contact, keeping ids that are free, and drops SupplierContact', async () => {
    database = await openTestDatabase({ migrate: false });
    await applyMigrations(database.sql, readMigrations().filter((m) => m.name <= BEFORE));
    await database.sql.exec(`
      INSERT INTO "Company" ("id", "slug", "name", "updatedAt") VALUES (1, 'a', 'A', now()), (2, 'b', 'B', now());
      INSERT INTO "Supplier" ("id", "companyId", "name", "updatedAt") VALUES (1, 1, 'S1', now()), (2, 2, 'S2', now());
      INSERT INTO "CustomerCompany" ("id", "companyId", "name", "updatedAt") VALUES (1, 1, 'C1', now());
      INSERT INTO "Contact" ("id", "companyId", "customerCompanyId", "firstName", "updatedAt") VALUES (2, 1, 1, 'Existing', now());
      SELECT setval(pg_get_serial_sequence('"Contact"', 'id'), 2);
      INSERT INTO "SupplierContact" ("id", "companyId", "supplierId", "name", "email", "phone", "role", "createdAt", "updatedAt") VALUES
        (1, 1, 1, 'Kari Nordmann', 'kari@s1.test', '555', 'Sales', '2026-01-01', '2026-01-02'),
        (2, 1, 1, 'Taken Id', NULL, NULL, NULL, '2026-01-01', '2026-01-01'),
        (3, 2, 2, 'Other Tenant', NULL, NULL, 'Owner', '2026-01-01', '2026-01-01');
      SELECT setval(pg_get_serial_sequence('"SupplierContact"', 'id'), 3);
    `);
    await applyMigrations(database.sql);
    const rows = await database.sql.query<any>(
      `SELECT "id", "companyId", "supplierId", "customerCompanyId", "firstName", "lastName", "email", "phone", "title", "createdAt" FROM "Contact" ORDER BY "id"`,
    );
    expect(rows.map((r) => [r.id, r.companyId, r.supplierId, r.customerCompanyId, r.firstName, r.lastName, r.email, r.phone, r.title])).toEqual([
      [1, 1, 1, null, 'Kari Nordmann', null, 'kari@s1.test', '555', 'Sales'],
      [2, 1, null, 1, 'Existing', null, null, null, null],
      [3, 2, 2, null, 'Other Tenant', null, null, null, 'Owner'],
      [4, 1, 1, null, 'Taken Id', null, null, null, null],
    ]);
    expect(new Date(rows[0].createdAt).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const [table] = await database.sql.query<{ name: string | null }>(`SELECT to_regclass('"SupplierContact"')::text AS name`);
    expect(table!.name).toBeNull();
    // New contacts take ids after every copied one.
    const [next] = await database.sql.query<{ id: number }>(
      `INSERT INTO "Contact" ("companyId", "supplierId", "firstName", "updatedAt") VALUES (1, 1, 'New', now()) RETURNING "id"`,
    );
    expect(next!.id).toBe(5);
  });
});
