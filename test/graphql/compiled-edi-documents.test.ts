// EDI documents answered in one go (compiledList and compiledRecord in src/graphql/shared/compiled-records.ts): the
// domain picks the page (its filters and sort, reading ids only), and one statement writes the documents as the
// selection asks, with the control number (9 digits) and the reference declared beside their resolvers. Here those
// answers equal graphql's ordinary execution field by field, keys in the same order and values alike, for REST
// pages (plain and filtered), single records and random selections over /graphql. The data is varied: an inbound
// interchange of three 850s (one posted, answered by an 855, one in purgatory, one rejected) and its 997, all
// pending for a channel without an endpoint, and documents written directly with control numbers of every length
// (0, more than 9 digits, negative), references of every kind (none, an empty type, a type without an id), errors
// and raw X12 that JSON must escape, and dates or none. A page runs as many statements for 10 documents as for
// 100. A document has no relations, so field by field reads a page in the domain's one read too: no fewer
// statements are claimed.
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantClient } from '../../src/db/tenant-client.js';
import { ediDocumentRoutes } from '../../rest-mapping/edi.js';
import { openTestDatabase } from '../support/test-database.js';
import { serverForFile } from '../support/file-server.js';
import { statementCounter } from '../support/statement-log.js';
import { US, PARTNER, partnerInterchange, purchaseOrder850 as purchaseOrder } from '../support/x12-partner.js';
import { getRoute, pageAndRecordQueries, pageAsFieldByField, pagesAsFieldByField, recordsAsFieldByField, selectionsAsFieldByField, type Compared } from '../support/compiled-answers.js';

const counter = statementCounter();
const { server, companies: { acme }, api, post } = serverForFile(['acme'], { database: () => openTestDatabase({ onQuery: counter.onQuery }) });
const on: Compared = { server, counter, tenant: acme };
const documentList = getRoute(ediDocumentRoutes, '/edi/documents');
const documentRecord = getRoute(ediDocumentRoutes, '/edi/documents/{ediDocumentId}');
const documentIds: number[] = [];
let channelId: number;

beforeAll(async () => {
  const db = tenantClient(server.database.prisma, acme.companyId);
  const warehouse = await post('/locations', { name: 'Main DC' });
  const group = await post('/warehouse-groups', { name: 'Retail', warehouse_ids: [warehouse.id] });
  const widget = await post('/products', { name: 'Widget', sku: 'W-1', retail_price: 10 });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: warehouse.id, quantity: 20, unit_cost: 1 }] });
  expect((await api('PATCH', '/company', { edi_sender_id: US.id, edi_sender_qualifier: US.qualifier })).status).toBe(200);
  // No endpoint: what the company sends stays pending.
  const channel = await post('/channels', { channelType: 'sales_channel', label: 'Retailer EDI', warehouseGroupId: group.id, ediEnabled: true, ediPartnerId: PARTNER.id, ediQualifier: PARTNER.qualifier });
  channelId = channel.id;
  const res = await server.call('POST', '/external/api/v1/edi/inbound', {
    token: acme.token,
    company: acme.slug,
    rawBody: partnerInterchange(1234567, 'PO', [purchaseOrder('PO-1', ['PO1*1*5*EA*9.5**VP*W-1']), purchaseOrder('PO-2', ['PO1*1*1*EA*1**VP*NOPE-"1"']), [`BEG*00*SA*PO-3**20261120`, 'CTT*0']]),
    headers: { 'content-type': 'application/edi-x12' },
  });
  expect(res.status, res.text).toBe(201);
  documentIds.push(...res.body.data.map((document: any) => document.id));

  // Enough documents for pages of 10 and of 100, written directly.
  const references: Array<[string | null, number | null]> = [[null, null], ['sales_order', 7], ['', 3], ['invoice', null], ['edi_document', 2147483647], ['purgatory_entry', 0]];
  const controls = [0, 1, 999999999, 1000000000, 2147483647, -5, 42];
  const written = await db.ediDocument.createManyAndReturn({
    data: Array.from({ length: 110 }, (_, i) => ({
      direction: i % 2 ? 'outbound' : 'inbound',
      type: ['850', '855', '856', '810', '997'][i % 5],
      channelId: channel.id,
      controlNumber: controls[i % controls.length],
      groupControlNumber: i * 1000,
      status: ['pending', 'sent', 'accepted', 'rejected', 'failed'][i % 5],
      referenceType: references[i % references.length]![0],
      referenceId: references[i % references.length]![1],
      error: i % 4 ? null : `Partner said "no" \\ ☃ </script>\n\t${i} \u0001`,
      raw: `ISA*00*${i}~\nGS*"x"~`,
      sentAt: i % 3 ? null : new Date(Date.UTC(2026, 10, 1 + (i % 28), 12, 30, 15, i % 1000)),
      acknowledgedAt: i % 6 ? null : new Date(Date.UTC(2026, 10, 2, 0, 0, 0, 1)),
    })) as any,
    select: { id: true },
  });
  documentIds.push(...written.slice(0, 14).map(({ id }) => id));
}, 60_000);

describe('EDI documents written by one statement', () => {
  it('GET /edi/documents answers as field by field, and runs as many statements for 10 documents as for 100', () =>
    pagesAsFieldByField(on, documentList, '/edi/documents?sort=id', { sort: 'id' }, 'ediDocuments'));

  it('GET /edi/documents with filters answers as field by field', async () => {
    await pageAsFieldByField(on, documentList, '/edi/documents?per_page=100&type=850&sort=-status', { perPage: 100, sort: '-status', filters: [{ name: 'type', value: '850' }] }, 'ediDocuments');
    await pageAsFieldByField(
      on,
      documentList,
      `/edi/documents?per_page=100&direction=outbound&channel_id=${channelId}&reference_type=sales_order`,
      { perPage: 100, filters: [{ name: 'direction', value: 'outbound' }, { name: 'channel_id', value: String(channelId) }, { name: 'reference_type', value: 'sales_order' }] },
      'ediDocuments',
    );
  });

  it('GET /edi/documents/{id} answers as field by field', () => recordsAsFieldByField(on, documentRecord, '/edi/documents', documentIds, 'ediDocument'));

  it('a control number is written with 9 digits at least, as its resolver writes it', async () => {
    const numbers = (await api('GET', '/edi/documents?per_page=100&sort=id')).body.data.map((document: any) => document.control_number);
    expect(numbers).toEqual(expect.arrayContaining(['001234567', '000000000', '999999999', '1000000000', '2147483647', '0000000-5']));
  });
});

describe('random selections over /graphql', () => {
  it('of EDI documents answer as field by field', () =>
    selectionsAsFieldByField(on, ['EdiDocument'], ([document], id) => pageAndRecordQueries(document!, 'ediDocuments', 'id', 'ediDocument', id), {
      numRuns: 20,
      seed: 20261130,
      ids: documentIds,
    }));
});
