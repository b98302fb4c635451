// Purchase orders over real HTTP: create in a foreign currency with default costs and units, totals rounded
// to the currency, numbering, edits only while draft, the state table, qty_incoming at the delivery
// warehouse (stock query and export), list filters, and the 422s naming the field.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { onPostgres } from '../support/test-database.js';
import { expectErrors } from '../support/rest-client.js';
import { documentedKeys } from '../support/documented-keys.js';

const { server, companies: { globex }, api, post } = serverForFile(['acme', 'globex']);

let supplier: any;
let warehouse: any;
let bin: any;
let screw: any;
let nut: any;
let box: any;
let supplierSku: any;

// The keys an order and a line answer with, as the OpenAPI document describes them (built from the routes' selections).
const ORDER_KEYS = documentedKeys('getPurchaseOrder', 'data');
const LINE_KEYS = documentedKeys('getPurchaseOrder', 'data', 'lines', '[]');

const order = (extra: Record<string, unknown> = {}) =>
  api('POST', '/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: screw.id, quantity: 10 }], ...extra });

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Schrauben GmbH', currency: 'EUR' });
  warehouse = await post('/locations', { name: 'Main' });
  bin = await post('/locations', { name: 'Bin 1', parent_id: warehouse.id });
  const units = await post('/unit-classes', { name: 'Count' });
  const each = await post('/unit-of-measures', { unit_class_id: units.id, name: 'each' });
  box = await post('/unit-of-measures', { unit_class_id: units.id, name: 'box of 12', conversion_factor: 12 });
  screw = await post('/products', { name: 'Screw', sku: 'SCR-1', unit_cost: 0.3, default_uom_id: each.id, alternate_skus: [{ sku: 'SCR-ALT' }] });
  nut = await post('/products', { name: 'Nut', sku: 'NUT-1', unit_cost: 0.11 });
  supplierSku = await post('/supplier-skus', { supplier_id: supplier.id, product_id: screw.id, supplier_sku: 'S-100', cost: 0.25, currency: 'EUR' });
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.08, as_of: '2026-01-01' });
});

describe('purchase order document', () => {
  it('creates a draft in the supplier currency, with default costs, units and totals rounded to the currency', async () => {
    const res = await order({
      order_date: '2026-03-02',
      expected_date: '2026-03-20',
      reference: 'Q1 restock',
      payment_terms: { deposit_percent: 30, deposit_due_days: 0, balance_due_days: 30, balance_due_from: 'receipt' },
      lines: [
        { sku: 'SCR-ALT', quantity: 2, uom_id: box.id, tax_rate: 19 }, // supplier SKU price 0.25 EUR per each → per box? no: per entered unit
        { product_id: nut.id, quantity: 3, unit_cost: 0.333 },
        { product_id: nut.id, quantity: 1 }, // product cost 0.11 USD → EUR at 1/1.08
      ],
      additional_costs: [{ name: 'Freight', amount: 12.5 }],
    });
    expect(res.status, res.text).toBe(201);
    const po = res.body.data;
    expect(Object.keys(po).sort()).toEqual(ORDER_KEYS);
    expect(Object.keys(po.lines[0]).sort()).toEqual(LINE_KEYS);
    expect(po).toMatchObject({
      po_number: 'PO-000001', status: 'draft', sync_status: 'not_synced', currency: 'EUR', exchange_rate: 1.08,
      supplier: { id: supplier.id, name: 'Schrauben GmbH' }, warehouse: { id: warehouse.id, name: 'Main' },
      order_date: '2026-03-02', expected_date: '2026-03-20', reference: 'Q1 restock',
      payment_terms: { deposit_percent: 30, deposit_due_days: 0, balance_due_days: 30, balance_due_from: 'receipt' },
      additional_costs: [{ id: expect.any(Number), name: 'Freight', amount: 12.5 }],
    });
    // Line 1: 2 boxes at the supplier SKU's 0.25 EUR, 24 each; 0.50 + 19 % tax 0.095 → 0.10.
    expect(po.lines[0]).toMatchObject({
      product: { id: screw.id, sku: 'SCR-1', name: 'Screw' }, supplier_sku_id: supplierSku.id, quantity: 2, uom: { id: box.id, name: 'box of 12' },
      base_quantity: 24, quantity_received: 0, quantity_open: 2, unit_cost: 0.25, tax_rate: 19, line_total: 0.5, tax_amount: 0.1,
    });
    // Line 2: 3 × 0.333 = 0.999 → 1.00. Line 3: 0.11 USD / 1.08 = 0.1018518… EUR → 0.10.
    expect(po.lines[1]).toMatchObject({ unit_cost: 0.333, line_total: 1, tax_amount: 0, uom: null, base_quantity: 3 });
    expect(po.lines[2].unit_cost).toBeCloseTo(0.11 / 1.08, 9);
    expect(po.lines[2].line_total).toBe(0.1);
    // 0.50 + 1.00 + 0.10 = 1.60; tax 0.10; freight 12.50 → 14.20 EUR = 15.336 USD → 15.34.
    expect(po).toMatchObject({ subtotal: 1.6, tax_total: 0.1, additional_costs_total: 12.5, total: 14.2, total_base: 15.34 });
    expect((await api('GET', `/purchase-orders/${po.id}`)).body.data).toEqual(po);
  });

  it('numbers orders one after the other per company, never reusing a deleted number', async () => {
    const second = (await order()).body.data;
    expect(second.po_number).toBe('PO-000002');
    expect(second).toMatchObject({ currency: 'EUR', lines: [{ unit_cost: 0.25, supplier_sku_id: supplierSku.id }] });
    const deleted = await api('DELETE', `/purchase-orders/${second.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.po_number).toBe('PO-000002');
    expect((await api('GET', `/purchase-orders/${second.id}`)).status).toBe(404);
    expect((await order()).body.data.po_number).toBe('PO-000003');

    // Another company starts its own sequence, in its own base currency when the supplier names none.
    const other = await post('/suppliers', { name: 'Local' }, globex);
    const where = await post('/locations', { name: 'Globex main' }, globex);
    const product = await post('/products', { name: 'Bolt', sku: 'B-1' }, globex);
    const theirs = await post('/purchase-orders', { supplier_id: other.id, warehouse_id: where.id, lines: [{ product_id: product.id, quantity: 1, unit_cost: 2 }] }, globex);
    expect(theirs).toMatchObject({ po_number: 'PO-000001', currency: 'USD', exchange_rate: 1, total: 2, total_base: 2 });
    expect((await api('GET', `/purchase-orders/${theirs.id}`)).status).toBe(404);
    // With an order stated in it, globex's base currency is fixed.
    const fixed = await api('PATCH', '/company', { base_currency: 'EUR' }, globex);
    expectErrors(fixed, ['base_currency']);
    expect(fixed.body.errors.base_currency[0]).toBe('The base currency cannot change from USD: 1 purchase order is stated in it.');
  });

  it('edits a draft (lines and costs replace), and refuses edits, deletes and wrong transitions outside draft with 422 naming the state', async () => {
    const po = (await order()).body.data;
    const patched = await api('PATCH', `/purchase-orders/${po.id}`, { notes: 'call first', lines: [{ product_id: nut.id, quantity: 5, unit_cost: 1 }], additional_costs: [] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ notes: 'call first', lines: [{ product: { id: nut.id }, quantity: 5 }], additional_costs: [], total: 5, total_base: 5.4 });
    // A new order date re-prices at that date's rate.
    await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.1, as_of: '2026-06-01' });
    const redated = await api('PATCH', `/purchase-orders/${po.id}`, { order_date: '2026-06-15' });
    expect(redated.body.data).toMatchObject({ exchange_rate: 1.1, total: 5, total_base: 5.5, lines: [{ unit_cost: 1 }] });
    // A new currency converts the unit costs at the order date's rate (5 EUR at 1.1 = 5.50 USD).
    const dollars = await api('PATCH', `/purchase-orders/${po.id}`, { currency: 'USD' });
    expect(dollars.body.data).toMatchObject({ currency: 'USD', exchange_rate: 1, lines: [{ unit_cost: 1.1 }], total: 5.5, total_base: 5.5 });
    expectErrors(await api('PATCH', `/purchase-orders/${po.id}`, { currency: 'CHF' }), ['currency']);
    await api('PATCH', `/purchase-orders/${po.id}`, { currency: 'EUR' });

    expect((await api('POST', `/purchase-orders/${po.id}/close`)).status).toBe(422);
    const submitted = await api('POST', `/purchase-orders/${po.id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted', submitted_at: expect.any(String) });
    const again = await api('POST', `/purchase-orders/${po.id}/submit`);
    expectErrors(again, ['status']);
    expect(again.body.errors.status[0]).toContain('submitted');
    const edit = await api('PATCH', `/purchase-orders/${po.id}`, { notes: 'late' });
    expectErrors(edit, ['status']);
    expect(edit.body.message).toBe('Only a draft purchase order can be edited; this one is submitted.');
    expectErrors(await api('DELETE', `/purchase-orders/${po.id}`), ['status']);

    const closed = await api('POST', `/purchase-orders/${po.id}/close`);
    expect(closed.body.data).toMatchObject({ status: 'closed', closed_at: expect.any(String), lines: [{ quantity_open: 0 }] });
    expectErrors(await api('POST', `/purchase-orders/${po.id}/cancel`), ['status']);

    const draft = (await order()).body.data;
    expect((await api('POST', `/purchase-orders/${draft.id}/cancel`)).body.data).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
    // What orders use stays: the unit an order line is measured in, and the ordered product (deactivated, not erased).
    const unitInUse = await api('DELETE', `/unit-of-measures/${box.id}`);
    expect(unitInUse.status).toBe(422);
    expect(JSON.stringify(unitInUse.body.errors)).toContain('purchase order line');
    const washer = await post('/products', { name: 'Ordered once', sku: 'ORD-1', unit_cost: 1 });
    await order({ lines: [{ product_id: washer.id, quantity: 1 }] });
    expect((await api('DELETE', `/products/${washer.id}`)).status).toBe(200);
    expect(await server.database.prisma.product.findFirst({ where: { id: washer.id }, select: { status: true } })).toEqual({ status: 0 });
    expect((await api('POST', '/purchase-orders/999999/submit')).status).toBe(404);
  });

  it('counts submitted open quantities as incoming at the delivery warehouse until cancelled or closed', async () => {
    const product = await post('/products', { name: 'Washer', sku: 'WSH-1', unit_cost: 0.05 });
    const incoming = async () => {
      const rows = (await api('GET', '/inventory/stocks/export?limit=1000')).body.data;
      const row = rows.find((r: any) => r.id === product.id);
      return { total: row.qty_incoming, at: row.location_stocks.map((l: any) => [l.id, l.qty_incoming]) };
    };
    const po = (await order({ lines: [{ product_id: product.id, quantity: 2, uom_id: null }, { product_id: product.id, quantity: 5 }] })).body.data;
    expect(await incoming()).toEqual({ total: 0, at: [] });
    await api('POST', `/purchase-orders/${po.id}/submit`);
    expect(await incoming()).toEqual({ total: 7, at: [[warehouse.id, 7]] });
    const other = (await order({ lines: [{ product_id: product.id, quantity: 1 }] })).body.data;
    await api('POST', `/purchase-orders/${other.id}/submit`);
    expect((await incoming()).total).toBe(8);
    await api('POST', `/purchase-orders/${other.id}/cancel`);
    await api('POST', `/purchase-orders/${po.id}/close`);
    expect(await incoming()).toEqual({ total: 0, at: [] });
  });
});

describe('numbering under load', () => {
  it.runIf(onPostgres)('gives ten simultaneous orders of a new company ten different numbers in sequence', async () => {
    const as = await server.createTenant('numbers');
    const s = await post('/suppliers', { name: 'S' }, as);
    const w = await post('/locations', { name: 'W' }, as);
    const p = await post('/products', { name: 'P', sku: 'P-1' }, as);
    const created = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', '/purchase-orders', { supplier_id: s.id, warehouse_id: w.id, lines: [{ product_id: p.id, quantity: 1, unit_cost: 1 }] }, as)),
    );
    expect(created.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect(created.map((res) => res.body.data.po_number).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `PO-${String(i + 1).padStart(6, '0')}`));
  });
});

describe('the stock export as of its cutoff', () => {
  it('shows purchase orders as they stood when the run started', async () => {
    const first = await post('/products', { name: 'Early', sku: 'CUT-1', unit_cost: 1 });
    const late = await post('/products', { name: 'Late', sku: 'CUT-2', unit_cost: 1 });
    const before = (await order({ lines: [{ product_id: late.id, quantity: 3 }] })).body.data;
    await api('POST', `/purchase-orders/${before.id}/submit`);
    // The run starts on the product before; what is submitted or closed afterwards does not show in it.
    const start = async () => {
      let body = (await api('GET', '/inventory/stocks/export?limit=1')).body;
      while (body.data[0]?.id !== first.id && body.has_more) body = (await api('GET', `/inventory/stocks/export?cursor=${encodeURIComponent(body.next_cursor)}`)).body;
      return body;
    };
    const atFirst = await start();
    const afterwards = (await order({ lines: [{ product_id: late.id, quantity: 5 }] })).body.data;
    await api('POST', `/purchase-orders/${afterwards.id}/submit`);
    await api('POST', `/purchase-orders/${before.id}/close`);
    const next = (await api('GET', `/inventory/stocks/export?cursor=${encodeURIComponent(atFirst.next_cursor)}`)).body;
    expect(next.data[0]).toMatchObject({ id: late.id, qty_incoming: 3 });
    const fresh = (await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((row: any) => row.id === late.id);
    expect(fresh.qty_incoming).toBe(5);
  });
});

describe('listing purchase orders', () => {
  it('filters by status, supplier, warehouse, number and creation time, and sorts', async () => {
    const all = (await api('GET', '/purchase-orders?per_page=100')).body;
    expect(all.meta.total).toBe(all.data.length);
    const submitted = (await api('GET', '/purchase-orders?status=submitted')).body.data;
    expect(submitted.every((po: any) => po.status === 'submitted')).toBe(true);
    const drafts = (await api('GET', '/purchase-orders?status=draft&per_page=100')).body.data.map((po: any) => po.id);
    expect(drafts).toEqual(all.data.filter((po: any) => po.status === 'draft').map((po: any) => po.id));
    expect((await api('GET', `/purchase-orders?supplier_id=${supplier.id}&per_page=100`)).body.meta.total).toBe(all.meta.total);
    expect((await api('GET', `/purchase-orders?warehouse_id=${bin.id}`)).body.data).toEqual([]);
    expect((await api('GET', '/purchase-orders?po_number=PO-000001')).body.data.map((po: any) => po.po_number)).toEqual(['PO-000001']);
    expect((await api('GET', '/purchase-orders?po_number[contains]=PO-0000&per_page=100')).body.meta.total).toBe(all.meta.total);
    expect((await api('GET', '/purchase-orders?created_at[lt]=2000-01-01%2000:00:00')).body.data).toEqual([]);
    const sorted = (await api('GET', '/purchase-orders?sort=-po_number&per_page=100')).body.data.map((po: any) => po.po_number);
    expect(sorted).toEqual([...sorted].sort().reverse());
    expectErrors(await api('GET', '/purchase-orders?status=shipped'), ['status']);
    expectErrors(await api('GET', '/purchase-orders?colour=red'), ['colour']);
    expectErrors(await api('GET', '/purchase-orders?sort=colour'), ['sort']);
  });
});

describe('bad input', () => {
  it('answers 422 naming each field', async () => {
    expectErrors(await api('POST', '/purchase-orders', {}), ['supplier_id', 'warehouse_id', 'lines']);
    expectErrors(await api('POST', '/purchase-orders', { supplier_id: 99999, warehouse_id: bin.id, lines: [] }), ['supplier_id', 'warehouse_id', 'lines']);
    expectErrors(
      await order({
        currency: 'EURO',
        order_date: '2026-02-30',
        payment_terms: { deposit_percent: 120, deposit_due_days: -1 },
        lines: [{ quantity: 0 }, { sku: 'NOPE', quantity: 1 }, { product_id: nut.id, quantity: 1, tax_rate: 101, uom_id: 99999 }],
        additional_costs: [{ name: '', amount: 1.005 }],
      }),
      [
        'currency', 'order_date', 'payment_terms.deposit_percent', 'payment_terms.deposit_due_days', 'lines.0.quantity', 'lines.0.product_id',
        'lines.1.sku', 'lines.2.tax_rate', 'lines.2.uom_id', 'additional_costs.0.name', 'additional_costs.0.amount',
      ],
    );
    // A value outside an enumeration is refused by its type before anything else is looked at.
    expectErrors(await order({ payment_terms: { balance_due_from: 'later' } }), ['payment_terms.balance_due_from']);
  });

  it('needs an exchange rate into the base currency at the order date, and a price for every line', async () => {
    const none = await order({ order_date: '2025-12-31' });
    expectErrors(none, ['currency']);
    expect(none.body.errors.currency[0]).toContain('on or before the order date 2025-12-31');
    const free = await post('/products', { name: 'Sample', sku: 'SMP-1' });
    expectErrors(await order({ lines: [{ product_id: free.id, quantity: 1 }] }), ['lines.0.unit_cost']);
    const foreignSku = await post('/supplier-skus', { supplier_id: (await post('/suppliers', { name: 'Other' })).id, product_id: screw.id, supplier_sku: 'O-1' });
    expectErrors(await order({ lines: [{ product_id: screw.id, quantity: 1, supplier_sku_id: foreignSku.id }] }), ['lines.0.supplier_sku_id']);
    expectErrors(await order({ lines: [{ product_id: screw.id, quantity: 1, unit_cost: -1 }] }), ['lines.0.unit_cost']);
    expectErrors(await order({ lines: [{ product_id: screw.id, quantity: 1, colour: 'red' }] }), ['lines.0.colour']);
  });
});
