// Changes answered in one go (compiledMutation in src/graphql/shared/compiled-records.ts, issue 34 goal 4): the
// domain makes the change and reads its answer with readAnswer, which writes the record as JSON by one statement
// inside the change's transaction (readAnswers: a list of them, as shipment packages packed in one request). Here
// every compiled change of sales orders, purchase orders, bills, shipments, shipment packages,
// cycle counts, work orders and customers answers, through REST, exactly what graphql's ordinary execution reads
// field by field of the record right after it (right before, for a delete), keys in the same order; its answer
// is one JSON statement, run after the change's writes and before its COMMIT (shipping reads its answer after the
// commit, as it did before, once the EDI notice is delivered). A refused change writes no answer. Random
// selections of a repeated update over /graphql answer as the record read field by field after it.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/graphql/schema.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { salesChannelFrom } from '../support/seed.js';
import { statementCounter } from '../support/statement-log.js';
import { restCased, writableFields, writtenAsJson } from '../support/compiled-answers.js';
import { compiledChangeChecker } from '../support/compiled-change.js';
import { fieldByField, randomSelection } from '../support/random-selection.js';
import { shipmentPackageRoutes } from '../../rest-mapping/shipment-packages.js';

const counter = statementCounter();
const { server, companies: { acme }, post, api } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });

const { change, changeAnswering } = compiledChangeChecker(server, acme, api, () => counter.statements);

let channel: any;
let supplier: any;
let north: any;
let bolt: any;
let nut: any;

beforeAll(async () => {
  north = await post('/locations', { name: 'North "DC" \\ ☃' });
  const south = await post('/locations', { name: 'South' });
  channel = await salesChannelFrom(post, [north.id, south.id]);
  supplier = await post('/suppliers', { name: 'Bolt "Works" \\ Ltd', payment_terms_days: 30 });
  bolt = await post('/products', { name: 'Bolt "M8"', sku: 'BOLT', retail_price: 0.123456 });
  nut = await post('/products', { name: 'Nut\nnew line', sku: 'NUT', retail_price: 2 });
  await post('/inventory/adjustments', {
    lines: [
      { product_id: bolt.id, location_id: north.id, quantity: 50, unit_cost: 1.2345678901 },
      { product_id: nut.id, location_id: north.id, quantity: 3, unit_cost: 7 },
    ],
  });
}, 60_000);

describe('changes answered by one statement in their transaction', () => {
  it('sales orders: create, update, confirm, allocate, deallocate, cancel, close and delete', async () => {
    const lines = [{ product_id: bolt.id, quantity: 7.1234567891, discount_percent: 12.5 }, { product_id: nut.id, quantity: 5 }];
    const draft = await change('POST', '/sales-orders', { channel_id: channel.id, lines, notes: 'Tab\there "quoted"' }, { record: (o) => `/sales-orders/${o.id}` });
    await change('PATCH', `/sales-orders/${draft.id}`, { notes: null, ship_to: { name: 'Ann', street_1: '1 "Main" St', city: 'Zürich', country: 'ch' } });
    await change('POST', `/sales-orders/${draft.id}/confirm`);
    await change('POST', `/sales-orders/${draft.id}/deallocate`);
    await change('POST', `/sales-orders/${draft.id}/allocate`);
    await change('POST', `/sales-orders/${draft.id}/cancel`);

    const other = await change('POST', '/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 1 }] }, { record: (o) => `/sales-orders/${o.id}` });
    await change('DELETE', `/sales-orders/${other.id}`, undefined, { deletes: true });
    expect((await api('GET', `/sales-orders/${other.id}`)).status).toBe(404);

    // Shipments: created in the transaction, shipped (answered after the commit), the order then closed; a draft voided.
    const shipped = await change('POST', '/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 4 }, { product_id: nut.id, quantity: 1 }] }, { record: (o) => `/sales-orders/${o.id}` });
    const confirmed = await change('POST', `/sales-orders/${shipped.id}/confirm`);
    const shipment = await change('POST', `/sales-orders/${shipped.id}/shipments`, { carrier: 'UPS "Ground"', lines: [{ sales_order_line_id: confirmed.lines[0].id, quantity: 2.5, location_id: north.id }] }, { record: (s) => `/shipments/${s.id}` });
    await change('POST', `/shipments/${shipment.id}/ship`, undefined, { afterCommit: true });
    const draftShipment = await change('POST', `/sales-orders/${shipped.id}/shipments`, { lines: [{ sales_order_line_id: confirmed.lines[1].id, quantity: 1 }] }, { record: (s) => `/shipments/${s.id}` });
    await change('POST', `/shipments/${draftShipment.id}/void`);
    await change('POST', `/sales-orders/${shipped.id}/close`);
  });

  it('shipment packages: a tree packed in one request answers its top-level packages as the shipment lists them field by field', async () => {
    expect((await api('PATCH', '/company', { gs1_company_prefix: '0614141' })).status).toBe(200);
    const order = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 6 }, { product_id: nut.id, quantity: 1 }] });
    const confirmed = await post(`/sales-orders/${order.id}/confirm`);
    const [boltLine, nutLine] = confirmed.lines;
    const shipment = await post(`/sales-orders/${order.id}/shipments`, { lines: [{ sales_order_line_id: boltLine.id, quantity: 6, location_id: north.id }, { sales_order_line_id: nutLine.id, quantity: 1, location_id: north.id }] });
    const listRoute = shipmentPackageRoutes.find((route) => route.operationId === 'listShipmentPackages')!;
    const listed = async () => {
      const ordinary = await fieldByField(server, listRoute.graphql, { shipmentId: shipment.id }, acme);
      expect(ordinary.body.errors, ordinary.text).toBeUndefined();
      return restCased(ordinary.body.data.shipmentPackages);
    };
    const body = {
      bill_of_lading_number: 'BOL "1"',
      packages: [
        {
          package_type: 'pallet',
          weight_lb: 12.3456,
          child_packages: [
            { tracking: '1Z "A" \\ ☃', contained_items: [{ order_item_id: boltLine.id, quantity: 2.5, lot_number: 'L\n1' }] },
            { contained_items: [{ order_item_id: boltLine.id, quantity: 3.5 }], child_packages: [{ contained_items: [{ order_item_id: nutLine.id, quantity: 1, expiration_date: '2031-01-31' }] }] },
          ],
        },
        { package_type: 'carton' },
      ],
    };
    const answer = await changeAnswering('POST packages', () => api('POST', `/sales-orders/${order.id}/shipments/${shipment.id}/packages`, body), listed);
    expect(answer.map((pkg: any) => pkg.package_type)).toEqual(['pallet', 'carton']);
    expect(answer[0].child_packages[1].child_packages[0].items).toHaveLength(1);
    // Packed again: the answer holds the new packages alone, after the stored ones.
    const again = await changeAnswering('POST packages again', () => api('POST', `/sales-orders/${order.id}/shipments/${shipment.id}/packages`, { packages: [{ package_type: 'envelope' }] }), async () => (await listed()).slice(2));
    expect(again.map((pkg: any) => pkg.package_type)).toEqual(['envelope']);
  });

  it('purchase orders: create, update, submit, close, cancel and delete', async () => {
    const body = { supplier_id: supplier.id, warehouse_id: north.id, order_date: '2026-05-01', lines: [{ product_id: bolt.id, quantity: 10.5, unit_cost: 0.0000000001 }] };
    const order = await change('POST', '/purchase-orders', body, { record: (o) => `/purchase-orders/${o.id}` });
    await change('PATCH', `/purchase-orders/${order.id}`, { notes: 'Back\\slash ☃', lines: [{ product_id: nut.id, quantity: 3, unit_cost: 2 }] });
    await change('POST', `/purchase-orders/${order.id}/submit`);
    await change('POST', `/purchase-orders/${order.id}/close`);
    const cancelled = await change('POST', '/purchase-orders', body, { record: (o) => `/purchase-orders/${o.id}` });
    await change('POST', `/purchase-orders/${cancelled.id}/cancel`);
    const deleted = await change('POST', '/purchase-orders', body, { record: (o) => `/purchase-orders/${o.id}` });
    await change('DELETE', `/purchase-orders/${deleted.id}`, undefined, { deletes: true });
  });

  it('bills: create, update, approve, void and delete', async () => {
    const body = { supplier_id: supplier.id, bill_number: 'INV "1"', bill_date: '2026-05-05', lines: [{ description: 'Service, "quoted"', quantity: 1.5, unit_price: 2.0000000001, tax_rate: 7.25 }] };
    const bill = await change('POST', '/bills', body, { record: (b) => `/bills/${b.id}` });
    await change('PATCH', `/bills/${bill.id}`, { notes: 'Line\nbreak' });
    await change('POST', `/bills/${bill.id}/approve`);
    await change('POST', `/bills/${bill.id}/void`);
    const draft = await change('POST', '/bills', { ...body, bill_number: 'INV 2' }, { record: (b) => `/bills/${b.id}` });
    await change('DELETE', `/bills/${draft.id}`, undefined, { deletes: true });
  });

  it('cycle counts: start, submit for review, reopen, reset, post and cancel', async () => {
    const sessions = (await post('/pickflow/cycle-count-batches', { name: 'Count "A"', warehouse_ids: [north.id] })).sessions.map((s: any) => s.id as number);
    const [session] = sessions as [number];
    const path = (suffix = '') => `/pickflow/cycle-counts/${session}${suffix}`;
    await change('POST', path('/start'));
    const lines = (await api('GET', `${path('/lines')}?per_page=100`)).body.data;
    expect((await api('POST', path('/counts'), { counts: lines.map((line: any) => ({ sku: line.sku, locationId: line.locationId, countedQuantity: 1.25 })) })).status).toBe(200);
    await change('POST', path('/submit-review'));
    await change('POST', path('/reopen'));
    await change('POST', path('/reset-counts'));
    expect((await api('POST', path('/counts'), { counts: lines.map((line: any) => ({ sku: line.sku, locationId: line.locationId, countedQuantity: 2 })) })).status).toBe(200);
    await change('POST', path('/submit-review'));
    await change('POST', path('/post'));

    const [cancelled] = (await post('/pickflow/cycle-count-batches', { name: 'Count B', warehouse_ids: [north.id] })).sessions.map((s: any) => s.id as number);
    await change('POST', `/pickflow/cycle-counts/${cancelled}/cancel`);
  });

  it('work orders: create, update, release, hold, resume, complete, cancel and delete', async () => {
    const widget = await post('/products', { name: 'Widget', sku: 'WIDGET' });
    const bom = await post('/boms', { name: 'Widget BOM', items: [{ product_id: bolt.id, quantity: 2 }] });
    expect((await api('PATCH', `/products/${widget.id}`, { bom_ids: [bom.id] })).status).toBe(200);
    const body = { produced_sku_id: widget.id, planned_qty: 3, production_warehouse_id: north.id, notes: 'Mould "A"' };
    const order = await change('POST', '/work-orders', body, { record: (o) => `/work-orders/${o.id}` });
    await change('PATCH', `/work-orders/${order.id}`, { planned_qty: 2.5 });
    await change('POST', `/work-orders/${order.id}/release`);
    await change('POST', `/work-orders/${order.id}/hold`, { reason: 'Mould "repair"\n\\ ☃' });
    await change('POST', `/work-orders/${order.id}/resume`);
    await change('POST', `/work-orders/${order.id}/complete`, { force: true });
    const cancelled = await change('POST', '/work-orders', body, { record: (o) => `/work-orders/${o.id}` });
    await change('POST', `/work-orders/${cancelled.id}/cancel`, { reason: 'Not "needed"' });
    const draft = await change('POST', '/work-orders', body, { record: (o) => `/work-orders/${o.id}` });
    await change('DELETE', `/work-orders/${draft.id}`, undefined, { deletes: true });
    expect((await api('GET', `/work-orders/${draft.id}`)).status).toBe(404);
  });

  it('customers: create and update', async () => {
    const customer = await change('POST', '/companies', { name: 'Nüt ✓ "Co"', notes: 'Tab\there' }, { record: (c) => `/companies/${c.id}` });
    await change('PATCH', `/companies/${customer.id}`, { name: 'Renamed \\ Co', notes: null });
  });

  it('a refused change writes no answer and answers its error', async () => {
    const order = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 1 }] });
    await post(`/sales-orders/${order.id}/confirm`);
    const start = counter.statements.length;
    const refused = await api('POST', `/sales-orders/${order.id}/confirm`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.status[0]).toMatch(/Only a draft sales order can be confirmed/);
    expect(counter.statements.slice(start).filter(writtenAsJson)).toEqual([]);
  });

  it('random selections of an update over /graphql answer as the record read field by field after it', async () => {
    const order = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: bolt.id, quantity: 2 }, { product_id: nut.id, quantity: 1 }] });
    const schema = buildSchema();
    let round = 0;
    const property = fc.asyncProperty(randomSelection(schema, 'SalesOrder', writableFields), async ({ text, fragments }) => {
      const notes = `Round "${round++}" \\ ☃`;
      const query = `mutation Change($id: Int!, $notes: String) { updateSalesOrder(id: $id, input: { notes: $notes }) { ${text} } } ${fragments.join(' ')}`;
      const start = counter.statements.length;
      const planned = await server.graphql(query, { id: order.id, notes }, { token: acme.token, company: acme.slug });
      expect(planned.body.errors, planned.text).toBeUndefined();
      expect(counter.statements.slice(start).filter(writtenAsJson)).toHaveLength(1);
      const read = await fieldByField(server, `query Read($id: Int!) { salesOrder(id: $id) { ${text} } } ${fragments.join(' ')}`, { id: order.id }, acme);
      expect(read.body.errors, read.text).toBeUndefined();
      expect(JSON.stringify(planned.body.data.updateSalesOrder)).toBe(JSON.stringify(read.body.data.salesOrder));
    });
    await fc.assert(property, { numRuns: 20, seed: 20261129 });
  });
});
