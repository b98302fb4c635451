// Production batches over HTTP: CRUD with exact keys, work_order_ids replacing the batch's work orders (moved
// from another batch, let go of on PATCH and DELETE), total_planned_qty leaving cancelled orders out and equal
// to productionRunTotal, 422s naming fields (work_order_ids.N for unknown, completed, cancelled or repeated
// orders) with nothing changed, the list's paging, sort and name filter, and tenants apart. Work orders are
// made directly with Prisma: their API is built elsewhere.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { productionRunTotal } from '../../src/domain/production/production-batches.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);

let warehouse: any;
let product: any;
let sequence = 0;
const KEYS = ['created_at', 'id', 'name', 'notes', 'total_planned_qty', 'updated_at', 'work_order_ids'];

async function workOrder(plannedQty: number, status = 'draft', tenant: Tenant = acme, at = { warehouseId: warehouse.id, productId: product.id }) {
  sequence += 1;
  return server.database.prisma.workOrder.create({
    data: {
      companyId: tenant.companyId,
      workOrderNumber: `WO-T${String(sequence).padStart(5, '0')}`,
      status,
      producedSkuId: at.productId,
      plannedQty,
      productionWarehouseId: at.warehouseId,
      destinationWarehouseId: at.warehouseId,
    },
  });
}
const batchOf = async (id: number) =>
  (await server.database.prisma.workOrder.findUniqueOrThrow({ where: { companyId_id: { companyId: acme.companyId, id } } })).productionBatchId;
const setStatus = (id: number, status: string) =>
  server.database.prisma.workOrder.update({ where: { companyId_id: { companyId: acme.companyId, id } }, data: { status } });

beforeAll(async () => {
  warehouse = await post('/locations', { name: 'Plant' });
  product = await post('/products', { name: 'Widget', sku: 'W-1' });
});

describe('production batches CRUD', () => {
  it('creates an empty batch with defaults', async () => {
    const res = await api('POST', '/production-batches', { name: 'Empty run' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(KEYS);
    expect(res.body.data).toMatchObject({ name: 'Empty run', notes: null, work_order_ids: [], total_planned_qty: 0 });
  });

  it('creates with work orders, totals them without the cancelled ones, and replaces them on PATCH', async () => {
    const [wo1, wo2, wo3] = [await workOrder(10), await workOrder(5, 'released'), await workOrder(2.5, 'in_progress')];
    const batch = await post('/production-batches', { name: 'June run', notes: 'Line 2', work_order_ids: [wo2.id, wo1.id] });
    expect(batch).toMatchObject({ name: 'June run', notes: 'Line 2', work_order_ids: [wo1.id, wo2.id], total_planned_qty: 15 });
    expect(await batchOf(wo1.id)).toBe(batch.id);

    const res = await api('PATCH', `/production-batches/${batch.id}`, { work_order_ids: [wo2.id, wo3.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'June run', notes: 'Line 2', work_order_ids: [wo2.id, wo3.id], total_planned_qty: 7.5 });
    expect(await batchOf(wo1.id)).toBeNull();
    expect(await batchOf(wo3.id)).toBe(batch.id);

    // A cancelled order stays in the batch but leaves the total; productionRunTotal agrees with the resource.
    await setStatus(wo3.id, 'cancelled');
    const read = (await api('GET', `/production-batches/${batch.id}`)).body.data;
    expect(read).toMatchObject({ work_order_ids: [wo2.id, wo3.id], total_planned_qty: 5 });
    expect((await productionRunTotal(tenantClient(server.database.prisma, acme.companyId), batch.id)).toString()).toBe('5');
    expect((await productionRunTotal(tenantClient(server.database.prisma, globex.companyId), batch.id)).toString()).toBe('0');

    // Orders already in the batch stay whatever their status; other fields change alone.
    await setStatus(wo2.id, 'completed');
    const renamed = await api('PATCH', `/production-batches/${batch.id}`, { name: 'June run A', notes: null, work_order_ids: [wo2.id, wo3.id] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'June run A', notes: null, work_order_ids: [wo2.id, wo3.id] });
    expect((await api('PATCH', `/production-batches/${batch.id}`, { name: 'June run B' })).body.data.work_order_ids).toEqual([wo2.id, wo3.id]);
    // [] lets go of every order, completed ones too.
    expect((await api('PATCH', `/production-batches/${batch.id}`, { work_order_ids: [] })).body.data).toMatchObject({ work_order_ids: [], total_planned_qty: 0 });
    expect(await batchOf(wo2.id)).toBeNull();
  });

  it('moves a work order that is in another batch', async () => {
    const wo = await workOrder(3);
    const first = await post('/production-batches', { name: 'Move from', work_order_ids: [wo.id] });
    const second = await post('/production-batches', { name: 'Move to', work_order_ids: [wo.id] });
    expect(second.work_order_ids).toEqual([wo.id]);
    expect((await api('GET', `/production-batches/${first.id}`)).body.data).toMatchObject({ work_order_ids: [], total_planned_qty: 0 });
    expect(await batchOf(wo.id)).toBe(second.id);
  });

  it('deletes: lets go of the work orders and answers the batch as it was', async () => {
    const wo = await workOrder(4);
    const batch = await post('/production-batches', { name: 'To delete', work_order_ids: [wo.id] });
    await setStatus(wo.id, 'completed');
    const res = await api('DELETE', `/production-batches/${batch.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: batch.id, name: 'To delete', work_order_ids: [wo.id], total_planned_qty: 4 });
    expect(await batchOf(wo.id)).toBeNull();
    expect((await api('GET', `/production-batches/${batch.id}`)).status).toBe(404);
    expect((await api('DELETE', `/production-batches/${batch.id}`)).status).toBe(404);
    expect((await api('GET', '/production-batches/abc')).status).toBe(404);
  });
});

describe('422s name the fields and change nothing', () => {
  it('checks name', async () => {
    await post('/production-batches', { name: 'Taken' });
    expectErrors(await api('POST', '/production-batches', {}), ['name']);
    expectErrors(await api('POST', '/production-batches', { name: '  ' }), ['name']);
    expectErrors(await api('POST', '/production-batches', { name: 'x'.repeat(256) }), ['name']);
    expectErrors(await api('POST', '/production-batches', { name: 'Taken' }), ['name']);
    expectErrors(await api('POST', '/production-batches', { name: 'N', colour: 'red', notes: 5 }), ['colour', 'notes']);
    const other = await post('/production-batches', { name: 'Other' });
    expectErrors(await api('PATCH', `/production-batches/${other.id}`, { name: 'Taken' }), ['name']);
    expectErrors(await api('PATCH', `/production-batches/${other.id}`, { name: null }), ['name']);
    // The name of a batch is free again once it is renamed, and its own name is no clash.
    expect((await api('PATCH', `/production-batches/${other.id}`, { name: 'Other' })).status).toBe(200);
    expect((await api('PATCH', '/production-batches/999999', { name: 'Ghost' })).status).toBe(404);
  });

  it('checks work_order_ids: unknown, completed, cancelled, repeated, another tenant\'s, null', async () => {
    const open = await workOrder(1);
    const completed = await workOrder(1, 'completed');
    const cancelled = await workOrder(1, 'cancelled');
    const foreign = await workOrder(1, 'draft', globex, { warehouseId: (await post('/locations', { name: 'G' }, globex)).id, productId: (await post('/products', { name: 'G', sku: 'G-1' }, globex)).id });
    const res = await api('POST', '/production-batches', { name: 'Bad', work_order_ids: [open.id, 999999, completed.id, cancelled.id, open.id, foreign.id] });
    expectErrors(res, ['work_order_ids.1', 'work_order_ids.2', 'work_order_ids.3', 'work_order_ids.4', 'work_order_ids.5']);
    expect(res.body.errors['work_order_ids.2'][0]).toContain('completed');
    expect(res.body.errors['work_order_ids.3'][0]).toContain('cancelled');
    expect(await batchOf(open.id)).toBeNull();
    expect((await api('GET', '/production-batches?name=Bad')).body.data).toEqual([]);
    expectErrors(await api('POST', '/production-batches', { name: 'Bad', work_order_ids: ['x'] }), ['work_order_ids.0']);

    // A PATCH that fails changes nothing, not even its valid fields.
    const batch = await post('/production-batches', { name: 'Kept', work_order_ids: [open.id] });
    expectErrors(await api('PATCH', `/production-batches/${batch.id}`, { name: 'Renamed', work_order_ids: [completed.id] }), ['work_order_ids.0']);
    expectErrors(await api('PATCH', `/production-batches/${batch.id}`, { work_order_ids: null }), ['work_order_ids']);
    expect((await api('GET', `/production-batches/${batch.id}`)).body.data).toMatchObject({ name: 'Kept', work_order_ids: [open.id] });
  });
});

describe('GET /production-batches', () => {
  it('pages, sorts and filters by name', async () => {
    const all = await api('GET', '/production-batches?per_page=100&sort=name');
    expect(all.status, all.text).toBe(200);
    const names = all.body.data.map((b: any) => b.name);
    expect(names).toEqual([...names].sort());
    expect(Object.keys(all.body.data[0]).sort()).toEqual(KEYS);
    const total = all.body.meta.total;
    expect(total).toBe(names.length);

    const page = await api('GET', '/production-batches?per_page=2&page=2&sort=-created_at');
    expect(page.body.meta).toEqual({ current_page: 2, from: 3, last_page: Math.ceil(total / 2), per_page: 2, to: Math.min(4, total), total });
    const ids = (await api('GET', '/production-batches?per_page=100&sort=-id')).body.data.map((b: any) => b.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    expect((await api('GET', '/production-batches?name=june%20run%20b')).body.data.map((b: any) => b.name)).toEqual(['June run B']);
    expect((await api('GET', '/production-batches?name[contains]=MOVE&sort=name')).body.data.map((b: any) => b.name)).toEqual(['Move from', 'Move to']);
    expectErrors(await api('GET', '/production-batches?status=open'), ['status']);
    expectErrors(await api('GET', '/production-batches?sort=colour'), ['sort']);
    expectErrors(await api('GET', '/production-batches?per_page=101'), ['per_page']);
  });

  it('keeps tenants apart', async () => {
    const batch = await post('/production-batches', { name: 'Acme only' });
    expect((await api('GET', '/production-batches', undefined, globex)).body.data).toEqual([]);
    expect((await api('GET', `/production-batches/${batch.id}`, undefined, globex)).status).toBe(404);
    expect((await api('PATCH', `/production-batches/${batch.id}`, { name: 'Mine' }, globex)).status).toBe(404);
    expect((await api('DELETE', `/production-batches/${batch.id}`, undefined, globex)).status).toBe(404);
    // The same name is free in another company.
    expect((await api('POST', '/production-batches', { name: 'Acme only' }, globex)).status).toBe(201);
  });
});
