// The event outbox and GET /events over real HTTP: each business change writes its event in its own
// transaction (a refused command writes none), the feed reads them in order page by page with cursors, filters
// by type, refuses bad parameters with 422, keeps companies apart, and — on PostgreSQL — never shows an event of
// a transaction still open, nor anything after it, so a reader going on from a cursor skips nothing.
import { describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { expectErrors } from '../support/rest-client.js';
import { withAdmin } from '../support/database-servers.js';
import { onPostgres } from '../support/test-database.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { recordEvent } from '../../src/domain/events/outbox.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);

/**
 * Waits for a condition (vi.waitUntil, probing every 25 ms; a time-out names `what`). On PostgreSQL a committed
 * event shows once every older transaction of its database has ended (the feed's horizon), and the server's own
 * jobs run beside the requests: the feed may lag a moment.
 */
const until = <T>(what: string, probe: () => Promise<T | undefined | false>, timeout = 20_000) =>
  vi.waitUntil(probe, { timeout, interval: 25 }).catch((error: Error) => {
    if (error.message.startsWith('Timed out')) error.message = `Timed out waiting for ${what}.`;
    throw error;
  });

/** Every event of the feed after `after`, read `limit` at a time. */
async function readAll(query = '', limit = 100, tenant?: Tenant): Promise<{ events: any[]; next: string }> {
  const events: any[] = [];
  let after = '';
  for (;;) {
    const res = await api('GET', `/events?limit=${limit}${query}${after ? `&after=${after}` : ''}`, undefined, tenant);
    expect(res.status, res.text).toBe(200);
    events.push(...res.body.data);
    after = res.body.meta.next_cursor;
    if (!res.body.meta.has_more) return { events, next: after };
  }
}

describe('the event outbox', () => {
  it('records one event per business change, in order, with its data', async () => {
    const warehouse = await post('/locations', { name: 'Main' });
    const widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10, unit_cost: 1 });
    expect((await api('PATCH', `/products/${widget.id}`, { retail_price: 12 })).status).toBe(200);
    const adjustment = await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: warehouse.id, quantity: 20, unit_cost: 1 }] });

    const supplier = await post('/suppliers', { name: 'Bolts Inc.' });
    const draftPo = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-11-01', lines: [{ product_id: widget.id, quantity: 5, unit_cost: 2 }] });
    const po = await post(`/purchase-orders/${draftPo.id}/submit`);
    expectErrors(await api('POST', `/purchase-orders/${po.id}/submit`), ['status']); // refused: no event
    const report = await post(`/purchase-orders/${po.id}/receiving-reports`, { lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 5 }] });

    const channel = await salesChannelFrom(post, [warehouse.id]);
    const draftSo = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 3 }] });
    const so = await post(`/sales-orders/${draftSo.id}/confirm`);
    const draftShipment = await post(`/sales-orders/${so.id}/shipments`, { lines: [{ sales_order_line_id: so.lines[0].id, quantity: 3 }] });
    const shipment = await post(`/shipments/${draftShipment.id}/ship`);
    const invoice = await post(`/sales-orders/${so.id}/invoices`);

    const workOrder = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 4, production_warehouse_id: warehouse.id });
    await post(`/work-orders/${workOrder.id}/release`);
    await post(`/work-orders/${workOrder.id}/complete`, { force: true });

    const batch = await post('/pickflow/cycle-count-batches', { name: 'Count', warehouse_ids: [warehouse.id] });
    const sessionId = batch.sessions[0].id;
    const lifecycle = async (operation: string, body?: unknown) => {
      const res = await api('POST', `/pickflow/cycle-counts/${sessionId}/${operation}`, body);
      expect(res.status, res.text).toBe(200);
    };
    await lifecycle('start');
    await lifecycle('counts', { counts: [{ sku: 'W-1', locationId: warehouse.id, countedQuantity: 21 }] });
    await lifecycle('submit-review');
    await lifecycle('post');

    const scrap = await post('/products', { name: 'Scrap', sku: 'S-1' });
    expect((await api('DELETE', `/products/${scrap.id}`)).status).toBe(200);
    const cancelled = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 1 }] });
    await post(`/sales-orders/${cancelled.id}/cancel`);

    const { events } = await until('every event in the feed', async () => {
      const read = await readAll();
      return read.events.length >= 26 && read;
    });
    expect(events.map((event) => event.type)).toEqual([
      'product.created',
      'product.updated',
      'stock.moved',
      'purchase_order.created',
      'purchase_order.submitted',
      'stock.moved',
      'purchase_order.received',
      'sales_order.created',
      'sales_order.confirmed',
      'shipment.created',
      'stock.moved',
      'shipment.shipped',
      'invoice.created',
      'work_order.created',
      'work_order.released',
      'work_order.completed',
      'cycle_count.created',
      'cycle_count.started',
      'cycle_count.counted',
      'cycle_count.submitted',
      'stock.moved',
      'cycle_count.posted',
      'product.created',
      'product.deleted',
      'sales_order.created',
      'sales_order.cancelled',
    ]);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['cursor', 'data', 'id', 'occurred_at', 'type']);
      expect(event.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const nth = (type: string, n = 0) => events.filter((event) => event.type === type)[n]!;
    const [created, updated, adjusted, submitted, received, receivedPo, confirmed, shippedStock, shipped, invoiced, completed, counted, posted, deleted] = [
      nth('product.created'),
      nth('product.updated'),
      nth('stock.moved', 0),
      nth('purchase_order.submitted'),
      nth('stock.moved', 1),
      nth('purchase_order.received'),
      nth('sales_order.confirmed'),
      nth('stock.moved', 2),
      nth('shipment.shipped'),
      nth('invoice.created'),
      nth('work_order.completed'),
      nth('stock.moved', 3),
      nth('cycle_count.posted'),
      nth('product.deleted'),
    ];
    expect(nth('purchase_order.created').data).toEqual({ purchase_order_id: po.id, po_number: po.po_number, status: 'draft', supplier_id: supplier.id, warehouse_id: warehouse.id });
    expect(nth('sales_order.created').data).toMatchObject({ sales_order_id: so.id, order_number: so.order_number, status: 'draft', channel_id: channel.id });
    expect(nth('shipment.created').data).toEqual({ shipment_id: shipment.id, sales_order_id: so.id, fulfillment_order_id: null, status: 'draft' });
    expect(nth('work_order.created').data).toEqual({ work_order_id: workOrder.id, work_order_number: workOrder.work_order_number, produced_sku_id: widget.id, status: 'draft' });
    expect(nth('work_order.released').data).toMatchObject({ work_order_id: workOrder.id, status: 'released' });
    expect(nth('cycle_count.created').data).toEqual({ cycle_count_session_id: sessionId, batch_id: batch.id, warehouse_id: warehouse.id, status: 'draft' });
    expect(nth('cycle_count.started').data).toMatchObject({ cycle_count_session_id: sessionId, status: 'in_progress' });
    expect(nth('cycle_count.counted').data).toMatchObject({ cycle_count_session_id: sessionId, status: 'in_progress', counts: 1 });
    expect(nth('cycle_count.submitted').data).toMatchObject({ cycle_count_session_id: sessionId, status: 'pending_review' });
    expect(nth('sales_order.created', 1).data).toMatchObject({ sales_order_id: cancelled.id, status: 'draft' });
    expect(created.data).toEqual({ product_id: widget.id, sku: 'W-1', name: 'Widget', type: 'PRODUCT', parent_product_id: null });
    expect(updated.data).toMatchObject({ product_id: widget.id, changed: ['retail_price'] });
    expect(adjusted.data).toMatchObject({
      source_type: 'ADJUSTMENT',
      source_id: adjustment.id,
      movements: [{ product_id: widget.id, location_id: warehouse.id, lot_id: null, quantity: 20, unit_cost: 1, reason: 'adjustment', source_type: 'ADJUSTMENT', source_id: adjustment.id }],
    });
    expect(submitted.data).toEqual({ purchase_order_id: po.id, po_number: po.po_number, status: 'submitted', supplier_id: supplier.id, warehouse_id: warehouse.id });
    expect(received.data).toMatchObject({ source_type: 'PURCHASE_RECEIPT', source_id: report.id, movements: [{ product_id: widget.id, quantity: 5 }] });
    expect(receivedPo.data).toMatchObject({
      purchase_order_id: po.id,
      status: 'received',
      receiving_report_id: report.id,
      lines: [{ purchase_order_line_id: po.lines[0].id, product_id: widget.id, quantity: 5, base_quantity: 5, unit_cost: 2 }],
    });
    expect(confirmed.data).toMatchObject({ sales_order_id: so.id, order_number: so.order_number, status: 'confirmed', channel_id: channel.id });
    expect(shippedStock.data).toMatchObject({ source_type: 'SALES_SHIPMENT', source_id: shipment.id, movements: [{ product_id: widget.id, quantity: -3, unit_cost: 1 }] });
    expect(shipped.data).toMatchObject({ shipment_id: shipment.id, sales_order_id: so.id, lines: [{ sales_order_line_id: so.lines[0].id, product_id: widget.id, quantity: 3, unit_cost: 1 }] });
    expect(invoiced.data).toMatchObject({ invoice_id: invoice.id, invoice_number: invoice.invoice_number, sales_order_id: so.id, shipment_ids: [shipment.id] });
    expect(completed.data).toMatchObject({ work_order_id: workOrder.id, produced_qty: 0, unproduced_qty: 4, forced: true });
    expect(counted.data).toMatchObject({ source_type: 'ADJUSTMENT', movements: [{ product_id: widget.id, quantity: -1 }] }); // 22 on hand, 21 counted
    expect(posted.data).toMatchObject({ cycle_count_session_id: sessionId, warehouse_id: warehouse.id, adjustment_id: counted.data.source_id, lines_with_variance: 1 });
    expect(deleted.data).toEqual({ product_id: scrap.id, variant_of: null, deactivated: false });
    // Ids grow, and each event's cursor reads on right after it.
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => a - b));
    const after = await api('GET', `/events?after=${events[12].cursor}`);
    expect(after.body.data.map((e: any) => e.id)).toEqual(events.slice(13).map((e) => e.id));
  }, 60_000);

  it('pages with cursors: the pages add up to the whole feed, and next_cursor goes on from the end', async () => {
    const { events: all, next } = await readAll();
    const { events: paged } = await readAll('', 3);
    expect(paged).toEqual(all);

    const first = await api('GET', '/events?limit=5');
    expect(first.body.meta).toEqual({ next_cursor: first.body.data[4].cursor, has_more: true });
    const end = await api('GET', `/events?after=${next}`);
    expect(end.body).toEqual({ data: [], meta: { next_cursor: expect.any(String), has_more: false } });

    const product = await post('/products', { name: 'Later', sku: 'L-1' });
    const later = await until('the new event', async () => {
      const res = await api('GET', `/events?after=${end.body.meta.next_cursor}`);
      return res.body.data.length > 0 && res;
    });
    expect(later.body.data.map((e: any) => [e.type, e.data.product_id])).toEqual([['product.created', product.id]]);
  });

  it('filters by type', async () => {
    const { events: all } = await readAll();
    const { events: filtered } = await readAll('&types=stock.moved,purchase_order.received', 2);
    expect(filtered).toEqual(all.filter((e) => e.type === 'stock.moved' || e.type === 'purchase_order.received'));
    expect(filtered.length).toBe(5);
    const repeated = await api('GET', '/events?types=stock.moved&types=shipment.shipped');
    expect(repeated.body.data.map((e: any) => e.type)).toEqual(all.filter((e) => ['stock.moved', 'shipment.shipped'].includes(e.type)).map((e) => e.type));
  });

  it('refuses a bad cursor, an unknown type, a bad limit and unknown parameters with 422 naming them', async () => {
    expectErrors(await api('GET', '/events?after=nonsense!'), ['after']);
    expectErrors(await api('GET', `/events?after=${Buffer.from('12:abc').toString('base64url')}`), ['after']);
    expectErrors(await api('GET', `/events?after=${Buffer.from('-1:2').toString('base64url')}`), ['after']);
    expectErrors(await api('GET', '/events?types=stock.moved,order.teleported'), ['types']);
    expectErrors(await api('GET', '/events?limit=0'), ['limit']);
    expectErrors(await api('GET', '/events?limit=1001'), ['limit']);
    expectErrors(await api('GET', '/events?limit=ten'), ['limit']);
    expectErrors(await api('GET', '/events?page=2'), ['page']);
    const res = await api('GET', '/events?types=nope&limit=0');
    expectErrors(res, ['types', 'limit']);
    expect(res.body.errors.types[0]).toMatch(/"nope"/);
  });

  it('keeps companies apart', async () => {
    const { events } = await readAll('', 100, globex);
    expect(events).toEqual([]);
    // A cursor of another company names only a position: it shows nothing of acme's.
    const { events: acmeEvents } = await readAll();
    const res = await api('GET', `/events?after=${acmeEvents[0].cursor}`, undefined, globex);
    expect(res.body.data).toEqual([]);
    expect((await server.call('GET', '/external/api/v1/events')).status).toBe(401);
  });

  // PGlite has one connection: a transaction held open would block the feed's own query. On PostgreSQL the
  // feed runs beside it.
  it.runIf(onPostgres)('does not show an event of an open transaction, nor any committed after it began, until it ends', async () => {
    const { next: start } = await readAll();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    const db = tenantClient(server.database.prisma, acme.companyId);
    const open = db.$transaction(
      async (tx) => {
        await recordEvent(tx, { type: 'product.updated', resourceType: 'product', resourceId: 0, data: { product_id: 0, marker: 'open transaction' } });
        written();
        await released;
      },
      { timeout: 30_000 },
    );
    await isWritten;
    // A change committed while the older transaction is still open.
    const product = await post('/products', { name: 'During', sku: 'D-1' });
    const during = await api('GET', `/events?after=${start}`);
    expect(during.body).toMatchObject({ data: [], meta: { has_more: false } });

    release();
    await open;
    const after = await until('both events', async () => {
      const res = await api('GET', `/events?after=${during.body.meta.next_cursor}`);
      return res.body.data.length >= 2 && res;
    });
    expect(after.body.data.map((e: any) => e.data.marker ?? e.data.product_id)).toEqual(['open transaction', product.id]);
  });

  // Other test files' databases live on the same server, as other services' may in production: a long
  // transaction there (a migration, a report) can write no event here and must not hold this feed back.
  it.runIf(onPostgres)('is not held back by a transaction open in another database of the server', async () => {
    const { next: start } = await readAll();
    await withAdmin(process.env.TEST_DATABASE_URL!, async (elsewhere) => {
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()');
      try {
        const product = await post('/products', { name: 'Beside', sku: 'B-1' });
        const shown = await until('the event beside the other database\'s transaction', async () => {
          const res = await api('GET', `/events?after=${start}`);
          return res.body.data.length > 0 && res;
        }, 10_000);
        expect(shown.body.data.map((e: any) => [e.type, e.data.product_id])).toEqual([['product.created', product.id]]);
      } finally {
        await elsewhere.query('ROLLBACK');
      }
    });
  });
});
