// Every document that posts stock runs the same number of SQL statements for 10 lines as for 100: the
// ledger is set-based (src/domain/inventory/ledger/post-movements.ts) and so is each document around it.
// Each case posts a warm-up document first (a company's first document of a kind also starts its number
// sequence), then one of 10 and one of 100 lines, and compares what those two ran — over real HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import type { CallResult } from '../support/test-server.js';
import { statementCounter } from '../support/statement-log.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

const SIZES = [10, 10, 100] as const;
let main: any;
let other: any;
let channel: any;
let supplier: any;
let plain: any[] = [];
let tracked: any[] = [];

const counted = counter.ofSuccess;

/**
 * Prepares a document of each size (warm-up 10, 10, 100 lines), then posts them in that order and answers
 * the statements of the last two.
 */
async function statementsOf(prepare: (size: number, round: number) => Promise<() => Promise<CallResult>>): Promise<[number, number]> {
  const posts = [];
  for (const [round, size] of SIZES.entries()) posts.push(await prepare(size, round));
  const counts = [];
  for (const postIt of posts) counts.push(await counted(postIt));
  return [counts[1]!, counts[2]!];
}

const lines = (products: any[], size: number, line: (product: any, index: number) => object) => products.slice(0, size).map(line);

beforeAll(async () => {
  main = await post('/locations', { name: 'Main' });
  other = await post('/locations', { name: 'Other' });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [main.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Counted', warehouseGroupId: group.id });
  supplier = await post('/suppliers', { name: 'Counted Supplies' });
  for (let i = 0; i < 100; i++) {
    plain.push(await post('/products', { name: `Plain ${i}`, sku: `PL-${i}`, retail_price: 5 }));
    tracked.push(await post('/products', { name: `Tracked ${i}`, sku: `TR-${i}`, lot_tracking: true }));
  }
  // Plenty of stock in several cost layers per product: the decreases below draw on two layers at once.
  for (const [quantity, cost] of [[100_000, 1], [100_000, 2], [1_000_000, 3]]) {
    await post('/inventory/adjustments', { lines: lines(plain, 100, (p) => ({ product_id: p.id, location_id: main.id, quantity, unit_cost: cost })) });
  }
  await post('/inventory/adjustments', {
    lines: tracked.flatMap((p) => [
      { product_id: p.id, location_id: main.id, quantity: 50_000, unit_cost: 1, lot_number: `${p.sku}-A`, expiry_date: '2099-01-01' },
      { product_id: p.id, location_id: main.id, quantity: 50_000, unit_cost: 2, lot_number: `${p.sku}-B`, expiry_date: '2099-06-01' },
    ]),
  });
}, 300_000);

describe('statements of a posting do not grow with its lines', () => {
  it('adjustments: increases, decreases across layers, counts, new lots and lot-less takes split across lots', async () => {
    const adjust = (body: object) => async () => () => api('POST', '/inventory/adjustments', body);
    const cases = {
      increase: (size: number) => adjust({ lines: lines(plain, size, (p) => ({ product_id: p.id, location_id: main.id, quantity: 3, unit_cost: 4 })) }),
      decrease: (size: number) => adjust({ lines: lines(plain, size, (p) => ({ product_id: p.id, location_id: main.id, quantity: -60_000 })) }),
      counted: (size: number, round: number) =>
        adjust({ lines: lines(plain, size, (p) => ({ product_id: p.id, location_id: other.id, counted_quantity: 10 + round })) }),
      newLots: (size: number, round: number) =>
        adjust({ lines: lines(tracked, size, (p) => ({ product_id: p.id, location_id: main.id, quantity: 5, lot_number: `${p.sku}-N${round}` })) }),
      lotLessTakes: (size: number) => adjust({ lines: lines(tracked, size, (p) => ({ product_id: p.id, location_id: main.id, quantity: -30_000 })) }),
    };
    for (const [name, make] of Object.entries(cases)) {
      const [ten, hundred] = await statementsOf(async (size, round) => (await make(size, round))());
      expect({ name, hundred }).toEqual({ name, hundred: ten });
    }
  });

  it('transfers: ship, receive, and cancel after shipping', async () => {
    const draft = async (size: number) =>
      post('/transfer-orders', { source_location_id: main.id, destination_location_id: other.id, lines: lines(plain, size, (p) => ({ product_id: p.id, quantity: 2 })) });
    const ship = await statementsOf(async (size) => {
      const order = await draft(size);
      return () => api('POST', `/transfer-orders/${order.id}/ship`);
    });
    expect(ship[1]).toBe(ship[0]);
    const receive = await statementsOf(async (size) => {
      const order = await draft(size);
      await post(`/transfer-orders/${order.id}/ship`);
      return () => api('POST', `/transfer-orders/${order.id}/receive`);
    });
    expect(receive[1]).toBe(receive[0]);
    const cancel = await statementsOf(async (size) => {
      const order = await draft(size);
      await post(`/transfer-orders/${order.id}/ship`);
      return () => api('POST', `/transfer-orders/${order.id}/cancel`);
    });
    expect(cancel[1]).toBe(cancel[0]);
  });

  it('purchase receipts into new lots, and voiding them', async () => {
    const reports: any[] = [];
    const receive = await statementsOf(async (size, round) => {
      const draft = await post('/purchase-orders', {
        supplier_id: supplier.id, warehouse_id: main.id, order_date: '2026-03-01', lines: lines(tracked, size, (p) => ({ product_id: p.id, quantity: 4, unit_cost: 3 })),
      });
      const order = await post(`/purchase-orders/${draft.id}/submit`);
      return async () => {
        const res = await api('POST', `/purchase-orders/${order.id}/receiving-reports`, {
          lines: order.lines.map((l: any) => ({ purchase_order_line_id: l.id, quantity: 4, lot_number: `PO-${round}-${l.id}` })),
        });
        reports.push(res.body.data);
        return res;
      };
    });
    expect(receive[1]).toBe(receive[0]);
    const voids = await statementsOf(async (_size, round) => () => api('POST', `/receiving-reports/${reports[round].id}/void`));
    expect(voids[1]).toBe(voids[0]);
  });

  it('shipments of sales orders, and customer returns restocked', async () => {
    const shipped: any[] = [];
    const ship = await statementsOf(async (size) => {
      const draft = await post('/sales-orders', { channel_id: channel.id, lines: lines(plain, size, (p) => ({ product_id: p.id, quantity: 3 })) });
      const order = await post(`/sales-orders/${draft.id}/confirm`);
      const shipment = await post(`/sales-orders/${order.id}/shipments`, { lines: order.lines.map((l: any) => ({ sales_order_line_id: l.id, quantity: 3 })) });
      shipped.push(order);
      return () => api('POST', `/shipments/${shipment.id}/ship`);
    });
    expect(ship[1]).toBe(ship[0]);
    const restock = await statementsOf(async (_size, round) => {
      const order = shipped[round];
      const rma = await post('/customer-returns', {
        sales_order_id: order.id, lines: order.lines.map((l: any) => ({ sales_order_line_id: l.id, quantity: 1, disposition: 'restock' })),
      });
      return () => api('POST', `/customer-returns/${rma.id}/receive`);
    });
    expect(restock[1]).toBe(restock[0]);
  });

  it('vendor returns shipped at FIFO cost, with lot-less takes of lot-tracked products', async () => {
    const ship = await statementsOf(async (size) => {
      const draft = await post('/vendor-returns', { supplier_id: supplier.id, location_id: main.id, lines: lines(tracked, size, (p) => ({ product_id: p.id, quantity: 2 })) });
      return () => api('POST', `/vendor-returns/${draft.id}/ship`);
    });
    expect(ship[1]).toBe(ship[0]);
  });

  it('work order completions consuming a BOM of 10 and of 100 components', async () => {
    const complete = await statementsOf(async (size, round) => {
      const made = await post('/products', { name: `Made ${round}`, sku: `MADE-${round}` });
      const bom = await post('/boms', { name: `BOM ${round}`, items: lines(plain, size, (p) => ({ product_id: p.id, quantity: 1 })) });
      expect((await api('PATCH', `/products/${made.id}`, { bom_ids: [bom.id] })).status).toBe(200);
      const order = await post('/work-orders', { produced_sku_id: made.id, planned_qty: 2, production_warehouse_id: main.id, destination_warehouse_id: other.id });
      await post(`/work-orders/${order.id}/release`);
      return () => api('POST', `/work-orders/${order.id}/completions`, { quantity: 2 });
    });
    expect(complete[1]).toBe(complete[0]);
  });
});
