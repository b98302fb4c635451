// Changes of operations answered in one go (compiledMutation in src/graphql/shared/compiled-records.ts, issue 34
// goal 4), as test/graphql/compiled-mutations.test.ts checks them for sales, purchasing and payables: the domain
// makes the change and reads its answer with readAnswer, which writes the record as JSON by one statement inside
// the change's transaction. Here every compiled change of picklists, transfer orders and deals answers, through
// REST, exactly what graphql's ordinary execution reads field by field of the record right after it (right
// before, for a delete), keys in the same order; its answer is one JSON statement, run after the change's writes
// and before its COMMIT. A refused change writes no answer. (unlinkDealPurchaseOrder answers a message, not a
// deal: it is not compiled.) The data has decimals at full precision, lots with and without dates, and text JSON
// must escape. Changes that move stock, costs or post events are compared too: cancelling fulfillment orders,
// receipts (with landed costs, late ones, a void) and accepting a supplier's response, work order steps and
// production entries (against the order's steps and its list of entries, having no GET of their own), imports
// from a CSV body and their cancelling, a forecast refresh (and the queued one answered again, writing nothing),
// EDI documents acknowledged and sent (sending answers after the delivery, outside any transaction), and an
// interchange received, which answers the list of documents it logged after its commits.
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { restCased, writtenAsJson } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { fieldByField } from '../support/random-selection.js';
import { fakeHttp } from '../rest/label-setup.js';
import { partnerInterchange, purchaseOrder850 } from '../support/x12-partner.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { supplierPortal } from '../../src/domain/purchasing/index.js';
import { setFeature } from '../../src/domain/tenancy/features.js';
import { workOrderRoutes } from '../../rest-mapping/work-orders.js';
import { JOB_FIELDS } from '../../rest-mapping/shared.js';
import type { RestRoute } from '../../src/rest/route.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

const { change, changeAnswering, readFieldByField } = compiledChangeChecker(server, acme, api, () => counter.statements);

let north: any;
let south: any;
let channel: any;
let supplier: any;
let bolt: any;
let serum: any;

beforeAll(async () => {
  north = await post('/locations', { name: 'North "DC" \\ ☃' });
  south = await post('/locations', { name: 'South\nback' });
  const aPick = await post('/locations', { name: 'A-pick "1" \\ ☃', parent_id: north.id, is_pick_location: true });
  const group = await post('/warehouse-groups', { name: 'Shop', lot_deduction_strategy: 'FEFO', warehouse_ids: [north.id] });
  channel = await post('/channels', { channelType: 'sales_channel', label: 'Web', warehouseGroupId: group.id });
  supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd' });
  bolt = await post('/products', { name: 'Bolt "M8"', sku: 'BOLT "M8" \\ ☃', retail_price: 0.123456 });
  serum = await post('/products', { name: 'Serum\nnew line', sku: 'SERUM\tX', retail_price: 5, lot_tracking: true, lot_deduction_strategy: 'FIFO' });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: north.id, quantity: 333.3333333333, unit_cost: 1.2345678901 },
      { product_id: bolt.id, location_id: aPick.id, quantity: 3.0000000001, unit_cost: 1 },
      { product_id: serum.id, location_id: aPick.id, quantity: 50, unit_cost: 0.0000000001, lot_number: 'LOT "A" \\ ☃', production_date: '2030-01-01', expiry_date: '2031-01-01' },
      { product_id: serum.id, location_id: north.id, quantity: 40, unit_cost: 123456.1234567891, lot_number: 'NODATES' },
    ],
  });
}, 60_000);

/** A fulfillment order of a new confirmed sales order of these lines. */
async function fulfillmentOrder(lines: Array<[any, number]>): Promise<number> {
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: lines.map(([product, quantity]) => ({ product_id: product.id, quantity })) });
  await post(`/sales-orders/${draft.id}/confirm`);
  return (await api('GET', `/fulfillment-orders?sales_order_id=${draft.id}`)).body.data[0].id as number;
}

describe('changes answered by one statement in their transaction', () => {
  it('picklists: create, start picking, pick an item, finish picking, start and finish packing, delete', async () => {
    const record = (p: any) => `/pickflow/picklists/${p.id}`;
    const orders = [await fulfillmentOrder([[bolt, 5.1234567891], [serum, 45]]), await fulfillmentOrder([[serum, 2.5]])];
    const picklist = await change('POST', '/pickflow/picklists', { fulfillment_order_ids: orders }, { record });
    expect(picklist.items.length).toBeGreaterThan(1);
    await change('POST', `/pickflow/picklists/${picklist.id}/start-picking`);
    const item = picklist.items[0];
    await change('POST', `/pickflow/picklists/${picklist.id}/items/${item.id}/pick`, { quantity: 1.0000000001 }, { record: () => record(picklist) });
    await change('POST', `/pickflow/picklists/${picklist.id}/finish-picking`);
    await change('POST', `/pickflow/picklists/${picklist.id}/start-packing`);
    await change('POST', `/pickflow/picklists/${picklist.id}/finish-packing`);

    // Deleting is a status: the picklist stays, its picks undone.
    const deleted = await change('POST', '/pickflow/picklists', { fulfillment_order_ids: [await fulfillmentOrder([[bolt, 2]])] }, { record });
    await change('POST', `/pickflow/picklists/${deleted.id}/start-picking`);
    await change('POST', `/pickflow/picklists/${deleted.id}/items/${deleted.items[0].id}/pick`, { quantity: 0.5 }, { record: () => record(deleted) });
    const answer = await change('DELETE', `/pickflow/picklists/${deleted.id}`);
    expect(answer.status).toBe('deleted');
  });

  it('transfer orders: create, update, ship, receive in part and in full, cancel and delete', async () => {
    const record = (o: any) => `/transfer-orders/${o.id}`;
    const body = (lines: unknown[], notes?: string | null) => ({ source_location_id: north.id, destination_location_id: south.id, lines, ...(notes !== undefined ? { notes } : {}) });
    const order = await change('POST', '/transfer-orders', body([{ product_id: bolt.id, quantity: 1.2345678901 }], 'Tab\there "quoted" \\ back ☃'), { record });
    const updated = await change('PATCH', `/transfer-orders/${order.id}`, {
      notes: 'Line\nbreak </script>',
      lines: [{ product_id: serum.id, quantity: 10 }, { product_id: bolt.id, quantity: 99.9999999999 }, { product_id: serum.id, quantity: 1, lot_number: 'NODATES' }],
    });
    await change('POST', `/transfer-orders/${order.id}/ship`);
    await change('POST', `/transfer-orders/${order.id}/receive`, { lines: [{ line_id: updated.lines[0].id, quantity: 3.3333333333 }, { line_id: updated.lines[1].id, quantity: 99.9999999999 }] });
    await change('POST', `/transfer-orders/${order.id}/receive`);

    // Cancelled after shipping (its stock back at the source), and as a draft.
    const shipped = await change('POST', '/transfer-orders', body([{ product_id: serum.id, quantity: 4.5 }], null), { record });
    await change('POST', `/transfer-orders/${shipped.id}/ship`);
    await change('POST', `/transfer-orders/${shipped.id}/cancel`);
    const draft = await change('POST', '/transfer-orders', body([{ product_id: bolt.id, quantity: 0.0000000001 }], ''), { record });
    await change('POST', `/transfer-orders/${draft.id}/cancel`);

    const removed = await change('POST', '/transfer-orders', body([{ product_id: bolt.id, quantity: 2 }]), { record });
    await change('DELETE', `/transfer-orders/${removed.id}`, undefined, { deletes: true });
    expect((await api('GET', `/transfer-orders/${removed.id}`)).status).toBe(404);
  });

  it('deals: create, update, link a purchase order and delete', async () => {
    const record = (d: any) => `/deals/${d.id}`;
    const orderBody = { supplier_id: supplier.id, warehouse_id: north.id, order_date: '2026-05-01', lines: [{ product_id: bolt.id, quantity: 3, unit_cost: 33.3333333333 }] };
    const submitted = await post(`/purchase-orders/${(await post('/purchase-orders', orderBody)).id}/submit`);
    const draftOrder = await post('/purchase-orders', { ...orderBody, lines: [{ product_id: bolt.id, quantity: 1.5, unit_cost: 0.0000000001 }] });

    const deal = await change('POST', '/deals', { name: 'Spring "buy" \\ ☃', supplier_id: supplier.id, amount: 12345.67, expected_close_date: '2026-04-30', notes: 'Tab\there\nnew line' }, { record });
    await change('PATCH', `/deals/${deal.id}`, { stage: 'won', notes: null, name: 'Renamed \\ "deal"' });
    await change('POST', `/deals/${deal.id}/purchase-orders/${submitted.id}`, undefined, { record: () => record(deal) });
    await change('POST', `/deals/${deal.id}/purchase-orders/${draftOrder.id}`, undefined, { record: () => record(deal) });
    // Linking twice changes nothing and answers the deal.
    await change('POST', `/deals/${deal.id}/purchase-orders/${submitted.id}`, undefined, { record: () => record(deal) });

    const bare = await change('POST', '/deals', { name: 'Bare' }, { record });
    await change('DELETE', `/deals/${deal.id}`, undefined, { deletes: true });
    await change('DELETE', `/deals/${bare.id}`, undefined, { deletes: true });
    expect((await api('GET', `/deals/${deal.id}`)).status).toBe(404);
  });

  it('a refused change writes no answer and answers its error', async () => {
    const order = await post('/transfer-orders', { source_location_id: north.id, destination_location_id: south.id, lines: [{ product_id: bolt.id, quantity: 1 }] });
    await post(`/transfer-orders/${order.id}/ship`);
    const refusals: Array<[string, string, number, RegExp]> = [
      ['PATCH', `/transfer-orders/${order.id}`, 422, /Only a draft transfer order can be edited/],
      ['POST', `/transfer-orders/${order.id}/ship`, 422, /cannot be shipped/],
      ['DELETE', '/deals/999999', 404, /./],
      ['POST', '/pickflow/picklists/999999/start-picking', 404, /./],
    ];
    for (const [method, path, status, message] of refusals) {
      const start = counter.statements.length;
      const refused = await api(method, path, method === 'PATCH' ? { notes: 'x' } : undefined);
      expect(refused.status, refused.text).toBe(status);
      expect(refused.text).toMatch(message);
      expect(counter.statements.slice(start).filter(writtenAsJson)).toEqual([]);
    }
  });
});

/** The newest element (the one just made) of a list route's answer (`/work-orders/{workOrderId}/completions`) as graphql's ordinary execution reads it. */
async function newestFieldByField(route: RestRoute, variables: Record<string, unknown>): Promise<unknown> {
  const read = await fieldByField(server, route.graphql, variables, acme);
  expect(read.body.errors, read.text).toBeUndefined();
  const { fieldByField: _, ...data } = read.body.data;
  const records: Array<{ id: number }> = restCased(Object.values(data)[0]);
  const found = records.find((record) => record.id === Math.max(...records.map((r) => r.id)));
  expect(found, `the list holds a record`).toBeDefined();
  return found;
}

describe('changes with stock, costs and events answered by one statement in their transaction', () => {
  it('fulfillment orders: cancel an open one and one in part held', async () => {
    await change('POST', `/fulfillment-orders/${await fulfillmentOrder([[bolt, 1.0000000001], [serum, 3]])}/cancel`);
    await change('POST', `/fulfillment-orders/${await fulfillmentOrder([[serum, 95]])}/cancel`);
  });

  it('receiving: receive with every option and with none, a late landed cost, a void; accept a supplier response', async () => {
    const record = (r: any) => `/receiving-reports/${r.id}`;
    const body = { supplier_id: supplier.id, warehouse_id: north.id, order_date: '2026-05-01', lines: [{ product_id: bolt.id, quantity: 10, unit_cost: 0.0000000001 }, { product_id: serum.id, quantity: 5.5, unit_cost: 123456.1234567891 }] };
    const order = await post(`/purchase-orders/${(await post('/purchase-orders', body)).id}/submit`);
    const report = await change('POST', `/purchase-orders/${order.id}/receiving-reports`, {
      received_at: '2026-05-03T10:00:00.123Z',
      location_id: north.id,
      lines: [
        { purchase_order_line_id: order.lines[0].id, quantity: 3.3333333333 },
        { purchase_order_line_id: order.lines[1].id, quantity: 2, lot_number: 'RCV "1" \\ ☃\nline', production_date: '2026-04-01', expiry_date: '2027-04-01' },
      ],
      landed_costs: [{ name: 'Freight "sea" \\ ☃', amount: 12.34, allocation: 'value' }, { name: 'Duty', amount: 0.01, currency: 'USD', allocation: 'quantity' }],
    }, { record });
    await change('POST', `/receiving-reports/${report.id}/landed-costs`, { name: 'Late\tbroker "fee"', amount: 99.99, allocation: 'quantity' });
    const bare = await change('POST', `/purchase-orders/${order.id}/receiving-reports`, { lines: [{ purchase_order_line_id: order.lines[0].id, quantity: 1 }] }, { record });
    await change('POST', `/receiving-reports/${bare.id}/void`);

    const db = tenantClient(server.database.prisma, acme.companyId);
    const proposed = await post(`/purchase-orders/${(await post('/purchase-orders', body)).id}/submit`);
    const link = await supplierPortal.openPortalLink(db, proposed.id, 7);
    await supplierPortal.answerThroughPortal(db, proposed.id, link.version, {
      action: 'propose',
      note: 'Fewer "bolts"\nsorry \\ ☃',
      lines: [
        { lineId: proposed.lines[0].id, quantity: '8.5000', unitCost: '0.0000000001', expectedDate: '2026-06-01' },
        { lineId: proposed.lines[1].id, quantity: '', unitCost: '123456789.1234567891', expectedDate: '' },
      ],
    });
    await change('POST', `/purchase-orders/${proposed.id}/supplier-response/accept`, undefined, { record: () => `/purchase-orders/${proposed.id}` });
  });

  it('work orders: complete steps in part and whole, skip one, record production entries, finish by the last step', async () => {
    const cream = await post('/products', { name: 'Cream "A" \\ ☃', sku: 'CREAM', lot_tracking: true });
    const bom = await post('/boms', { name: 'Cream BOM', items: [{ product_id: bolt.id, quantity: 2 }] });
    expect((await api('PATCH', `/products/${cream.id}`, { bom_ids: [bom.id] })).status).toBe(200);
    const steps = async (orderId: number, stepId: number) => ((await readFieldByField(`/work-orders/${orderId}`)) as { steps: Array<{ id: number }> }).steps.find((step) => step.id === stepId);
    const completions = workOrderRoutes.find((route) => route.method === 'GET' && route.path === '/work-orders/{workOrderId}/completions')!;
    const step = (orderId: number, stepId: number, verb: string, body?: unknown) =>
      changeAnswering(`POST /work-orders/${orderId}/steps/${stepId}/${verb}`, () => api('POST', `/work-orders/${orderId}/steps/${stepId}/${verb}`, body), () => steps(orderId, stepId));
    const entry = (orderId: number, body: unknown) =>
      changeAnswering(`POST /work-orders/${orderId}/completions`, () => api('POST', `/work-orders/${orderId}/completions`, body), () => newestFieldByField(completions, { workOrderId: orderId }));

    const order = await post('/work-orders', { produced_sku_id: cream.id, planned_qty: 3, production_warehouse_id: north.id, steps: [{ sequence: 1, planned_qty: 1.5 }, { sequence: 2 }, { sequence: 3 }] });
    await post(`/work-orders/${order.id}/release`);
    const [first, second, third] = order.steps.map((s: any) => s.id as number) as [number, number, number];
    await step(order.id, first, 'complete', { quantity: 0.0000000001 });
    await step(order.id, first, 'complete', { quantity: 1.4999999999 });
    await step(order.id, second, 'skip');
    await entry(order.id, { quantity: 1.2345678901, lot_number: 'WO "1" \\ ☃\nline', production_date: '2026-05-01', expiry_date: '2027-05-01' });
    await entry(order.id, { quantity: 0.5, lot_number: 'BARE', components: [{ product_id: bolt.id, quantity: 0.3333333333 }] });
    await step(order.id, third, 'complete', { quantity: 3 });

    // completion_trigger finish_step: the last step produces the rest (without a lot) and completes the order.
    const widget = await post('/products', { name: 'Widget', sku: 'WIDGET' });
    const widgetBom = await post('/boms', { name: 'Widget BOM', items: [{ product_id: bolt.id, quantity: 0.5 }] });
    expect((await api('PATCH', `/products/${widget.id}`, { bom_ids: [widgetBom.id] })).status).toBe(200);
    const finishing = await post('/work-orders', { produced_sku_id: widget.id, planned_qty: 1, production_warehouse_id: north.id, completion_trigger: 'finish_step', steps: [{ sequence: 1 }] });
    await post(`/work-orders/${finishing.id}/release`);
    await step(finishing.id, finishing.steps[0].id, 'complete', { quantity: 1 });
    expect((await api('GET', `/work-orders/${finishing.id}`)).body.data.status).toBe('completed');
  });

  it('imports: create from a CSV body with every option and with none, cancel', async () => {
    const upload = (query: string, csv: string) =>
      changeAnswering(`POST /imports?${query}`, () => server.call('POST', `/external/api/v1/imports?${query}`, { token: acme.token, company: acme.slug, rawBody: csv, headers: { 'content-type': 'text/csv' } }), (i) => readFieldByField(`/imports/${i.id}`));
    const full = await upload('type=master_skus&dry_run=true&update_existing=true&delimiter=%3B', 'sku;name\nNEW "1";Name \\ ☃\n');
    expect(full.options).toEqual({ dry_run: true, update_existing: true, delimiter: ';' });
    const bare = await upload('type=stock', 'sku,location,quantity\nBOLT,North,1\n');
    await change('POST', `/imports/${bare.id}/cancel`);
  });

  it('forecast: a refresh is queued, and the queued one answers again', async () => {
    await setFeature(tenantClient(server.database.prisma, acme.companyId), 'forecast_materialized_table');
    // The route answers fewer of the job's fields than GET /jobs/{id}: read field by field as it selects them.
    const read = async (id: number) => {
      const job = await fieldByField(server, `query Read($id: Int!) { job(id: $id) { ${JOB_FIELDS} } }`, { id }, acme);
      expect(job.body.errors, job.text).toBeUndefined();
      return restCased(job.body.data.job);
    };
    const job = await changeAnswering('POST /forecast-warehouse-data/refresh', () => api('POST', '/forecast-warehouse-data/refresh'), (j) => read(j.id));
    // Asked again while queued: the same job, written by one statement and nothing else.
    const start = counter.statements.length;
    const again = await api('POST', '/forecast-warehouse-data/refresh');
    expect(again.status, again.text).toBe(202);
    expect(counter.statements.slice(start).filter(writtenAsJson)).toHaveLength(1);
    expect(JSON.stringify(again.body.data)).toBe(JSON.stringify(await read(job.id)));
  });

  it('EDI documents: acknowledge by hand, send a failed and a pending one to the partner, receive an interchange', async () => {
    const partner = await fakeHttp((_req, _body, res) => res.writeHead(200).end());
    try {
      expect((await api('PATCH', '/company', { edi_sender_id: 'ACMEINV', edi_sender_qualifier: 'ZZ' })).status).toBe(200);
      const group = await post('/warehouse-groups', { name: 'EDI', warehouse_ids: [south.id] });
      const edi = await post('/channels', { channelType: 'sales_channel', label: 'Retailer "EDI"', warehouseGroupId: group.id, ediEnabled: true, ediPartnerId: 'RETAILER', ediQualifier: '01', ediEndpointUrl: partner.url });
      const db = tenantClient(server.database.prisma, acme.companyId);
      const document = (type: string, status: string, error: string | null) =>
        db.ediDocument.create({ data: { direction: 'outbound', type, channelId: edi.id, controlNumber: 7, groupControlNumber: 7, status, error, raw: `ISA*"x" \\ ☃~\nST*${type}~`, referenceType: 'sales_order', referenceId: 1 } as any, select: { id: true } });
      const sent = await document('855', 'sent', null);
      await change('POST', `/edi/documents/${sent.id}/acknowledge`, { status: 'accepted' });
      await change('POST', `/edi/documents/${sent.id}/acknowledge`, { status: 'rejected' });
      // The delivery waits on the partner outside any transaction: the answer is read after the document's status is written.
      const failed = await document('810', 'failed', 'Partner said "no" \\ ☃\n');
      await change('POST', `/edi/documents/${failed.id}/send`, undefined, { afterCommit: true });
      const pending = await document('856', 'pending', null);
      await change('POST', `/edi/documents/${pending.id}/send`, undefined, { afterCommit: true });

      // An interchange received answers the documents it logged, written in one statement after its commits and
      // the replies' delivery: an 850 posted, one rejected, then the 855 and the 997 written in reply.
      const x12 = partnerInterchange(4242, 'PO', [purchaseOrder850('PO "7" \\ ☃', [`PO1*1*2*EA*9.5**VP*${bolt.sku}`]), ['BEG*00*SA*PO-8**20261120', 'CTT*0']]);
      const received = await changeAnswering(
        'POST /edi/inbound',
        () => server.call('POST', '/external/api/v1/edi/inbound', { token: acme.token, company: acme.slug, rawBody: x12, headers: { 'content-type': 'application/edi-x12' } }),
        (answer) => Promise.all(answer.map((document: any) => readFieldByField(`/edi/documents/${document.id}`))),
        { afterCommit: true },
      );
      expect(received.map((document: any) => [document.direction, document.type, document.status])).toEqual([
        ['inbound', '850', 'accepted'],
        ['inbound', '850', 'rejected'],
        ['outbound', '855', 'sent'],
        ['outbound', '997', 'sent'],
      ]);
    } finally {
      await partner.close();
    }
  });
});
