// Transfer orders over real HTTP: the document (CRUD while draft), ship → receive (partial, full) with the
// stock checked at both ends and in transit, over-receipt, cancel rules, lots kept across the move, the FIFO
// cost carried to the destination, tenant isolation, and the ledger check over everything posted.
import { beforeAll, describe, expect, it } from 'vitest';
import { documentedKeys } from '../support/documented-keys.js';
import { serverForFile } from '../support/file-server.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';

const { server, companies: { acme, globex }, api, post, gql } = serverForFile(['acme', 'globex']);

let source: any;
let destination: any;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ORDER_KEYS = [
  'cancelled_at', 'created_at', 'destination_location_id', 'id', 'lines', 'notes', 'received_at', 'shipped_at',
  'source_location_id', 'status', 'updated_at',
];
// The keys a line answers with, as the OpenAPI document describes them (built from the route's selection).
const LINE_KEYS = documentedKeys('getTransferOrder', 'data', 'lines', '[]');

beforeAll(async () => {
  source = await post('/locations', { name: 'Source warehouse' });
  destination = await post('/locations', { name: 'Destination warehouse' });
});

let skuCounter = 0;
const product = (extra: Record<string, unknown> = {}) => post('/products', { name: `T${++skuCounter}`, sku: `TR-${skuCounter}`, ...extra });
const stockIn = (productId: number, locationId: number, quantity: number, extra: Record<string, unknown> = {}) =>
  post('/inventory/adjustments', { lines: [{ product_id: productId, location_id: locationId, quantity, ...extra }] });

/** A new product with `quantity` at the source (`extra`: more fields of the adjustment line, as a unit cost). */
async function stockedProduct(quantity: number, extra: Record<string, unknown> = {}) {
  const p = await product();
  await stockIn(p.id, source.id, quantity, extra);
  return p;
}

/** A new lot-tracked FEFO product with these lots at the source: [lot number, quantity, expiry date]. */
async function fefoProductWithLots(...lots: Array<[string, number, string]>) {
  const p = await product({ lot_tracking: true, lot_deduction_strategy: 'FEFO' });
  for (const [lotNumber, quantity, expiryDate] of lots) await stockIn(p.id, source.id, quantity, { lot_number: lotNumber, expiry_date: expiryDate });
  return p;
}

async function onhand(productId: number, locationId: number): Promise<number> {
  const res = await api('GET', `/inventory/stock?product_id=${productId}&location_id=${locationId}`);
  expect(res.status).toBe(200);
  return res.body.data.reduce((sum: number, row: any) => sum + row.quantity, 0);
}

async function lotStock(productId: number, locationId: number): Promise<Record<string, number>> {
  const res = await api('GET', `/inventory/stock?product_id=${productId}&location_id=${locationId}`);
  return Object.fromEntries(res.body.data.filter((r: any) => r.quantity !== 0).map((r: any) => [String(r.lot_id), r.quantity]));
}

async function incoming(productId: number, locationId: number): Promise<number> {
  const res = await gql(`query { inventoryStockExport(limit: 1000) { data { id locationStocks { id qtyIncoming } } } }`);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  const row = res.body.data.inventoryStockExport.data.find((r: any) => r.id === productId);
  return row?.locationStocks.find((s: any) => s.id === locationId)?.qtyIncoming ?? 0;
}

const createTransfer = (lines: unknown[], extra: Record<string, unknown> = {}) =>
  api('POST', '/transfer-orders', { source_location_id: source.id, destination_location_id: destination.id, lines, ...extra });

describe('transfer order document', () => {
  it('creates a draft (201 {data}) and reads, lists, updates and deletes it while draft', async () => {
    const p = await product();
    const res = await createTransfer([{ product_id: p.id, quantity: 4 }], { notes: 'first' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    const order = res.body.data;
    expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
    expect(order).toMatchObject({
      status: 'draft', source_location_id: source.id, destination_location_id: destination.id, notes: 'first',
      shipped_at: null, received_at: null, cancelled_at: null,
    });
    expect(order.created_at).toMatch(ISO);
    expect(Object.keys(order.lines[0]).sort()).toEqual(LINE_KEYS);
    expect(order.lines[0]).toMatchObject({
      product_id: p.id, sku: p.sku, quantity: 4, shipped_quantity: 0, received_quantity: 0, outstanding_quantity: 0,
      lot_id: null, lot_number: null, unit_cost: null, lots: [],
    });

    const one = await api('GET', `/transfer-orders/${order.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(order);
    // Two more orders (this is the file's first test, so these three are all there is): one cancelled, one
    // the other way round, so each filter has something to leave out.
    const cancelled = (await createTransfer([{ product_id: p.id, quantity: 1 }])).body.data;
    expect((await api('POST', `/transfer-orders/${cancelled.id}/cancel`)).status).toBe(200);
    const back = (await api('POST', '/transfer-orders', { source_location_id: destination.id, destination_location_id: source.id, lines: [{ product_id: p.id, quantity: 1 }] })).body.data;
    const ids = async (query: string) => {
      const res = await api('GET', `/transfer-orders?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
      return res.body.data.map((o: any) => o.id);
    };
    expect(await ids('status=draft&per_page=100')).toEqual([order.id, back.id]);
    expect(await ids('status=cancelled')).toEqual([cancelled.id]);
    expect(await ids(`source_location_id=${source.id}`)).toEqual([order.id, cancelled.id]);
    expect(await ids(`destination_location_id=${source.id}`)).toEqual([back.id]);
    expect(await ids('sort=-id')).toEqual([back.id, cancelled.id, order.id]);
    expect((await api('GET', '/transfer-orders?status=lost')).status).toBe(422);
    expect((await api('DELETE', `/transfer-orders/${back.id}`)).status).toBe(200);

    const patched = await api('PATCH', `/transfer-orders/${order.id}`, { notes: 'changed', lines: [{ product_id: p.id, quantity: 2 }, { product_id: p.id, quantity: 1 }] });
    expect(patched.status).toBe(200);
    expect(patched.body.data.notes).toBe('changed');
    expect(patched.body.data.lines.map((l: any) => l.quantity)).toEqual([2, 1]);

    const deleted = await api('DELETE', `/transfer-orders/${order.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(order.id);
    expect((await api('GET', `/transfer-orders/${order.id}`)).status).toBe(404);
  });

  it('validates: locations, source ≠ destination, lines, quantity > 0, lots only for lot-tracked products', async () => {
    const p = await product();
    const lotted = await product({ lot_tracking: true });
    const same = await api('POST', '/transfer-orders', { source_location_id: source.id, destination_location_id: source.id, lines: [{ product_id: p.id, quantity: 1 }] });
    expect(same.status).toBe(422);
    expect(Object.keys(same.body.errors)).toEqual(['destination_location_id']);

    const missing = await api('POST', '/transfer-orders', { source_location_id: 999999, destination_location_id: destination.id, lines: [] });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['lines', 'source_location_id']);

    const bad = await createTransfer([
      { product_id: p.id, quantity: 0 },
      { product_id: 999999, quantity: 1 },
      { product_id: p.id, quantity: 1, lot_number: 'L1' },
      { product_id: lotted.id, quantity: 1, lot_number: 'NOPE' },
    ]);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['lines.0.quantity', 'lines.1.product_id', 'lines.2.lot_number', 'lines.3.lot_number']);
    expect(bad.body.errors['lines.0.quantity']).toEqual(['The quantity must be greater than 0.']);
    const tooPrecise = await createTransfer([{ product_id: p.id, quantity: 0.00000000001 }]);
    expect(tooPrecise.status).toBe(422);
    expect(tooPrecise.body.errors).toEqual({ 'lines.0.quantity': ['The quantity may have at most 10 decimal places.'] });
  });
});

describe('transfer lifecycle', () => {
  it('ships (stock leaves the source, in transit = incoming at the destination), receives partly then fully', async () => {
    const p = await product();
    const q = await product();
    await stockIn(p.id, source.id, 10, { unit_cost: 2 });
    await stockIn(q.id, source.id, 5, { unit_cost: 1 });
    const order = (await createTransfer([{ product_id: p.id, quantity: 6 }, { product_id: q.id, quantity: 5 }])).body.data;
    const [lineP, lineQ] = order.lines;

    const shipped = await api('POST', `/transfer-orders/${order.id}/ship`);
    expect(shipped.status).toBe(200);
    expect(Object.keys(shipped.body)).toEqual(['data']);
    expect(shipped.body.data).toMatchObject({ status: 'shipped' });
    expect(shipped.body.data.shipped_at).toMatch(ISO);
    expect(shipped.body.data.lines[0]).toMatchObject({ shipped_quantity: 6, received_quantity: 0, outstanding_quantity: 6 });
    expect(await onhand(p.id, source.id)).toBe(4);
    expect(await onhand(p.id, destination.id)).toBe(0);
    expect(await incoming(p.id, destination.id)).toBe(6);
    expect(await onhand(q.id, source.id)).toBe(0);

    // Shipping twice, editing or deleting after shipping are refused.
    expect((await api('POST', `/transfer-orders/${order.id}/ship`)).status).toBe(422);
    expect((await api('PATCH', `/transfer-orders/${order.id}`, { notes: 'x' })).status).toBe(422);
    expect((await api('DELETE', `/transfer-orders/${order.id}`)).status).toBe(422);

    const partial = await api('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: lineP.id, quantity: 2 }] });
    expect(partial.status).toBe(200);
    expect(partial.body.data.status).toBe('partially_received');
    expect(partial.body.data.received_at).toBeNull();
    expect(partial.body.data.lines[0]).toMatchObject({ received_quantity: 2, outstanding_quantity: 4 });
    expect(await onhand(p.id, destination.id)).toBe(2);
    expect(await incoming(p.id, destination.id)).toBe(4);

    // More than outstanding → 422 keyed by the line, nothing posted.
    const over = await api('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: lineP.id, quantity: 5 }] });
    expect(over.status).toBe(422);
    expect(Object.keys(over.body.errors)).toEqual(['lines.0.quantity']);
    expect(over.body.errors['lines.0.quantity'][0]).toMatch(/Only 4 of line/);
    const twice = await api('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: lineP.id, quantity: 3 }, { line_id: lineP.id, quantity: 2 }] });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors)).toEqual(['lines.1.quantity']);
    const foreignLine = await api('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: 999999, quantity: 1 }] });
    expect(foreignLine.status).toBe(422);
    expect(Object.keys(foreignLine.body.errors)).toEqual(['lines.0.line_id']);
    const tooPrecise = await api('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: lineP.id, quantity: 0.00000000001 }] });
    expect(tooPrecise.status).toBe(422);
    expect(tooPrecise.body.errors).toEqual({ 'lines.0.quantity': ['The quantity may have at most 10 decimal places.'] });
    expect(await onhand(p.id, destination.id)).toBe(2);

    // A partially received order cannot be cancelled.
    const cancel = await api('POST', `/transfer-orders/${order.id}/cancel`);
    expect(cancel.status).toBe(422);
    expect(cancel.body.errors.status[0]).toMatch(/already been received/);

    // Without lines: everything outstanding.
    const rest = await api('POST', `/transfer-orders/${order.id}/receive`);
    expect(rest.status).toBe(200);
    expect(rest.body.data.status).toBe('received');
    expect(rest.body.data.received_at).toMatch(ISO);
    expect(rest.body.data.lines.map((l: any) => [l.received_quantity, l.outstanding_quantity])).toEqual([[6, 0], [5, 0]]);
    expect(lineQ.product_id).toBe(q.id);
    expect(await onhand(p.id, source.id)).toBe(4);
    expect(await onhand(p.id, destination.id)).toBe(6);
    expect(await onhand(q.id, destination.id)).toBe(5);
    expect(await incoming(p.id, destination.id)).toBe(0);

    expect((await api('POST', `/transfer-orders/${order.id}/receive`)).status).toBe(422);
    expect((await api('POST', `/transfer-orders/${order.id}/cancel`)).status).toBe(422);
  });

  it('refuses shipping more than the source holds (422, nothing moves, still draft)', async () => {
    const p = await stockedProduct(3);
    const order = (await createTransfer([{ product_id: p.id, quantity: 5 }])).body.data;
    const res = await api('POST', `/transfer-orders/${order.id}/ship`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['lines.0.quantity']);
    expect(res.body.errors['lines.0.quantity'][0]).toMatch(/3 available, 5 requested/);
    expect((await api('GET', `/transfer-orders/${order.id}`)).body.data.status).toBe('draft');
    expect(await onhand(p.id, source.id)).toBe(3);
  });

  it('cancels a draft without moving stock, and a shipped order back to the source', async () => {
    const p = await stockedProduct(8);
    const draft = (await createTransfer([{ product_id: p.id, quantity: 3 }])).body.data;
    const cancelledDraft = await api('POST', `/transfer-orders/${draft.id}/cancel`);
    expect(cancelledDraft.status).toBe(200);
    expect(cancelledDraft.body.data).toMatchObject({ status: 'cancelled', shipped_at: null });
    expect(cancelledDraft.body.data.cancelled_at).toMatch(ISO);
    expect((await api('POST', `/transfer-orders/${draft.id}/ship`)).status).toBe(422);
    expect(await onhand(p.id, source.id)).toBe(8);

    const order = (await createTransfer([{ product_id: p.id, quantity: 5 }])).body.data;
    await api('POST', `/transfer-orders/${order.id}/ship`);
    expect(await onhand(p.id, source.id)).toBe(3);
    expect(await incoming(p.id, destination.id)).toBe(5);
    const cancelled = await api('POST', `/transfer-orders/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await onhand(p.id, source.id)).toBe(8);
    expect(await onhand(p.id, destination.id)).toBe(0);
    expect(await incoming(p.id, destination.id)).toBe(0);
    expect((await api('POST', `/transfer-orders/${order.id}/receive`)).status).toBe(422);
    expect((await api('POST', `/transfer-orders/${order.id}/cancel`)).status).toBe(422);
  });
});

describe('lots and cost', () => {
  it('a lot-tracked line without a lot ships from the lots the strategy picks and arrives in the same lots', async () => {
    const p = await fefoProductWithLots(['EARLY', 3, '2099-01-01'], ['LATE', 5, '2099-06-01']);
    const order = (await createTransfer([{ product_id: p.id, quantity: 4 }])).body.data;
    const shipped = (await api('POST', `/transfer-orders/${order.id}/ship`)).body.data;
    const lots = shipped.lines[0].lots;
    expect(lots.map((l: any) => [l.lot_number, l.shipped_quantity, l.received_quantity])).toEqual([['EARLY', 3, 0], ['LATE', 1, 0]]);
    const early = lots[0].lot_id;
    const late = lots[1].lot_id;
    expect(await lotStock(p.id, source.id)).toEqual({ [late]: 4 });

    // Receive 2 first: they land in the first lot shipped; then the rest.
    await api('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: order.lines[0].id, quantity: 2 }] });
    expect(await lotStock(p.id, destination.id)).toEqual({ [early]: 2 });
    const done = (await api('POST', `/transfer-orders/${order.id}/receive`)).body.data;
    expect(done.lines[0].lots.map((l: any) => [l.lot_number, l.shipped_quantity, l.received_quantity])).toEqual([['EARLY', 3, 3], ['LATE', 1, 1]]);
    expect(await lotStock(p.id, destination.id)).toEqual({ [early]: 3, [late]: 1 });
  });

  it('one receipt naming a line twice takes the lots in shipping order across both entries', async () => {
    const p = await fefoProductWithLots(['FIRST', 5, '2099-01-01'], ['SECOND', 5, '2099-06-01']);
    const order = (await createTransfer([{ product_id: p.id, quantity: 10 }])).body.data;
    const shipped = (await api('POST', `/transfer-orders/${order.id}/ship`)).body.data;
    const [first, second] = shipped.lines[0].lots.map((l: any) => l.lot_id);
    const lineId = order.lines[0].id;
    const res = await api('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: lineId, quantity: 4 }, { line_id: lineId, quantity: 4 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await lotStock(p.id, destination.id)).toEqual({ [first]: 5, [second]: 3 });
    expect(res.body.data.lines[0].lots.map((l: any) => [l.lot_number, l.received_quantity])).toEqual([['FIRST', 5], ['SECOND', 3]]);
  });

  it('a named lot moves as named (lot_number or lot_id)', async () => {
    const p = await product({ lot_tracking: true });
    await stockIn(p.id, source.id, 2, { lot_number: 'A' });
    await stockIn(p.id, source.id, 2, { lot_number: 'B' });
    const order = (await createTransfer([{ product_id: p.id, quantity: 2, lot_number: 'A' }])).body.data;
    expect(order.lines[0].lot_number).toBe('A');
    await api('POST', `/transfer-orders/${order.id}/ship`);
    await api('POST', `/transfer-orders/${order.id}/receive`);
    const lotA = order.lines[0].lot_id;
    expect(await lotStock(p.id, destination.id)).toEqual({ [lotA]: 2 });
  });

  it('carries the FIFO cost of shipping to the destination (oldest layers first)', async () => {
    const p = await stockedProduct(4, { unit_cost: 10 });
    await stockIn(p.id, source.id, 6, { unit_cost: 20 });
    const order = (await createTransfer([{ product_id: p.id, quantity: 5 }])).body.data;
    await api('POST', `/transfer-orders/${order.id}/ship`);
    // Consume the oldest layer after shipping: the cost carried is still the one at shipping.
    await stockIn(p.id, source.id, -2);
    const received = (await api('POST', `/transfer-orders/${order.id}/receive`)).body.data;
    // 4 × 10 + 1 × 20 over 5 units = 12.
    expect(received.lines[0].unit_cost).toBe(12);
  });
});

describe('GraphQL', () => {
  it('runs the same lifecycle through mutations', async () => {
    const p = await stockedProduct(2);
    const created = await gql(
      `mutation($input: TransferOrderCreateInput!) { createTransferOrder(input: $input) { id status lines { id quantity } } }`,
      { input: { sourceLocationId: source.id, destinationLocationId: destination.id, lines: [{ productId: p.id, quantity: 2 }] } },
    );
    const id = created.body.data.createTransferOrder.id;
    const ship = await gql(`mutation($id: Int!) { shipTransferOrder(id: $id) { status } }`, { id });
    expect(ship.body.data.shipTransferOrder.status).toBe('shipped');
    const receive = await gql(`mutation($id: Int!) { receiveTransferOrder(id: $id) { status lines { receivedQuantity } } }`, { id });
    expect(receive.body.data.receiveTransferOrder).toEqual({ status: 'received', lines: [{ receivedQuantity: 2 }] });
    const over = await gql(`mutation($id: Int!) { cancelTransferOrder(id: $id) { status } }`, { id });
    expect(over.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

describe('tenant isolation', () => {
  it("another company's transfer orders are not found, and its ids cannot be used", async () => {
    const p = await product();
    const order = (await createTransfer([{ product_id: p.id, quantity: 1 }])).body.data;
    for (const [method, path] of [
      ['GET', `/transfer-orders/${order.id}`],
      ['PATCH', `/transfer-orders/${order.id}`],
      ['DELETE', `/transfer-orders/${order.id}`],
      ['POST', `/transfer-orders/${order.id}/ship`],
      ['POST', `/transfer-orders/${order.id}/receive`],
      ['POST', `/transfer-orders/${order.id}/cancel`],
    ] as const) {
      const res = await api(method, path, method === 'PATCH' ? { notes: 'x' } : undefined, globex);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await api('GET', '/transfer-orders', undefined, globex)).body.data).toEqual([]);
    const foreign = await api('POST', '/transfer-orders', { source_location_id: source.id, destination_location_id: destination.id, lines: [{ product_id: p.id, quantity: 1 }] }, globex);
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors).sort()).toEqual(['destination_location_id', 'lines.0.product_id', 'source_location_id']);
    expect((await api('GET', `/transfer-orders/${order.id}`)).body.data.status).toBe('draft');
  });
});

describe('ledger', () => {
  it('balances equal the ledger after all the transfers', async () => {
    expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
  });
});
