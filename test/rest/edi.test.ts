// EDI over HTTP with a fake trading partner on loopback: the company's sender id and an EDI channel; inbound
// 850s becoming orders (855 and 997 in reply, delivered to the partner), one in purgatory, one rejected;
// shipping writes an 856 (shipment, order, pack and item levels with SSCCs, BOL, PRO, SCAC) and invoicing an
// 810, each parsed back and its envelope checked; a 997 from the partner and a manual acknowledgement; a
// failed delivery sent again; the document log's filters and raw X12; and bad input on every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';
import { parseInterchange, type ParsedInterchange } from '../../src/domain/edi/x12.js';
import { closedPort, fakeHttp } from './label-setup.js';
import { PARTNER, US, partnerInterchange, purchaseOrder850 as purchaseOrder } from '../support/x12-partner.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let partner: Awaited<ReturnType<typeof fakeHttp>>;
const received: Array<{ contentType: string | undefined; body: string }> = [];
let partnerStatus = 200;
let channel: any;
let widget: any;
let gizmo: any;
let warehouse: any;

const inbound = (x12: string, contentType = 'application/edi-x12', tenant = acme) =>
  server.call('POST', '/external/api/v1/edi/inbound', { token: tenant.token, company: tenant.slug, rawBody: x12, headers: { 'content-type': contentType } });
const documentsCount = async () => (await api('GET', '/edi/documents?per_page=1')).body.meta.total;
const parsed = async (id: number): Promise<ParsedInterchange> => await parseInterchange((await api('GET', `/edi/documents/${id}/raw`)).text);
const segmentsOf = (interchange: ParsedInterchange) => interchange.groups[0].transactions[0].segments.map((s) => [s.tag, ...s.elements].join('*'));

/** Envelope checks of a document we wrote: control numbers agree with the log, one group of one set, counts as written. */
function expectEnvelope(document: any, interchange: ParsedInterchange, type: string, functionalCode: string) {
  expect(interchange.sender).toEqual(US);
  expect(interchange.receiver).toEqual(PARTNER);
  expect(String(interchange.controlNumber).padStart(9, '0')).toBe(document.control_number);
  expect(interchange.groupCount).toBe(1);
  const [group] = interchange.groups;
  expect(group.functionalCode).toBe(functionalCode);
  expect(group.controlNumber).toBe(document.group_control_number);
  expect(group.transactionCount).toBe(1);
  const [set] = group.transactions;
  expect(set.type).toBe(type);
  expect(set.controlNumber).toBe('0001');
  expect(set.segmentCount).toBe(set.segments.length + 2);
}

beforeAll(async () => {
  partner = await fakeHttp((req, body, res) => {
    received.push({ contentType: req.headers['content-type'], body: body.toString('utf8') });
    res.writeHead(partnerStatus).end();
  });
  warehouse = await post('/locations', { name: 'Main DC', street_address_1: '1 Dock Road', city: 'Reno', state: 'NV', zip: '89501', country: 'US' });
  const group = await post('/warehouse-groups', { name: 'Retail', warehouse_ids: [warehouse.id] });
  widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  gizmo = await post('/products', { name: 'Gizmo', sku: 'G-1', retail_price: 4 });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: warehouse.id, quantity: 20, unit_cost: 1 }, { product_id: gizmo.id, location_id: warehouse.id, quantity: 1, unit_cost: 1 }] });

  // Enabling EDI needs the partner's identity and the company's sender id.
  const draft = { channelType: 'sales_channel', label: 'Retailer EDI', warehouseGroupId: group.id };
  expectErrors(await api('POST', '/channels', { ...draft, ediEnabled: true }), ['ediPartnerId', 'ediQualifier', 'ediEnabled']);
  expectErrors(await api('POST', '/channels', { ...draft, ediQualifier: 'zz', ediPartnerId: 'A*B', ediEndpointUrl: 'ftp://x' }), ['ediQualifier', 'ediPartnerId', 'ediEndpointUrl']);
  expectErrors(await api('PATCH', '/company', { edi_sender_id: 'WAY-TOO-LONG-SENDER-ID', edi_sender_qualifier: 'Z' }), ['edi_sender_id', 'edi_sender_qualifier']);
  const company = await api('PATCH', '/company', { edi_sender_id: US.id, edi_sender_qualifier: US.qualifier, gs1_company_prefix: '0614141' });
  expect(company.status, company.text).toBe(200);
  expect(company.body.data).toMatchObject({ edi_sender_id: 'ACMEINV', edi_sender_qualifier: 'ZZ' });
  channel = await post('/channels', { ...draft, ediEnabled: true, ediPartnerId: PARTNER.id, ediQualifier: PARTNER.qualifier, ediEndpointUrl: partner.url });
  expect(channel).toMatchObject({ ediEnabled: true, ediPartnerId: 'RETAILER', ediQualifier: '01', ediEndpointUrl: partner.url });
  // One partner, one channel.
  expectErrors(await api('POST', '/channels', { ...draft, label: 'Twin', ediEnabled: true, ediPartnerId: PARTNER.id, ediQualifier: PARTNER.qualifier }), ['ediPartnerId']);
});
afterAll(() => partner?.close());

describe('inbound 850 purchase orders', () => {
  let order: any;

  it('posts an 850 as a confirmed sales order, acknowledged by an 855 and a 997 delivered to the partner', async () => {
    const x12 = partnerInterchange(101, 'PO', [purchaseOrder('PO-1001', ['PO1*1*5*EA*9.5**VP*W-1', 'PO1*2*3*EA*4**SK*G-1'])]);
    const res = await inbound(x12);
    expect(res.status, res.text).toBe(201);
    const [po, ack855, ack997] = res.body.data;
    expect(res.body.data).toHaveLength(3);
    expect(po).toMatchObject({ direction: 'inbound', type: '850', channel_id: channel.id, control_number: '000000101', group_control_number: 101, status: 'accepted', error: null });
    expect(po.reference.type).toBe('sales_order');
    expect(ack855).toMatchObject({ direction: 'outbound', type: '855', status: 'sent', reference: { type: 'sales_order', id: po.reference.id } });
    expect(ack997).toMatchObject({ direction: 'outbound', type: '997', status: 'sent', reference: { type: 'edi_document', id: po.id } });
    expect(ack855.sent_at).not.toBeNull();

    order = (await api('GET', `/sales-orders/${po.reference.id}`)).body.data;
    expect(order).toMatchObject({ status: 'confirmed', external_order_id: 'PO-1001', order_date: '2026-11-20', currency: 'USD' });
    expect(order.ship_to).toMatchObject({ name: 'Store 12', street_1: '100 Market St', city: 'Denver', state: 'CO', zip: '80202', country: 'US' });
    expect(order.lines.map((l: any) => [l.product.sku, Number(l.quantity), Number(l.unit_price)])).toEqual([['W-1', 5, 9.5], ['G-1', 3, 4]]);

    // The 855: accepted with changes, what is reserved (IA) and what is backordered (IB) per line.
    const interchange855 = await parsed(ack855.id);
    expectEnvelope(ack855, interchange855, '855', 'PR');
    expect(segmentsOf(interchange855)).toEqual([
      `BAK*00*AC*PO-1001*20261120****${order.order_number}`,
      'PO1*1*5*EA*9.5**VP*W-1',
      'ACK*IA*5*EA',
      'PO1*2*3*EA*4**VP*G-1',
      'ACK*IA*1*EA',
      'ACK*IB*2*EA',
      'CTT*2',
    ]);
    const interchange997 = await parsed(ack997.id);
    expectEnvelope(ack997, interchange997, '997', 'FA');
    expect(segmentsOf(interchange997)).toEqual(['AK1*PO*101', 'AK2*850*0001', 'AK5*A', 'AK9*A*1*1*1']);
    // Outbound control numbers count up.
    expect(Number(ack997.control_number)).toBe(Number(ack855.control_number) + 1);

    // The partner got both, as application/edi-x12, exactly as logged.
    expect(received.map((r) => r.contentType)).toEqual(['application/edi-x12', 'application/edi-x12']);
    expect((await Promise.all(received.map((r) => parseInterchange(r.body)))).map((parsed) => parsed.controlNumber)).toEqual([Number(ack855.control_number), Number(ack997.control_number)]);
  });

  it('answers one group of several 850s with one 997: a posted one, one for purgatory, one unreadable', async () => {
    received.length = 0;
    const x12 = partnerInterchange(102, 'PO', [
      purchaseOrder('PO-1002', ['PO1*1*1*EA*9.5**VP*W-1']),
      purchaseOrder('PO-1003', ['PO1*1*2*EA*1**BP*UNKNOWN-SKU']),
      purchaseOrder('', ['PO1*1*1*EA*1**VP*W-1']),
    ]);
    const res = await inbound(x12, 'text/plain');
    expect(res.status, res.text).toBe(201);
    const [posted, parked, rejected, ack855, ack997] = res.body.data;
    expect(res.body.data.map((d: any) => `${d.direction} ${d.type} ${d.status}`)).toEqual(['inbound 850 accepted', 'inbound 850 pending', 'inbound 850 rejected', 'outbound 855 sent', 'outbound 997 sent']);
    expect(posted.reference.type).toBe('sales_order');
    expect(parked.reference.type).toBe('purgatory_entry');
    expect(parked.error).toContain('UNKNOWN-SKU');
    expect((await api('GET', `/purgatory/${parked.reference.id}`)).body.data).toMatchObject({ external_order_id: 'PO-1003', status: 'pending' });
    expect(rejected.reference).toBeNull();
    expect(rejected.error).toContain('external_order_id');
    expect(ack855.reference.id).toBe(posted.reference.id);
    // Purgatory is taken (the partner's order is safe with us); an unreadable order is not.
    expect(segmentsOf(await parsed(ack997.id))).toEqual(['AK1*PO*102', 'AK2*850*0001', 'AK5*A', 'AK2*850*0002', 'AK5*A', 'AK2*850*0003', 'AK5*R', 'AK9*P*3*3*2']);
    // The three made one order: nothing of the rejected one was kept.
    expect((await api('GET', `/sales-orders?channel_id=${channel.id}`)).body.meta.total).toBe(2);
  });

  it('takes a replayed interchange without a second order', async () => {
    const x12 = partnerInterchange(101, 'PO', [purchaseOrder('PO-1001', ['PO1*1*5*EA*9.5**VP*W-1', 'PO1*2*3*EA*4**SK*G-1'])]);
    const res = await inbound(x12);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.map((d: any) => `${d.type} ${d.status}`)).toEqual(['850 accepted', '997 sent']);
    expect(res.body.data[0].reference.id).toBe(order.id);
  });

  it('refuses what is not an interchange for us, keeping nothing', async () => {
    const before = await documentsCount();
    const good = partnerInterchange(110, 'PO', [purchaseOrder('PO-2000', ['PO1*1*1*EA*1**VP*W-1'])]);
    const json = await inbound(good, 'application/json');
    expect(json.status).toBe(415);
    expect(json.body.message).toContain('application/edi-x12');
    expectErrors(await inbound(''), ['body']);
    expectErrors(await inbound('hello, this is not X12'), ['body']);
    expectErrors(await inbound(good.replace(/SE\*(\d+)\*0001/, (_m, n) => `SE*${Number(n) - 1}*0001`)), ['body']);
    expectErrors(await inbound(partnerInterchange(111, 'PO', [purchaseOrder('PO-2001', ['PO1*1*1*EA*1**VP*W-1'])], US, { qualifier: 'ZZ', id: 'STRANGER' })), ['body']);
    const misaddressed = await inbound(partnerInterchange(112, 'PO', [purchaseOrder('PO-2002', ['PO1*1*1*EA*1**VP*W-1'])], { qualifier: 'ZZ', id: 'SOMEONEELSE' }));
    expectErrors(misaddressed, ['body']);
    expect(misaddressed.body.message).toContain('ZZ:SOMEONEELSE');
    const asn = good.replace('GS*PO', 'GS*SH').replace('ST*850', 'ST*856');
    const wrongType = await inbound(asn);
    expectErrors(wrongType, ['body']);
    expect(wrongType.body.message).toContain('856');
    // Another company is not this partner's counterpart.
    expectErrors(await inbound(good, 'application/edi-x12', globex), ['body']);
    expect(await documentsCount()).toBe(before);
    expect((await api('GET', '/sales-orders?external_order_id=PO-2000')).body.data).toEqual([]);
  });
});

describe('outbound 856 and 810, acknowledgements and delivery', () => {
  let order: any;
  let shipment: any;
  let packages: any[];
  let notice: any;
  let invoiceDocument: any;

  beforeAll(async () => {
    received.length = 0;
    const res = await inbound(partnerInterchange(120, 'PO', [purchaseOrder('PO-3000', ['PO1*1*4*EA*9.5**VP*W-1'])]));
    order = (await api('GET', `/sales-orders/${res.body.data[0].reference.id}`)).body.data;
    shipment = await post(`/sales-orders/${order.id}/shipments`, { carrier: 'UPS', service: 'Ground', lines: [{ sales_order_line_id: order.lines[0].id, quantity: 4 }] });
    packages = await post(`/sales-orders/${order.id}/shipments/${shipment.id}/packages`, {
      bill_of_lading_number: 'BOL-42',
      pro_number: 'PRO-77',
      carrier_alpha_code: 'UPSN',
      packages: [
        { tracking: '1Z1', weight_lb: 12, contained_items: [{ order_item_id: order.lines[0].id, quantity: 1 }], child_packages: [{ contained_items: [{ order_item_id: order.lines[0].id, quantity: 2 }] }] },
        { weight_lb: 3, contained_items: [{ order_item_id: order.lines[0].id, quantity: 1 }] },
      ],
    });
  });

  it('shipping writes an 856 with shipment, order, pack and item levels, delivered to the partner', async () => {
    received.length = 0;
    const shipped = await post(`/shipments/${shipment.id}/ship`);
    expect(shipped.status).toBe('shipped');
    const list = await api('GET', `/edi/documents?type=856&reference_type=shipment&reference_id=${shipment.id}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data).toHaveLength(1);
    notice = list.body.data[0];
    expect(notice).toMatchObject({ direction: 'outbound', status: 'sent', channel_id: channel.id });
    const interchange = await parsed(notice.id);
    expectEnvelope(notice, interchange, '856', 'SH');
    const [outer, inner] = [packages[0], packages[0].child_packages[0]];
    const date = shipped.shipped_at.slice(0, 10).replace(/-/g, '');
    const segments = segmentsOf(interchange);
    expect(segments[0]).toMatch(new RegExp(`^BSN\\*00\\*${shipment.id}\\*${date}\\*\\d{4}\\*0001$`));
    expect(segments.slice(1)).toEqual([
      'HL*1**S',
      'TD1*CTN*2****G*15*LB',
      'TD5*B*2*UPSN**UPS Ground',
      'REF*BM*BOL-42',
      'REF*CN*PRO-77',
      `DTM*011*${date}`,
      'N1*ST*Store 12',
      'N3*100 Market St',
      'N4*Denver*CO*80202*US',
      'N1*SF*Company acme',
      'HL*2*1*O',
      'PRF*PO-3000***20261120',
      'HL*3*2*P',
      `MAN*GM*${outer.sscc}`,
      'REF*2I*1Z1',
      'HL*4*3*P',
      `MAN*GM*${inner.sscc}`,
      'HL*5*4*I',
      'LIN**VP*W-1',
      'SN1**2*EA',
      'HL*6*3*I',
      'LIN**VP*W-1',
      'SN1**1*EA',
      'HL*7*2*P',
      `MAN*GM*${packages[1].sscc}`,
      'HL*8*7*I',
      'LIN**VP*W-1',
      'SN1**1*EA',
      'CTT*8',
    ]);
    expect(received).toHaveLength(1);
    expect(received[0].body).toBe((await api('GET', `/edi/documents/${notice.id}/raw`)).text);
  });

  it('invoicing writes an 810 with the PO number, lines, total in cents and the SCAC', async () => {
    const invoice = await post(`/sales-orders/${order.id}/invoices`, {});
    const list = await api('GET', `/edi/documents?type=810&reference_id=${invoice.id}`);
    expect(list.body.data).toHaveLength(1);
    invoiceDocument = list.body.data[0];
    expect(invoiceDocument).toMatchObject({ status: 'sent', reference: { type: 'invoice', id: invoice.id } });
    const interchange = await parsed(invoiceDocument.id);
    expectEnvelope(invoiceDocument, interchange, '810', 'IN');
    const segments = segmentsOf(interchange);
    expect(segments[0]).toBe(`BIG*${invoice.issue_date.replace(/-/g, '')}*${invoice.invoice_number}*20261120*PO-3000`);
    expect(segments).toContain('CUR*SE*USD');
    expect(segments).toContain('REF*BM*BOL-42');
    expect(segments).toContain('IT1*1*4*EA*9.5**VP*W-1');
    expect(segments).toContain(`TDS*${Math.round(Number(invoice.total) * 100)}`);
    expect(segments).toContain('CAD****UPSN*UPS Ground');
    expect(segments[segments.length - 1]).toBe('CTT*1');
  });

  it("records the partner's 997 on the document its AK1 names, and a manual acknowledgement", async () => {
    const ack = partnerInterchange(130, 'FA', [[`AK1*SH*${notice.group_control_number}`, 'AK2*856*0001', 'AK5*A', 'AK9*A*1*1*1']]);
    const res = await inbound(ack);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ direction: 'inbound', type: '997', status: 'accepted', reference: { type: 'edi_document', id: notice.id } });
    const acknowledged = (await api('GET', `/edi/documents/${notice.id}`)).body.data;
    expect(acknowledged.status).toBe('accepted');
    expect(acknowledged.acknowledged_at).not.toBeNull();

    // A 997 naming a group we never sent is logged rejected.
    const stray = await inbound(partnerInterchange(131, 'FA', [['AK1*SH*999999', 'AK9*A*1*1*1']]));
    expect(stray.body.data[0]).toMatchObject({ type: '997', status: 'rejected', reference: null });
    expect(stray.body.data[0].error).toContain('999999');

    const manual = await api('POST', `/edi/documents/${invoiceDocument.id}/acknowledge`, { status: 'rejected' });
    expect(manual.status, manual.text).toBe(200);
    expect(manual.body.data).toMatchObject({ status: 'rejected' });
    expect(manual.body.data.acknowledged_at).not.toBeNull();
    expectErrors(await api('POST', `/edi/documents/${invoiceDocument.id}/acknowledge`, { status: 'maybe' }), ['status']);
    expectErrors(await api('POST', `/edi/documents/${invoiceDocument.id}/acknowledge`, {}), ['status']);
    expectErrors(await api('POST', `/edi/documents/${res.body.data[0].id}/acknowledge`, { status: 'accepted' }), ['id']);
    expect((await api('POST', '/edi/documents/999999/acknowledge', { status: 'accepted' })).status).toBe(404);
  });

  it('keeps a failed delivery with why, and sends it again on request (502 while the partner is down)', async () => {
    const port = await closedPort();
    expect((await api('PATCH', `/channels/${channel.id}`, { ediEndpointUrl: `http://127.0.0.1:${port}/edi` })).status).toBe(200);
    const res = await inbound(partnerInterchange(140, 'PO', [purchaseOrder('PO-4000', ['PO1*1*1*EA*9.5**VP*W-1'])]));
    expect(res.status, res.text).toBe(201);
    const failed = res.body.data.filter((d: any) => d.direction === 'outbound');
    expect(failed.map((d: any) => d.status)).toEqual(['failed', 'failed']);
    expect(failed[0].error).toContain(`channel ${channel.id}`);
    expect((await api('GET', `/sales-orders/${res.body.data[0].reference.id}`)).body.data.status).toBe('confirmed');

    const down = await api('POST', `/edi/documents/${failed[0].id}/send`);
    expect(down.status).toBe(502);
    expect(down.body.message).toContain('EDI partner');
    expect((await api('GET', `/edi/documents/${failed[0].id}`)).body.data.status).toBe('failed');

    expect((await api('PATCH', `/channels/${channel.id}`, { ediEndpointUrl: partner.url })).status).toBe(200);
    received.length = 0;
    partnerStatus = 503;
    expect((await api('POST', `/edi/documents/${failed[0].id}/send`)).status).toBe(502);
    expect((await api('GET', `/edi/documents/${failed[0].id}`)).body.data.error).toContain('HTTP 503');
    partnerStatus = 200;
    const sent = await api('POST', `/edi/documents/${failed[0].id}/send`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'sent', error: null });
    expect(received).toHaveLength(2);
    expectErrors(await api('POST', `/edi/documents/${failed[0].id}/send`), ['id']);
    expectErrors(await api('POST', `/edi/documents/${res.body.data[0].id}/send`), ['id']);
  });
});

describe('the document log', () => {
  it('lists newest first with filters, answers raw X12, and keeps to the company', async () => {
    const all = await api('GET', '/edi/documents?per_page=100');
    expect(all.status, all.text).toBe(200);
    const ids = all.body.data.map((d: any) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(all.body.meta.total).toBe(all.body.data.length);
    const sent856 = await api('GET', '/edi/documents?type=856&status=sent');
    expect(sent856.body.data.every((d: any) => d.type === '856' && d.status === 'sent')).toBe(true);
    const inboundOnly = await api('GET', `/edi/documents?direction=inbound&channel_id=${channel.id}&sort=id`);
    expect(inboundOnly.body.data.length).toBeGreaterThan(0);
    expect(inboundOnly.body.data.every((d: any) => d.direction === 'inbound')).toBe(true);
    expect((await api('GET', '/edi/documents?created_at[gt]=2100-01-01%2000:00:00')).body.data).toEqual([]);
    expectErrors(await api('GET', '/edi/documents?type=999'), ['type']);
    expectErrors(await api('GET', '/edi/documents?colour=red'), ['colour']);
    expectErrors(await api('GET', '/edi/documents?sort=raw'), ['sort']);

    const first = all.body.data[all.body.data.length - 1];
    const raw = await api('GET', `/edi/documents/${first.id}/raw`);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('application/edi-x12');
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="${first.type}-${first.control_number}.x12"`);
    expect(raw.text.startsWith('ISA*')).toBe(true);
    expect((await api('GET', `/edi/documents/${first.id}/raw?format=json`)).body.data.raw).toBe(raw.text);
    expect((await api('GET', '/edi/documents/999999')).status).toBe(404);
    expect((await api('GET', `/edi/documents/${first.id}`, undefined, globex)).status).toBe(404);
    expect((await api('GET', '/edi/documents', undefined, globex)).body.data).toEqual([]);
  });

  it("sums today's documents in the EDI summary exactly as the log holds them", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = (await api('GET', '/edi/documents?per_page=100')).body.data;
    const res = await api('GET', `/reports/edi/summary?from=${today}&to=${today}&types=850,855,856,810,997`);
    expect(res.status, res.text).toBe(200);
    const count = (test: (d: any) => boolean) => all.filter(test).length;
    const expectingAck = count((d) => d.direction === 'outbound' && d.type !== '997');
    const acked = count((d) => d.direction === 'outbound' && d.type !== '997' && d.acknowledged_at !== null);
    const success = count((d) => d.status === 'accepted' || (d.status === 'sent' && d.acknowledged_at !== null));
    expect(res.body).toMatchObject({
      total: all.length,
      success_count: success,
      failed_count: count((d) => d.status === 'failed' || d.status === 'rejected'),
      pending_count: count((d) => d.status === 'pending'),
      success_rate: Math.round((success / all.length) * 10_000) / 10_000,
      ack_997_count: acked,
      ack_997_rate: Math.round((acked / expectingAck) * 10_000) / 10_000,
    });
    expect(acked).toBe(2);
    expect(res.body.by_type['856']).toMatchObject({ total: 1, success_count: 1, ack_997_count: 1, ack_997_rate: 1 });
  });

  it('keeps a channel with a log from being deleted', async () => {
    expectErrors(await api('DELETE', `/channels/${channel.id}`), ['id']);
  });

  it('gives concurrent documents distinct, consecutive control numbers', async () => {
    const before = (await api('GET', '/edi/documents?direction=outbound&per_page=1')).body.data[0];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => inbound(partnerInterchange(200 + i, 'PO', [purchaseOrder(`PO-C${i}`, ['PO1*1*1*EA*9.5**VP*W-1'])]))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const numbers = results.flatMap((r) => r.body.data.filter((d: any) => d.direction === 'outbound').map((d: any) => Number(d.control_number))).sort((a, b) => a - b);
    expect(numbers).toHaveLength(12);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => Number(before.control_number) + 1 + i));
  });
});
