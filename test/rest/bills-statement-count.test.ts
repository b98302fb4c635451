// Writing, approving, paying and listing bills runs a fixed number of SQL statements whatever the number of
// lines or bills: lines are read, matched and written set-based, never one statement per line.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';

const counter = statementCounter();
let supplier: any;
let small: any;
let large: any;

const { api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

async function receivedOrder(lineCount: number, warehouseId: number): Promise<any> {
  const products = [];
  for (let i = 0; i < lineCount; i++) products.push(await post('/products', { name: `P${lineCount}-${i}`, sku: `P${lineCount}-${i}` }));
  const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouseId, lines: products.map((p) => ({ product_id: p.id, quantity: 5, unit_cost: 1 })) });
  await post(`/purchase-orders/${po.id}/submit`);
  await post(`/purchase-orders/${po.id}/receiving-reports`, { lines: po.lines.map((line: any) => ({ purchase_order_line_id: line.id, quantity: 5 })) });
  return po;
}

/** The SQL statements one call runs. */
const counted = counter.of;

const billOf = (po: any, number: string) => ({
  supplier_id: supplier.id,
  bill_number: number,
  bill_date: '2026-05-05',
  purchase_order_id: po.id,
  lines: po.lines.map((line: any) => ({ purchase_order_line_id: line.id, quantity: 5, unit_price: 1.1 })),
});

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Counted' });
  const warehouse = await post('/locations', { name: 'Main' });
  small = await receivedOrder(2, warehouse.id);
  large = await receivedOrder(25, warehouse.id);
}, 120_000);

describe('statements of bills', () => {
  it('are the same for a 2-line and a 25-line bill: create, approve with a variance, pay, and a page of bills', async () => {
    let smallBill: any;
    let largeBill: any;
    const create = [
      await counted(async () => (smallBill = (await api('POST', '/bills', billOf(small, 'S-1'))).body.data)),
      await counted(async () => (largeBill = (await api('POST', '/bills', billOf(large, 'L-1'))).body.data)),
    ];
    expect(largeBill.lines).toHaveLength(25);
    expect(largeBill.match_status).toBe('price_mismatch');
    expect(create[1]).toBe(create[0]);

    const approve = [
      await counted(() => api('POST', `/bills/${smallBill.id}/approve`, { accept_variance: true })),
      await counted(() => api('POST', `/bills/${largeBill.id}/approve`, { accept_variance: true })),
    ];
    expect(approve[1]).toBe(approve[0]);
    const pay = [
      await counted(() => api('POST', `/bills/${smallBill.id}/payments`, { amount: 1, paid_at: '2026-05-06' })),
      await counted(() => api('POST', `/bills/${largeBill.id}/payments`, { amount: 1, paid_at: '2026-05-06' })),
    ];
    expect(pay[1]).toBe(pay[0]);
    const page = [await counted(() => api('GET', `/bills?per_page=1`)), await counted(() => api('GET', `/bills?per_page=50`))];
    expect(page[1]).toBe(page[0]);
  });
});
