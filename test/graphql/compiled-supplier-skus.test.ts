// Supplier SKUs answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts): the
// domain picks the page (by supplier, by product, its sort, reading ids only), and one statement writes them as the
// selection asks, with the supplier and the product. Here those answers equal graphql's ordinary execution field by
// field, keys in the same order and values alike, for REST pages (plain, by supplier and product, sorted), records and
// random /graphql selections. The data: SKUs made through the API (the supplier's currency taken, costs at full
// precision, codes JSON must escape) and bulk written directly over several suppliers and products, every optional
// term null or set. A page runs as many statements for 10 SKUs as for 100, and as many as field by field (which reads
// the suppliers in one more read). Changes (create, update, delete) are compared too: each answer is one JSON statement
// in the change's transaction and equals the record read field by field right after it (right before, for a delete).
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { supplierRoutes } from '../../rest-mapping/suppliers.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const { change } = compiledChangeChecker(server, acme, api, () => counter.statements);
const skuList = getRoute(supplierRoutes, '/supplier-skus');
const skuRecord = getRoute(supplierRoutes, '/supplier-skus/{supplierSkuId}');
const skuIds: number[] = [];
let nordicId: number;
let boltId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const nordic = await post('/suppliers', { name: 'Nordic "Parts" \\ ☃', currency: 'NOK' });
  const bare = await post('/suppliers', { name: 'Bare\nSupplies' });
  nordicId = nordic.id;
  const bolt = await db.product.create({ data: { name: 'Bolt "M6" \\ ☃', sku: 'BOLT-6' } as any });
  boltId = bolt.id;
  skuIds.push((await post('/supplier-skus', {
    supplier_id: nordic.id, product_id: bolt.id, supplier_sku: 'N-1 "x" \\ ☃\n', cost: 123456789012.123456, min_order_quantity: 0.000001, order_multiple: 12.5, lead_time_days: 0,
  })).id);
  skuIds.push((await post('/supplier-skus', { supplier_id: nordic.id, product_id: bolt.id, supplier_sku: 'N-2', currency: 'EUR' })).id);
  skuIds.push((await post('/supplier-skus', { supplier_id: bare.id, product_id: bolt.id, supplier_sku: 'B-1', cost: 0 })).id);

  // Bulk: 120 SKUs over four suppliers and six products, terms null or set.
  const suppliers = await db.supplier.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 4 }, (_, i) => ({ name: `Bulk supplier ${i} "b"`, currency: i % 2 ? 'USD' : null })) as any,
  });
  const products = await db.product.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 6 }, (_, i) => ({ name: `Part ${i} \\`, sku: `PART-${i}`, supplierId: i % 2 ? suppliers[i % 4]!.id : null })) as any,
  });
  const bulk = await db.supplierSku.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 120 }, (_, i) => ({
      supplierId: (i % 3 ? suppliers[i % 4]! : nordic).id,
      productId: products[i % 6]!.id,
      supplierSku: `SKU-${String(i).padStart(3, '0')} "q"`,
      cost: i % 5 ? `${i * 1000}.${String(i).padStart(6, '9')}` : null,
      currency: i % 4 ? 'USD' : null,
      minOrderQuantity: i % 3 ? null : `${i}.000001`,
      orderMultiple: i % 7 ? null : '0.5',
      leadTimeDays: i % 2 ? i : null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })) as any,
  });
  skuIds.push(bulk[0]!.id, bulk[7]!.id, bulk[119]!.id);
}, 60_000);

describe('supplier SKUs written by one statement', () => {
  it('GET /supplier-skus answers as field by field, and runs as many statements for 10 SKUs as for 100', () =>
    pagesAsFieldByField(on, skuList, '/supplier-skus?sort=id', { sort: 'id' }, 'supplierSkus'));

  it('GET /supplier-skus of a supplier, of a product, sorted, answers as field by field', async () => {
    const ofNordic = await pageAsFieldByField(on, skuList, `/supplier-skus?per_page=100&supplier_id=${nordicId}&sort=-supplier_sku`, { perPage: 100, supplierId: nordicId, sort: '-supplier_sku' }, 'supplierSkus');
    expect(ofNordic.body.data.length).toBeGreaterThan(2);
    await pageAsFieldByField(on, skuList, `/supplier-skus?product_id=${boltId}`, { productId: boltId }, 'supplierSkus');
    await pageAsFieldByField(on, skuList, '/supplier-skus?per_page=25&page=2&sort=-created_at', { perPage: 25, page: 2, sort: '-created_at' }, 'supplierSkus');
    const none = await pageAsFieldByField(on, skuList, `/supplier-skus?product_id=${boltId}&supplier_id=${nordicId + 1000}`, { productId: boltId, supplierId: nordicId + 1000 }, 'supplierSkus');
    expect(none.body.data).toEqual([]);
  });

  it('GET /supplier-skus/{id} answers as field by field', () => recordsAsFieldByField(on, skuRecord, '/supplier-skus', skuIds, 'supplierSku'));
});

describe('random selections over /graphql', () => {
  it('of supplier SKUs answer as field by field', () =>
    selectionsAsFieldByField(on, ['SupplierSku'], ([selection], id) => pageAndRecordQueries(selection!, 'supplierSkus', '-id', 'supplierSku', id), {
      numRuns: 15, seed: 20261203, ids: skuIds, skipTooDeep: true,
    }));
});

describe('changes answered by one statement', () => {
  it("supplier SKUs: create with every field and with none (the supplier's currency), update setting and clearing terms, and delete", async () => {
    const full = await change('POST', '/supplier-skus', {
      supplier_id: nordicId, product_id: boltId, supplier_sku: 'A "quoted" \\ name ☃\nline', cost: 123456789.123456, currency: 'EUR',
      min_order_quantity: 0.000001, order_multiple: 999999999.999999, lead_time_days: 0,
    }, { record: (s) => `/supplier-skus/${s.id}` });
    const bare = await change('POST', '/supplier-skus', { supplier_id: nordicId, product_id: boltId, supplier_sku: 'Bare' }, { record: (s) => `/supplier-skus/${s.id}` });
    expect(bare.currency).toBe('NOK');
    await change('PATCH', `/supplier-skus/${bare.id}`, { supplier_sku: 'Bare "2" \\', cost: 0.000001, min_order_quantity: 12.5, lead_time_days: 365 });
    await change('PATCH', `/supplier-skus/${full.id}`, { cost: null, currency: null, min_order_quantity: null, order_multiple: null, lead_time_days: null });
    await change('DELETE', `/supplier-skus/${full.id}`, undefined, { deletes: true });
    expect((await api('GET', `/supplier-skus/${full.id}`)).status).toBe(404);
  });
});
