// The events of changes that move no document to a new status (issue 35: documentChanged announces every change
// of a document's status or lines, and it reads them from the outbox): drafts created, edited and deleted,
// reservations retried and released, receipts voided, shipments drafted, packed, labelled and voided, work
// orders edited, held, resumed, worked step by step, producing and cancelled, count sessions created, counted,
// reset, reopened, cancelled and deleted. Each is read from GET /events with its data; a refused command writes
// none.
import { describe, expect, it, vi } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { expectErrors } from '../support/rest-client.js';

const { api, post } = serverForFile(['acme']);

/** The events of one resource (by the id field its data carries), in order, once `count` of them show. */
async function eventsOf(prefix: string, idField: string, id: number, count: number): Promise<any[]> {
  return vi.waitUntil(
    async () => {
      const res = await api('GET', '/events?limit=100');
      expect(res.status, res.text).toBe(200);
      const mine = res.body.data.filter((event: any) => event.type.startsWith(prefix) && event.data[idField] === id);
      return mine.length >= count && mine;
    },
    { timeout: 20_000, interval: 25 },
  );
}
const types = (events: any[]) => events.map((event) => event.type);

describe('events of changes within a status', () => {
  it('sales and purchase orders: drafts created, edited and deleted, reservations retried and released, a receipt voided', async () => {
    const warehouse = await post('/locations', { name: 'Edits' });
    const widget = await post('/products', { name: 'Widget', sku: 'E-1', retail_price: 10 });
    const channel = await salesChannelFrom(post, [warehouse.id]);

    const so = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 3 }] });
    expect((await api('PATCH', `/sales-orders/${so.id}`, { notes: 'Rush', lines: [{ product_id: widget.id, quantity: 4 }] })).status).toBe(200);
    await post(`/sales-orders/${so.id}/confirm`);
    await post(`/sales-orders/${so.id}/deallocate`);
    await post(`/sales-orders/${so.id}/allocate`);
    expectErrors(await api('PATCH', `/sales-orders/${so.id}`, { notes: 'Too late' }), ['status']); // refused: no event
    const scrapped = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 1 }] });
    expect((await api('DELETE', `/sales-orders/${scrapped.id}`)).status).toBe(200);

    const order = await eventsOf('sales_order.', 'sales_order_id', so.id, 5);
    expect(types(order)).toEqual(['sales_order.created', 'sales_order.updated', 'sales_order.confirmed', 'sales_order.deallocated', 'sales_order.allocated']);
    expect(order[1].data).toMatchObject({ sales_order_id: so.id, status: 'draft', total: 40 });
    expect(order[1].data.changed.sort()).toEqual(['lines', 'notes']);
    expect(order[3].data).toMatchObject({ status: 'confirmed' });
    expect(types(await eventsOf('sales_order.', 'sales_order_id', scrapped.id, 2))).toEqual(['sales_order.created', 'sales_order.deleted']);

    const supplier = await post('/suppliers', { name: 'Edits Inc.' });
    const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: widget.id, quantity: 5, unit_cost: 2 }] });
    expect((await api('PATCH', `/purchase-orders/${po.id}`, { notes: 'Call first' })).status).toBe(200);
    const submitted = await post(`/purchase-orders/${po.id}/submit`);
    const report = await post(`/purchase-orders/${po.id}/receiving-reports`, { lines: [{ purchase_order_line_id: submitted.lines[0].id, quantity: 2 }] });
    await post(`/receiving-reports/${report.id}/void`);
    const dropped = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines: [{ product_id: widget.id, quantity: 1, unit_cost: 2 }] });
    expect((await api('DELETE', `/purchase-orders/${dropped.id}`)).status).toBe(200);

    const purchase = await eventsOf('purchase_order.', 'purchase_order_id', po.id, 5);
    expect(types(purchase)).toEqual(['purchase_order.created', 'purchase_order.updated', 'purchase_order.submitted', 'purchase_order.received', 'purchase_order.receipt_voided']);
    expect(purchase[1].data).toEqual({ purchase_order_id: po.id, po_number: po.po_number, status: 'draft', supplier_id: supplier.id, warehouse_id: warehouse.id, changed: ['notes'] });
    expect(purchase[4].data).toMatchObject({ status: 'submitted', receiving_report_id: report.id, report_number: report.report_number });
    expect(types(await eventsOf('purchase_order.', 'purchase_order_id', dropped.id, 2))).toEqual(['purchase_order.created', 'purchase_order.deleted']);
  }, 60_000);

  it('shipments drafted, packed and voided; work orders edited, held, resumed, worked, producing and cancelled', async () => {
    const warehouse = await post('/locations', { name: 'Floor' });
    const part = await post('/products', { name: 'Part', sku: 'E-PART', retail_price: 1 });
    await post('/inventory/adjustments', { lines: [{ product_id: part.id, location_id: warehouse.id, quantity: 10, unit_cost: 1 }] });
    const channel = await salesChannelFrom(post, [warehouse.id], 'Floor');
    const so = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: part.id, quantity: 2 }] });
    await post(`/sales-orders/${so.id}/confirm`);
    expect((await api('PATCH', '/company', { gs1_company_prefix: '0614141' })).status).toBe(200);
    const shipment = await post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 2 }] });
    await post(`/sales-orders/${so.id}/shipments/${shipment.id}/packages`, { carrier_alpha_code: 'UPSN', packages: [{ package_type: 'carton', contained_items: [{ order_item_id: so.lines[0].id, quantity: 2 }] }] });
    await post(`/shipments/${shipment.id}/void`);
    expectErrors(await api('POST', `/shipments/${shipment.id}/void`), ['status']);

    const shipped = await eventsOf('shipment.', 'shipment_id', shipment.id, 3);
    expect(types(shipped)).toEqual(['shipment.created', 'shipment.updated', 'shipment.voided']);
    expect(shipped[1].data).toEqual({ shipment_id: shipment.id, sales_order_id: so.id, fulfillment_order_id: null, status: 'draft', changed: ['packages', 'carrier_alpha_code'] });
    expect(shipped[2].data).toMatchObject({ status: 'void' });

    const kit = await post('/products', { name: 'Assembly', sku: 'E-ASM', retail_price: 5 });
    const order = await post('/work-orders', { produced_sku_id: kit.id, planned_qty: 4, production_warehouse_id: warehouse.id, steps: [{ sequence: 1 }, { sequence: 2 }] });
    expect((await api('PATCH', `/work-orders/${order.id}`, { planned_qty: 3 })).status).toBe(200);
    await post(`/work-orders/${order.id}/release`);
    await post(`/work-orders/${order.id}/hold`, { reason: 'Waiting for parts' });
    await post(`/work-orders/${order.id}/resume`);
    await post(`/work-orders/${order.id}/steps/${order.steps[0].id}/complete`, { quantity: 4 }); // the steps were planned for 4
    await post(`/work-orders/${order.id}/steps/${order.steps[1].id}/skip`);
    await post(`/work-orders/${order.id}/completions`, { quantity: 1, components: [{ product_id: part.id, quantity: 2 }] });
    await post(`/work-orders/${order.id}/cancel`, { reason: 'Enough' });
    const draft = await post('/work-orders', { produced_sku_id: kit.id, planned_qty: 1, production_warehouse_id: warehouse.id });
    expect((await api('DELETE', `/work-orders/${draft.id}`)).status).toBe(200);

    const work = await eventsOf('work_order.', 'work_order_id', order.id, 9);
    expect(types(work)).toEqual([
      'work_order.created',
      'work_order.updated',
      'work_order.released',
      'work_order.held',
      'work_order.resumed',
      'work_order.step_completed',
      'work_order.step_skipped',
      'work_order.production_recorded',
      'work_order.cancelled',
    ]);
    expect(work[1].data).toEqual({ work_order_id: order.id, work_order_number: order.work_order_number, produced_sku_id: kit.id, status: 'draft', changed: ['planned_qty'] });
    expect(work[3].data).toMatchObject({ status: 'released', is_on_hold: true, reason: 'Waiting for parts' });
    expect(work[5].data).toMatchObject({ status: 'in_progress', step_id: order.steps[0].id, completed_qty: 4, step_status: 'completed' });
    expect(work[6].data).toMatchObject({ step_id: order.steps[1].id });
    expect(work[7].data).toMatchObject({ quantity: 1, completion_id: expect.any(Number) });
    expect(work[8].data).toMatchObject({ status: 'cancelled', reason: 'Enough' });
    expect(types(await eventsOf('work_order.', 'work_order_id', draft.id, 2))).toEqual(['work_order.created', 'work_order.deleted']);
  }, 60_000);

  it('count sessions created, counted, reset, reopened, cancelled, and deleted with their batch', async () => {
    const warehouse = await post('/locations', { name: 'Counted' });
    await post('/products', { name: 'Counted', sku: 'E-CNT' });
    const batch = await post('/pickflow/cycle-count-batches', { name: 'Edits', warehouse_ids: [warehouse.id] });
    const id = batch.sessions[0].id;
    const step = async (operation: string, body?: unknown) => {
      const res = await api('POST', `/pickflow/cycle-counts/${id}/${operation}`, body);
      expect(res.status, res.text).toBe(200);
    };
    await step('start');
    await step('counts', { counts: [{ sku: 'E-CNT', locationId: warehouse.id, countedQuantity: 2 }] });
    await step('reset-counts');
    await step('counts', { counts: [{ sku: 'E-CNT', locationId: warehouse.id, countedQuantity: 1 }] });
    await step('submit-review');
    await step('reopen');
    await step('cancel');
    const unused = await post('/pickflow/cycle-count-batches', { name: 'Unused', warehouse_ids: [warehouse.id] });
    expect((await api('DELETE', `/pickflow/cycle-count-batches/${unused.id}`)).status).toBe(200);

    const counted = await eventsOf('cycle_count.', 'cycle_count_session_id', id, 8);
    expect(types(counted)).toEqual([
      'cycle_count.created',
      'cycle_count.started',
      'cycle_count.counted',
      'cycle_count.reset',
      'cycle_count.counted',
      'cycle_count.submitted',
      'cycle_count.reopened',
      'cycle_count.cancelled',
    ]);
    expect(counted.map((event) => event.data.status)).toEqual(['draft', 'in_progress', 'in_progress', 'in_progress', 'in_progress', 'pending_review', 'in_progress', 'cancelled']);
    const gone = unused.sessions[0].id;
    expect(types(await eventsOf('cycle_count.', 'cycle_count_session_id', gone, 2))).toEqual(['cycle_count.created', 'cycle_count.deleted']);
  }, 60_000);
});
