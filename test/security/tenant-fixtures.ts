// Company A's records in every area, made through the real API, each named with a marker string that must
// never show up in another company's answers. Afterwards A's ids are read from the database by table, so
// every kind of record the service has (and any new one) gets an id to probe with.
import type { SqlRunner } from '../../src/db/sql-runner.js';
import type { Tenant, TestServer } from '../support/test-server.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { FEATURES, setFeature } from '../../src/domain/tenancy/features.js';

export const MARKER = 'ACME-SECRET';

/** Every feature flag on, so the routes behind one answer for real rather than 403. */
export async function enableEveryFeature(server: TestServer, tenant: Tenant): Promise<void> {
  for (const feature of FEATURES) await setFeature(tenantClient(server.database.prisma, tenant.companyId), feature);
}

export async function createFixtures(server: TestServer, acme: Tenant): Promise<string[]> {
  const skipped: string[] = [];
  const post = async (path: string, body: unknown = {}) => {
    const res = await server.call('POST', `/external/api/v1${path}`, { token: acme.token, company: acme.slug, body });
    if (res.status >= 300) throw new Error(`fixture POST ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.body.data;
  };
  const get = async (path: string) => (await server.call('GET', `/external/api/v1${path}`, { token: acme.token, company: acme.slug })).body?.data;
  const name = (what: string) => `${MARKER}-${what}`;
  await enableEveryFeature(server, acme);

  const north = await post('/locations', { name: name('north') });
  const south = await post('/locations', { name: name('south') });
  const bin = await post('/locations', { name: name('bin'), parent_id: north.id });
  const bolt = await post('/products', { name: name('bolt'), sku: `${MARKER}-BOLT`, retail_price: 3 });
  const nut = await post('/products', { name: name('nut'), sku: `${MARKER}-NUT`, retail_price: 1 });
  await post('/inventory/adjustments', { lines: [{ product_id: bolt.id, location_id: north.id, quantity: 50, unit_cost: 1 }, { product_id: nut.id, location_id: south.id, quantity: 20, unit_cost: 1 }] });
  const supplier = await post('/suppliers', { name: name('supplier') });
  const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: north.id, lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 2 }] });
  const customer = await post('/companies', { name: name('customer') });
  const group = await post('/warehouse-groups', { name: name('group'), warehouse_ids: [north.id, south.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: name('channel'), warehouseGroupId: group.id });
  const order = await post('/sales-orders', { channel_id: channel.id, notes: name('order'), company_id: customer.id, lines: [{ product_id: bolt.id, quantity: 2 }] });
  // Each on its own: one whose shape changed must not stop the probe (it is reported, and the kind has no id).
  const optional: Array<[string, () => Promise<unknown>]> = [
    ['bill', () => post('/bills', { supplier_id: supplier.id, bill_number: name('bill'), bill_date: '2026-05-10', lines: [{ description: name('bill-line'), quantity: 1, unit_price: 20 }] })],
    ['tag', () => post('/tags', { name: name('tag') })],
    ['category', () => post('/categories', { name: name('category') })],
    ['distribution template category', () => post('/distribution-template-categories', { name: name('dtc') })],
    ['bom', () => post('/boms', { name: name('bom'), items: [{ product_id: nut.id, quantity: 2 }] })],
    ['unit class', async () => {
      const units = await post('/unit-classes', { name: name('units') });
      await post('/unit-of-measures', { unit_class_id: units.id, name: name('each') });
      await post('/unit-of-measures', { unit_class_id: units.id, name: name('box'), conversion_factor: 12 });
    }],
    ['import (queued: no worker runs)', async () => {
      const csv = `sku,name\n${MARKER}-IMP,${MARKER}-imported\n`;
      const res = await server.call('POST', '/external/api/v1/imports?type=master_skus', { token: acme.token, company: acme.slug, rawBody: csv, headers: { 'content-type': 'text/csv' } });
      if (res.status >= 300) throw new Error(`POST /imports: ${res.status} ${res.text.slice(0, 300)}`);
    }],
    ['integration field mapping', () => post('/integration-field-mappings', { integration: 'wms', entity_type: 'product', internal_field: 'upc', external_field: 'acme_secret' })],
    ['prepayment, credit applications', async () => {
      const bill = await post('/bills', { supplier_id: supplier.id, bill_number: name('bill-2'), bill_date: '2026-05-11', lines: [{ description: name('bill-line-2'), quantity: 1, unit_price: 50 }] });
      await post(`/bills/${bill.id}/approve`).catch(() => undefined);
      const prepayment = await post('/prepayments', { supplier_id: supplier.id, amount: 10, currency: 'USD', paid_at: '2026-06-02' });
      await post(`/prepayments/${prepayment.id}/applications`, { bill_id: bill.id, amount: 1 }).catch((e) => skipped.push(`prepayment application: ${e.message}`));
      const credit = await post('/vendor-credits', { supplier_id: supplier.id, amount: 5, currency: 'USD', credit_date: '2026-06-02', reason: name('credit-2') });
      await post(`/vendor-credits/${credit.id}/applications`, { bill_id: bill.id, amount: 1 }).catch((e) => skipped.push(`vendor credit application: ${e.message}`));
    }],
    ['transfer', () => post('/transfer-orders', { source_location_id: north.id, destination_location_id: south.id, lines: [{ product_id: bolt.id, quantity: 1 }] })],
    ['contact', () => post('/contacts', { company_id: customer.id, first_name: name('first'), last_name: name('last') })],
    ['supplier contact', () => post(`/suppliers/${supplier.id}/contacts`, { name: name('scontact') })],
    ['rate', () => post('/currency/rates', { from: 'USD', to: 'EUR', rate: 0.9, as_of: '2026-01-01' })],
    ['deal', () => post('/deals', { name: name('deal'), supplier_id: supplier.id, amount: 5000, expected_close_date: '2026-04-30' })],
    ['custom field', () => post('/custom-fields', { entity_type: 'product', key: 'acme_secret', label: name('field'), type: 'text' })],
    ['priority list', () => post('/priority-lists', { name: name('priority'), warehouse_ids: [north.id, south.id] })],
    ['distribution template', () => post('/distribution-templates', { name: name('template') })],
    ['price list', () => post('/price-lists', { name: name('prices'), currency: 'USD' })],
    ['supplier sku', () => post('/supplier-skus', { supplier_id: supplier.id, product_id: nut.id, supplier_sku: `${MARKER}-NUT-S` })],
    ['vendor credit', () => post('/vendor-credits', { supplier_id: supplier.id, amount: 40, currency: 'USD', credit_date: '2026-06-02', reason: name('credit') })],
    ['vendor return', () => post('/vendor-returns', { supplier_id: supplier.id, location_id: north.id, lines: [{ product_id: bolt.id, quantity: 1, unit_cost: 2 }] })],
    ['production batch', () => post('/production-batches', { name: name('batch') })],
    ['integration mapping', () => post('/integration-mappings', { integration: 'wms', entity_type: 'product', internal_id: bolt.id, external_id: `${MARKER}-EXT` })],
    ['cycle count batch', () => post('/pickflow/cycle-count-batches', { name: name('count'), warehouse_ids: [north.id] })],
    ['work order', () => post('/work-orders', { produced_sku_id: bolt.id, planned_qty: 5, production_warehouse_id: north.id, destination_warehouse_id: north.id })],
    ['cost rule', () => post('/cost-rules', { name: name('rule'), document_type: 'shipment', vendor_id: supplier.id })],
    ['webhook endpoint', () => post('/webhook-endpoints', { url: 'http://127.0.0.1:9/acme-secret', events: ['product.created'], description: name('hook') })],
    ['rate table', () => post('/pickflow/shipping/rate-tables', { carrier: name('carrier'), service: 'Ground', currency: 'USD', zones: [{ countries: ['US'] }], brackets: [{ max_weight_lb: 5, amount: 8 }], estimated_days: 5 })],
    ['print station', () => post('/print-stations', { name: name('printer'), warehouse_id: north.id, printer_host: '127.0.0.1' })],
    ['receipt', async () => {
      const submitted = await post(`/purchase-orders/${po.id}/submit`);
      await post(`/purchase-orders/${po.id}/receiving-reports`, { received_at: '2026-04-02T10:00:00.000Z', location_id: bin.id, lines: [{ purchase_order_line_id: submitted.lines[0].id, quantity: 4 }] });
    }],
    ['shipment, package, invoice, picklist', async () => {
      const confirmed = await post(`/sales-orders/${order.id}/confirm`);
      const shipped = await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: confirmed.lines[0].id, quantity: 1, location_id: north.id }] });
      await post(`/sales-orders/${order.id}/shipments/${shipped.id}/packages`, { packages: [{ sscc: '106141411234567897' }] }).catch((e) => skipped.push(`package: ${e.message}`));
      await post(`/shipments/${shipped.id}/ship`);
      await post(`/sales-orders/${order.id}/invoices`, { shipment_ids: [shipped.id] });
      await post('/customer-returns', { sales_order_id: order.id, lines: [{ sales_order_line_id: confirmed.lines[0].id, quantity: 1, disposition: 'restock' }] }).catch((e) => skipped.push(`customer return: ${e.message}`));
      const fulfillment = (await get(`/fulfillment-orders?sales_order_id=${order.id}`)) ?? [];
      if (fulfillment[0]) await post('/pickflow/picklists', { fulfillment_order_ids: [fulfillment[0].id] }).catch((e) => skipped.push(`picklist: ${e.message}`));
    }],
  ];
  for (const [what, create] of optional) await create().catch((error: Error) => skipped.push(`${what}: ${error.message}`));
  return skipped;
}

/** Table → A's ids in it (a few of each), from every table with a companyId; child tables (no companyId) are read whole, as only A has data yet. */
export async function idsByTable(sql: SqlRunner, companyId: number): Promise<Map<string, number[]>> {
  const columns = await sql.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name IN ('id', 'companyId')`,
  );
  const withId = new Set(columns.filter((c) => c.column_name === 'id').map((c) => c.table_name));
  const scoped = new Set(columns.filter((c) => c.column_name === 'companyId').map((c) => c.table_name));
  const ids = new Map<string, number[]>();
  for (const table of withId) {
    if (table === 'Company' || table.startsWith('_')) continue;
    const rows = scoped.has(table)
      ? await sql.query<{ id: unknown }>(`SELECT id FROM "${table}" WHERE "companyId" = $1 ORDER BY id LIMIT 3`, [companyId])
      : await sql.query<{ id: unknown }>(`SELECT id FROM "${table}" ORDER BY id LIMIT 3`);
    const numeric = rows.map((r) => Number(r.id)).filter((id) => Number.isInteger(id));
    if (numeric.length) ids.set(table, numeric);
  }
  ids.set('Company', [companyId]);
  return ids;
}
