// Contract sweep (issue 17 §9), warehouse operations: one `describe` per operation of the contract's Endpoints
// section — GET /pickflow/picklists/{id}, POST /pickflow/cycle-counts/{sessionId}/reopen,
// POST /work-orders/{workOrderId}/complete, POST /sales-orders/{salesOrderId}/shipments/{shipmentId}/packages and
// GET /shipments/{shipmentId}/billable-lines — checking the envelope, the field names and types of the
// Resources section, and the status codes and error bodies of the Errors and Limits tables.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { authRequirement, dataOf, expectInvalid, expectMessageOnly, expectNotFound, expectShape, type Shape } from '../support/contract-shape.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
// Rows made in beforeAll for the tests below.
let north: any, pickShelf: any, channel: any, widget: any, serum: any;

const expectAuthRequired = authRequirement(() => ({ server, tenant: acme, stranger: globex }));
async function confirmedOrder(lines: Array<{ product_id: number; quantity: number }>): Promise<any> {
  const draft = await post('/sales-orders', { channel_id: channel.id, lines });
  return post(`/sales-orders/${draft.id}/confirm`);
}

beforeAll(async () => {
  north = await post('/locations', { name: 'North' });
  pickShelf = await post('/locations', { name: 'A-pick', parent_id: north.id, is_pick_location: true });
  channel = await salesChannelFrom(post, [north.id]);
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  serum = await post('/products', { name: 'Serum', sku: 'SERUM', retail_price: 5, lot_tracking: true, lot_deduction_strategy: 'FEFO' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: widget.id, location_id: pickShelf.id, quantity: 50, unit_cost: 1 },
      { product_id: serum.id, location_id: pickShelf.id, quantity: 20, unit_cost: 2, lot_number: 'S-1', production_date: '2030-01-01', expiry_date: '2031-01-01' },
    ],
  });
});

describe('GET /pickflow/picklists/{id}', () => {
  const PICKLIST: Shape = {
    id: 'integer', created_at: 'date-time?', updated_at: 'date-time?', status: 'string', picking_started_at: 'date-time?', picking_ended_at: 'date-time?',
    packing_started_at: 'date-time?', packing_ended_at: 'date-time?', items: 'array',
  };
  const ITEM: Shape = {
    id: 'integer', picklist_id: 'integer', location_id: 'integer?', rfq_id: 'integer?', available_quantity: 'number?', picked_quantity: 'number?', lot_id: 'integer?',
    lot_number: 'string?', production_date: 'date?', expiry_date: 'date?', lot_deduction_strategy: 'string?', uom_id: 'integer?', uom: 'object?',
    // Beyond the contract's table: the quantity to pick and the product {id, sku, name}.
    quantity: 'number', product: 'object',
  };
  let picklist: any;

  beforeAll(async () => {
    const order = await confirmedOrder([{ product_id: widget.id, quantity: 2 }, { product_id: serum.id, quantity: 3 }]);
    const [fo] = (await api('GET', `/fulfillment-orders?sales_order_id=${order.id}`)).body.data;
    picklist = await post('/pickflow/picklists', { fulfillment_order_ids: [fo.id] });
  });

  it('answers {data: picklist} with its items; lot fields always present and null for non-lot stock', async () => {
    const data = dataOf(await api('GET', `/pickflow/picklists/${picklist.id}`));
    expectShape(data, PICKLIST, { exact: true, where: 'picklist' });
    expect(['created', 'picking', 'picked', 'packed', 'deleted']).toContain(data.status);
    expect(data.items).toHaveLength(2);
    for (const item of data.items) {
      expectShape(item, ITEM, { exact: true, where: 'picklist item' });
      expect(item.picklist_id).toBe(picklist.id);
    }
    const plain = data.items.find((i: any) => i.rfq_id === widget.id);
    expect(plain).toMatchObject({ location_id: pickShelf.id, lot_id: null, lot_number: null, production_date: null, expiry_date: null, lot_deduction_strategy: null });
    const lotted = data.items.find((i: any) => i.rfq_id === serum.id);
    expect(lotted).toMatchObject({ lot_id: expect.any(Number), lot_number: 'S-1', production_date: '2030-01-01', expiry_date: '2031-01-01', lot_deduction_strategy: 'FEFO' });
  });

  it('answers 404 {message} for an unknown, foreign or non-numeric id, and 401 without a token', async () => {
    expectNotFound(await api('GET', '/pickflow/picklists/999999'));
    expectNotFound(await api('GET', `/pickflow/picklists/${picklist.id}`, undefined, globex));
    expectNotFound(await api('GET', '/pickflow/picklists/abc'));
    await expectAuthRequired('GET', `/pickflow/picklists/${picklist.id}`);
  });
});

describe('POST /pickflow/cycle-counts/{sessionId}/reopen', () => {
  const SESSION: Shape = {
    id: 'integer', uuid: 'string', batchId: 'integer', warehouseId: 'integer', status: 'string', skuCount: 'integer', countedSkuCount: 'integer',
    theoreticalValue: 'number?', totalVarianceQty: 'number?', totalVarianceValue: 'number?', accuracyPercentage: 'number?', adjustmentId: 'integer?',
    startedBy: 'integer?', postedBy: 'integer?', cancelledBy: 'integer?', startedAt: 'date-time?', postedAt: 'date-time?', cancelledAt: 'date-time?',
    createdAt: 'date-time', updatedAt: 'date-time',
  };
  const path = (id: number | string) => `/pickflow/cycle-counts/${id}/reopen`;
  let session: any;

  beforeAll(async () => {
    const batch = await post('/pickflow/cycle-count-batches', { name: 'Spot check', warehouse_ids: [north.id] });
    session = batch.sessions[0];
    expect((await api('POST', `/pickflow/cycle-counts/${session.id}/start`)).status).toBe(200);
    await post(`/pickflow/cycle-counts/${session.id}/counts`, {
      counts: [{ sku: 'W-1', locationId: pickShelf.id, countedQuantity: 49 }, { sku: 'SERUM', locationId: pickShelf.id, lotNumber: 'S-1', countedQuantity: 20 }],
    });
  });

  it('moves a pending_review session to in_progress and answers the bare session (camelCase)', async () => {
    const review = await api('POST', `/pickflow/cycle-counts/${session.id}/submit-review`);
    expect(review.status, review.text).toBe(200);
    expectShape(review.body, SESSION, { exact: true, where: 'session in review' });
    expect(review.body).toMatchObject({ status: 'pending_review', totalVarianceQty: expect.any(Number), totalVarianceValue: expect.any(Number), accuracyPercentage: expect.any(Number) });
    const res = await api('POST', path(session.id));
    expect(res.status, res.text).toBe(200);
    expectShape(res.body, SESSION, { exact: true, where: 'reopened session' });
    expect(res.body).toMatchObject({ id: session.id, status: 'in_progress', adjustmentId: null });
  });

  it('answers 422 {message, errors} from another state, 404 {error, message, status_code} and 401', async () => {
    expectInvalid(await api('POST', path(session.id)), ['status']);
    expectInvalid(await api('POST', path(session.id), { force: true }), ['body']);
    expectNotFound(await api('POST', path(999999)), 'detailed');
    expectNotFound(await api('POST', path(session.id), undefined, globex), 'detailed');
    expectNotFound(await api('POST', path('abc')), 'detailed');
    await expectAuthRequired('POST', path(session.id));
  });
});

describe('POST /work-orders/{workOrderId}/complete', () => {
  const WORK_ORDER: Shape = {
    id: 'integer', work_order_number: 'string', status: 'string', is_on_hold: 'boolean', produced_sku_id: 'integer', produced_sku: 'object', planned_qty: 'number',
    completion_trigger: 'string', expected_completion_date: 'date?', created_at: 'date-time', updated_at: 'date-time',
    production_warehouse_id: 'integer', destination_warehouse_id: 'integer?', vendor_id: 'integer?', bom_id: 'integer?', production_batch_id: 'integer?',
    production_warehouse: 'object', destination_warehouse: 'object?', vendor: 'object?', service_unit_price: 'number?', cost_rule_resolution: 'object?',
    notes: 'string?', hold_reason: 'string?', cancel_reason: 'string?', held_at: 'date-time?', created_by: 'integer?', updated_by: 'integer?', held_by: 'integer?',
    steps: 'array', custom_fields: 'object', alternate_ids: 'array', links: 'object',
    // Beyond the contract's table: what was made, what was not, and when it completed.
    produced_qty: 'number', unproduced_qty: 'number?', completed_at: 'date-time?',
  };
  const STEP: Shape = {
    id: 'integer', work_order_id: 'integer', sequence: 'integer', output_sku_id: 'integer?', vendor_id: 'integer?', skipped_by: 'integer?', status: 'string', supply_mode: 'string?',
    output_sku: 'object?', planned_qty: 'number?', completed_qty: 'number?', is_outside_processing: 'boolean', skipped_at: 'date-time?', created_at: 'date-time', updated_at: 'date-time',
  };
  const complete = (id: number | string, body?: unknown, tenant?: Tenant) => api('POST', `/work-orders/${id}/complete`, body, tenant);
  let plain: any;
  let stepped: any;

  beforeAll(async () => {
    const part = await post('/products', { name: 'Part', sku: 'PART' });
    await post('/inventory/adjustments', { lines: [{ product_id: part.id, location_id: north.id, quantity: 10, unit_cost: 1 }] });
    plain = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 2, production_warehouse_id: north.id });
    await post(`/work-orders/${plain.id}/release`);
    await post(`/work-orders/${plain.id}/completions`, { quantity: 2, components: [{ product_id: part.id, quantity: 2 }] });
    stepped = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 3, production_warehouse_id: north.id, steps: [{ sequence: 1, planned_qty: 3 }] });
    await post(`/work-orders/${stepped.id}/release`);
  });

  it('completes without force when the checks pass and answers {data: work order} in status completed', async () => {
    const order = dataOf(await complete(plain.id, {}));
    expectShape(order, WORK_ORDER, { exact: true, where: 'work order' });
    expect(order).toMatchObject({ id: plain.id, status: 'completed', is_on_hold: false });
    expectShape(order.produced_sku, { id: 'integer', sku: 'string', description: 'string?' }, { where: 'produced_sku' });
    expectShape(order.production_warehouse, { id: 'integer', name: 'string' }, { where: 'production_warehouse' });
    expectShape(order.links, { self: 'string', steps: 'string', completions: 'string', production_entries: 'string', status_history: 'string' }, { exact: true, where: 'links' });
  });

  it('refuses with 422 while checks fail (an outstanding step), and completes with force true', async () => {
    expectInvalid(await complete(stepped.id, {}), ['steps', 'produced_qty']);
    expectInvalid(await complete(stepped.id), ['steps', 'produced_qty']);
    expectInvalid(await complete(stepped.id, { force: 'yes' }), ['force']);
    // Force bypasses the completion checks, not the state machine: a draft is released first.
    const draft = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 1, production_warehouse_id: north.id });
    expectInvalid(await complete(draft.id, { force: true }), ['status']);
    const order = dataOf(await complete(stepped.id, { force: true }));
    expectShape(order, WORK_ORDER, { exact: true, where: 'forced work order' });
    expect(order.status).toBe('completed');
    expect(order.steps).toHaveLength(1);
    for (const step of order.steps) expectShape(step, STEP, { exact: true, where: 'step' });
  });

  it('answers 404 {message} for an unknown or foreign work order, and 401 without a token', async () => {
    expectNotFound(await complete(999999, { force: true }));
    expectNotFound(await complete(plain.id, { force: true }, globex));
    await expectAuthRequired('POST', `/work-orders/${plain.id}/complete`, { force: true });
  });
});

describe('POST /sales-orders/{salesOrderId}/shipments/{shipmentId}/packages', () => {
  const PACKAGE: Shape = {
    id: 'integer', sscc: 'string', tracking: 'string?', package_quantity: 'integer', package_type: 'string?', packing_type: 'string?',
    length_in: 'number?', width_in: 'number?', height_in: 'number?', weight_lb: 'number?', parent_package_id: 'integer?', shipment_id: 'integer',
    created_at: 'date-time', updated_at: 'date-time', items: 'array', child_packages: 'array',
  };
  const ITEM: Shape = {
    id: 'integer', order_item_id: 'integer', line_item_key: 'string?', sku: 'string?', internal_sku: 'string?', upc: 'string?', quantity: 'number', description: 'string?',
    lot_number: 'string?', serial_number: 'string?', expiration_date: 'date?', weight_lb: 'number?', created_at: 'date-time', updated_at: 'date-time',
  };
  let order: any;
  let shipment: any;
  const path = (orderId: number, shipmentId: number) => `/sales-orders/${orderId}/shipments/${shipmentId}/packages`;

  beforeAll(async () => {
    expect((await api('PATCH', '/company', { gs1_company_prefix: '0614141' })).status).toBe(200);
    order = await confirmedOrder([{ product_id: widget.id, quantity: 4 }]);
    shipment = await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: order.lines[0].id, quantity: 4 }] });
  });

  it('creates nested packages with items and answers {data: [package]} with items and child_packages', async () => {
    const res = await api('POST', path(order.id, shipment.id), {
      carrier_alpha_code: 'ABCDEFGHIJ',
      packages: [{
        tracking: '1Z1', package_quantity: 1, package_type: 'pallet', packing_type: 'PLT', length_in: 40, width_in: 48, height_in: 50.5, weight_lb: 300,
        contained_items: [{ order_item_id: order.lines[0].id, line_item_key: 'k-1', quantity: 1, lot_number: 'L-1', serial_number: 'SN-1', expiration_date: '2030-12-31', weight_lb: 1.25, description: 'Widget' }],
        child_packages: [{ package_type: 'carton', contained_items: [{ order_item_id: order.lines[0].id, quantity: 2 }] }],
      }],
    });
    const packages = dataOf(res, 201);
    expect(packages).toHaveLength(1);
    const [pallet] = packages;
    expectShape(pallet, PACKAGE, { exact: true, where: 'package' });
    expect(pallet.sscc).toMatch(/^\d{18}$/);
    expect(pallet).toMatchObject({ tracking: '1Z1', package_quantity: 1, length_in: 40, height_in: 50.5, weight_lb: 300, parent_package_id: null, shipment_id: shipment.id });
    expectShape(pallet.items[0], ITEM, { exact: true, where: 'package item' });
    expect(pallet.items[0]).toMatchObject({ order_item_id: order.lines[0].id, sku: 'W-1', quantity: 1, lot_number: 'L-1', serial_number: 'SN-1', expiration_date: '2030-12-31', weight_lb: 1.25 });
    expect(pallet.child_packages).toHaveLength(1);
    expectShape(pallet.child_packages[0], PACKAGE, { exact: true, where: 'child package' });
    expect(pallet.child_packages[0]).toMatchObject({ parent_package_id: pallet.id, package_type: 'carton', child_packages: [] });
    expect((await api('GET', `/shipments/${shipment.id}`)).body.data.carrier_alpha_code).toBe('ABCDEFGHIJ');
  });

  it('needs at least one package and a carrier alpha code of at most 10 characters (422 {message, errors})', async () => {
    expectInvalid(await api('POST', path(order.id, shipment.id), { packages: [] }), ['packages']);
    expectInvalid(await api('POST', path(order.id, shipment.id), {}), ['packages']);
    expectInvalid(await api('POST', path(order.id, shipment.id), { packages: [{}], carrier_alpha_code: 'ABCDEFGHIJK' }), ['carrier_alpha_code']);
    expectInvalid(await api('POST', path(order.id, shipment.id), { packages: [{ weight_lb: 'heavy' }] }), ['packages.0.weight_lb']);
    expectInvalid(await api('POST', path(order.id, shipment.id), { packages: [{ weight_lb: -1, contained_items: [{ order_item_id: order.lines[0].id, quantity: 1, expiration_date: 'soon' }] }] }), [
      'packages.0.weight_lb',
      'packages.0.contained_items.0.expiration_date',
    ]);
  });

  it('answers 404 {message} for an unknown or foreign shipment, 403 {message} on a locked channel, 401 without a token', async () => {
    expectNotFound(await api('POST', path(order.id, 999999), { packages: [{}] }));
    expectNotFound(await api('POST', path(999999, shipment.id), { packages: [{}] }));
    expectNotFound(await api('POST', path(order.id, shipment.id), { packages: [{}] }, globex));
    await server.database.prisma.salesChannel.updateMany({ where: { id: channel.id }, data: { apiLocked: true } });
    try {
      expectMessageOnly(await api('POST', path(order.id, shipment.id), { packages: [{}] }), 403);
    } finally {
      await server.database.prisma.salesChannel.updateMany({ where: { id: channel.id }, data: { apiLocked: false } });
    }
    await expectAuthRequired('POST', path(order.id, shipment.id), { packages: [{}] });
  });
});

describe('GET /shipments/{shipmentId}/billable-lines', () => {
  let shipment: any;

  beforeAll(async () => {
    const order = await confirmedOrder([{ product_id: widget.id, quantity: 3 }]);
    const draft = await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: order.lines[0].id, quantity: 3 }] });
    shipment = await post(`/shipments/${draft.id}/ship`);
  });

  it('answers {data: [billable line]}', async () => {
    const lines = dataOf(await api('GET', `/shipments/${shipment.id}/billable-lines`));
    expect(Array.isArray(lines)).toBe(true);
    expect(lines).toHaveLength(1);
    // The contract does not show the fields of a billable line; these are the service's.
    expectShape(lines[0], { type: 'string', description: 'string', sku: 'string?', quantity: 'number', unit_price: 'number', amount: 'number', currency: 'string', sales_order_line_id: 'integer?' }, { exact: true, where: 'billable line' });
    expect(lines[0]).toMatchObject({ type: 'product', sku: 'W-1', quantity: 3, unit_price: 10, amount: 30 });
  });

  it('answers 404 {message} for an unknown or foreign shipment, 422 for unknown parameters, 401 without a token', async () => {
    expectNotFound(await api('GET', '/shipments/999999/billable-lines'));
    expectNotFound(await api('GET', `/shipments/${shipment.id}/billable-lines`, undefined, globex));
    expectInvalid(await api('GET', `/shipments/${shipment.id}/billable-lines?page=2`), ['page']);
    await expectAuthRequired('GET', `/shipments/${shipment.id}/billable-lines`);
  });
});
