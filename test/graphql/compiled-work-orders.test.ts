// Work orders answered in one go (compiledList and compiledRecord, src/graphql/shared/compiled-records.ts): the
// domain picks the page, and one statement writes the orders with their steps as the selection asks, with SQL
// derived from the GraphQL types and declared beside the fields with resolvers of their own (the expected date,
// the custom fields, the cost rule resolution and the links; src/graphql/work-orders/work-order-types.ts). Here
// those answers equal graphql's ordinary execution field by field, keys in the same order and values alike, for
// the REST page and record and for random selections over /graphql. The data is varied: every status, on hold,
// completed with force, steps out of order (completed in part, skipped, with an output product and a vendor), a
// cost rule resolution with a breakdown, a next tier and extra costs, decimals at full precision, text JSON must
// escape, custom fields with long keys and odd numbers, nulls. A page runs as many statements for 10 orders as
// for 100.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { workOrderRoutes } from '../../rest-mapping/work-orders.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, ODD_CUSTOM_FIELDS, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, restCased, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const listRoute = getRoute(workOrderRoutes, '/work-orders');
const recordRoute = getRoute(workOrderRoutes, '/work-orders/{workOrderId}');
/** JSON values keep their own keys over REST: only the fields are renamed. */
const JSON_FIELDS = new Set(['customFields', 'costRuleResolution']);
const on: Compared = { server, counter, tenant: acme, rest: (answer) => restCased(answer, JSON_FIELDS) };
const orderIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  await setFeature(db, 'cost_rules');
  const plant = await post('/locations', { name: 'Plant "main"' });
  const shelf = await post('/locations', { name: 'Plant shelf', parent_id: plant.id });
  const store = await post('/locations', { name: 'Store\\back' });
  const vendor = await post('/suppliers', { name: 'Moulding "Co" ☃' });
  const resin = await post('/products', { name: 'Resin', sku: 'RESIN', lot_tracking: true, lot_deduction_strategy: 'FIFO' });
  const screw = await post('/products', { name: 'Screw', sku: 'SCREW', description: 'Line\nbreak' });
  const widget = await post('/products', { name: 'Widget', sku: 'WIDGET', description: 'A "widget" \\ ✓' });
  const gadget = await post('/products', { name: 'Gadget', sku: 'GADGET' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: resin.id, location_id: plant.id, quantity: 40, unit_cost: 2, lot_number: 'R-1', production_date: '2026-01-01' },
      { product_id: screw.id, location_id: shelf.id, quantity: 200, unit_cost: 1 },
    ],
  });
  const bom = await post('/boms', { name: 'Widget BOM', items: [{ product_id: resin.id, quantity: 2 }, { product_id: screw.id, quantity: 1 }], extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 0.5 }] });
  await api('PATCH', `/products/${widget.id}`, { bom_ids: [bom.id] });
  // WORK_ORDER cost rules for the gadget made by the vendor: price breaks, and extra costs applied automatically.
  await post('/cost-rules', {
    name: 'Moulding "service"',
    vendor_id: vendor.id,
    document_types: ['WORK_ORDER'],
    tiers: [
      { min_quantity: '0', effects: [{ effect_type: 'BASE_PRICE', amount: '3.3333333333', sequence: 1, description: 'List "A"' }] },
      { min_quantity: '10', effects: [{ effect_type: 'BASE_PRICE', amount: '2', sequence: 1 }, { effect_type: 'FIXED_PER_UNIT', amount: '0.0000000001', sequence: 2, description: 'Tiny\tfee' }] },
    ],
    scopes: [{ scope_type: 'PRODUCT', scope_value: String(gadget.id), scope_operator: 'EQUALS' }],
  });
  await post('/cost-rules', {
    name: 'Setup', document_types: ['WORK_ORDER'], output_kind: 'EXTRA_COST', cost_basis: 'FIXED_TOTAL', cost_basis_amount: 1,
    options: { auto_apply: true, add_as_additional_fee: true }, scopes: [{ scope_type: 'PRODUCT', scope_value: String(gadget.id) }],
  });
  const batch = await post('/production-batches', { name: 'Run "1"' });

  const create = async (body: Record<string, unknown>) => {
    const created = await post('/work-orders', body);
    orderIds.push(created.id);
    return created;
  };
  // Everything given, steps out of order; released, then on hold.
  const full = await create({
    produced_sku_id: widget.id,
    planned_qty: 1.2345678901,
    production_warehouse_id: plant.id,
    destination_warehouse_id: store.id,
    vendor_id: vendor.id,
    service_unit_price: 0.0000000001,
    expected_completion_date: '2031-02-03',
    production_batch_id: batch.id,
    notes: 'Tab\there "quoted" \\ back ☃\nnew line',
    custom_fields: ODD_CUSTOM_FIELDS,
    alternate_ids: ['ERP "7"', 'back\\slash', '☃'],
    steps: [
      { sequence: 3, planned_qty: 12345678901234.5 },
      { sequence: 1, output_sku_id: screw.id, supply_mode: 'outside_processing', vendor_id: vendor.id, is_outside_processing: true, planned_qty: 0.0000000001 },
      { sequence: 2, supply_mode: 'vendor_supplied' },
    ],
  });
  await post(`/work-orders/${full.id}/release`);
  await post(`/work-orders/${full.id}/hold`, { reason: 'Mould "repair"\n\\ ☃' });
  // In progress: production entries, a step completed in part, another skipped.
  const running = await create({ produced_sku_id: widget.id, planned_qty: 10, production_warehouse_id: plant.id, destination_warehouse_id: store.id, service_unit_price: 1, steps: [{ sequence: 1 }, { sequence: 2 }, { sequence: 5, output_sku_id: widget.id }] });
  await post(`/work-orders/${running.id}/release`);
  await post(`/work-orders/${running.id}/completions`, { quantity: 2.5 });
  await post(`/work-orders/${running.id}/steps/${running.steps[0].id}/complete`, { quantity: 3.3333333333 });
  await post(`/work-orders/${running.id}/steps/${running.steps[1].id}/skip`);
  // Completed with force: what was not made is recorded.
  const forced = await create({ produced_sku_id: widget.id, planned_qty: 7, production_warehouse_id: plant.id, custom_fields: { shift: 'night' } });
  await post(`/work-orders/${forced.id}/release`);
  await post(`/work-orders/${forced.id}/completions`, { quantity: 1 });
  await post(`/work-orders/${forced.id}/complete`, { force: true });
  // Completed by its last step.
  const finished = await create({ produced_sku_id: widget.id, planned_qty: 2, production_warehouse_id: plant.id, completion_trigger: 'finish_step', steps: [{ sequence: 1 }] });
  await post(`/work-orders/${finished.id}/release`);
  await post(`/work-orders/${finished.id}/steps/${finished.steps[0].id}/complete`, { quantity: 2 });
  // Cancelled, with its reason.
  const cancelled = await create({ produced_sku_id: widget.id, planned_qty: 3, production_warehouse_id: plant.id });
  await post(`/work-orders/${cancelled.id}/cancel`, { reason: '' });
  const cancelledWithReason = await create({ produced_sku_id: gadget.id, planned_qty: 3, production_warehouse_id: store.id });
  await post(`/work-orders/${cancelledWithReason.id}/cancel`, { reason: 'Not "needed" \\ any more' });
  // Cost rule resolutions: a next tier in sight, and past it; without a rule, null.
  await create({ produced_sku_id: gadget.id, planned_qty: 7, production_warehouse_id: plant.id, vendor_id: vendor.id });
  await create({ produced_sku_id: gadget.id, planned_qty: 12.5, production_warehouse_id: plant.id, vendor_id: vendor.id, service_unit_price: 9 });
  // A draft with nothing but what is required (no BOM, no vendor, no date, no steps).
  await create({ produced_sku_id: gadget.id, planned_qty: 99999999999999.9, production_warehouse_id: store.id });
  // Enough plain orders for pages of 10 and of 100, written directly: two steps each, the later one first.
  const plain = await db.workOrder.createManyAndReturn({
    data: Array.from({ length: 92 }, (_, i) => ({
      workOrderNumber: `WO-BULK-${i}`,
      producedSkuId: i % 2 ? gadget.id : widget.id,
      plannedQty: `${i + 1}.${'0'.repeat(i % 9)}1`,
      productionWarehouseId: plant.id,
      destinationWarehouseId: i % 3 ? plant.id : store.id,
      alternateIds: i % 4 === 0 ? [`ALT-${i}`] : undefined,
      customFields: i % 5 === 0 ? { n: i, s: `"${i}"` } : undefined,
    })) as any,
    select: { id: true },
  });
  await db.workOrderStep.createMany({
    data: plain.flatMap(({ id }, i) => [
      { workOrderId: id, sequence: 2, plannedQty: i + 0.5, status: i % 2 ? 'completed' : 'pending' },
      { workOrderId: id, sequence: 1, completedQty: '0.0000000001', outputSkuId: i % 3 ? null : screw.id },
    ]) as any,
  });
}, 60_000);

describe('work orders written by one statement', () => {
  it('has the data it means to test', async () => {
    const orders = (await api('GET', '/work-orders?per_page=20&sort=id')).body.data;
    expect(new Set(orders.map((o: any) => o.status))).toEqual(new Set(['draft', 'released', 'in_progress', 'completed', 'cancelled']));
    expect(orders.filter((o: any) => o.cost_rule_resolution !== null)).toHaveLength(2);
    expect(orders.find((o: any) => o.cost_rule_resolution?.extra_costs.length > 0)).toBeDefined();
    expect(orders.some((o: any) => o.is_on_hold)).toBe(true);
  });

  it('GET /work-orders answers as field by field, and runs as many statements for 10 orders as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/work-orders?sort=id', { sort: 'id', filters: [] }, 'workOrders'));

  it('GET /work-orders/{id} answers as field by field', () => recordsAsFieldByField(on, recordRoute, '/work-orders', orderIds, 'workOrder'));

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, listRoute, '/work-orders?per_page=100', { perPage: 100, filters: [] }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['WorkOrder'], ([selection]) => pageAndRecordQueries(selection!, 'workOrders', 'id', 'workOrder', orderIds[0]!), {
      numRuns: 25,
      seed: 20261130,
      skipTooDeep: true,
    }));
});
