// A work order's production entries (completions) answered in one go: the root field workOrderCompletions, a plain
// list, is registered beside its resolver (compiledArray in src/graphql/shared/compiled-records.ts): the domain
// checks the order and reads the entries' ids in its order, and one statement writes them as the selection asks,
// with the dates and the consumed components (a jsonb array) declared beside their resolvers
// (src/graphql/work-orders/work-order-types.ts). A work order's own type has no relation to its completions (only
// the path in `links`), so no other compiled root reaches them. Here those answers equal graphql's ordinary
// execution field by field, keys in the same order and values alike, for REST lists (GET
// /work-orders/{id}/completions) and random selections over /graphql. The data is varied: entries posted over REST
// (the BOM's components over two locations and lots, components listed instead, a lot-tracked output with and
// without dates, text JSON must escape), an order without entries, and 100 entries written directly with no
// components or several, decimals at full precision (tiny, huge, stored as text and as numbers), nulls. A list
// runs as many statements for 2 entries as for 100, and an unknown order is the same 404 either way.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { workOrderRoutes } from '../../rest-mapping/work-orders.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fieldByField } from '../support/random-selection.js';
import { getRoute, listAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(workOrderRoutes, '/work-orders/{workOrderId}/completions');
/** Orders with entries over REST, one without, and one with 100 written directly (last). */
const orderIds: number[] = [];

/** GET /work-orders/{id}/completions answers as field by field, written by one statement: its statement count and how many entries. */
async function completionsAsFieldByField(workOrderId: number): Promise<{ count: number; entries: number }> {
  const { body, count } = await listAsFieldByField(on, listRoute, `/work-orders/${workOrderId}/completions`, { workOrderId }, 'workOrderCompletions');
  return { count, entries: body.data.length };
}

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const plant = await post('/locations', { name: 'Plant "main"' });
  const shelf = await post('/locations', { name: 'Plant shelf \\ ☃', parent_id: plant.id });
  const resin = await post('/products', { name: 'Resin', sku: 'RESIN', lot_tracking: true, lot_deduction_strategy: 'FIFO' });
  const screw = await post('/products', { name: 'Screw', sku: 'SCREW' });
  const widget = await post('/products', { name: 'Widget', sku: 'WIDGET', lot_tracking: true });
  const gadget = await post('/products', { name: 'Gadget', sku: 'GADGET' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: resin.id, location_id: plant.id, quantity: 3, unit_cost: 2.1234567891, lot_number: 'R "1"', production_date: '2026-01-01' },
      { product_id: resin.id, location_id: shelf.id, quantity: 40, unit_cost: 123456.7890123456, lot_number: 'R-2' },
      { product_id: screw.id, location_id: shelf.id, quantity: 200, unit_cost: 0.0000000001 },
      { product_id: screw.id, location_id: plant.id, quantity: 150, unit_cost: 1 },
    ],
  });
  const bom = await post('/boms', { name: 'Widget BOM', items: [{ product_id: resin.id, quantity: 2.5 }, { product_id: screw.id, quantity: 1.000001 }], extra_costs: [{ name: 'Labour', quantity: 1, unit_price: 0.333333 }] });
  await api('PATCH', `/products/${widget.id}`, { bom_ids: [bom.id] });

  // The BOM's components, taken over two locations and lots; a lot-tracked output with and without dates.
  const made = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 20, production_warehouse_id: plant.id, service_unit_price: 0.0000000001 });
  await post(`/work-orders/${made.id}/release`);
  await post(`/work-orders/${made.id}/completions`, { quantity: 1.5, lot_number: 'W "1" \\ ☃\n', production_date: '2028-02-29', expiry_date: '2031-12-31' });
  await post(`/work-orders/${made.id}/completions`, { quantity: 2.0000000001, lot_number: 'W-2' });
  // Components listed instead of the BOM's, one of them a named lot; no lot on the output.
  const listed = await post('/work-orders', { produced_sku_id: gadget.id, planned_qty: 5, production_warehouse_id: plant.id });
  await post(`/work-orders/${listed.id}/release`);
  await post(`/work-orders/${listed.id}/completions`, { quantity: 0.0001, expiry_date: '2030-01-01', components: [{ product_id: resin.id, quantity: 1, lot_number: 'R-2' }, { product_id: screw.id, quantity: 160 }] });
  // No entries.
  const none = await post('/work-orders', { produced_sku_id: gadget.id, planned_qty: 1, production_warehouse_id: plant.id });
  // 100 entries written directly: 0–3 components each, decimals as text (as the domain stores them) and as numbers.
  const bulk = await post('/work-orders', { produced_sku_id: gadget.id, planned_qty: 1000, production_warehouse_id: plant.id });
  orderIds.push(made.id, listed.id, none.id, bulk.id);
  const quantities = ['2.5', '1e-10', '12345678901234.1234567891', '0', 3.25, '0.3333333333'];
  await db.workOrderCompletion.createMany({
    data: Array.from({ length: 100 }, (_, i) => ({
      workOrderId: bulk.id,
      quantity: `${i}.${String(i % 10).repeat(10)}`,
      lotNumber: i % 3 ? null : `L-${i} "q" \\`,
      productionDate: i % 4 ? null : new Date(Date.UTC(2029, i % 12, 1 + (i % 28))),
      expiryDate: i % 5 ? null : new Date(Date.UTC(2032, 1, 29 - (i % 2))),
      unitCost: i % 7 ? '0.0000000001' : '99999999999999.9999999999',
      componentsCost: i,
      extraCost: '0.5',
      serviceCost: 0,
      components: Array.from({ length: i % 4 }, (_, k) => ({
        productId: k % 2 ? screw.id : resin.id,
        locationId: k % 2 ? shelf.id : plant.id,
        lotId: k % 2 ? null : i + k,
        quantity: quantities[(i + k) % quantities.length],
        unitCost: quantities[(i + k + 1) % quantities.length],
      })),
      createdBy: i % 2 ? null : i,
    })) as any,
  });
}, 60_000);

describe('production entries written by one statement', () => {
  it('GET /work-orders/{id}/completions answers as field by field, and runs as many statements for 2 entries as for 100', async () => {
    const answers = [];
    for (const id of orderIds) answers.push(await completionsAsFieldByField(id));
    expect(answers.map(({ entries }) => entries)).toEqual([2, 1, 0, 100]);
    expect(answers[3]!.count).toBe(answers[0]!.count);
  });

  it('an unknown work order is the same 404 as field by field', async () => {
    const res = await api('GET', '/work-orders/999999/completions');
    expect(res.status, res.text).toBe(404);
    const ordinary = await fieldByField(server, listRoute.graphql, { workOrderId: 999999 }, acme);
    expect(ordinary.body.errors?.[0]?.message).toBe(res.body.message);
  });
});

describe('random selections over /graphql', () => {
  it('of production entries answer as field by field', () =>
    selectionsAsFieldByField(
      on,
      ['WorkOrderCompletion'],
      ([entry], id) => [`query Entries { workOrderCompletions(workOrderId: ${id}) { ${entry!.text} } } ${entry!.fragments.join(' ')}`],
      { numRuns: 20, seed: 20261201, ids: orderIds },
    ));
});
