// Stock queries over real HTTP: per product, location and lot, and as of a past moment (from the ledger).
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { api, post } = serverForFile(['acme']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /inventory/stock', () => {
  it('answers per product, location and lot, now and as of earlier moments', async () => {
    const w = await post('/locations', { name: 'W' });
    const bin = await post('/locations', { name: 'Bin', parent_id: w.id });
    const plain = await post('/products', { name: 'Plain', sku: 'PLAIN' });
    const lotted = await post('/products', { name: 'Lotted', sku: 'LOTTED', lot_tracking: true });

    const first = await post('/inventory/adjustments', {
      lines: [
        { product_id: plain.id, location_id: w.id, quantity: 10 },
        { product_id: plain.id, location_id: bin.id, quantity: 3 },
        { product_id: lotted.id, location_id: w.id, quantity: 5, lot_number: 'L1' },
      ],
    });
    await sleep(20);
    const t1 = new Date().toISOString();
    await sleep(20);
    await post('/inventory/adjustments', {
      lines: [
        { product_id: plain.id, location_id: w.id, quantity: -4 },
        { product_id: lotted.id, location_id: w.id, quantity: 2, lot_number: 'L2' },
        { product_id: plain.id, location_id: bin.id, quantity: -3 },
      ],
    });
    const l1 = first.lines[2].lot_id;

    const all = await api('GET', '/inventory/stock');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(['data', 'meta']);
    expect(Object.keys(all.body.data[0]).sort()).toEqual(['location_id', 'lot_id', 'product_id', 'qty_available', 'qty_incoming', 'qty_pending', 'quantity']);
    const rows = (res: any) => res.body.data.map((r: any) => [r.product_id, r.location_id, r.lot_id, r.quantity]);
    const l2 = all.body.data.find((r: any) => r.lot_id && r.lot_id !== l1).lot_id;
    expect(rows(all)).toEqual([
      [plain.id, w.id, null, 6],
      [lotted.id, w.id, l1, 5],
      [lotted.id, w.id, l2, 2],
    ]);
    expect(rows(await api('GET', `/inventory/stock?product_id=${lotted.id}&lot_id=${l2}`))).toEqual([[lotted.id, w.id, l2, 2]]);
    expect(rows(await api('GET', `/inventory/stock?location_id=${bin.id}`))).toEqual([]);

    const before = await api('GET', `/inventory/stock?as_of=${encodeURIComponent(t1)}`);
    expect(before.status).toBe(200);
    expect(rows(before)).toEqual([
      [plain.id, w.id, null, 10],
      [plain.id, bin.id, null, 3],
      [lotted.id, w.id, l1, 5],
    ]);
    expect(rows(await api('GET', `/inventory/stock?as_of=2000-01-01T00:00:00Z`))).toEqual([]);
    const now = await api('GET', `/inventory/stock?as_of=${encodeURIComponent(new Date().toISOString())}`);
    expect(rows(now)).toEqual(rows(all));
    expect(now.body.meta).toMatchObject({ total: 3, per_page: 25 });
  });

  it('shows what is incoming from transfers and purchase orders on the row without a lot, and pages the union', async () => {
    const main = await post('/locations', { name: 'Main' });
    const branch = await post('/locations', { name: 'Branch' });
    const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT-IN' });
    const nut = await post('/products', { name: 'Nut', sku: 'NUT-IN', lot_tracking: true });
    await post('/inventory/adjustments', {
      lines: [
        { product_id: bolt.id, location_id: main.id, quantity: 20 },
        { product_id: nut.id, location_id: main.id, quantity: 8, lot_number: 'N1' },
      ],
    });
    const transfer = await post('/transfer-orders', { source_location_id: main.id, destination_location_id: branch.id, lines: [{ product_id: bolt.id, quantity: 5 }] });
    expect((await api('POST', `/transfer-orders/${transfer.id}/ship`)).status).toBe(200);
    const supplier = await post('/suppliers', { name: 'Incoming Supplies' });
    const order = await post('/purchase-orders', {
      supplier_id: supplier.id,
      warehouse_id: main.id,
      lines: [{ product_id: bolt.id, quantity: 7, unit_cost: 1 }, { product_id: nut.id, quantity: 4, unit_cost: 1 }],
    });
    const scope = `product_id=${bolt.id}`;
    const before = await api('GET', `/inventory/stock?${scope}`);
    expect(before.body.data.map((r: any) => [r.location_id, r.quantity, r.qty_incoming])).toEqual([
      [main.id, 15, 0],
      [branch.id, 0, 5],
    ]);
    expect((await api('POST', `/purchase-orders/${order.id}/submit`)).status).toBe(200);

    const full = (await api('GET', '/inventory/stock?per_page=100')).body;
    const mine = full.data
      .filter((r: any) => [bolt.id, nut.id].includes(r.product_id))
      .map((r: any) => [r.product_id, r.location_id, r.lot_id === null ? null : 'lot', r.quantity, r.qty_incoming]);
    expect(mine).toEqual([
      [bolt.id, main.id, null, 15, 7],
      [bolt.id, branch.id, null, 0, 5],
      [nut.id, main.id, null, 0, 4],
      [nut.id, main.id, 'lot', 8, 0],
    ]);
    // Every page size walks the same rows in the same order, and meta counts the incoming-only rows.
    const key = (r: any) => `${r.product_id}/${r.location_id}/${r.lot_id}`;
    for (const perPage of [1, 2, 3, 4]) {
      const walked: string[] = [];
      for (let page = 1; page <= Math.ceil(full.meta.total / perPage); page++) {
        const res = await api('GET', `/inventory/stock?per_page=${perPage}&page=${page}`);
        expect(res.body.meta.total).toBe(full.meta.total);
        walked.push(...res.body.data.map(key));
      }
      expect(walked).toEqual(full.data.map(key));
    }
    // A lot filter shows lots only; a location filter only what is at (or coming to) it.
    expect((await api('GET', `/inventory/stock?location_id=${branch.id}`)).body.data.map((r: any) => [r.product_id, r.qty_incoming])).toEqual([[bolt.id, 5]]);
    const nutLot = full.data.find((r: any) => r.product_id === nut.id && r.lot_id !== null).lot_id;
    const lotRows = (await api('GET', `/inventory/stock?product_id=${nut.id}&lot_id=${nutLot}`)).body.data;
    expect(lotRows.map((r: any) => [r.quantity, r.qty_incoming])).toEqual([[8, 0]]);
    // As of now it agrees with the current answer; cancelling the order takes its incoming away.
    const asOfNow = await api('GET', `/inventory/stock?${scope}&as_of=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`);
    expect(asOfNow.body.data).toEqual((await api('GET', `/inventory/stock?${scope}`)).body.data);
    expect((await api('POST', `/purchase-orders/${order.id}/cancel`)).status).toBe(200);
    expect((await api('GET', `/inventory/stock?${scope}`)).body.data.map((r: any) => r.qty_incoming)).toEqual([0, 5]);
  });

  it('refuses a malformed as_of and unknown parameters', async () => {
    expect((await api('GET', '/inventory/stock?as_of=yesterday')).status).toBe(422);
    expect((await api('GET', '/inventory/stock?warehouse=1')).status).toBe(422);
  });
});
