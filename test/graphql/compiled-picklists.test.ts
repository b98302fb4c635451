// Picklists answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts): the
// domain picks the page, and one statement writes the picklists as the selection asks, with SQL derived from the
// GraphQL types and declared beside the fields with resolvers of their own (a picklist's status and fulfillment
// order ids; an item's lot number and dates, its product's lot deduction strategy and unit:
// src/domain/fulfillment/picklists.ts). Here those answers equal graphql's ordinary execution field by field, keys
// in the same order and values alike, for the REST page and record and for random selections over /graphql. The
// data is varied: a wave picklist over two orders, picklists created, picking (a partial pick), picked (short),
// packed and deleted; lots with and without dates and stock without lots; a product with its own unit and
// strategy and one with neither; picklists without items or fulfillment orders; decimals at full precision; text
// JSON must escape. A page runs as many statements for 10 picklists as for 100.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { picklistRoutes } from '../../rest-mapping/picklists.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { fewerStatementsThanFieldByField, getRoute, pageAndRecordQueries, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const listRoute = getRoute(picklistRoutes, '/pickflow/picklists');
const recordRoute = getRoute(picklistRoutes, '/pickflow/picklists/{id}');
/** The varied picklists, then a few of the plain ones. */
const picklistIds: number[] = [];

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const north = await post('/locations', { name: 'North' });
  const aPick = await post('/locations', { name: 'A-pick "1" \\ ☃', parent_id: north.id, is_pick_location: true });
  const shelf = await post('/locations', { name: 'B-shelf\nback', parent_id: north.id });
  const group = await post('/warehouse-groups', { name: 'Shop', lot_deduction_strategy: 'FEFO', warehouse_ids: [north.id] });
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
  const widget = await post('/products', { name: 'Widget "W"', sku: 'W\t1', retail_price: 10 });
  const lotted = await post('/products', { name: 'Lotted', sku: 'L-1', retail_price: 5, lot_tracking: true, lot_deduction_strategy: 'FIFO' });
  const gadget = await post('/products', { name: 'Gadget', sku: 'G-1', retail_price: 3, lot_tracking: true });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: widget.id, location_id: shelf.id, quantity: 333.3333333333, unit_cost: 1 },
      { product_id: widget.id, location_id: aPick.id, quantity: 3.0000000001, unit_cost: 1 },
      { product_id: lotted.id, location_id: aPick.id, quantity: 50, unit_cost: 1, lot_number: 'NEW "n" \\ ☃', production_date: '2030-03-01', expiry_date: '2031-01-01' },
      { product_id: lotted.id, location_id: aPick.id, quantity: 40, unit_cost: 1, lot_number: 'OLD', production_date: '2030-01-01' },
      { product_id: gadget.id, location_id: north.id, quantity: 30, unit_cost: 1, lot_number: 'G1', expiry_date: '2032-01-01' },
      { product_id: gadget.id, location_id: north.id, quantity: 30, unit_cost: 1, lot_number: 'G2' },
    ],
  });
  // The lotted product counts in a unit of its own.
  const unitClass = await db.unitClass.create({ data: { name: 'Count "c"', baseClass: true } as any });
  const unit = await db.unitOfMeasure.create({ data: { unitClassId: unitClass.id, name: 'each ☃', description: 'one\tpiece', baseUnit: true } as any });
  await db.product.updateMany({ where: { id: lotted.id }, data: { defaultUomId: unit.id } });

  /** A fulfillment order of a new confirmed order of these lines. */
  const fulfillmentOrder = async (lines: Array<[any, number]>) => {
    const draft = await post('/sales-orders', { channel_id: channel.id, lines: lines.map(([product, quantity]) => ({ product_id: product.id, quantity })) });
    await post(`/sales-orders/${draft.id}/confirm`);
    return (await api('GET', `/fulfillment-orders?sales_order_id=${draft.id}`)).body.data[0].id as number;
  };
  const picklist = async (...orders: number[]) => (await post('/pickflow/picklists', { fulfillment_order_ids: orders })).id as number;
  const step = (id: number, path: string, body?: unknown) => post(`/pickflow/picklists/${id}/${path}`, body);

  // A wave over two orders, created: items across lots (FIFO: OLD, then NEW), locations and a product without lots.
  const wave = await picklist(await fulfillmentOrder([[widget, 5.1234567891], [lotted, 45]]), await fulfillmentOrder([[gadget, 2], [widget, 1]]));
  // Picking, one item picked in part.
  const picking = await picklist(await fulfillmentOrder([[lotted, 2.5], [gadget, 1]]));
  await step(picking, 'start-picking');
  const pickingItems = (await api('GET', `/pickflow/picklists/${picking}`)).body.data.items;
  await step(picking, `items/${pickingItems[0].id}/pick`, { quantity: 1.0000000001 });
  // Picked short, packed, and deleted.
  const picked = await picklist(await fulfillmentOrder([[widget, 2]]));
  await step(picked, 'start-picking');
  await step(picked, 'finish-picking');
  const packed = await picklist(await fulfillmentOrder([[gadget, 3]]));
  await step(packed, 'start-picking');
  await step(packed, 'finish-picking');
  await step(packed, 'start-packing');
  await step(packed, 'finish-packing');
  const deleted = await picklist(await fulfillmentOrder([[lotted, 1]]));
  expect((await api('DELETE', `/pickflow/picklists/${deleted}`)).status).toBe(200);
  picklistIds.push(wave, picking, picked, packed, deleted);

  // Enough plain picklists for pages of 10 and of 100, written directly: some without items or fulfillment orders.
  const statuses = ['created', 'picking', 'picked', 'packed', 'deleted'];
  const plain = await db.picklist.createManyAndReturn({
    data: Array.from({ length: 95 }, (_, i) => ({
      warehouseId: north.id,
      status: statuses[i % 5],
      pickingStartedAt: i % 5 ? new Date(Date.UTC(2026, 0, 1 + i, 8, 0, 0, 5)) : null,
      pickingEndedAt: i % 5 > 1 ? new Date(Date.UTC(2026, 0, 1 + i, 9)) : null,
    })) as any,
    select: { id: true },
  });
  const lots = await db.lot.findMany({ orderBy: { id: 'asc' }, select: { id: true, productId: true } });
  await db.picklistItem.createMany({
    data: plain.flatMap(({ id }, i) =>
      i % 4 === 3
        ? []
        : [
            { picklistId: id, position: 1, productId: widget.id, locationId: shelf.id, quantity: i + 0.0000000001, availableQuantity: 333.3333333333, pickedQuantity: i % 2 ? 0.5 : 0 },
            { picklistId: id, position: 0, productId: lots[i % lots.length]!.productId, lotId: lots[i % lots.length]!.id, locationId: aPick.id, quantity: 1, availableQuantity: 2, pickedQuantity: 0 },
          ],
    ) as any,
  });
  const orders = await db.fulfillmentOrder.findMany({ orderBy: { id: 'asc' }, select: { id: true } });
  await db.picklistFulfillmentOrder.createMany({
    data: plain.flatMap(({ id }, i) => (i % 3 === 2 ? [] : [orders[(i + 1) % orders.length]!.id, orders[i % orders.length]!.id].slice(0, 1 + (i % 2)).map((fulfillmentOrderId) => ({ picklistId: id, fulfillmentOrderId })))) as any,
  });
  picklistIds.push(plain[0]!.id, plain[2]!.id, plain[3]!.id);
}, 60_000);

describe('picklists written by one statement', () => {
  it('has the data it means to test', async () => {
    const wave = (await api('GET', `/pickflow/picklists/${picklistIds[0]}`)).body.data;
    expect(wave.status).toBe('created');
    const items = wave.items.map((item: any) => [item.lot_number, item.production_date, item.expiry_date, item.lot_deduction_strategy, item.uom?.name ?? null]);
    expect(items).toEqual(
      expect.arrayContaining([
        ['OLD', '2030-01-01', null, 'FIFO', 'each ☃'],
        ['NEW "n" \\ ☃', '2030-03-01', '2031-01-01', 'FIFO', 'each ☃'],
        ['G1', null, '2032-01-01', null, null],
        [null, null, null, null, null],
      ]),
    );
    expect((await api('GET', `/pickflow/picklists/${picklistIds[1]}`)).body.data.items[0].picked_quantity).toBe(1.0000000001);
    expect((await api('GET', `/pickflow/picklists/${picklistIds[4]}`)).body.data.status).toBe('deleted');
    expect((await api('GET', `/pickflow/picklists/${picklistIds[7]}`)).body.data.items).toEqual([]);
  });

  it('GET /pickflow/picklists answers as field by field, and runs as many statements for 10 picklists as for 100', () =>
    pagesAsFieldByField(on, listRoute, '/pickflow/picklists?sort=id', { sort: 'id', filters: [] }, 'picklists'));

  it('GET /pickflow/picklists/{id} answers as field by field', async () => {
    await recordsAsFieldByField(on, recordRoute, '/pickflow/picklists', picklistIds, 'picklist');
    expect((await api('GET', '/pickflow/picklists/999999')).status).toBe(404);
  });

  it('a page is one statement beside the domain reading its ids', () =>
    fewerStatementsThanFieldByField(on, listRoute, '/pickflow/picklists?per_page=100', { perPage: 100, filters: [] }));

  it('random selections over /graphql answer as field by field', () =>
    selectionsAsFieldByField(on, ['Picklist'], ([selection], id) => pageAndRecordQueries(selection!, 'picklists', 'id', 'picklist', id), {
      numRuns: 25,
      seed: 20261202,
      ids: picklistIds,
      skipTooDeep: true,
    }));
});
