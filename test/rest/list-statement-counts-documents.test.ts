// Every list route of the documents that move and hold stock (inventory adjustments, receiving reports,
// fulfillment orders, purgatory entries, EDI documents, cycle count batches and a count's lines, production
// batches) runs as many SQL statements for a page of 10 records as for a page of 100, nested rows included (an
// adjustment's lines and their movements, a report's lines and landed costs, an order's lines, a batch's
// sessions...): a page is read set-based, never with one query per record. Two records whose answer is a list
// are compared the same way: a picklist of 10 items and one of 100 (GET /pickflow/picklists/{id}), a shipment of
// 10 packages and one of 100 (GET /shipments/{id}/packages). Each list gets one record made through the API, to
// be sure of its shape, and its other records are copies of it written with createMany, so the file stays fast.
// The pages go through the real HTTP server, over a database that reports every statement it runs (statement-log.ts).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, companyIdOf, tenantClient } from '../../src/db/tenant-client.js';
import { serverForFile } from '../support/file-server.js';
import { openTestDatabase } from '../support/test-database.js';
import { statementCounter } from '../support/statement-log.js';
import { RECORDS, copyable, once, listStatementChecks } from '../support/list-statement-counts.js';
import { salesChannelFrom } from '../support/seed.js';
import { partnerInterchange, purchaseOrder850 } from '../support/x12-partner.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
let db: ReturnType<typeof tenantClient>;
const { sameStatements, samePageStatements, copiesOf, childCopies } = listStatementChecks(counter, api, () => db);

let warehouse: any;
let channel: any;
/** 110 products: Bolt (made through the API) and its copies. */
let products: Array<{ id: number }> = [];
/** The i-th product, round the list. */
const productAt = (i: number) => products[i % products.length]!.id;

beforeAll(async () => {
  db = tenantClient(server.database.prisma, acme.companyId);
  warehouse = await post('/locations', { name: 'Main' });
  channel = await salesChannelFrom(post, [warehouse.id]);
  const bolt = await post('/products', { name: 'Bolt', sku: 'BOLT-0', retail_price: 2 });
  products = [bolt, ...(await copiesOf('product', bolt.id, (i) => ({ name: `Bolt ${i + 1}`, sku: `BOLT-${i + 1}` }), RECORDS + 9)).map((id) => ({ id }))];
  // Products 0-4 in stock at Main for the orders.
  await post('/inventory/adjustments', { lines: [0, 1, 2, 3, 4].map((i) => ({ product_id: productAt(i), location_id: warehouse.id, quantity: 1000, unit_cost: 1 })) });
}, 60_000);

/** A confirmed sales order of products 0-2 (its lines: 4, 2 and 1), allocated at Main. */
const confirmedOrder = once(async () => {
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: [4, 2, 1].map((quantity, i) => ({ product_id: productAt(i), quantity })) });
  return post(`/sales-orders/${draft.id}/confirm`);
});

/** The fulfillment order of confirmedOrder. */
const fulfillmentOrder = once(async () => {
  const order = await confirmedOrder();
  const [fo] = (await api('GET', `/fulfillment-orders?sales_order_id=${order.id}`)).body.data;
  expect(fo.lines).toHaveLength(3);
  return fo;
});

const cases: Array<[string, () => Promise<void>]> = [
  [
    '/inventory/adjustments',
    async () => {
      // At a location of their own, so the copied ledger rows touch nothing else the file reads.
      const shelf = await post('/locations', { name: 'Adjusted' });
      const lot = await post('/products', { name: 'Serum', sku: 'SER-1', lot_tracking: true });
      const adjustment = await post('/inventory/adjustments', {
        reason: 'Found',
        notes: 'Yearly count',
        lines: [
          { product_id: productAt(5), location_id: shelf.id, quantity: 3, unit_cost: 2 },
          { product_id: productAt(6), location_id: shelf.id, quantity: 1.5, unit_cost: 0.25, reason: 'Damaged box' },
          { product_id: lot.id, location_id: shelf.id, quantity: 2, unit_cost: 4, lot_number: 'L-1', expiry_date: '2099-01-01' },
        ],
      });
      // Each copy: the same lines, each with a copy of its movement, and the balances grown by them.
      const ids = await copiesOf('inventoryAdjustment', adjustment.id, () => ({}));
      const lines = await db.inventoryAdjustmentLine.findMany({ where: { adjustmentId: adjustment.id }, orderBy: { id: 'asc' } });
      await db.inventoryAdjustmentLine.createMany({ data: ids.flatMap((adjustmentId) => lines.map((line) => ({ ...copyable(line), adjustmentId, movementId: undefined }))) as any });
      // Ids are given in the order rows are written: the i-th copied line is a copy of lines[i % lines.length].
      const copied = await db.inventoryAdjustmentLine.findMany({ where: { adjustmentId: { in: ids } }, orderBy: { id: 'asc' } });
      const movements = await db.stockMovement.findMany({ where: { sourceType: 'ADJUSTMENT', sourceId: adjustment.id } });
      const movementOf = (lineId: number) => movements.find((m) => m.sourceLineId === lineId)!;
      await db.stockMovement.createMany({
        data: copied.map((line, i) => ({ ...copyable(movementOf(lines[i % lines.length]!.id)), sourceId: line.adjustmentId, sourceLineId: line.id })) as any,
      });
      await db.$executeRawUnsafe(
        `UPDATE "InventoryAdjustmentLine" l SET "movementId" = m.id FROM "StockMovement" m
         WHERE l."companyId" = $1 AND m."companyId" = $1 AND m."sourceType" = 'ADJUSTMENT' AND m."sourceLineId" = l.id AND l."movementId" IS NULL`,
        companyIdOf(db),
      );
      for (const m of movements) {
        await db.stockBalance.updateMany({ where: { productId: m.productId, locationId: m.locationId, lotKey: m.lotId ?? 0 }, data: { quantity: { increment: m.quantity.mul(ids.length) } } });
      }
      await samePageStatements('/inventory/adjustments');
    },
  ],
  [
    '/receiving-reports',
    async () => {
      const supplier = await post('/suppliers', { name: 'Bolt Works' });
      const draft = await post('/purchase-orders', {
        supplier_id: supplier.id,
        warehouse_id: warehouse.id,
        lines: [{ product_id: productAt(7), quantity: 10, unit_cost: 2 }, { product_id: productAt(8), quantity: 20, unit_cost: 0.5 }],
      });
      const order = await post(`/purchase-orders/${draft.id}/submit`);
      const report = await post(`/purchase-orders/${order.id}/receiving-reports`, {
        lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 4 }, { purchase_order_line_id: order.lines[1].id, quantity: 6 }],
        landed_costs: [{ name: 'Freight', amount: 10, currency: 'USD', allocation: 'value' }, { name: 'Duty', amount: 1, currency: 'USD', allocation: 'quantity' }],
      });
      // Half of the first line is issued, then a late landed cost adjusts the cost of what was issued.
      await post('/inventory/adjustments', { lines: [{ product_id: productAt(7), location_id: warehouse.id, quantity: -2 }] });
      const costed = await post(`/receiving-reports/${report.id}/landed-costs`, { name: 'Late freight', amount: 5, currency: 'USD', allocation: 'quantity' });
      expect(costed.cost_adjustments).toHaveLength(1);
      // Copies with its lines (naming its movements: the page shows their ids only), landed costs and cost adjustments.
      const ids = await copiesOf('receivingReport', report.id, (i) => ({ reportNumber: `RR-COPY-${i}` }));
      await childCopies('receivingReportLine', 'receivingReportId', report.id, ids);
      await childCopies('receivingReportCost', 'receivingReportId', report.id, ids);
      await childCopies('costAdjustment', 'sourceId', report.id, ids);
      await samePageStatements('/receiving-reports');
    },
  ],
  [
    '/fulfillment-orders',
    async () => {
      const fo = await fulfillmentOrder();
      const ids = await copiesOf('fulfillmentOrder', fo.id, () => ({}));
      await childCopies('fulfillmentOrderLine', 'fulfillmentOrderId', fo.id, ids);
      await samePageStatements('/fulfillment-orders');
    },
  ],
  [
    '/purgatory',
    async () => {
      // An unknown SKU and a bad address park the order.
      const res = await api('POST', `/channels/${channel.id}/orders`, {
        external_order_id: 'MP-0',
        ship_to: { name: 'Ann Buyer', street_1: '1 Main St', city: 'Springfield', zip: '12345', country: 'XX' },
        lines: [{ external_sku: 'MARKET-W', quantity: 1 }, { external_sku: 'BOLT-0', quantity: 2 }],
      });
      expect(res.status, res.text).toBe(202);
      await copiesOf('purgatoryEntry', res.body.data.id, (i) => ({ externalOrderId: `MP-${i + 1}` }));
      await samePageStatements('/purgatory');
    },
  ],
  [
    '/edi/documents',
    async () => {
      // An 850 from the partner: the 850, and the 855 and 997 answering it, pending for the partner to collect.
      expect((await api('PATCH', '/company', { edi_sender_id: 'ACMEINV', edi_sender_qualifier: 'ZZ' })).status).toBe(200);
      const group = await post('/warehouse-groups', { name: 'Retail', warehouse_ids: [warehouse.id] });
      const edi = await post('/channels', { channelType: 'sales_channel', label: 'Retailer EDI', warehouseGroupId: group.id, ediEnabled: true, ediPartnerId: 'RETAILER', ediQualifier: '01' });
      const x12 = partnerInterchange(101, 'PO', [purchaseOrder850('PO-1001', ['PO1*1*5*EA*9.5**VP*BOLT-0'])]);
      const res = await server.call('POST', '/external/api/v1/edi/inbound', { token: acme.token, company: acme.slug, rawBody: x12, headers: { 'content-type': 'application/edi-x12' } });
      expect(res.status, res.text).toBe(201);
      const documents = res.body.data as Array<{ id: number; channel_id: number }>;
      expect(documents).toHaveLength(3);
      expect(documents[0]!.channel_id).toBe(edi.id);
      for (const [n, document] of documents.entries()) {
        await copiesOf('ediDocument', document.id, (i) => ({ controlNumber: 1000 + 100 * n + i, groupControlNumber: 1000 + 100 * n + i }), n === 0 ? 33 : 32);
      }
      await samePageStatements('/edi/documents');
    },
  ],
  [
    '/pickflow/cycle-count-batches',
    async () => {
      const other = await post('/locations', { name: 'Overflow' });
      const batch = await post('/pickflow/cycle-count-batches', { name: 'Weekly', warehouse_ids: [warehouse.id, other.id], notes: 'Both houses' });
      expect(batch.sessions).toHaveLength(2);
      const ids = await copiesOf('cycleCountBatch', batch.id, (i) => ({ name: `Weekly ${i}` }));
      await childCopies('cycleCountSession', 'batchId', batch.id, ids, () => ({ uuid: randomUUID() }));
      await samePageStatements('/pickflow/cycle-count-batches');
    },
  ],
  [
    '/pickflow/cycle-counts/{sessionId}/lines',
    async () => {
      // A warehouse of 100 products: a started count has a line for each.
      const counted = await post('/locations', { name: 'Counted' });
      await post('/inventory/adjustments', { lines: products.slice(0, RECORDS).map(({ id }, i) => ({ product_id: id, location_id: counted.id, quantity: 1 + i, unit_cost: 1 })) });
      const batch = await post('/pickflow/cycle-count-batches', { name: 'Counted', warehouse_ids: [counted.id] });
      const session = batch.sessions[0].id;
      const start = await api('POST', `/pickflow/cycle-counts/${session}/start`);
      expect(start.status, start.text).toBe(200);
      await samePageStatements(`/pickflow/cycle-counts/${session}/lines`);
    },
  ],
  [
    '/production-batches',
    async () => {
      // Each batch: two work orders.
      const orders = [await post('/work-orders', { produced_sku_id: productAt(9), planned_qty: 10, production_warehouse_id: warehouse.id }), await post('/work-orders', { produced_sku_id: productAt(9), planned_qty: 2.5, production_warehouse_id: warehouse.id })];
      const batch = await post('/production-batches', { name: 'June run', notes: 'Line 2', work_order_ids: orders.map((o) => o.id) });
      const ids = await copiesOf('productionBatch', batch.id, (i) => ({ name: `Run ${i}` }));
      await childCopies('workOrder', 'productionBatchId', batch.id, ids, (row, i) => ({ workOrderNumber: `${row.workOrderNumber}-${i}` }));
      await samePageStatements('/production-batches');
    },
  ],
  [
    '/pickflow/picklists/{id}',
    async () => {
      // A picklist made through the API from the fulfillment order, and two copies holding 10 and 100 of its items.
      const fo = await fulfillmentOrder();
      const picklist = await post('/pickflow/picklists', { fulfillment_order_ids: [fo.id] });
      const [small, large] = await copiesOf('picklist', picklist.id, () => ({}), 2);
      await childCopies('picklistFulfillmentOrder', 'picklistId', picklist.id, [small!, large!]);
      const items = (await db.picklistItem.findMany({ where: { picklistId: picklist.id }, orderBy: { position: 'asc' } })).map(copyable);
      expect(items.length).toBeGreaterThan(0);
      const itemsOf = (picklistId: number, size: number) => Array.from({ length: size }, (_, i) => ({ ...items[i % items.length], picklistId, position: i }));
      await db.picklistItem.createMany({ data: [...itemsOf(small!, 10), ...itemsOf(large!, 100)] as any });
      await sameStatements(`/pickflow/picklists/${small}`, `/pickflow/picklists/${large}`, (body) => body.data.items.length);
    },
  ],
  [
    '/shipments/{shipmentId}/packages',
    async () => {
      // Two shipments of the order; one package (an item, and a box inside with an item) made through the API,
      // copied 10 times into the one and 100 times into the other.
      const order = await confirmedOrder();
      expect((await api('PATCH', '/company', { gs1_company_prefix: '0614141' })).status).toBe(200);
      const [small, large] = [
        await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: order.lines[0].id, quantity: 2 }] }),
        await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: order.lines[0].id, quantity: 2 }] }),
      ];
      const item = { order_item_id: order.lines[0].id, quantity: 1 };
      const [pallet] = await post(`/sales-orders/${order.id}/shipments/${small.id}/packages`, {
        packages: [{ package_type: 'pallet', weight_lb: 40, contained_items: [item], child_packages: [{ package_type: 'box', contained_items: [item] }] }],
      });
      const box = pallet.child_packages[0];
      const sscc = (n: number) => String(900_000_000_000_000_000n + BigInt(n));
      const shipmentIds = [...Array(9).fill(small.id), ...Array(100).fill(large.id)];
      const pallets = await copiesOf('shipmentPackage', pallet.id, (i) => ({ shipmentId: shipmentIds[i], sscc: sscc(i), position: i + 1 }), shipmentIds.length);
      const boxes = await copiesOf('shipmentPackage', box.id, (i) => ({ shipmentId: shipmentIds[i], parentPackageId: pallets[i], sscc: sscc(1000 + i) }), shipmentIds.length);
      await childCopies('packageItem', 'packageId', pallet.id, pallets);
      await childCopies('packageItem', 'packageId', box.id, boxes);
      await sameStatements(`/shipments/${small.id}/packages`, `/shipments/${large.id}/packages`, (body) => body.data.length);
    },
  ],
];

describe('a page of 10 records and a page of 100 run as many statements', () => {
  it.each(cases)('GET %s', async (_path, check) => check());
});
