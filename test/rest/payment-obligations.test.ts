// Payment obligations over real HTTP: generated from the order's terms (deposit and balance, due from the
// order date or the first receipt), amounts that add up to the total exactly, regeneration that keeps what
// has payments, the list and its filters, and the 422s.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { serverForFile } from '../support/file-server.js';

const { server, companies: { acme }, api, post } = serverForFile(['acme']);
let supplier: any;
let warehouse: any;
let product: any;

const sum = (amounts: number[]) => amounts.reduce((a, b) => Math.round((a + b) * 100) / 100, 0);

async function order(extra: Record<string, unknown>, submit = true): Promise<any> {
  const po = await post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-05-01', ...extra });
  return submit ? post(`/purchase-orders/${po.id}/submit`) : po;
}

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Terms Ltd' });
  warehouse = await post('/locations', { name: 'Main' });
  product = await post('/products', { name: 'Widget', sku: 'W-1' });
});

describe('POST /purchase-orders/{id}/payment-obligations/generate', () => {
  it('splits the total into a deposit and a balance that add up exactly, the balance waiting for the first receipt', async () => {
    // 3 × 33.33 = 99.99; a deposit of 1/3 is 33.33 and the balance takes the remainder 66.66.
    const po = await order({
      lines: [{ product_id: product.id, quantity: 3, unit_cost: 33.33 }],
      payment_terms: { deposit_percent: 33.3333, deposit_due_days: 7, balance_due_days: 30, balance_due_from: 'receipt' },
    });
    const res = await api('POST', `/purchase-orders/${po.id}/payment-obligations/generate`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['currency', 'obligations', 'purchase_order_id', 'total']);
    const { obligations, total } = res.body.data;
    expect(total).toBe(99.99);
    expect(obligations.map((o: any) => [o.kind, o.amount, o.due_date, o.status, o.paid_amount])).toEqual([
      ['deposit', 33.33, '2026-05-08', 'open', 0],
      ['balance', 66.66, null, 'open', 0],
    ]);
    expect(Object.keys(obligations[0]).sort()).toEqual(['amount', 'created_at', 'currency', 'description', 'due_date', 'id', 'kind', 'paid_amount', 'purchase_order_id', 'status', 'updated_at']);
    expect(sum(obligations.map((o: any) => o.amount))).toBe(99.99);

    // After the first receipt the balance gets its due date.
    await post(`/purchase-orders/${po.id}/receiving-reports`, { received_at: '2026-05-20T09:00:00Z', lines: [{ purchase_order_line_id: po.lines[0].id, quantity: 1 }] });
    const again = (await post(`/purchase-orders/${po.id}/payment-obligations/generate`)).obligations;
    expect(again.map((o: any) => [o.kind, o.amount, o.due_date])).toEqual([['deposit', 33.33, '2026-05-08'], ['balance', 66.66, '2026-06-19']]);
  });

  it('keeps obligations that have payments when it regenerates, and the new ones make up the rest exactly', async () => {
    const po = await order({
      lines: [{ product_id: product.id, quantity: 1, unit_cost: 1000 }],
      payment_terms: { deposit_percent: 25, deposit_due_days: 0, balance_due_days: 60 },
    });
    const first = (await post(`/purchase-orders/${po.id}/payment-obligations/generate`)).obligations;
    expect(first.map((o: any) => [o.kind, o.amount, o.due_date])).toEqual([['deposit', 250, '2026-05-01'], ['balance', 750, '2026-06-30']]);
    // Accounts payable (a later issue) records payments; here the deposit is marked paid directly.
    await tenantClient(server.database.prisma, acme.companyId).paymentObligation.updateMany({ where: { id: first[0].id }, data: { paidAmount: 250, status: 'paid' } });
    const second = (await post(`/purchase-orders/${po.id}/payment-obligations/generate`)).obligations;
    expect(second[0]).toMatchObject({ id: first[0].id, amount: 250, paid_amount: 250, status: 'paid' });
    expect(second.slice(1).map((o: any) => [o.kind, o.amount])).toEqual([['balance', 750]]);
    expect(second[1].id).not.toBe(first[1].id);
    expect(sum(second.map((o: any) => o.amount))).toBe(1000);
  });

  it('without terms: one obligation for the total, due on the order date', async () => {
    const po = await order({ lines: [{ product_id: product.id, quantity: 7, unit_cost: 1.43 }] });
    const { obligations } = await post(`/purchase-orders/${po.id}/payment-obligations/generate`);
    expect(obligations.map((o: any) => [o.kind, o.amount, o.due_date, o.currency])).toEqual([['balance', 10.01, '2026-05-01', 'USD']]);
  });

  it('refuses a draft order (422) and an unknown one (404), and lists with filters', async () => {
    const draft = await order({ lines: [{ product_id: product.id, quantity: 1, unit_cost: 1 }] }, false);
    const refused = await api('POST', `/purchase-orders/${draft.id}/payment-obligations/generate`);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['status']);
    expect((await api('POST', '/purchase-orders/999999/payment-obligations/generate')).status).toBe(404);

    const all = (await api('GET', '/payment-obligations?per_page=100')).body;
    expect(all.meta.total).toBe(5);
    expect((await api('GET', '/payment-obligations?status=paid')).body.data.map((o: any) => o.amount)).toEqual([250]);
    expect((await api('GET', '/payment-obligations?due_date=2026-05-08&sort=due_date')).body.data.map((o: any) => o.due_date)).toEqual(['2026-05-01', '2026-05-01', '2026-05-08']);
    expect((await api('GET', `/payment-obligations?supplier_id=${supplier.id}`)).body.meta.total).toBe(5);
    expect((await api('GET', `/payment-obligations?purchase_order_id=${draft.id}`)).body.data).toEqual([]);
    const bad = await api('GET', '/payment-obligations?status=late&due_date=soon');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['due_date', 'status']);
  });
});
