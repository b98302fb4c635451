// Rows and fixtures that several test files make the same way. Shared by the test files: add functions, do not
// change what an existing one makes (other files count on it).
import { expect } from 'vitest';
import type { PrismaClient } from '../../src/generated/prisma/client.js';
import { tenantClient, type TenantDb } from '../../src/db/tenant-client.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import type { CallResult, Tenant } from './test-server.js';

/** POST as a company, expecting success and giving `data` (the `post` of serverForFile and restClient). */
type Post = (path: string, body?: unknown) => Promise<any>;
/** The same as another company when given one. */
type PostAs = (path: string, body?: unknown, tenant?: Tenant) => Promise<any>;
/** A REST call as a company, answering whatever came back (the `api` of serverForFile and restClient). */
type Api = (method: string, path: string, body?: unknown, tenant?: Tenant) => Promise<CallResult>;

/** A company made directly in the database (its admin admin@<slug>.test), and its tenant-scoped client. */
export async function companyWithClient(prisma: PrismaClient, slug: string): Promise<{ companyId: number; db: TenantDb }> {
  const { company } = await createCompany(prisma, { slug, name: slug, adminEmail: `admin@${slug}.test`, adminPassword: 'correct horse battery staple' });
  return { companyId: company.id, db: tenantClient(prisma, company.id) };
}

/** The unit class Count (a base class) with its base unit `each` and `dozen` (12 each). */
export async function countUnitsWithDozen(db: TenantDb) {
  const count = await db.unitClass.create({ data: { name: 'Count', baseClass: true } as any });
  const each = await db.unitOfMeasure.create({ data: { unitClassId: count.id, name: 'each', baseUnit: true } as any });
  const dozen = await db.unitOfMeasure.create({ data: { unitClassId: count.id, name: 'dozen', description: '12 each' } as any });
  await db.unitConversionRule.create({ data: { baseUnitOfMeasureId: each.id, convertedUnitOfMeasureId: dozen.id, conversionFactor: 12 } as any });
  return { count, each, dozen };
}

/**
 * Over REST: a warehouse North in the warehouse group Shop behind the sales channel Web, and a product Widget
 * (W-1, retail 10) with `quantity` in stock at North at unit cost 1.
 */
export async function stockedSalesChannel(post: Post, quantity: number) {
  const north = await post('/locations', { name: 'North' });
  const group = await post('/warehouse-groups', { name: 'Shop', warehouse_ids: [north.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
  const widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: north.id, quantity, unit_cost: 1 }] });
  return { north, group, channel, widget };
}

/** Over REST: the sales channel `label` selling from these warehouses through a warehouse group Shop of its own. */
export async function salesChannelFrom(post: PostAs, warehouseIds: number[], label = 'Web', tenant?: Tenant): Promise<any> {
  const group = await post('/warehouse-groups', { name: `${label} warehouses`, warehouse_ids: warehouseIds }, tenant);
  return post('/channels', { channelType: 'sales_channel', label, warehouseGroupId: group.id }, tenant);
}

/** GET /reports/stock-snapshot of one product: a [location_id, quantity, value] per row. */
export async function stockSnapshotRows(api: Api, productId: number): Promise<Array<[number, number, number]>> {
  const res = await api('GET', `/reports/stock-snapshot?product_id=${productId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((row: any) => [row.location_id, row.quantity, row.value]);
}

/** GET, PATCH (with `patch`) and DELETE of `path` each answer 404 {message}; with `message`, that very one. */
export async function expectNotFoundOnEachMethod(api: Api, path: string, patch: Record<string, unknown>, message?: string, tenant?: Tenant): Promise<void> {
  for (const [method, body] of [['GET'], ['PATCH', patch], ['DELETE']] as const) {
    const res = await api(method, path, body, tenant);
    expect(res.status, `${method} ${path}`).toBe(404);
    if (message === undefined) expect(Object.keys(res.body)).toEqual(['message']);
    else expect(res.body).toEqual({ message });
  }
}

/** Over REST: a purchase order made of `order` (supplier, warehouse, lines, ...), then submitted; the submitted order. */
export async function submittedPurchaseOrder(post: Post, order: Record<string, unknown>): Promise<any> {
  const draft = await post('/purchase-orders', order);
  return post(`/purchase-orders/${draft.id}/submit`);
}
