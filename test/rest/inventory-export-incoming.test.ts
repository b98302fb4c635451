// GET /inventory/stocks/export while a transfer order is in transit: built only through the public REST API
// (locations, product, adjustment, transfer ship/receive), then the export row is checked after shipping,
// after a partial receipt and after the full receipt — incoming at the destination, on hand at both ends.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { api, post } = serverForFile(['acme']);
let source: any;
let destination: any;
let product: any;

/** Walks the whole export (small pages, so the cursor is followed) and returns the product's row. */
async function exportRow(productId: number): Promise<any> {
  const rows: any[] = [];
  let cursor: string | null = null;
  for (;;) {
    const params = new URLSearchParams({ limit: '1' });
    if (cursor) params.set('cursor', cursor);
    const res = await api('GET', `/inventory/stocks/export?${params}`);
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.data);
    if (!res.body.has_more) break;
    cursor = res.body.next_cursor;
  }
  const matching = rows.filter((r) => r.id === productId);
  expect(matching).toHaveLength(1);
  return matching[0];
}

const stockAt = (row: any, locationId: number) => row.location_stocks.find((s: any) => s.id === locationId);

beforeAll(async () => {
  source = await post('/locations', { name: 'Source warehouse' });
  destination = await post('/locations', { name: 'Destination warehouse' });
  product = await post('/products', { name: 'Widget', sku: 'WID-1' });
  await post('/inventory/adjustments', {
    lines: [{ product_id: product.id, location_id: source.id, quantity: 10, unit_cost: 2 }],
  });
});

describe('stock export with a transfer in transit', () => {
  it('shows the shipped quantity as incoming at the destination until it is received', async () => {
    const before = await exportRow(product.id);
    expect(before).toMatchObject({ qty_onhand: 10, qty_incoming: 0, current_landed_unit_cost: 2 });

    const order = await post('/transfer-orders', {
      source_location_id: source.id,
      destination_location_id: destination.id,
      lines: [{ product_id: product.id, quantity: 6 }],
    });
    const shipped = await post(`/transfer-orders/${order.id}/ship`);
    expect(shipped.status).toBe('shipped');
    const lineId = shipped.lines[0].id;

    // Shipped: 4 left at the source, 6 in transit to the destination, nothing there yet.
    const inTransit = await exportRow(product.id);
    expect(inTransit).toMatchObject({ sku: 'WID-1', qty_onhand: 4, qty_incoming: 6, current_landed_unit_cost: 2 });
    expect(stockAt(inTransit, source.id)).toMatchObject({ qty_onhand: 4, qty_incoming: 0 });
    expect(stockAt(inTransit, destination.id)).toMatchObject({ qty_onhand: 0, qty_incoming: 6 });
    expect(stockAt(inTransit, destination.id).warehouse).toMatchObject({ id: destination.id, name: 'Destination warehouse' });

    // Partly received: 2 arrived, 4 still incoming.
    const partial = await post(`/transfer-orders/${order.id}/receive`, { lines: [{ line_id: lineId, quantity: 2 }] });
    expect(partial.status).toBe('partially_received');
    const halfway = await exportRow(product.id);
    expect(halfway).toMatchObject({ qty_onhand: 6, qty_incoming: 4, current_landed_unit_cost: 2 });
    expect(stockAt(halfway, source.id)).toMatchObject({ qty_onhand: 4, qty_incoming: 0 });
    expect(stockAt(halfway, destination.id)).toMatchObject({ qty_onhand: 2, qty_incoming: 4 });

    // The rest received: nothing incoming, all 6 at the destination.
    const received = await post(`/transfer-orders/${order.id}/receive`, {});
    expect(received.status).toBe('received');
    const done = await exportRow(product.id);
    expect(done).toMatchObject({ qty_onhand: 10, qty_incoming: 0, current_landed_unit_cost: 2 });
    expect(stockAt(done, source.id)).toMatchObject({ qty_onhand: 4, qty_incoming: 0 });
    expect(stockAt(done, destination.id)).toMatchObject({ qty_onhand: 6, qty_incoming: 0, current_landed_unit_cost: 2 });
  });
});

describe('a transfer shipped between two pages of one export run', () => {
  it('does not show in the later page: on hand and incoming both stay as of the cutoff', async () => {
    const late = await post('/products', { name: 'Late mover', sku: 'LATE-1' });
    await post('/inventory/adjustments', { lines: [{ product_id: late.id, location_id: source.id, quantity: 5, unit_cost: 1 }] });

    // First page: the earlier product only; the cutoff is taken now.
    const first = await api('GET', `/inventory/stocks/export?limit=1`);
    expect(first.body.data.map((r: any) => r.id)).toEqual([product.id]);

    const order = await post('/transfer-orders', {
      source_location_id: source.id,
      destination_location_id: destination.id,
      lines: [{ product_id: late.id, quantity: 3 }],
    });
    await post(`/transfer-orders/${order.id}/ship`);

    const second = await api('GET', `/inventory/stocks/export?${new URLSearchParams({ cursor: first.body.next_cursor })}`);
    const row = second.body.data.find((r: any) => r.id === late.id);
    expect(row).toMatchObject({ qty_onhand: 5, qty_incoming: 0 });
    expect(stockAt(row, source.id)).toMatchObject({ qty_onhand: 5, qty_incoming: 0 });
    expect(stockAt(row, destination.id)).toBeUndefined();

    // A new run sees the shipment: 2 left, 3 on the way.
    const fresh = await exportRow(late.id);
    expect(fresh).toMatchObject({ qty_onhand: 2, qty_incoming: 3 });
    expect(stockAt(fresh, destination.id)).toMatchObject({ qty_onhand: 0, qty_incoming: 3 });
  });
});
