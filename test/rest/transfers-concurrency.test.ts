// Concurrent transitions of one transfer order: parallel receipts never over-receive, and a cancel racing a
// receipt or a ship racing a ship leaves exactly one winner. Meaningful on PostgreSQL (pooled connections,
// row locks); on PGlite, which serialises, it passes as well.
import { beforeAll, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { verifyLedger } from '../../src/domain/inventory/verify.js';

const serverErrors: string[] = [];
const { server, companies: { acme }, api } = serverForFile(['acme'], {
  logger: { log: (level, message, fields) => void (level === 'error' && serverErrors.push(`${message} ${fields?.error}`)) },
});
let source: any;
let destination: any;

beforeAll(async () => {
  source = (await api('POST', '/locations', { name: 'From' })).body.data;
  destination = (await api('POST', '/locations', { name: 'To' })).body.data;
});

let n = 0;
async function shippedTransfer(quantity: number, ship = true): Promise<any> {
  const product = (await api('POST', '/products', { name: `C${++n}`, sku: `CONC-${n}` })).body.data;
  expect((await api('POST', '/inventory/adjustments', { lines: [{ product_id: product.id, location_id: source.id, quantity }] })).status).toBe(201);
  const order = (await api('POST', '/transfer-orders', { source_location_id: source.id, destination_location_id: destination.id, lines: [{ product_id: product.id, quantity }] })).body.data;
  if (ship) expect((await api('POST', `/transfer-orders/${order.id}/ship`)).status).toBe(200);
  return { order, product };
}

async function onhand(productId: number, locationId: number): Promise<number> {
  const res = await api('GET', `/inventory/stock?product_id=${productId}&location_id=${locationId}`);
  return res.body.data.reduce((sum: number, row: any) => sum + row.quantity, 0);
}

it('20 parallel receipts of 1 on a line with 5 in transit: exactly 5 succeed', async () => {
  const { order, product } = await shippedTransfer(5);
  const results = await Promise.all(
    Array.from({ length: 20 }, () => api('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: order.lines[0].id, quantity: 1 }] })),
  );
  expect(serverErrors).toEqual([]);
  expect(results.filter((r) => r.status === 200)).toHaveLength(5);
  expect(results.filter((r) => r.status === 422)).toHaveLength(15);
  const final = (await api('GET', `/transfer-orders/${order.id}`)).body.data;
  expect(final).toMatchObject({ status: 'received' });
  expect(final.lines[0].received_quantity).toBe(5);
  expect(await onhand(product.id, destination.id)).toBe(5);
});

it('a cancel racing receipts: the stock ends in exactly one place', async () => {
  const { order, product } = await shippedTransfer(3);
  const results = await Promise.all([
    api('POST', `/transfer-orders/${order.id}/cancel`),
    api('POST', `/transfer-orders/${order.id}/receive`),
    api('POST', `/transfer-orders/${order.id}/cancel`),
  ]);
  expect(serverErrors).toEqual([]);
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  const final = (await api('GET', `/transfer-orders/${order.id}`)).body.data;
  const atSource = await onhand(product.id, source.id);
  const atDestination = await onhand(product.id, destination.id);
  expect(atSource + atDestination).toBe(3);
  expect(final.status === 'cancelled' ? atSource : atDestination).toBe(3);
});

it('parallel ships of one draft ship it once', async () => {
  const { order, product } = await shippedTransfer(4, false);
  const results = await Promise.all(Array.from({ length: 5 }, () => api('POST', `/transfer-orders/${order.id}/ship`)));
  expect(serverErrors).toEqual([]);
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  expect(await onhand(product.id, source.id)).toBe(0);
  // The ledger check counts stock in transit (transfers keep their FIFO layers open), before and after receipt.
  expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
  expect((await api('POST', `/transfer-orders/${order.id}/receive`)).status).toBe(200);
  expect(await verifyLedger(tenantClient(server.database.prisma, acme.companyId))).toEqual([]);
});
