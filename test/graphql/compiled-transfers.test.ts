// Transfer orders answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts):
// the domain picks the page, and one statement writes the orders as the selection asks, with SQL derived from the
// GraphQL types and declared beside the fields with resolvers of their own (a line's SKU, its lot number, what is
// in transit, the lots it moved in and the unit cost it carried: src/domain/inventory/transfers/transfer-lines.ts).
// Here those answers equal graphql's ordinary execution field by field, keys in the same order and values alike,
// for the REST page and record and for random selections over /graphql. The data is varied: drafts, shipped,
// partially received, received and cancelled orders (one cancelled after shipping); a line shipped in two lots
// the strategy picked, a line of a product without lots, a lot without dates; receipts at different costs, a
// receipt without a cost, decimals at full precision, text JSON must escape, null and empty notes, lines without
// movements. A page runs as many statements for 10 orders as for 100.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { transferOrderRoutes } from '../../rest-mapping/inventory-transfers.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(transferOrderRoutes, '/transfer-orders');
const recordRoute = getRoute(transferOrderRoutes, '/transfer-orders/{transferOrderId}');
/** The varied orders, then a few of the plain ones. */
const orderIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const source = await post('/locations', { name: 'Source "S" \\ ☃' });
  const destination = await post('/locations', { name: 'Destination\nD' });
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT "M8" \\ ☃' });
  const serum = await post('/products', { name: 'Serum', sku: 'SERUM\tX', lot_tracking: true, lot_deduction_strategy: 'FEFO' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: source.id, quantity: 1000.1234567891, unit_cost: 1.2345678901 },
      { product_id: serum.id, location_id: source.id, quantity: 3, unit_cost: 0.0000000001, lot_number: 'LOT "A" \\ ☃', production_date: '2030-01-01', expiry_date: '2031-01-01' },
      { product_id: serum.id, location_id: source.id, quantity: 50, unit_cost: 123456.1234567891, lot_number: 'B', expiry_date: '2032-06-30' },
      { product_id: serum.id, location_id: source.id, quantity: 5, unit_cost: 2, lot_number: 'NODATES' },
    ],
  });
  const transfer = (lines: unknown[], notes?: string | null) =>
    post('/transfer-orders', { source_location_id: source.id, destination_location_id: destination.id, lines, ...(notes !== undefined ? { notes } : {}) });

  // A draft: a lot named by number, a product without lots, notes JSON must escape.
  const draft = await transfer([{ product_id: bolt.id, quantity: 1.2345678901 }, { product_id: serum.id, quantity: 1, lot_number: 'NODATES' }], 'Tab\there "quoted" \\ back ☃\u0001 </script>');
  // Partially received: part of a line the strategy spreads over two lots (FEFO: A then B), all of the bolt line.
  const partial = await transfer([{ product_id: serum.id, quantity: 10 }, { product_id: bolt.id, quantity: 99.9999999999 }]);
  // Shipped, nothing received.
  const shipped = await transfer([{ product_id: serum.id, quantity: 4.5 }, { product_id: bolt.id, quantity: 0.0000000001 }], '');
  // Received in full, in two receipts.
  const received = await transfer([{ product_id: bolt.id, quantity: 7 }, { product_id: serum.id, quantity: 2, lot_number: 'B' }], 'done');
  // Cancelled as a draft, and cancelled after shipping (its stock back at the source).
  const cancelledDraft = await transfer([{ product_id: bolt.id, quantity: 1 }]);
  const cancelledShipped = await transfer([{ product_id: serum.id, quantity: 2 }], null);
  for (const order of [partial, shipped, received, cancelledShipped]) await post(`/transfer-orders/${order.id}/ship`);
  await post(`/transfer-orders/${partial.id}/receive`, { lines: [{ line_id: partial.lines[0].id, quantity: 3.3333333333 }, { line_id: partial.lines[1].id, quantity: 99.9999999999 }] });
  await post(`/transfer-orders/${received.id}/receive`, { lines: [{ line_id: received.lines[0].id, quantity: 2.5 }] });
  await post(`/transfer-orders/${received.id}/receive`);
  await post(`/transfer-orders/${cancelledDraft.id}/cancel`);
  await post(`/transfer-orders/${cancelledShipped.id}/cancel`);
  orderIds.push(draft.id, shipped.id, partial.id, received.id, cancelledDraft.id, cancelledShipped.id);

  // Enough plain orders for pages of 10 and of 100, written directly: drafts and orders in transit, some lines with
  // movements (two receipts at different costs, one without a cost, one without a lot), some without any line.
  const statuses = ['draft', 'shipped', 'partially_received', 'received', 'cancelled'];
  const plain = await db.transferOrder.createManyAndReturn({
    data: Array.from({ length: 94 }, (_, i) => ({
      sourceLocationId: i % 2 ? source.id : destination.id,
      destinationLocationId: i % 2 ? destination.id : source.id,
      status: statuses[i % 5],
      notes: i % 3 ? `Plain "${i}"` : null,
      shippedAt: i % 5 ? new Date(Date.UTC(2026, 0, 1 + i, 12, 30, 15, 123)) : null,
    })) as any,
    select: { id: true },
  });
  const lots = await db.lot.findMany({ where: { productId: serum.id }, orderBy: { id: 'asc' }, select: { id: true } });
  const lines = await db.transferOrderLine.createManyAndReturn({
    data: plain.flatMap(({ id }, i) =>
      i % 7 === 6
        ? []
        : [
            { transferOrderId: id, productId: bolt.id, quantity: i + 0.5, shippedQuantity: i % 5 ? i + 0.5 : 0, receivedQuantity: i % 5 === 3 ? i + 0.5 : i % 5 === 2 ? 0.25 : 0 },
            { transferOrderId: id, productId: serum.id, lotId: i % 2 ? lots[i % 3]!.id : null, quantity: 1.0000000001, shippedQuantity: 0, receivedQuantity: i % 4 === 1 ? 2 : 0 },
          ],
    ) as any,
    select: { id: true, transferOrderId: true, productId: true, lotId: true },
  });
  const movement = (line: (typeof lines)[number], sourceType: string, quantity: number, unitCost: number | null, lotId: number | null, locationId: number) => ({
    productId: line.productId,
    locationId,
    lotId,
    quantity,
    unitCost,
    reason: 'transfer',
    sourceType,
    sourceId: line.transferOrderId,
    sourceLineId: line.id,
  });
  await db.stockMovement.createMany({
    data: lines.flatMap((line, i) =>
      i % 3 === 0
        ? []
        : line.productId === bolt.id
          ? [movement(line, 'TRANSFER_SHIPMENT', -(i + 0.5), 1.2345678901, null, source.id), movement(line, 'TRANSFER_RECEIPT', 0.25, i % 4 ? 3.3333333333 : null, null, destination.id), movement(line, 'TRANSFER_RECEIPT', 0.25, 9, null, destination.id)]
          : [movement(line, 'TRANSFER_SHIPMENT', -0.5, 2, lots[2]!.id, source.id), movement(line, 'TRANSFER_SHIPMENT', -0.5000000001, 2, lots[0]!.id, source.id), movement(line, 'TRANSFER_RECEIPT', 0.5, 2, lots[0]!.id, destination.id)],
    ) as any,
  });
  orderIds.push(plain[0]!.id, plain[1]!.id, plain[6]!.id);
}, 60_000);

describe('transfer orders written by one statement', () => {
  it('has the data it means to test', async () => {
    const partial = (await api('GET', `/transfer-orders/${orderIds[2]}`)).body.data;
    expect(partial.status).toBe('partially_received');
    expect(partial.lines[0].lots.map((lot: any) => [lot.lot_number, lot.shipped_quantity, lot.received_quantity])).toEqual([['LOT "A" \\ ☃', 3, 3], ['B', 7, 0.3333333333]]);
    expect(partial.lines[0].outstanding_quantity).toBe(6.6666666667);
    expect(partial.lines[1].unit_cost).toBe(1.2345678901);
    const shipped = (await api('GET', `/transfer-orders/${orderIds[1]}`)).body.data;
    expect(shipped.lines.map((line: any) => [line.outstanding_quantity, line.unit_cost, line.lots.length])).toEqual([[4.5, null, 1], [0.0000000001, null, 1]]);
    expect((await api('GET', `/transfer-orders/${orderIds[0]}`)).body.data.lines.map((line: any) => [line.sku, line.lot_number, line.lots, line.unit_cost])).toEqual([
      ['BOLT "M8" \\ ☃', null, [], null],
      ['SERUM\tX', 'NODATES', [], null],
    ]);
  });

  it('GET /transfer-orders answers as field by field, and runs as many statements for 10 orders as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/transfer-orders?sort=id', { sort: 'id' }, 'transferOrders'));

  it('GET /transfer-orders/{id} answers as field by field', async () => {
    await recordsAsFieldByField(on, recordRoute, '/transfer-orders', orderIds, 'transferOrder');
    expect((await api('GET', '/transfer-orders/999999')).status).toBe(404);
  });

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, listRoute, '/transfer-orders?per_page=100', { perPage: 100 }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['TransferOrder'], ([selection], id) => pageAndRecordQueries(selection!, 'transferOrders', 'id', 'transferOrder', id), {
      numRuns: 25,
      seed: 20261201,
      ids: orderIds,
      skipTooDeep: true,
    }));
});
