// The parts of documents read as plain lists, answered in one go (compiledArray in src/graphql/shared/compiled-records.ts):
// a work order's steps (by sequence) and status history (by id), a shipment's top-level packages (in packing order,
// with their children and items) and a sales order's shipments (by id). The domain checks the document and reads the
// ids in its order, and one statement writes them as the selection asks. Here those answers equal graphql's ordinary
// execution field by field, keys in the same order and values alike, for the REST lists and random selections over
// /graphql. The data: documents made and moved through the API (steps completed in part and skipped, holds with reasons
// JSON must escape, packages nested with items), documents with none, and many written directly (steps and events at
// full precision, nulls, packages out of id order by position, shipments of every status). A list runs as many
// statements for a few records as for many, and an unknown document is the same 404 either way.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { workOrderRoutes } from '../../rest-mapping/work-orders.js';
import { shipmentRoutes } from '../../rest-mapping/shipments.js';
import { shipmentPackageRoutes } from '../../rest-mapping/shipment-packages.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { statementCounter } from '../support/statement-log.js';
import { fieldByField } from '../support/random-selection.js';
import { getRoute, listAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const stepsRoute = getRoute(workOrderRoutes, '/work-orders/{workOrderId}/steps');
const historyRoute = getRoute(workOrderRoutes, '/work-orders/{workOrderId}/status-history');
const orderShipmentsRoute = getRoute(shipmentRoutes, '/sales-orders/{salesOrderId}/shipments');
const packagesRoute = getRoute(shipmentPackageRoutes, '/shipments/{shipmentId}/packages');
/** Work orders: moved through the API, without steps, and with 100 steps and events written directly (last). */
const workOrderIds: number[] = [];
/** Sales orders: with shipments made over REST, without any, and with 60 written directly (last). */
const salesOrderIds: number[] = [];
/** Shipments: packed over REST, without packages, and with 100 top-level packages written directly (last). */
const shipmentIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  expect((await api('PATCH', '/company', { gs1_company_prefix: '0614141' })).status).toBe(200);
  const plant = await post('/locations', { name: 'Plant "main"' });
  const shelf = await post('/locations', { name: 'Shelf \\ ☃', parent_id: plant.id });
  const vendor = await post('/suppliers', { name: 'Coater "C"' });
  const widget = await post('/products', { name: 'Widget', sku: 'WIDGET' });
  const primed = await post('/products', { name: 'Primed\nwidget', sku: 'PRIMED' });
  const bolt = await post('/products', { name: 'Bolt "M8"', sku: 'BOLT', upc: '012345678905', retail_price: 0.000001 });
  const nut = await post('/products', { name: 'Nut', sku: 'NUT', retail_price: 3 });

  // Work orders: steps of every kind, completed in part and skipped; a hold with a reason JSON must escape.
  const moved = await post('/work-orders', {
    produced_sku_id: widget.id, planned_qty: 12.3456789012, production_warehouse_id: plant.id,
    steps: [
      { sequence: 30, output_sku_id: widget.id },
      { sequence: 10, output_sku_id: primed.id, supply_mode: 'outside_processing', vendor_id: vendor.id, is_outside_processing: true, planned_qty: 0.0000000001 },
      { sequence: 20 },
    ],
  });
  await post(`/work-orders/${moved.id}/release`);
  await post(`/work-orders/${moved.id}/hold`, { reason: 'Waiting "parts" \\ ☃\nsecond line' });
  await post(`/work-orders/${moved.id}/resume`);
  const steps = (await api('GET', `/work-orders/${moved.id}/steps`)).body.data;
  await post(`/work-orders/${moved.id}/steps/${steps[0].id}/complete`, { quantity: 0.0000000001 });
  await post(`/work-orders/${moved.id}/steps/${steps[1].id}/skip`);
  await post(`/work-orders/${moved.id}/cancel`, { reason: '' });
  const bare = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 1, production_warehouse_id: plant.id });
  const bulk = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 1000, production_warehouse_id: plant.id });
  // Sequences written in reverse of their ids, so the list's order is not the ids'.
  await db.workOrderStep.createMany({
    data: Array.from({ length: 100 }, (_, i) => ({
      workOrderId: bulk.id,
      sequence: 1000 - i * 7,
      outputSkuId: i % 3 ? null : [widget.id, primed.id][i % 2],
      supplyMode: i % 4 ? null : 'in_house',
      vendorId: i % 5 ? null : vendor.id,
      isOutsideProcessing: i % 5 === 0,
      plannedQty: i % 6 ? `${i}.${String(i).padStart(10, '9')}` : null,
      completedQty: i % 2 ? '99999999999999.9999999999' : '0',
      status: ['pending', 'in_progress', 'completed', 'skipped'][i % 4],
      skippedBy: i % 4 === 3 ? i : null,
      skippedAt: i % 4 === 3 ? new Date(Date.UTC(2026, 2, 1, 0, 0, i, 123)) : null,
      completedAt: i % 4 === 2 ? new Date(Date.UTC(2026, 2, 2)) : null,
    })) as any,
  });
  await db.workOrderStatusEvent.createMany({
    data: Array.from({ length: 100 }, (_, i) => ({
      workOrderId: bulk.id,
      event: ['held', 'resumed'][i % 2],
      fromStatus: i % 3 ? 'released' : null,
      toStatus: 'released',
      reason: i % 2 ? null : `Reason ${i} "q" \\ ☃\n`,
      actorId: i % 4 ? null : i,
      createdAt: new Date(Date.UTC(2026, 3, 1, 0, 0, 100 - i)),
    })) as any,
  });
  workOrderIds.push(moved.id, bare.id, bulk.id);

  // Sales orders and shipments.
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: shelf.id, quantity: 500, unit_cost: 1.2345678901 },
      { product_id: nut.id, location_id: plant.id, quantity: 333.3333333333, unit_cost: 7 },
    ],
  });
  const channel = await salesChannelFrom(post, [plant.id], 'Web ✓');
  const order = async () => {
    const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 20.1234567891 }, { product_id: nut.id, quantity: 10 }] });
    return post(`/sales-orders/${draft.id}/confirm`);
  };
  const first = await order();
  const packed = await post(`/sales-orders/${first.id}/shipments`, {
    carrier: 'UPS "Ground" \\ ☃',
    ship_date: '2031-02-03',
    lines: [{ sales_order_line_id: first.lines[0].id, quantity: 7.1234567891 }, { sales_order_line_id: first.lines[1].id, quantity: 3 }],
  });
  const item = (line: number, quantity: number, more: Record<string, unknown> = {}) => ({ order_item_id: first.lines[line].id, quantity, ...more });
  const packing = await api('POST', `/sales-orders/${first.id}/shipments/${packed.id}/packages`, {
    bill_of_lading_number: 'BOL "1"',
    packages: [
      {
        package_type: 'pallet', weight_lb: 99999999.9999, length_in: 0.0001,
        contained_items: [item(1, 1, { serial_number: 'SN\n1', expiration_date: '2030-12-31' })],
        child_packages: [
          { tracking: '1Z "999"', package_quantity: 3, contained_items: [item(0, 1.1234567891, { description: 'Blue "widgets" \\ ☃', weight_lb: 1.5 })], child_packages: [{ package_type: 'inner', contained_items: [item(0, 2)] }] },
          { package_type: 'carton' },
        ],
      },
      { package_type: 'box', tracking: 'T2' },
    ],
  });
  expect(packing.status, packing.text).toBe(201);
  const unpacked = await post(`/sales-orders/${first.id}/shipments`, { service: 'Next day', lines: [{ sales_order_line_id: first.lines[1].id, quantity: 1.5 }] });
  await post(`/shipments/${unpacked.id}/void`);
  const none = await order();
  const many = await order();
  const manyShipments = await db.shipment.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 60 }, (_, i) => ({
      salesOrderId: many.id,
      status: ['draft', 'shipped', 'void'][i % 3],
      carrier: i % 2 ? null : `Carrier "${i}" \\`,
      shipDate: i % 3 ? null : new Date(Date.UTC(2028, 1, 29)),
      labelCost: i % 4 ? null : `${i}.${String(i).padStart(4, '9')}`,
      shippedAt: i % 3 === 1 ? new Date(Date.UTC(2026, 5, 1, 0, 0, i, 5)) : null,
    })) as any,
  });
  salesOrderIds.push(first.id, none.id, many.id);

  // 100 top-level packages of one shipment, positions against their ids, some with a child and items.
  const boxes = await db.shipmentPackage.createManyAndReturn({
    select: { id: true },
    data: Array.from({ length: 100 }, (_, i) => ({
      shipmentId: manyShipments[0]!.id,
      sscc: `9${String(i).padStart(17, '0')}`,
      tracking: i % 3 ? null : `T "${i}"\n`,
      packageQuantity: (i % 4) + 1,
      packageType: i % 2 ? 'carton' : null,
      lengthIn: i % 5 ? `${i}.${String(i % 10).repeat(4)}` : null,
      weightLb: i % 7 ? '99999999.9999' : '0.0001',
      position: (100 - i) % 37,
    })) as any,
  });
  await db.shipmentPackage.createMany({
    data: boxes.filter((_, i) => i % 9 === 0).map(({ id }, i) => ({ shipmentId: manyShipments[0]!.id, parentPackageId: id, sscc: `8${String(i).padStart(17, '0')}`, position: 0 })) as any,
  });
  await db.packageItem.createMany({
    data: boxes.filter((_, i) => i % 4 === 0).map(({ id }, i) => ({
      packageId: id,
      salesOrderLineId: many.lines[i % 2].id,
      quantity: i % 2 ? '0.0000000001' : `${i}.1234567891`,
      lotNumber: i % 3 ? null : 'LOT "A" \\ ☃',
      expirationDate: i % 5 ? null : new Date(Date.UTC(2030, 11, 31)),
    })) as any,
  });
  shipmentIds.push(packed.id, unpacked.id, manyShipments[0]!.id);
}, 90_000);

/** The REST list `path` answers as field by field, written by one statement: its statement count and how many records. */
async function listed(route: typeof stepsRoute, path: string, variables: Record<string, unknown>, root: string) {
  const { body, count } = await listAsFieldByField(on, route, path, variables, root);
  return { count, records: body.data.length };
}

/** Each document's list answers as field by field; the last one's many records take as many statements as the first's few. */
async function everyList(route: typeof stepsRoute, ids: number[], path: (id: number) => string, variable: string, root: string) {
  const answers = [];
  for (const id of ids) answers.push(await listed(route, path(id), { [variable]: id }, root));
  expect(answers.at(-1)!.records).toBeGreaterThan(answers[0]!.records);
  expect(answers.at(-1)!.count).toBe(answers[0]!.count);
  return answers;
}

/** An unknown document is the same 404 over REST as field by field. */
async function unknownIsNotFound(path: string, route: typeof stepsRoute, variables: Record<string, unknown>) {
  const rest = await api('GET', path);
  expect(rest.status).toBe(404);
  const ordinary = await fieldByField(server, route.graphql, variables, acme);
  expect(ordinary.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
}

describe('a work order\'s steps and status history written by one statement', () => {
  it('GET /work-orders/{id}/steps answers as field by field, as many statements for 3 steps as for 100', async () => {
    const answers = await everyList(stepsRoute, [workOrderIds[0]!, workOrderIds[2]!], (id) => `/work-orders/${id}/steps`, 'workOrderId', 'workOrderSteps');
    expect(answers.map((a) => a.records)).toEqual([3, 100]);
    await listed(stepsRoute, `/work-orders/${workOrderIds[1]}/steps`, { workOrderId: workOrderIds[1] }, 'workOrderSteps');
    await unknownIsNotFound('/work-orders/999999/steps', stepsRoute, { workOrderId: 999999 });
  });

  it('GET /work-orders/{id}/status-history answers as field by field, as many statements for 1 event as for 101', async () => {
    const answers = await everyList(historyRoute, [workOrderIds[1]!, workOrderIds[0]!, workOrderIds[2]!], (id) => `/work-orders/${id}/status-history`, 'workOrderId', 'workOrderStatusHistory');
    expect(answers.map((a) => a.records)).toEqual([1, 6, 101]);
    await unknownIsNotFound('/work-orders/999999/status-history', historyRoute, { workOrderId: 999999 });
  });
});

describe('a sales order\'s shipments and a shipment\'s packages written by one statement', () => {
  it('GET /sales-orders/{id}/shipments answers as field by field, as many statements for none as for 60', async () => {
    const answers = await everyList(orderShipmentsRoute, [salesOrderIds[1]!, salesOrderIds[0]!, salesOrderIds[2]!], (id) => `/sales-orders/${id}/shipments`, 'salesOrderId', 'salesOrderShipments');
    expect(answers.map((a) => a.records)).toEqual([0, 2, 60]);
    await unknownIsNotFound('/sales-orders/999999/shipments', orderShipmentsRoute, { salesOrderId: 999999 });
  });

  it('GET /shipments/{id}/packages answers as field by field, as many statements for none as for 100', async () => {
    const answers = await everyList(packagesRoute, [shipmentIds[1]!, shipmentIds[0]!, shipmentIds[2]!], (id) => `/shipments/${id}/packages`, 'shipmentId', 'shipmentPackages');
    expect(answers.map((a) => a.records)).toEqual([0, 2, 100]);
    await unknownIsNotFound('/shipments/999999/packages', packagesRoute, { shipmentId: 999999 });
  });
});

describe('random selections over /graphql', () => {
  const listQuery = (root: string, arg: string) => ([{ text, fragments }]: Array<{ text: string; fragments: string[] }>, id: number) =>
    [`query List { ${root}(${arg}: ${id}) { ${text} } } ${fragments.join(' ')}`];

  it('of work order steps answer as field by field', () =>
    selectionsAsFieldByField(on, ['WorkOrderStep'], listQuery('workOrderSteps', 'workOrderId'), { numRuns: 15, seed: 20261204, ids: workOrderIds, skipTooDeep: true }));

  it('of status events answer as field by field', () =>
    selectionsAsFieldByField(on, ['WorkOrderStatusEvent'], listQuery('workOrderStatusHistory', 'workOrderId'), { numRuns: 15, seed: 20261205, ids: workOrderIds }));

  it('of a sales order\'s shipments answer as field by field', () =>
    selectionsAsFieldByField(on, ['Shipment'], listQuery('salesOrderShipments', 'salesOrderId'), { numRuns: 15, seed: 20261206, ids: salesOrderIds, skipTooDeep: true }));

  it('of shipment packages answer as field by field', () =>
    selectionsAsFieldByField(on, ['ShipmentPackage'], listQuery('shipmentPackages', 'shipmentId'), { numRuns: 15, seed: 20261207, ids: shipmentIds, skipTooDeep: true }));
});
