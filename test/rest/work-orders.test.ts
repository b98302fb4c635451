// Work orders over HTTP: a work order with steps and a BOM (a lot-tracked component deducted FIFO, a plain one
// in a location of the warehouse, an extra cost); hold (completion and step changes refused), resume; partial
// completions consuming lots FIFO with the output at the right cost; complete without force refused with its
// reasons, then with force; the status history; finish_step; a shortage naming the component and the
// warehouse; the planned output incoming and the components reserved; bad input on every route.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);

let plant: any;
let shelf: any;
let store: any;
let resin: any;
let screw: any;
let widget: any;
let bom: any;

const stockAt = async (productId: number, locationId: number) =>
  (await api('GET', `/inventory/stock?product_id=${productId}&location_id=${locationId}`)).body.data.reduce((sum: number, row: any) => sum + row.quantity, 0);
const quantitiesOf = async (productId: number) => ({ data: [(await api('GET', '/inventory/stocks/export?limit=1000')).body.data.find((row: any) => row.id === productId)] });

beforeAll(async () => {
  plant = await post('/locations', { name: 'Plant' });
  shelf = await post('/locations', { name: 'Plant shelf', parent_id: plant.id });
  store = await post('/locations', { name: 'Store' });
  resin = await post('/products', { name: 'Resin', sku: 'RESIN', lot_tracking: true, lot_deduction_strategy: 'FIFO' });
  screw = await post('/products', { name: 'Screw', sku: 'SCREW' });
  widget = await post('/products', { name: 'Widget', sku: 'WIDGET', description: 'A widget' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: resin.id, location_id: plant.id, quantity: 4, unit_cost: 2, lot_number: 'R-OLD', production_date: '2026-01-01' },
      { product_id: resin.id, location_id: plant.id, quantity: 10, unit_cost: 3, lot_number: 'R-NEW', production_date: '2026-06-01' },
      { product_id: screw.id, location_id: shelf.id, quantity: 20, unit_cost: 1 },
    ],
  });
  bom = await post('/boms', { name: 'Widget BOM', items: [{ product_id: resin.id, quantity: 2 }, { product_id: screw.id, quantity: 1 }], extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 0.5 }] });
  expect((await api('PATCH', `/products/${widget.id}`, { bom_ids: [bom.id] })).status).toBe(200);
});

describe('a work order from draft to completed', () => {
  let order: any;

  it('creates a draft with defaults, steps and links, and refuses bad input naming the fields', async () => {
    const res = await api('POST', '/work-orders', {
      produced_sku_id: widget.id,
      planned_qty: 5,
      production_warehouse_id: plant.id,
      destination_warehouse_id: store.id,
      service_unit_price: 1,
      expected_completion_date: '2026-12-01',
      custom_fields: { line: 'A' },
      alternate_ids: ['ERP-77'],
      steps: [{ sequence: 1 }, { sequence: 2, is_outside_processing: true, planned_qty: 5 }],
    });
    expect(res.status, res.text).toBe(201);
    order = res.body.data;
    expect(order).toMatchObject({
      work_order_number: 'WO-000001',
      status: 'draft',
      is_on_hold: false,
      produced_sku: { id: widget.id, sku: 'WIDGET', description: 'A widget' },
      planned_qty: 5,
      bom_id: bom.id,
      production_warehouse: { id: plant.id, name: 'Plant' },
      destination_warehouse: { id: store.id, name: 'Store' },
      vendor: null,
      completion_trigger: 'manual',
      expected_completion_date: '2026-12-01',
      cost_rule_resolution: null,
      custom_fields: { line: 'A' },
      alternate_ids: ['ERP-77'],
      links: {
        self: `/external/api/v1/work-orders/${order.id}`,
        steps: `/external/api/v1/work-orders/${order.id}/steps`,
        completions: `/external/api/v1/work-orders/${order.id}/completions`,
        production_entries: `/external/api/v1/work-orders/${order.id}/completions`,
        status_history: `/external/api/v1/work-orders/${order.id}/status-history`,
      },
    });
    expect(order.steps.map((s: any) => [s.sequence, s.status, s.planned_qty, s.is_outside_processing])).toEqual([[1, 'pending', 5, false], [2, 'pending', 5, true]]);
    expect(order.created_by).toEqual(expect.any(Number));

    expectErrors(await api('POST', '/work-orders', {}), ['produced_sku_id', 'planned_qty', 'production_warehouse_id']);
    expectErrors(
      await api('POST', '/work-orders', { produced_sku_id: 999999, planned_qty: 0, production_warehouse_id: shelf.id, completion_trigger: 'whenever', expected_completion_date: 'soon', steps: [{ sequence: 1 }, { sequence: 1 }] }),
      ['produced_sku_id', 'planned_qty', 'production_warehouse_id', 'completion_trigger', 'expected_completion_date', 'steps.1.sequence'],
    );
    expect((await api('GET', '/work-orders/999999')).body).toEqual({ message: expect.any(String) });
    expect((await api('GET', `/work-orders/${order.id}`, undefined, globex)).status).toBe(404);
  });

  it('releases, and counts the planned output as incoming and the components as reserved', async () => {
    expectErrors(await api('POST', `/work-orders/${order.id}/completions`, { quantity: 1 }), ['status']);
    const released = await api('POST', `/work-orders/${order.id}/release`);
    expect(released.status, released.text).toBe(200);
    expect(released.body.data.status).toBe('released');
    expectErrors(await api('POST', `/work-orders/${order.id}/release`), ['status']);
    const widgetQty = await quantitiesOf(widget.id);
    expect(widgetQty.data[0].qty_incoming).toBe(5);
    const resinQty = await quantitiesOf(resin.id);
    expect(resinQty.data[0]).toMatchObject({ qty_onhand: 14, qty_pending: 10, qty_available: 4 });
  });

  it('refuses completions and step changes on hold, and resumes', async () => {
    expectErrors(await api('POST', `/work-orders/${order.id}/hold`, {}), ['reason']);
    const held = await api('POST', `/work-orders/${order.id}/hold`, { reason: 'Mould repair' });
    expect(held.status, held.text).toBe(200);
    expect(held.body.data).toMatchObject({ is_on_hold: true, hold_reason: 'Mould repair', held_by: expect.any(Number) });
    expect(held.body.data.held_at).not.toBeNull();
    expectErrors(await api('POST', `/work-orders/${order.id}/completions`, { quantity: 1 }), ['is_on_hold']);
    expectErrors(await api('POST', `/work-orders/${order.id}/steps/${order.steps[0].id}/complete`, { quantity: 1 }), ['is_on_hold']);
    expectErrors(await api('POST', `/work-orders/${order.id}/hold`, { reason: 'again' }), ['is_on_hold']);
    const resumed = await api('POST', `/work-orders/${order.id}/resume`);
    expect(resumed.body.data).toMatchObject({ is_on_hold: false, hold_reason: null, held_at: null, held_by: null });
    expectErrors(await api('POST', `/work-orders/${order.id}/resume`), ['is_on_hold']);
  });

  it('posts partial completions: lots consumed FIFO, the output at components + extra + service cost', async () => {
    const first = await api('POST', `/work-orders/${order.id}/completions`, { quantity: 2 });
    expect(first.status, first.text).toBe(201);
    // Resin 4 from the oldest lot at 2.00 (8) and screws 2 at 1.00 (2); labour 0.50 × 2; service 1.00 × 2.
    expect(first.body.data).toMatchObject({ quantity: 2, components_cost: 10, extra_cost: 1, service_cost: 2, unit_cost: 6.5 });
    expect(first.body.data.components.map((c: any) => [c.product_id, c.location_id, c.quantity, c.unit_cost])).toEqual([
      [resin.id, plant.id, 4, 2],
      [screw.id, shelf.id, 2, 1],
    ]);
    expect((await api('GET', `/work-orders/${order.id}`)).body.data).toMatchObject({ status: 'in_progress', produced_qty: 2 });

    const second = await api('POST', `/work-orders/${order.id}/completions`, { quantity: 1 });
    // Resin 2 from the newer lot at 3.00 (6), a screw (1), labour 0.50, service 1.00.
    expect(second.body.data).toMatchObject({ components_cost: 7, unit_cost: 8.5 });
    expect(await stockAt(widget.id, store.id)).toBe(3);
    expect(await stockAt(resin.id, plant.id)).toBe(8);
    expect(await stockAt(screw.id, shelf.id)).toBe(17);
    const stock = (await api('GET', `/inventory/stock?product_id=${resin.id}&location_id=${plant.id}`)).body.data;
    expect(stock.filter((r: any) => r.quantity > 0).map((r: any) => r.lot_number ?? r.lot_id)).toHaveLength(1);
    const listed = await api('GET', `/work-orders/${order.id}/completions`);
    expect(listed.body.data.map((c: any) => c.quantity)).toEqual([2, 1]);
    // The consumption report reads the same entries from the ledger.
    const today = new Date().toISOString().slice(0, 10);
    const consumption = await api('GET', `/reports/consumption?from=${today}&to=${today}&group_by=day&product_id=${resin.id}`);
    expect(consumption.status, consumption.text).toBe(200);
    expect(consumption.body.data.map((r: any) => [r.period, r.sku, r.quantity_consumed, r.value_consumed])).toEqual([[today, 'RESIN', 6, 14]]);
    // What is still to make and to consume.
    expect((await quantitiesOf(widget.id)).data[0].qty_incoming).toBe(2);
    expect((await quantitiesOf(resin.id)).data[0].qty_pending).toBe(4);
  });

  it('refuses to complete without force, listing the reasons; completes with force recording what was not made', async () => {
    await api('POST', `/work-orders/${order.id}/steps/${order.steps[0].id}/complete`, { quantity: 5 });
    const refused = await api('POST', `/work-orders/${order.id}/complete`, {});
    expectErrors(refused, ['steps', 'produced_qty']);
    expect(refused.body.errors.steps[0]).toContain('2');
    expect(refused.body.errors.produced_qty[0]).toContain('3');
    const forced = await api('POST', `/work-orders/${order.id}/complete`, { force: true });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.body.data).toMatchObject({ status: 'completed', produced_qty: 3, unproduced_qty: 2 });
    expect(await stockAt(widget.id, store.id)).toBe(3);
    expectErrors(await api('POST', `/work-orders/${order.id}/complete`, { force: true }), ['status']);
    expectErrors(await api('PATCH', `/work-orders/${order.id}`, { planned_qty: 9 }), ['status']);
    expectErrors(await api('POST', `/work-orders/${order.id}/cancel`, {}), ['status']);
    expect((await quantitiesOf(widget.id)).data[0].qty_incoming).toBe(0);
    expect((await quantitiesOf(resin.id)).data[0].qty_pending).toBe(0);

    const history = await api('GET', `/work-orders/${order.id}/status-history`);
    expect(history.body.data.map((e: any) => [e.event, e.from_status, e.to_status])).toEqual([
      ['created', null, 'draft'],
      ['released', 'draft', 'released'],
      ['held', 'released', 'released'],
      ['resumed', 'released', 'released'],
      ['started', 'released', 'in_progress'],
      ['completed', 'in_progress', 'completed'],
    ]);
    expect(history.body.data[2].reason).toBe('Mould repair');
    expect(history.body.data[5].reason).toContain('force');
  });
});

describe('other work orders', () => {
  it('completes a finish_step order when its last step is completed, producing the rest', async () => {
    const order = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 2, production_warehouse_id: plant.id, completion_trigger: 'finish_step', steps: [{ sequence: 1 }, { sequence: 2 }] });
    await post(`/work-orders/${order.id}/release`);
    const skipped = await api('POST', `/work-orders/${order.id}/steps/${order.steps[0].id}/skip`);
    expect(skipped.body.data).toMatchObject({ status: 'skipped', skipped_by: expect.any(Number) });
    expectErrors(await api('POST', `/work-orders/${order.id}/steps/${order.steps[0].id}/skip`), ['status']);
    const step = await api('POST', `/work-orders/${order.id}/steps/${order.steps[1].id}/complete`, { quantity: 2 });
    expect(step.status, step.text).toBe(200);
    expect(step.body.data).toMatchObject({ status: 'completed', completed_qty: 2 });
    expect((await api('GET', `/work-orders/${order.id}`)).body.data).toMatchObject({ status: 'completed', produced_qty: 2, unproduced_qty: null });
    expect(await stockAt(widget.id, plant.id)).toBe(2);
    expectErrors(await api('POST', `/work-orders/${order.id}/steps/${order.steps[1].id}/complete`, {}), ['quantity']);
  });

  it('refuses a shortage naming the component and the warehouse, and keeps nothing of it', async () => {
    const order = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 100, production_warehouse_id: plant.id });
    await post(`/work-orders/${order.id}/release`);
    const res = await api('POST', `/work-orders/${order.id}/completions`, { quantity: 50 });
    expectErrors(res, ['bom.items.0.quantity', 'bom.items.1.quantity']);
    expect(res.body.errors['bom.items.0.quantity'][0]).toMatch(/RESIN.*Plant.*needs 100/);
    expect((await api('GET', `/work-orders/${order.id}`)).body.data).toMatchObject({ status: 'released', produced_qty: 0 });
    // Actual consumption listed instead of the BOM's.
    const actual = await api('POST', `/work-orders/${order.id}/completions`, { quantity: 1, components: [{ product_id: screw.id, quantity: 3 }] });
    expect(actual.status, actual.text).toBe(201);
    expect(actual.body.data).toMatchObject({ components_cost: 3 });
    expectErrors(await api('POST', `/work-orders/${order.id}/completions`, { quantity: 1, components: [{ product_id: 999999, quantity: 1 }] }), ['components.0.product_id']);
    expectErrors(await api('POST', `/work-orders/${order.id}/completions`, { quantity: 1, components: [{ product_id: screw.id, quantity: -1 }] }), ['components.0.quantity']);
    expect((await api('POST', `/work-orders/${order.id}/steps/999999/skip`)).status).toBe(404);
    expectErrors(await api('POST', `/work-orders/${order.id}/completions`, { quantity: 1, production_date: '2026-02-30' }), ['production_date']);
    // A tiny quantity carrying a costly component: a unit cost the ledger cannot keep is a 422 on the quantity, and nothing is consumed.
    const gold = await post('/products', { name: 'Gold', sku: 'GOLD' });
    await post('/inventory/adjustments', { lines: [{ product_id: gold.id, location_id: plant.id, quantity: 1, unit_cost: 99999 }] });
    const costly = await api('POST', `/work-orders/${order.id}/completions`, { quantity: 0.0000000001, components: [{ product_id: gold.id, quantity: 1 }] });
    expectErrors(costly, ['quantity']);
    expect(costly.body.errors.quantity[0]).toContain('unit cost would be 999990000000000');
    expect(await stockAt(gold.id, plant.id)).toBe(1);
    expect((await api('GET', `/work-orders/${order.id}`)).body.data).toMatchObject({ produced_qty: 1 });
    const cancelled = await api('POST', `/work-orders/${order.id}/cancel`, { reason: 'Not needed' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Not needed' });
    expectErrors(await api('POST', `/work-orders/${order.id}/complete`, { force: true }), ['status']);
  });

  it('edits and deletes a draft; lists with filters', async () => {
    const draft = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 1, production_warehouse_id: plant.id });
    const patched = await api('PATCH', `/work-orders/${draft.id}`, { planned_qty: 4, notes: 'rush', steps: [{ sequence: 3 }] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ planned_qty: 4, notes: 'rush', destination_warehouse_id: plant.id });
    expect(patched.body.data.steps.map((s: any) => [s.sequence, s.planned_qty])).toEqual([[3, 4]]);
    expectErrors(await api('PATCH', `/work-orders/${draft.id}`, { planned_qty: null }), ['planned_qty']);
    const list = await api('GET', '/work-orders?status=draft');
    expect(list.body.data.map((o: any) => o.id)).toEqual([draft.id]);
    expect((await api('GET', '/work-orders?status=completed&sort=-id')).body.data.length).toBe(2);
    expectErrors(await api('GET', '/work-orders?status=done'), ['status']);
    const deleted = await api('DELETE', `/work-orders/${draft.id}`);
    expect(deleted.status).toBe(200);
    expect((await api('GET', `/work-orders/${draft.id}`)).status).toBe(404);
    const released = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 1, production_warehouse_id: plant.id });
    await post(`/work-orders/${released.id}/release`);
    expectErrors(await api('DELETE', `/work-orders/${released.id}`), ['status']);
  });

  it('never consumes more than there is when completions race', async () => {
    const part = await post('/products', { name: 'Part', sku: 'PART' });
    const gadget = await post('/products', { name: 'Gadget', sku: 'GADGET' });
    await post('/inventory/adjustments', { lines: [{ product_id: part.id, location_id: plant.id, quantity: 3, unit_cost: 1 }] });
    const gadgetBom = await post('/boms', { name: 'Gadget BOM', items: [{ product_id: part.id, quantity: 1 }] });
    const order = await post('/work-orders', { produced_sku_id: gadget.id, bom_id: undefined, planned_qty: 5, production_warehouse_id: plant.id, steps: [] });
    await api('PATCH', `/products/${gadget.id}`, { bom_ids: [gadgetBom.id] });
    await api('PATCH', `/work-orders/${order.id}`, { bom_id: gadgetBom.id });
    await post(`/work-orders/${order.id}/release`);
    const results = await Promise.all(Array.from({ length: 5 }, () => api('POST', `/work-orders/${order.id}/completions`, { quantity: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422]);
    expect(await stockAt(part.id, plant.id)).toBe(0);
    expect(await stockAt(gadget.id, plant.id)).toBe(3);
    expect((await api('GET', `/work-orders/${order.id}`)).body.data.produced_qty).toBe(3);
  });

  it('takes the service cost from a WORK_ORDER cost rule, resolved again when the quantity changes', async () => {
    await setFeature(tenantClient(server.database.prisma, acme.companyId), 'cost_rules');
    const vendor = await post('/suppliers', { name: 'Moulding Co' });
    const rule = await post('/cost-rules', {
      name: 'Moulding service',
      vendor_id: vendor.id,
      document_types: ['WORK_ORDER'],
      tiers: [{ min_quantity: '0', effects: [{ effect_type: 'BASE_PRICE', amount: '3', sequence: 1 }] }, { min_quantity: '10', effects: [{ effect_type: 'BASE_PRICE', amount: '2', sequence: 1 }] }],
      scopes: [{ scope_type: 'PRODUCT', scope_value: String(widget.id), scope_operator: 'EQUALS' }],
    });
    const order = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 5, production_warehouse_id: plant.id, vendor_id: vendor.id, service_unit_price: 9 });
    expect(order.cost_rule_resolution).toMatchObject({ used_cost_rule: true, cost_rule_id: rule.id, resolved_unit_cost: 3, next_tier_hint: { min_qty: 10, unit_cost: 2, savings: 1 } });
    const bigger = (await api('PATCH', `/work-orders/${order.id}`, { planned_qty: 12 })).body.data;
    expect(bigger.cost_rule_resolution).toMatchObject({ resolved_unit_cost: 2, tier_min_qty: 10, next_tier_hint: null });
    await post(`/work-orders/${order.id}/release`);
    const entry = await post(`/work-orders/${order.id}/completions`, { quantity: 1 });
    // The rule's 2.00, not the service_unit_price of 9.00.
    expect(entry.service_cost).toBe(2);
    // Without a vendor no rule applies: null, and service_unit_price prices the service.
    const plain = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 5, production_warehouse_id: plant.id, service_unit_price: 9 });
    expect(plain.cost_rule_resolution).toBeNull();
  });
});
