// Freight bills made landed cost of a receipt over real HTTP: the allocation spreads the bill's amount (at its
// rate, in base currency) over the receipt lines; open stock takes its part, stock already issued takes
// the rest as cost adjustments; deleting the allocation books exactly that back. Plus the limits and 422s.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';

const { api, post } = serverForFile(['acme']);
let vendor: any;
let carrier: any;
let warehouse: any;
let bolt: any;
let nut: any;
let report: any;
let freight: any;

/** Stock value and unit cost per product (the FIFO layers still open). */
async function valueOf(productId: number): Promise<{ quantity: number; value: number }> {
  const rows = (await api('GET', `/reports/stock-snapshot?product_id=${productId}`)).body.data;
  return { quantity: rows.reduce((s: number, r: any) => s + r.quantity, 0), value: Math.round(rows.reduce((s: number, r: any) => s + r.value, 0) * 1e6) / 1e6 };
}

beforeAll(async () => {
  vendor = await post('/suppliers', { name: 'Goods Inc' });
  carrier = await post('/suppliers', { name: 'Euro Freight', currency: 'EUR' });
  warehouse = await post('/locations', { name: 'Main' });
  bolt = await post('/products', { name: 'Bolt', sku: 'B-1' });
  nut = await post('/products', { name: 'Nut', sku: 'N-1' });
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.2, as_of: '2026-01-01' });
  const po = await post('/purchase-orders', {
    supplier_id: vendor.id, warehouse_id: warehouse.id, order_date: '2026-05-01',
    lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 2 }, { product_id: nut.id, quantity: 10, unit_cost: 1 }],
  });
  await post(`/purchase-orders/${po.id}/submit`);
  report = await post(`/purchase-orders/${po.id}/receiving-reports`, {
    received_at: '2026-05-03T10:00:00Z',
    lines: po.lines.map((line: any) => ({ purchase_order_line_id: line.id, quantity: 10 })),
  });
  // 4 bolts leave at their FIFO cost of 2 before the freight bill arrives.
  await post('/inventory/adjustments', { lines: [{ product_id: bolt.id, location_id: warehouse.id, quantity: -4 }] });
  freight = await post('/bills', { supplier_id: carrier.id, bill_number: 'FR-7', bill_date: '2026-05-10', lines: [{ description: 'Sea freight', quantity: 1, unit_price: 25 }] });
});

describe('bill allocations', () => {
  it('needs an approved bill', async () => {
    expectErrors(await api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 25, allocation: 'quantity' }), ['status']);
    freight = await post(`/bills/${freight.id}/approve`);
    expect(freight).toMatchObject({ currency: 'EUR', exchange_rate: 1.2, total: 25 });
  });

  it('spreads the bill over the receipt: open stock takes its part, issued stock becomes cost adjustments, and a delete books it back', async () => {
    expect(await valueOf(bolt.id)).toEqual({ quantity: 6, value: 12 });
    expect(await valueOf(nut.id)).toEqual({ quantity: 10, value: 10 });

    const res = await api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 25, allocation: 'quantity' });
    expect(res.status, res.text).toBe(201);
    const allocation = res.body.data;
    // 25 EUR × 1.2 = 30 USD by quantity: 15 to the 10 bolts (1.5 each; 4 issued → 6 adjusts their cost), 15 to the nuts.
    expect(allocation).toMatchObject({ bill_id: freight.id, receiving_report_id: report.id, amount: 25, amount_base: 30, issued_amount_base: 6, allocation: 'quantity' });
    expect(allocation.line_shares).toEqual([
      { line_id: report.lines[0].id, share: 15 },
      { line_id: report.lines[1].id, share: 15 },
    ]);
    expect(await valueOf(bolt.id)).toEqual({ quantity: 6, value: 21 });
    expect(await valueOf(nut.id)).toEqual({ quantity: 10, value: 25 });
    const lines = (await api('GET', `/receiving-reports/${report.id}`)).body.data.lines;
    expect(lines.map((l: any) => [l.landed_unit_cost, l.unit_cost])).toEqual([[1.5, 3.5], [1.5, 2.5]]);
    expect((await api('GET', `/bills/${freight.id}/allocations`)).body.data.map((a: any) => a.id)).toEqual([allocation.id]);

    // The allocations of a bill never exceed its total; the bill cannot be voided while allocated; the receipt cannot be voided.
    expectErrors(await api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 0.01, allocation: 'value' }), ['amount']);
    expectErrors(await api('POST', `/bills/${freight.id}/void`), ['status']);
    expectErrors(await api('POST', `/receiving-reports/${report.id}/void`), ['status']);

    const deleted = await api('DELETE', `/bills/${freight.id}/allocations/${allocation.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.data.id).toBe(allocation.id);
    expect(await valueOf(bolt.id)).toEqual({ quantity: 6, value: 12 });
    expect(await valueOf(nut.id)).toEqual({ quantity: 10, value: 10 });
    const back = (await api('GET', `/receiving-reports/${report.id}`)).body.data.lines;
    expect(back.map((l: any) => [l.landed_unit_cost, l.unit_cost])).toEqual([[0, 2], [0, 1]]);
    expect((await api('GET', `/bills/${freight.id}/allocations`)).body.data).toEqual([]);
    expect((await api('DELETE', `/bills/${freight.id}/allocations/${allocation.id}`)).status).toBe(404);
  });

  it('splits a bill into allocations by value up to its total, and refuses bad input', async () => {
    const first = await post(`/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 10, allocation: 'value' });
    // 12 USD by value: bolts 20 of 30 → 8, nuts 10 of 30 → 4.
    expect(first.line_shares.map((s: any) => s.share)).toEqual([8, 4]);
    const second = await post(`/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 15, allocation: 'weight' });
    // No weights: an even split of 18 USD.
    expect(second.line_shares.map((s: any) => s.share)).toEqual([9, 9]);
    expectErrors(await api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 0.01, allocation: 'value' }), ['amount']);

    expectErrors(await api('POST', `/bills/${freight.id}/allocations`, {}), ['receiving_report_id', 'amount', 'allocation']);
    expectErrors(await api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: 999999, amount: -1, allocation: 'value' }), ['receiving_report_id', 'amount']);
    expectErrors(await api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 1, allocation: 'volume' }), ['allocation']);
    expectErrors(await api('POST', `/bills/${freight.id}/allocations`, { receiving_report_id: report.id, amount: 1.234, allocation: 'value' }), ['amount']);
    expect((await api('POST', '/bills/999999/allocations', { receiving_report_id: report.id, amount: 1, allocation: 'value' })).status).toBe(404);
    expect((await api('GET', '/bills/999999/allocations')).status).toBe(404);

    // An allocation of another bill is not found under this one.
    const other = await post('/bills', { supplier_id: carrier.id, bill_number: 'FR-8', bill_date: '2026-05-10', lines: [{ description: 'Duty', quantity: 1, unit_price: 5 }] });
    await post(`/bills/${other.id}/approve`);
    expect((await api('DELETE', `/bills/${other.id}/allocations/${first.id}`)).status).toBe(404);
  });
});
