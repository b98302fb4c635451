// Contract tests of suppliers, their contacts and supplier SKUs over real HTTP: exact keys, types, status
// codes, error bodies, and isolation between companies.
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { documentedKeys } from '../support/documented-keys.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);

const SUPPLIER_KEYS = ['address', 'city', 'contacts', 'country', 'created_at', 'currency', 'default_lead_time_days', 'email', 'id', 'name', 'notes', 'over_receipt_tolerance_percent', 'payment_terms_days', 'phone', 'updated_at'];
const CONTACT_KEYS = documentedKeys('getSupplierContact', 'data');
const SKU_KEYS = [
  'cost', 'created_at', 'currency', 'id', 'lead_time_days', 'min_order_quantity', 'order_multiple', 'product_id',
  'supplier', 'supplier_id', 'supplier_sku', 'updated_at',
];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const createSupplier = (body: Record<string, unknown>, tenant?: Tenant): Promise<any> => post('/suppliers', body, tenant);

/** Products are written directly: this file tests suppliers, not the product routes. */
async function createProduct(tenant: Tenant, sku: string, supplierId: number | null = null): Promise<number> {
  const product = await server.database.prisma.product.create({
    data: { companyId: tenant.companyId, name: `Product ${sku}`, sku, supplierId },
  });
  return product.id;
}

describe('suppliers', () => {
  it('creates a supplier: 201 {data} with every field', async () => {
    const res = await api('POST', '/suppliers', {
      name: '  Nordic Parts  ', email: 'sales@nordic.test', phone: '+47 123', currency: 'NOK',
      address: '1 Fjord road', city: 'Bergen', country: 'NO', notes: 'Net 30', default_lead_time_days: 14,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const supplier = res.body.data;
    expect(Object.keys(supplier).sort()).toEqual(SUPPLIER_KEYS);
    expect(supplier).toMatchObject({
      name: 'Nordic Parts', email: 'sales@nordic.test', phone: '+47 123', currency: 'NOK', address: '1 Fjord road',
      city: 'Bergen', country: 'NO', notes: 'Net 30', contacts: [], default_lead_time_days: 14,
    });
    const late = await api('POST', '/suppliers', { name: 'Too slow', default_lead_time_days: 4000 });
    expect(late.status).toBe(422);
    expect(late.body.errors.default_lead_time_days[0]).toContain('0 to 3650');
    expect(Number.isInteger(supplier.id)).toBe(true);
    expect(supplier.created_at).toMatch(ISO);
    expect(supplier.updated_at).toMatch(ISO);
    expect((await api('GET', `/suppliers/${supplier.id}`)).body).toEqual({ data: supplier });
  });

  it('leaves optional fields null', async () => {
    const supplier = await createSupplier({ name: 'Bare' });
    expect(supplier).toMatchObject({ email: null, phone: null, currency: null, address: null, city: null, country: null, notes: null });
  });

  it('validates name, lengths, email and currency, keyed by field', async () => {
    const missing = await api('POST', '/suppliers', { city: 'Oslo' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: expect.any(String), errors: { name: ['The name field is required.'] } });

    const bad = await api('POST', '/suppliers', {
      name: 'x'.repeat(256), email: 'not-an-email', phone: '1'.repeat(65), currency: 'usd', city: 'c'.repeat(256),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: ['The name may not be greater than 255 characters.'],
      email: ['The email must be a valid email address.'],
      phone: ['The phone may not be greater than 64 characters.'],
      currency: [expect.stringMatching(/3-letter uppercase ISO 4217/)],
      city: ['The city may not be greater than 255 characters.'],
    });
    for (const currency of ['EURO', 'U1D', '']) {
      expect((await api('POST', '/suppliers', { name: 'C', currency })).body.errors, currency).toHaveProperty('currency');
    }
    const types = await api('POST', '/suppliers', { name: 5, currency: 840, colour: 'red' });
    expect(types.status).toBe(422);
    expect(Object.keys(types.body.errors).sort()).toEqual(['colour', 'currency', 'name']);
  });

  it('updates with PATCH: 200 {data}, only the given fields change', async () => {
    const supplier = await createSupplier({ name: 'Patch me', city: 'Lyon', currency: 'EUR' });
    const res = await api('PATCH', `/suppliers/${supplier.id}`, { name: 'Patched', notes: 'New terms', city: null });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toMatchObject({ id: supplier.id, name: 'Patched', notes: 'New terms', city: null, currency: 'EUR' });
    expect((await api('PATCH', `/suppliers/${supplier.id}`, {})).body.data.name).toBe('Patched');
    const empty = await api('PATCH', `/suppliers/${supplier.id}`, { name: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: ['The name may not be empty.'] });
    expect((await api('PATCH', `/suppliers/${supplier.id}`, { name: null })).status).toBe(422);
  });

  it('lists with {data, meta}, searches by name and sorts', async () => {
    await createSupplier({ name: 'Zulu Supplies' });
    await createSupplier({ name: 'Alpha supplies' });
    const res = await api('GET', '/suppliers?q=SUPPLIES&sort=-name');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
    expect(res.body.data.map((s: any) => s.name)).toEqual(['Zulu Supplies', 'Alpha supplies']);
    expect(res.body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 25, to: 2, total: 2 });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(SUPPLIER_KEYS);

    const paged = await api('GET', '/suppliers?per_page=1&page=2&sort=id');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta).toMatchObject({ current_page: 2, from: 2, to: 2, per_page: 1 });

    for (const [query, key] of [['per_page=101', 'per_page'], ['sort=email', 'sort'], ['city=Oslo', 'city'], ['page=0', 'page']]) {
      const bad = await api('GET', `/suppliers?${query}`);
      expect(bad.status, query).toBe(422);
      expect(Object.keys(bad.body.errors), query).toEqual([key]);
    }
  });

  it('answers 404 {message} for unknown ids', async () => {
    for (const [method, path] of [['GET', '/suppliers/999999'], ['PATCH', '/suppliers/999999'], ['DELETE', '/suppliers/999999'], ['GET', '/suppliers/abc']]) {
      const res = await api(method, path, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
  });

  it('deletes an unused supplier with its contacts; refuses one used by products or supplier SKUs', async () => {
    const unused = await createSupplier({ name: 'Unused' });
    await api('POST', `/suppliers/${unused.id}/contacts`, { name: 'Someone' });
    const deleted = await api('DELETE', `/suppliers/${unused.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: unused.id, name: 'Unused', contacts: [{ name: 'Someone' }] });
    expect((await api('GET', `/suppliers/${unused.id}`)).status).toBe(404);
    expect(await server.database.prisma.contact.count({ where: { supplierId: unused.id } })).toBe(0);

    const usedByProduct = await createSupplier({ name: 'Used by product' });
    await createProduct(acme, 'SUP-P-1', usedByProduct.id);
    const refused = await api('DELETE', `/suppliers/${usedByProduct.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: expect.stringMatching(/used by 1 product;/), errors: { id: [expect.stringMatching(/used by 1 product/)] } });

    const usedBySku = await createSupplier({ name: 'Used by SKU' });
    const productId = await createProduct(acme, 'SUP-P-2');
    expect((await api('POST', '/supplier-skus', { supplier_id: usedBySku.id, product_id: productId, supplier_sku: 'X1' })).status).toBe(201);
    const refusedSku = await api('DELETE', `/suppliers/${usedBySku.id}`);
    expect(refusedSku.status).toBe(422);
    expect(refusedSku.body.message).toMatch(/used by 1 supplier SKU/);
    expect((await api('GET', `/suppliers/${usedBySku.id}`)).status).toBe(200);

    // Accounts payable name suppliers too (found by the fuzz suite: the delete failed in the database, a 500).
    const credited = await createSupplier({ name: 'Credited' });
    expect((await api('POST', '/vendor-credits', { supplier_id: credited.id, amount: 40, currency: 'USD', credit_date: '2026-06-02', reason: 'Price correction' })).status).toBe(201);
    const refusedCredit = await api('DELETE', `/suppliers/${credited.id}`);
    expect(refusedCredit.status).toBe(422);
    expect(refusedCredit.body.message).toBe(`Supplier ${credited.id} is used by 1 vendor credit; reassign or delete them first.`);
  });
});

describe('supplier contacts', () => {
  it('creates, lists, gets, updates and deletes the contacts of one supplier', async () => {
    const supplier = await createSupplier({ name: 'With contacts' });
    const base = `/suppliers/${supplier.id}/contacts`;
    const created = await api('POST', base, { name: 'Kari', email: 'kari@nordic.test', phone: '555', role: 'Sales' });
    expect(created.status).toBe(201);
    const contact = created.body.data;
    expect(Object.keys(contact).sort()).toEqual(CONTACT_KEYS);
    expect(contact).toMatchObject({ supplier_id: supplier.id, name: 'Kari', email: 'kari@nordic.test', phone: '555', role: 'Sales' });
    await api('POST', base, { name: 'Anders' });

    const list = await api('GET', `${base}?sort=name`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: any) => c.name)).toEqual(['Anders', 'Kari']);
    expect(list.body.meta.total).toBe(2);
    expect((await api('GET', `/suppliers/${supplier.id}`)).body.data.contacts.map((c: any) => c.name)).toEqual(['Kari', 'Anders']);
    expect((await api('GET', `${base}/${contact.id}`)).body).toEqual({ data: contact });

    const updated = await api('PATCH', `${base}/${contact.id}`, { role: 'Owner', phone: null });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: contact.id, name: 'Kari', role: 'Owner', phone: null });

    const deleted = await api('DELETE', `${base}/${contact.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(contact.id);
    expect((await api('GET', base)).body.meta.total).toBe(1);
  });

  it('validates the contact and refuses a contact addressed through another supplier', async () => {
    const a = await createSupplier({ name: 'Contacts A' });
    const b = await createSupplier({ name: 'Contacts B' });
    const invalid = await api('POST', `/suppliers/${a.id}/contacts`, { name: ' ', email: 'nope', role: 'r'.repeat(256) });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['email', 'name', 'role']);

    const contact = (await api('POST', `/suppliers/${a.id}/contacts`, { name: 'Only A' })).body.data;
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'x' }], ['DELETE', undefined]] as const) {
      const res = await api(method, `/suppliers/${b.id}/contacts/${contact.id}`, body);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ message: `Supplier contact ${contact.id} not found.` });
    }
    expect((await api('GET', '/suppliers/999999/contacts')).status).toBe(404);
    expect((await api('POST', '/suppliers/999999/contacts', { name: 'x' })).status).toBe(404);
  });
});

describe('supplier SKUs', () => {
  it('creates a supplier SKU with exact decimals; currency defaults to the supplier’s', async () => {
    const supplier = await createSupplier({ name: 'SKU supplier', currency: 'USD' });
    const productId = await createProduct(acme, 'SKU-P-1');
    const res = await api('POST', '/supplier-skus', {
      supplier_id: supplier.id, product_id: productId, supplier_sku: 'NP-001', cost: 12.345678,
      min_order_quantity: 10, order_multiple: 2.5, lead_time_days: 14,
    });
    expect(res.status).toBe(201);
    const sku = res.body.data;
    expect(Object.keys(sku).sort()).toEqual(SKU_KEYS);
    expect(sku).toMatchObject({
      supplier_id: supplier.id, product_id: productId, supplier_sku: 'NP-001', cost: 12.345678, currency: 'USD',
      min_order_quantity: 10, order_multiple: 2.5, lead_time_days: 14, supplier: { id: supplier.id, name: 'SKU supplier' },
    });
    const stored = await server.database.prisma.supplierSku.findFirstOrThrow({ where: { id: sku.id } });
    expect(stored.cost!.toString()).toBe('12.345678');

    const own = await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: productId, supplier_sku: 'NP-002', currency: 'EUR' });
    expect(own.body.data).toMatchObject({ currency: 'EUR', cost: null, min_order_quantity: null, order_multiple: null, lead_time_days: null });
  });

  it('requires supplier, product and code, and checks the terms', async () => {
    const missing = await api('POST', '/supplier-skus', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['product_id', 'supplier_id', 'supplier_sku']);

    const supplier = await createSupplier({ name: 'Terms' });
    const productId = await createProduct(acme, 'SKU-P-2');
    const bad = await api('POST', '/supplier-skus', {
      supplier_id: supplier.id, product_id: productId, supplier_sku: 'T1', cost: -1, min_order_quantity: -0.5,
      order_multiple: 0, lead_time_days: -2, currency: 'eur',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      cost: ['The cost must be at least 0.'],
      min_order_quantity: ['The min order quantity must be at least 0.'],
      order_multiple: ['The order multiple must be greater than 0.'],
      lead_time_days: ['The lead time days must be a whole number of at least 0.'],
      currency: [expect.stringMatching(/ISO 4217/)],
    });
    const precise = await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: productId, supplier_sku: 'T2', cost: 0.1234567, order_multiple: 1e12 });
    expect(precise.status).toBe(422);
    expect(precise.body.errors).toEqual({
      cost: ['The cost may have at most 6 decimal places.'],
      order_multiple: ['The order multiple must be less than 1000000000000 in size.'],
    });
    const fractionalDays = await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: productId, supplier_sku: 'T2', lead_time_days: 1.5 });
    expect(fractionalDays.body.errors).toEqual({ lead_time_days: ['The lead time days must be an integer.'] });
    const zero = await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: productId, supplier_sku: 'T3', cost: 0, min_order_quantity: 0, lead_time_days: 0 });
    expect(zero.status).toBe(201);
  });

  it('checks that the supplier and the product exist in the company, and the code is unique per supplier', async () => {
    const supplier = await createSupplier({ name: 'Unique' });
    const other = await createSupplier({ name: 'Other' });
    const productId = await createProduct(acme, 'SKU-P-3');
    const foreignProduct = await createProduct(globex, 'SKU-G-1');
    const foreignSupplier = await createSupplier({ name: 'Globex supplier' }, globex);

    const unknown = await api('POST', '/supplier-skus', { supplier_id: foreignSupplier.id, product_id: foreignProduct, supplier_sku: 'U1' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      supplier_id: [`The selected supplier ${foreignSupplier.id} does not exist.`],
      product_id: [`The selected product ${foreignProduct} does not exist.`],
    });

    // A deactivated product is gone from the API, so it cannot get a supplier SKU either.
    const retired = await createProduct(acme, 'SKU-P-RETIRED');
    await server.database.prisma.product.updateMany({ where: { id: retired }, data: { status: 0 } });
    const toRetired = await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: retired, supplier_sku: 'R1' });
    expect(toRetired.status).toBe(422);
    expect(toRetired.body.errors).toEqual({ product_id: [`The selected product ${retired} does not exist.`] });

    const first = (await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: productId, supplier_sku: 'U1' })).body.data;
    const clash = await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: productId, supplier_sku: 'U1' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ supplier_sku: [`The supplier already has a supplier SKU "U1" (id ${first.id}).`] });
    // The same code at another supplier is fine; moving it onto the first supplier is not.
    const atOther = (await api('POST', '/supplier-skus', { supplier_id: other.id, product_id: productId, supplier_sku: 'U1' })).body.data;
    expect(atOther.supplier_id).toBe(other.id);
    const move = await api('PATCH', `/supplier-skus/${atOther.id}`, { supplier_id: supplier.id });
    expect(move.status).toBe(422);
    expect(Object.keys(move.body.errors)).toEqual(['supplier_sku']);
    // Renaming a row to its own code is not a clash.
    expect((await api('PATCH', `/supplier-skus/${first.id}`, { supplier_sku: 'U1', lead_time_days: 3 })).status).toBe(200);
  });

  it('updates with PATCH, filters the list by supplier and product, and deletes', async () => {
    const supplier = await createSupplier({ name: 'Filter supplier' });
    const p1 = await createProduct(acme, 'SKU-F-1');
    const p2 = await createProduct(acme, 'SKU-F-2');
    const a = (await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: p1, supplier_sku: 'B' })).body.data;
    const b = (await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: p2, supplier_sku: 'A' })).body.data;

    const updated = await api('PATCH', `/supplier-skus/${a.id}`, { cost: 3.5, order_multiple: 6, currency: null });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: a.id, cost: 3.5, order_multiple: 6, currency: null, supplier_sku: 'B' });
    const nulled = await api('PATCH', `/supplier-skus/${a.id}`, { supplier_id: null, product_id: null });
    expect(Object.keys(nulled.body.errors).sort()).toEqual(['product_id', 'supplier_id']);

    const bySupplier = await api('GET', `/supplier-skus?supplier_id=${supplier.id}&sort=supplier_sku`);
    expect(bySupplier.body.data.map((s: any) => s.id)).toEqual([b.id, a.id]);
    expect(Object.keys(bySupplier.body.data[0]).sort()).toEqual(SKU_KEYS);
    const byProduct = await api('GET', `/supplier-skus?product_id=${p2}`);
    expect(byProduct.body.data.map((s: any) => s.id)).toEqual([b.id]);
    expect((await api('GET', `/supplier-skus?supplier_id=${supplier.id}&product_id=${p1}`)).body.meta.total).toBe(1);
    expect((await api('GET', '/supplier-skus?supplier_id=abc')).status).toBe(422);

    expect((await api('GET', `/supplier-skus/${a.id}`)).body.data.cost).toBe(3.5);
    const deleted = await api('DELETE', `/supplier-skus/${a.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(a.id);
    expect((await api('GET', `/supplier-skus/${a.id}`)).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('never shows or changes another company’s suppliers, contacts or supplier SKUs', async () => {
    const supplier = await createSupplier({ name: 'Acme only' });
    const contact = (await api('POST', `/suppliers/${supplier.id}/contacts`, { name: 'Acme person' })).body.data;
    const productId = await createProduct(acme, 'ISO-1');
    const sku = (await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: productId, supplier_sku: 'ISO' })).body.data;

    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/suppliers/${supplier.id}`],
      ['PATCH', `/suppliers/${supplier.id}`, { name: 'Stolen' }],
      ['DELETE', `/suppliers/${supplier.id}`],
      ['GET', `/suppliers/${supplier.id}/contacts`],
      ['POST', `/suppliers/${supplier.id}/contacts`, { name: 'Intruder' }],
      ['GET', `/suppliers/${supplier.id}/contacts/${contact.id}`],
      ['PATCH', `/suppliers/${supplier.id}/contacts/${contact.id}`, { name: 'Stolen' }],
      ['DELETE', `/suppliers/${supplier.id}/contacts/${contact.id}`],
      ['GET', `/supplier-skus/${sku.id}`],
      ['PATCH', `/supplier-skus/${sku.id}`, { cost: 1 }],
      ['DELETE', `/supplier-skus/${sku.id}`],
    ];
    for (const [method, path, body] of probes) {
      const res = await api(method, path, body, globex);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await api('GET', '/suppliers?q=Acme%20only', undefined, globex)).body.data).toEqual([]);
    expect((await api('GET', `/supplier-skus?supplier_id=${supplier.id}`, undefined, globex)).body.data).toEqual([]);
    // Another company's supplier cannot be attached to one's own SKU either.
    const globexProduct = await createProduct(globex, 'ISO-G');
    const cross = await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: globexProduct, supplier_sku: 'X' }, globex);
    expect(cross.status).toBe(422);
    expect(Object.keys(cross.body.errors)).toEqual(['supplier_id']);

    const still = (await api('GET', `/suppliers/${supplier.id}`)).body.data;
    expect(still).toMatchObject({ name: 'Acme only', contacts: [{ id: contact.id, name: 'Acme person' }] });
    expect((await api('GET', `/supplier-skus/${sku.id}`)).body.data.cost).toBeNull();
  });
});

describe('suppliers in GraphQL', () => {
  it('loads a supplier with its contacts and supplier SKUs', async () => {
    const supplier = await createSupplier({ name: 'Graph supplier' });
    await api('POST', `/suppliers/${supplier.id}/contacts`, { name: 'Graph person' });
    const productId = await createProduct(acme, 'GQL-1');
    await api('POST', '/supplier-skus', { supplier_id: supplier.id, product_id: productId, supplier_sku: 'G-1', cost: 2 });
    const res = await server.graphql(
      'query($id: Int!) { supplier(id: $id) { name contacts { name } supplierSkus { supplierSku cost productId supplier { name } } } }',
      { id: supplier.id },
      { company: 'acme', token: acme.token },
    );
    expect(res.body).toEqual({
      data: {
        supplier: {
          name: 'Graph supplier',
          contacts: [{ name: 'Graph person' }],
          supplierSkus: [{ supplierSku: 'G-1', cost: 2, productId, supplier: { name: 'Graph supplier' } }],
        },
      },
    });
  });
});
