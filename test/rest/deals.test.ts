// Deals over real HTTP: CRUD with validation, linking purchase orders (idempotent), their total in base
// currency (cancelled orders left out), unlinking with 200 {message} and 404 {message}, and the order's
// deals; a supplier or warehouse in use by orders or deals cannot be deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { api, post } = serverForFile(['acme']);
let supplier: any;
let warehouse: any;
let product: any;

const DEAL_KEYS = ['amount', 'created_at', 'currency', 'expected_close_date', 'id', 'name', 'notes', 'purchase_orders', 'purchase_orders_total_base', 'stage', 'supplier', 'updated_at'];

beforeAll(async () => {
  supplier = await post('/suppliers', { name: 'Deal Supplies', currency: 'EUR' });
  warehouse = await post('/locations', { name: 'Main' });
  product = await post('/products', { name: 'Crate', sku: 'CRATE-1' });
  await post('/currency/rates', { from: 'EUR', to: 'USD', rate: 1.2, as_of: '2026-01-01' });
});

describe('/deals', () => {
  it('creates, reads, lists, updates and deletes deals, with 422 per field', async () => {
    const created = await api('POST', '/deals', { name: 'Spring restock', supplier_id: supplier.id, amount: 5000, expected_close_date: '2026-04-30' });
    expect(created.status, created.text).toBe(201);
    const deal = created.body.data;
    expect(Object.keys(deal).sort()).toEqual(DEAL_KEYS);
    expect(deal).toMatchObject({
      name: 'Spring restock', supplier: { id: supplier.id, name: 'Deal Supplies' }, stage: 'open', amount: 5000, currency: 'USD',
      expected_close_date: '2026-04-30', notes: null, purchase_orders: [], purchase_orders_total_base: 0,
    });
    expect((await api('GET', `/deals/${deal.id}`)).body.data).toEqual(deal);
    await post('/deals', { name: 'Autumn', stage: 'lost' });
    expect((await api('GET', '/deals?stage=open')).body.data.map((d: any) => d.id)).toEqual([deal.id]);
    expect((await api('GET', '/deals?q=autu')).body.data.map((d: any) => d.name)).toEqual(['Autumn']);
    expect((await api('GET', `/deals?supplier_id=${supplier.id}`)).body.meta.total).toBe(1);
    const won = await api('PATCH', `/deals/${deal.id}`, { stage: 'won', notes: 'signed' });
    expect(won.body.data).toMatchObject({ stage: 'won', notes: 'signed', amount: 5000 });

    const bad = await api('POST', '/deals', { name: '', amount: 1.005, currency: 'EUR', expected_close_date: 'soon', supplier_id: 99999 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'expected_close_date', 'name', 'supplier_id']);
    const badStage = await api('POST', '/deals', { name: 'x', stage: 'maybe' });
    expect(badStage.status).toBe(422);
    expect(Object.keys(badStage.body.errors)).toEqual(['stage']);
    expect((await api('GET', '/deals?stage=maybe')).status).toBe(422);
    expect((await api('GET', '/deals/999999')).status).toBe(404);
  });

  it('links and unlinks purchase orders; the deal shows them and their total in base currency', async () => {
    const deal = await post('/deals', { name: 'Linked' });
    const make = async (unitCost: number) =>
      post('/purchase-orders', { supplier_id: supplier.id, warehouse_id: warehouse.id, order_date: '2026-02-01', lines: [{ product_id: product.id, quantity: 1, unit_cost: unitCost }] });
    const first = await make(100);
    const second = await make(50.5);
    const linked = await api('POST', `/deals/${deal.id}/purchase-orders/${first.id}`);
    expect(linked.status, linked.text).toBe(200);
    await post(`/deals/${deal.id}/purchase-orders/${second.id}`);
    const twice = await post(`/deals/${deal.id}/purchase-orders/${second.id}`);
    expect(twice.purchase_orders.map((po: any) => [po.id, po.total, po.total_base])).toEqual([[first.id, 100, 120], [second.id, 50.5, 60.6]]);
    expect(twice.purchase_orders_total_base).toBe(180.6);
    expect((await api('GET', `/purchase-orders/${first.id}`)).body.data.deals).toEqual([{ id: deal.id, name: 'Linked' }]);

    await post(`/purchase-orders/${second.id}/cancel`);
    expect((await api('GET', `/deals/${deal.id}`)).body.data.purchase_orders_total_base).toBe(120);

    const unlinked = await api('DELETE', `/deals/${deal.id}/purchase-orders/${first.id}`);
    expect(unlinked.status).toBe(200);
    expect(Object.keys(unlinked.body)).toEqual(['message']);
    expect((await api('GET', `/purchase-orders/${first.id}`)).body.data).toMatchObject({ id: first.id, deals: [] });
    const missing = await api('DELETE', `/deals/${deal.id}/purchase-orders/${first.id}`);
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body)).toEqual(['message']);
    expect((await api('POST', `/deals/${deal.id}/purchase-orders/999999`)).status).toBe(404);
    expect((await api('POST', `/deals/999999/purchase-orders/${first.id}`)).status).toBe(404);

    const deleted = await api('DELETE', `/deals/${deal.id}`);
    expect(deleted.status).toBe(200);
    expect((await api('GET', `/purchase-orders/${second.id}`)).status).toBe(200);
  });

  it('a supplier or warehouse with purchase orders or deals cannot be deleted', async () => {
    const supplierDelete = await api('DELETE', `/suppliers/${supplier.id}`);
    expect(supplierDelete.status).toBe(422);
    expect(supplierDelete.body.message).toContain('purchase orders');
    const warehouseDelete = await api('DELETE', `/locations/${warehouse.id}`);
    expect(warehouseDelete.status).toBe(422);
  });
});
