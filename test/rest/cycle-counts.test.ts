// Cycle counts over HTTP: a batch over two warehouses gives two sessions; start (snapshot); blind counts
// through JSON and a spreadsheet-saved CSV; reset-counts; submit-review with exact variance numbers; reopen
// (bare session, then 422 from a wrong state, the Not Found body, 401 without a token); post with a receipt
// between the count and the post, and the adjustment it made; the count sheet round trip; concurrent posts;
// bad input on every route.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let east: any;
let west: any;
let shelfA: any;
let shelfB: any;
let bolt: any;
let serum: any;
let rope: any;

const SESSION_KEYS = [
  'id', 'uuid', 'batchId', 'warehouseId', 'status', 'skuCount', 'countedSkuCount', 'theoreticalValue', 'totalVarianceQty', 'totalVarianceValue',
  'accuracyPercentage', 'adjustmentId', 'startedBy', 'postedBy', 'cancelledBy', 'startedAt', 'postedAt', 'cancelledAt', 'createdAt', 'updatedAt',
].sort();

const sessionPath = (id: number, rest = '') => `/pickflow/cycle-counts/${id}${rest}`;
const lifecycle = (id: number, operation: string, tenant?: Tenant) => api('POST', sessionPath(id, `/${operation}`), undefined, tenant);
const linesOf = async (id: number) => (await api('GET', sessionPath(id, '/lines?per_page=100'))).body.data;
const sheetUpload = (id: number, csv: string, contentType = 'text/csv') =>
  server.call('POST', `/external/api/v1${sessionPath(id, '/count-sheet')}`, { token: acme.token, company: acme.slug, rawBody: csv, headers: { 'content-type': contentType } });
const onHand = async (productId: number, locationId: number) =>
  (await api('GET', `/inventory/stock?product_id=${productId}&location_id=${locationId}`)).body.data.reduce((sum: number, row: any) => sum + row.quantity, 0);

async function batch(body: Record<string, unknown>) {
  const res = await api('POST', '/pickflow/cycle-count-batches', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

beforeAll(async () => {
  east = await post('/locations', { name: 'East DC' });
  west = await post('/locations', { name: 'West DC' });
  shelfA = await post('/locations', { name: 'A-1', parent_id: east.id });
  shelfB = await post('/locations', { name: 'B-1', parent_id: east.id });
  bolt = await post('/products', { name: 'Bolt', sku: 'BOLT' });
  serum = await post('/products', { name: 'Serum', sku: 'SERUM', lot_tracking: true });
  rope = await post('/products', { name: 'Rope', sku: 'ROPE' });
  const kit = await post('/products', { name: 'Bolt kit', sku: 'KIT', type: 'KIT', kit_items: [{ product_id: bolt.id, quantity: 2 }] });
  expect(kit.type).toBe('KIT');
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: shelfA.id, quantity: 12, unit_cost: 2 },
      { product_id: serum.id, location_id: shelfB.id, quantity: 5, unit_cost: 3, lot_number: 'L1' },
      { product_id: rope.id, location_id: west.id, quantity: 7, unit_cost: 1 },
    ],
  });
});

describe('a blind count of two warehouses, walked through', () => {
  let created: any;
  let eastSession: any;
  let westSession: any;

  it('creates a batch with one draft session per warehouse, and refuses bad batches', async () => {
    created = await batch({ name: 'November count', warehouse_ids: [east.id, west.id], blind: true, scheduled_for: '2026-11-30' });
    expect(created).toMatchObject({ name: 'November count', warehouse_ids: [east.id, west.id], blind: true, scheduled_for: '2026-11-30', location_ids: [] });
    // Sessions are camelCase, inside a batch too, as the session routes answer them.
    expect(created.sessions.map((s: any) => [s.warehouseId, s.status])).toEqual([[east.id, 'draft'], [west.id, 'draft']]);
    expect(Object.keys(created.sessions[0]).sort()).toEqual(['countedSkuCount', 'id', 'skuCount', 'status', 'warehouseId']);
    const list = await api('GET', `/pickflow/cycle-counts?batchId=${created.id}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.meta).toMatchObject({ total: 2, current_page: 1 });
    for (const session of list.body.data) expect(Object.keys(session).sort()).toEqual(SESSION_KEYS);
    [eastSession, westSession] = list.body.data;
    expect(eastSession).toMatchObject({ warehouseId: east.id, status: 'draft', skuCount: 0, countedSkuCount: 0, totalVarianceQty: null, adjustmentId: null, startedAt: null });
    expect((await api('GET', `/pickflow/cycle-counts?status=draft&warehouseId=${west.id}`)).body.data.map((s: any) => s.id)).toContain(westSession.id);
    expect((await api('GET', `/pickflow/cycle-count-batches/${created.id}`)).body.data.sessions).toHaveLength(2);

    expectErrors(await api('POST', '/pickflow/cycle-count-batches', { name: '', warehouse_ids: [] }), ['name', 'warehouse_ids']);
    expectErrors(await api('POST', '/pickflow/cycle-count-batches', { name: 'x', warehouse_ids: [shelfA.id, 999999] }), ['warehouse_ids.0', 'warehouse_ids.1']);
    expectErrors(await api('POST', '/pickflow/cycle-count-batches', { name: 'x', warehouse_ids: [west.id], location_ids: [shelfA.id], product_ids: [999999], scheduled_for: '30/11/2026' }), ['location_ids.0', 'product_ids.0', 'scheduled_for']);
    expectErrors(await api('GET', '/pickflow/cycle-counts?status=counting'), ['status']);
  });

  it('starts with a snapshot of the stock in scope (no kits), hiding expected quantities of a blind count', async () => {
    const res = await lifecycle(eastSession.id, 'start');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body).toMatchObject({ id: eastSession.id, status: 'in_progress', skuCount: 2, countedSkuCount: 0 });
    expect(res.body.startedAt).not.toBeNull();
    expect(res.body.startedBy).toEqual(expect.any(Number));
    const lines = await linesOf(eastSession.id);
    expect(lines.map((l: any) => [l.sku, l.locationId, l.lotNumber, l.expectedQuantity, l.countedQuantity])).toEqual([
      ['BOLT', shelfA.id, null, null, null],
      ['SERUM', shelfB.id, 'L1', null, null],
    ]);
    expectErrors(await lifecycle(eastSession.id, 'start'), ['status']);
  });

  it('takes counts as JSON, a found lot as a new line, and refuses bad counts keyed camelCase', async () => {
    const res = await api('POST', sessionPath(eastSession.id, '/counts'), {
      counts: [
        { sku: 'BOLT', locationId: shelfA.id, countedQuantity: 9 },
        { productId: serum.id, locationId: shelfB.id, lotNumber: 'L1', countedQuantity: 5 },
        { sku: 'SERUM', locationId: shelfA.id, lotNumber: 'L9', countedQuantity: 1 },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ counted: 3, session: { countedSkuCount: 2 } });
    expect((await linesOf(eastSession.id)).map((l: any) => [l.sku, l.locationId, l.lotNumber, l.countedQuantity, l.expectedQuantity])).toEqual([
      ['BOLT', shelfA.id, null, 9, null],
      ['SERUM', shelfA.id, 'L9', 1, null],
      ['SERUM', shelfB.id, 'L1', 5, null],
    ]);

    const bad = await api('POST', sessionPath(eastSession.id, '/counts'), {
      counts: [
        { sku: 'NOPE', locationId: shelfA.id, countedQuantity: 1 },
        { sku: 'ROPE', productId: rope.id, locationId: west.id, countedQuantity: -1 },
        { sku: 'SERUM', locationId: shelfA.id, countedQuantity: 1 },
        { sku: 'BOLT', locationId: shelfA.id, lotNumber: 'X', countedQuantity: 1 },
        { sku: 'KIT', locationId: shelfA.id, countedQuantity: 1 },
      ],
    });
    expectErrors(bad, ['counts.0.sku', 'counts.1.productId', 'counts.1.locationId', 'counts.1.countedQuantity', 'counts.2.lotNumber', 'counts.3.lotNumber', 'counts.4.sku']);
    expectErrors(await api('POST', sessionPath(eastSession.id, '/counts'), { counts: [] }), ['counts']);
    expectErrors(await api('POST', sessionPath(eastSession.id, '/counts'), {}), ['counts']);
    expectErrors(await api('POST', sessionPath(westSession.id, '/counts'), { counts: [{ sku: 'ROPE', locationId: west.id, countedQuantity: 7 }] }), ['status']);
    // Nothing of the refused requests was taken.
    expect((await linesOf(eastSession.id)).map((l: any) => l.countedQuantity)).toEqual([9, 1, 5]);
  });

  it('reset-counts clears every count and drops found lines', async () => {
    const res = await lifecycle(eastSession.id, 'reset-counts');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'in_progress', countedSkuCount: 0 });
    expect((await linesOf(eastSession.id)).map((l: any) => [l.sku, l.countedQuantity, l.countedAt])).toEqual([
      ['BOLT', null, null],
      ['SERUM', null, null],
    ]);
  });

  it('round-trips the count sheet: exported blind, filled in by a spreadsheet (BOM, semicolons, CRLF, quotes), imported all or nothing', async () => {
    const sheet = await api('GET', sessionPath(eastSession.id, '/count-sheet.csv'));
    expect(sheet.status).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/csv');
    expect(sheet.headers['content-disposition']).toBe(`attachment; filename="count-sheet-${eastSession.id}.csv"`);
    expect(sheet.text).toBe('sku,name,location,lot,counted\r\nBOLT,Bolt,A-1,,\r\nSERUM,Serum,B-1,L1,\r\n');

    const broken = '\ufeffsku;name;location;lot;counted\r\nBOLT;Bolt;A-1;;ten\r\nSERUM;Serum;Z-9;L1;5\r\n';
    const refused = await sheetUpload(eastSession.id, broken);
    expectErrors(refused, ['line 2', 'line 3']);
    expect(refused.body.errors['line 3'][0]).toContain('Z-9');
    expect((await linesOf(eastSession.id)).every((l: any) => l.countedQuantity === null)).toBe(true);

    const filled = '\ufeffsku;name;location;lot;counted\r\n"BOLT";"Bolt; steel";"A-1";;"10"\r\nSERUM;Serum;B-1;L1;5\r\nSERUM;Serum;A-1;L9;1\r\n';
    const res = await sheetUpload(eastSession.id, filled);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ counted: 3, session: { countedSkuCount: 2 } });
    const again = await api('GET', sessionPath(eastSession.id, '/count-sheet.csv'));
    expect(again.text).toBe('sku,name,location,lot,counted\r\nBOLT,Bolt,A-1,,10\r\nSERUM,Serum,A-1,L9,1\r\nSERUM,Serum,B-1,L1,5\r\n');

    expect((await sheetUpload(eastSession.id, 'sku,location,counted\nBOLT,A-1,10\n', 'application/json')).status).toBe(415);
    expectErrors(await sheetUpload(eastSession.id, ''), ['body']);
    expectErrors(await sheetUpload(eastSession.id, 'sku,location\nBOLT,A-1\n'), ['line 1']);
    expectErrors(await sheetUpload(eastSession.id, 'sku,location,counted\nBOLT,A-1,\n'), ['body']);
  });

  it('submits for review with exact variances at FIFO cost, and reopens', async () => {
    // A receipt after the count: the count's expected quantity stays the book quantity when it was counted.
    await post('/inventory/adjustments', { lines: [{ product_id: bolt.id, location_id: shelfA.id, quantity: 5, unit_cost: 2 }] });
    expect(await onHand(bolt.id, shelfA.id)).toBe(17);

    const review = await lifecycle(eastSession.id, 'submit-review');
    expect(review.status, review.text).toBe(200);
    // BOLT 10 − 12 = −2 (× 2.00), SERUM L1 5 − 5 = 0, SERUM L9 found 1 − 0 = +1 (× 3.00).
    expect(review.body).toMatchObject({ status: 'pending_review', totalVarianceQty: -1, totalVarianceValue: -1, accuracyPercentage: 33.33 });
    expect((await linesOf(eastSession.id)).map((l: any) => [l.sku, l.lotNumber, l.expectedQuantity, l.countedQuantity, l.varianceQuantity, l.varianceValue])).toEqual([
      ['BOLT', null, 12, 10, -2, -4],
      ['SERUM', 'L9', 0, 1, 1, 3],
      ['SERUM', 'L1', 5, 5, 0, 0],
    ]);

    const reopened = await lifecycle(eastSession.id, 'reopen');
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body).toMatchObject({ id: eastSession.id, status: 'in_progress', totalVarianceQty: null, totalVarianceValue: null, accuracyPercentage: null });
    const wrongState = await lifecycle(eastSession.id, 'reopen');
    expectErrors(wrongState, ['status']);
    expect(wrongState.body.message).toContain('in_progress');
    const missing = await lifecycle(999999, 'reopen');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not Found', message: expect.stringContaining('999999'), status_code: 404 });
    const elsewhere = await lifecycle(eastSession.id, 'reopen', globex);
    expect(elsewhere.body).toEqual({ error: 'Not Found', message: expect.any(String), status_code: 404 });
    expect((await api('GET', '/pickflow/cycle-counts/abc')).body).toEqual({ error: 'Not Found', message: expect.any(String), status_code: 404 });
    const anonymous = await server.call('POST', `/external/api/v1${sessionPath(eastSession.id, '/reopen')}`, { company: acme.slug });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'Unauthorized', message: expect.any(String), status_code: 401 });
  });

  it('posts the variances as one adjustment, keeping the receipt made after the count', async () => {
    expect((await lifecycle(eastSession.id, 'submit-review')).status).toBe(200);
    const posted = await lifecycle(eastSession.id, 'post');
    expect(posted.status, posted.text).toBe(200);
    // Book value at posting: BOLT 17 × 2 + SERUM 5 × 3.
    expect(posted.body).toMatchObject({ status: 'posted', theoreticalValue: 49, postedBy: expect.any(Number) });
    expect(posted.body.adjustmentId).toEqual(expect.any(Number));
    expect(await onHand(bolt.id, shelfA.id)).toBe(15);
    expect(await onHand(serum.id, shelfA.id)).toBe(1);
    expect(await onHand(serum.id, shelfB.id)).toBe(5);
    const adjustment = (await api('GET', `/inventory/adjustments/${posted.body.adjustmentId}`)).body.data;
    expect(adjustment.lines.map((l: any) => [l.product_id, l.location_id, l.quantity])).toEqual([
      [bolt.id, shelfA.id, -2],
      [serum.id, shelfA.id, 1],
    ]);
    expectErrors(await lifecycle(eastSession.id, 'post'), ['status']);
    expectErrors(await lifecycle(eastSession.id, 'cancel'), ['status']);
    expectErrors(await lifecycle(eastSession.id, 'reset-counts'), ['status']);
    // A posted session keeps its batch.
    expectErrors(await api('DELETE', `/pickflow/cycle-count-batches/${created.id}`), ['id']);
  });

  it('cancels a draft session', async () => {
    const cancelled = await lifecycle(westSession.id, 'cancel');
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: expect.any(Number) });
    expect(cancelled.body.cancelledAt).not.toBeNull();
    expectErrors(await lifecycle(westSession.id, 'start'), ['status']);
  });
});

describe('other sessions', () => {
  it('shows the snapshot as expected in an open count, and submits nothing uncounted', async () => {
    const open = await batch({ name: 'Open west', warehouse_ids: [west.id], product_ids: [rope.id] });
    const id = open.sessions[0].id;
    expect((await lifecycle(id, 'start')).body.skuCount).toBe(1);
    expect((await linesOf(id)).map((l: any) => [l.sku, l.expectedQuantity])).toEqual([['ROPE', 7]]);
    expectErrors(await lifecycle(id, 'submit-review'), ['status']);
    const sheet = await api('GET', sessionPath(id, '/count-sheet.csv'));
    expect(sheet.text).toBe('sku,name,location,lot,expected,counted\r\nROPE,Rope,West DC,,7,\r\n');
    // Outside the batch's products.
    expectErrors(await api('POST', sessionPath(id, '/counts'), { counts: [{ sku: 'BOLT', locationId: west.id, countedQuantity: 1 }] }), ['counts.0.sku']);
    expect((await lifecycle(id, 'cancel')).status).toBe(200);
  });

  it('deletes a batch whose sessions never started, then answers the Not Found body', async () => {
    const draft = await batch({ name: 'Never', warehouse_ids: [west.id] });
    const deleted = await api('DELETE', `/pickflow/cycle-count-batches/${draft.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await api('GET', `/pickflow/cycle-count-batches/${draft.id}`)).body).toEqual({ error: 'Not Found', message: expect.any(String), status_code: 404 });
    expect((await api('GET', sessionPath(draft.sessions[0].id))).status).toBe(404);
    expect((await api('GET', sessionPath(draft.sessions[0].id, '/lines'))).body.status_code).toBe(404);
  });

  it('posts once when two posts race', async () => {
    const racing = await batch({ name: 'Race', warehouse_ids: [west.id], product_ids: [rope.id] });
    const id = racing.sessions[0].id;
    await lifecycle(id, 'start');
    await api('POST', sessionPath(id, '/counts'), { counts: [{ sku: 'ROPE', locationId: west.id, countedQuantity: 4 }] });
    await lifecycle(id, 'submit-review');
    const results = await Promise.all([lifecycle(id, 'post'), lifecycle(id, 'post'), lifecycle(id, 'post')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(await onHand(rope.id, west.id)).toBe(4);
    const adjustments = (await api('GET', '/inventory/adjustments?per_page=100')).body.data.filter((a: any) => a.notes?.includes(`session ${id} `));
    expect(adjustments).toHaveLength(1);
  });
});
