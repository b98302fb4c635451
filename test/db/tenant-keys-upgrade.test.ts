// The tenant-first keys migration on a database in use. A database is filled through the REST API (two
// companies: units, tags, categories, suppliers, products with alternate SKUs, a kit, a BOM, lots, FIFO
// layers consumed, a transfer shipped and partly received, a product conversion rule limited to an
// alternate SKU). Its rows are loaded into a second database built up to the previous migration, where the
// rule links live in the old implicit many-to-many table, and that database is upgraded. Afterwards every
// row of every table equals the source, and the API answers exactly as it did on the source.
// (The rows are made by today's code and loaded into the old schema, rather than made by today's code
// running on the old schema: that would break as soon as a later migration adds a column the code reads.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { readKeyCatalog } from '../../src/db/key-catalog.js';
import { applyMigrations, MIGRATIONS_TABLE, readMigrations } from '../../src/db/migrations.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';
import { openTestDatabase } from '../support/test-database.js';
import { startTestServer, type Tenant, type TestServer } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';

const PREVIOUS = '20261122033056_inventory';
const IMPLICIT_LINKS = '_ProductAlternateSkuToUnitConversionRule';

const { server: source, companies: { acme, globex } } = serverForFile(['acme', 'globex']);
const tenants: Tenant[] = [acme, globex];
let target: Database;
let upgraded: TestServer;
let filledAt: Date;
const ruleLinks: { companyId: number; ruleId: number; alternateSku: { id: number; sku: string } }[] = [];

let server: TestServer = source; // the server the helpers below talk to
const api = async (tenant: Tenant, method: string, path: string, body?: unknown) => {
  const res = await server.call(method, `/external/api/v1${path}`, { token: tenant.token, company: tenant.slug, body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
};
const post = async (tenant: Tenant, path: string, body?: unknown) => (await api(tenant, 'POST', path, body)).data;

/** Every row of every table but the runner's own, as sorted JSON texts per table. */
async function tableRows(database: Database): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const { name } of (await readKeyCatalog(database.sql)).tables) {
    if (name === MIGRATIONS_TABLE) continue;
    const [result] = await database.sql.query<{ rows: string[] }>(
      `SELECT coalesce(json_agg(r ORDER BY r), '[]'::json) AS rows FROM (SELECT row_to_json(t)::text AS r FROM "${name}" t) s`,
    );
    rows[name] = result!.rows;
  }
  return rows;
}

/** Copies every row of `from` into the tables `into` has (foreign keys off while loading), then moves the sequences on. */
async function loadRows(from: Database, into: Database): Promise<void> {
  const rows = await tableRows(from);
  rows[IMPLICIT_LINKS] = rows.UnitConversionRuleAlternateSku!.map((row) => {
    const link = JSON.parse(row) as { ruleId: number; alternateSkuId: number };
    return JSON.stringify({ A: link.alternateSkuId, B: link.ruleId });
  });
  const tables = (await readKeyCatalog(into.sql)).tables.filter((table) => table.name !== MIGRATIONS_TABLE);
  await into.sql.transaction(async (tx) => {
    await tx.exec(`SET LOCAL session_replication_role = replica`);
    for (const table of tables) {
      const columns = table.columns.map((column) => `"${column}"`).join(', ');
      await tx.query(
        `INSERT INTO "${table.name}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table.name}", $1::json)`,
        [`[${(rows[table.name] ?? []).join(',')}]`],
      );
      if (table.columns.includes('id')) {
        await tx.query(`SELECT setval(pg_get_serial_sequence('"${table.name}"', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "${table.name}"), false)`);
      }
    }
  });
}

/** What integrators read back: the same requests on the source and on the upgraded copy must answer the same. */
async function apiReads(): Promise<unknown[]> {
  // Reports default to "now": ask them as of a fixed moment after the fill (second precision, UTC).
  const asOf = encodeURIComponent(filledAt.toISOString().slice(0, 19).replace('T', ' '));
  const reads: unknown[] = [];
  for (const tenant of tenants) {
    for (const path of [
      '/products?per_page=100', '/boms', '/locations?per_page=100', '/warehouse-groups', '/tags', '/categories',
      '/suppliers', '/unit-classes', '/unit-conversion-rules?per_page=100', '/inventory/adjustments', '/transfer-orders', '/inventory/stock?per_page=100',
      `/reports/stock-snapshot?per_page=100&as_of=${asOf}`, `/reports/inventory-aging?as_of=${asOf}`, '/inventory/stocks/export?limit=1000',
    ]) {
      const body = await api(tenant, 'GET', path);
      // The export's cursor is signed with the time of its run; everything else must match.
      if (path.startsWith('/inventory/stocks/export')) delete body.next_cursor;
      reads.push({ tenant: tenant.slug, path, body });
    }
  }
  return reads;
}

async function fill(tenant: Tenant, n: number): Promise<void> {
  const units = await post(tenant, '/unit-classes', { name: 'Count' });
  const each = await post(tenant, '/unit-of-measures', { unit_class_id: units.id, name: 'each' });
  const dozen = await post(tenant, '/unit-of-measures', { unit_class_id: units.id, name: 'dozen', conversion_factor: 12 });
  const tag = await post(tenant, '/tags', { name: `Fast ${n}` });
  const category = await post(tenant, '/categories', { name: 'Hardware' });
  const supplier = await post(tenant, '/suppliers', { name: 'Fasteners Inc', email: 'sales@fasteners.test' });
  const screw = await post(tenant, '/products', {
    name: 'Screw', sku: `SCREW-${n}`, unit_cost: 0.5, landed_cost: 0.1, tag_ids: [tag.id], category_id: category.id,
    supplier_id: supplier.id, default_uom_id: each.id, alternate_skus: [{ sku: `SCREW-${n}-ALT` }],
  });
  const nut = await post(tenant, '/products', { name: 'Nut', sku: `NUT-${n}`, lot_tracking: true, lot_deduction_strategy: 'FEFO' });
  const bom = await post(tenant, '/boms', { name: 'Bracket build', items: [{ product_id: screw.id, quantity: 4 }, { product_id: nut.id, quantity: 4 }] });
  await post(tenant, '/products', { name: 'Bracket', sku: `BRACKET-${n}`, bom_ids: [bom.id] });
  await post(tenant, '/products', {
    name: 'Fixing kit', sku: `KIT-${n}`, type: 'KIT',
    kit_items: [{ product_id: screw.id, quantity: 1, uom_id: dozen.id }, { product_id: nut.id, quantity: 6 }],
  });
  await post(tenant, '/supplier-skus', { supplier_id: supplier.id, product_id: screw.id, supplier_sku: `FI-${n}`, cost: 0.45 });

  const main = await post(tenant, '/locations', { name: 'Main' });
  const bin = await post(tenant, '/locations', { name: 'Bin A', parent_id: main.id });
  const second = await post(tenant, '/locations', { name: 'Second' });
  await post(tenant, '/warehouse-groups', { name: 'East', lot_deduction_strategy: 'FIFO', warehouse_ids: [main.id] });
  await post(tenant, '/inventory/adjustments', {
    reason: 'opening',
    lines: [
      { product_id: screw.id, location_id: bin.id, quantity: 100, unit_cost: 0.4 },
      { product_id: nut.id, location_id: bin.id, quantity: 50, unit_cost: 0.1, lot_number: 'N-1', expiry_date: '2030-01-01' },
      { product_id: nut.id, location_id: main.id, quantity: 30, unit_cost: 0.12, lot_number: 'N-2', expiry_date: '2029-06-01' },
    ],
  });
  await post(tenant, '/inventory/adjustments', { lines: [{ product_id: screw.id, location_id: bin.id, quantity: 60, unit_cost: 0.6 }] });
  await post(tenant, '/inventory/adjustments', { lines: [{ product_id: screw.id, location_id: bin.id, quantity: -120 }] });
  const transfer = await post(tenant, '/transfer-orders', {
    source_location_id: bin.id, destination_location_id: second.id,
    lines: [{ product_id: screw.id, quantity: 20 }, { product_id: nut.id, quantity: 10, lot_number: 'N-1' }],
  });
  await post(tenant, `/transfer-orders/${transfer.id}/ship`);
  await post(tenant, `/transfer-orders/${transfer.id}/receive`, { lines: [{ line_id: transfer.lines[0].id, quantity: 5 }] });

  // A PRODUCT rule limited to the alternate SKU: its link is what the old schema kept in the implicit table.
  const rule = await post(tenant, '/unit-conversion-rules', {
    base_unit_of_measure_id: each.id, converted_unit_of_measure_id: dozen.id, conversion_factor: 10,
    product_id: screw.id, product_alternate_sku_ids: [screw.alternate_skus[0].id],
  });
  const alternateSku = screw.alternate_skus[0];
  ruleLinks.push({ companyId: tenant.companyId, ruleId: rule.id, alternateSku });
}

beforeAll(async () => {
  for (const [n, tenant] of tenants.entries()) await fill(tenant, n);
  filledAt = new Date(Date.now() + 1000);
  target = await openTestDatabase({ migrate: false });
  const applied = await applyMigrations(target.sql, readMigrations().filter((migration) => migration.name <= PREVIOUS));
  expect(applied.at(-1)).toBe(PREVIOUS);
  await loadRows(source.database, target);
}, 180_000);

afterAll(async () => {
  await upgraded?.close();
});

describe('upgrading a filled database to tenant-first keys', () => {
  it('keeps every row, moves the rule links, answers the API the same, and the ledger still agrees', async () => {
    const before = await tableRows(source.database);
    expect(before.StockMovement!.length).toBeGreaterThan(10);
    expect(before.CostLayer!.length).toBeGreaterThan(4);
    expect((await tableRows(target))[IMPLICIT_LINKS]).toHaveLength(2);
    const readsBefore = await apiReads();
    // The tables whose rows the old schema holds (the rule links in the implicit table, moved by the upgrade).
    const carried = new Set([...(await readKeyCatalog(target.sql)).tables.map((table) => table.name), 'UnitConversionRuleAlternateSku']);

    const applied = await applyMigrations(target.sql);
    expect(applied).toEqual(readMigrations().filter((m) => m.name > PREVIOUS).map((m) => m.name));

    const after = await tableRows(target);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // A table a later migration creates (the event outbox, jobs) starts empty: the old schema had nowhere to keep its rows;
    // except the products' kept counts, which their migration computes from the products (and must find the same).
    const computed = new Set(['ProductStatusCount']);
    for (const [table, rows] of Object.entries(before)) expect(after[table], table).toEqual(carried.has(table) || computed.has(table) ? rows : []);
    expect(after.UnitConversionRuleAlternateSku!.map((row) => JSON.parse(row))).toEqual(
      expect.arrayContaining(ruleLinks.map((link) => ({ companyId: link.companyId, ruleId: link.ruleId, alternateSkuId: link.alternateSku.id }))),
    );

    server = upgraded = await startTestServer({ database: target });
    // Tokens are rows like any other: the same tokens work on the copy.
    expect(await apiReads()).toEqual(readsBefore);
    for (const [index, tenant] of tenants.entries()) {
      expect(await verifyLedger(tenantClient(target.prisma, tenant.companyId))).toEqual([]);
      const rules = (await api(tenant, 'GET', '/unit-conversion-rules?per_page=100')).data;
      const rule = rules.find((r: { id: number }) => r.id === ruleLinks[index]!.ruleId);
      expect(rule.product_alternate_skus).toEqual([ruleLinks[index]!.alternateSku]);
    }
    // The copy goes on taking new rows after the loaded ones.
    expect((await post(tenants[0]!, '/tags', { name: 'After the upgrade' })).id).toBeGreaterThan(0);
  });
});
