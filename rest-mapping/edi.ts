// EDI (issue 12): the document log, its raw X12, inbound interchanges, acknowledgements and sending again.
// The summary report is in edi-reports.ts.
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

export const EDI_DOCUMENT_FIELDS = 'id direction type channelId controlNumber groupControlNumber status reference { type id } error sentAt acknowledgedAt createdAt updatedAt';
const tag = 'EDI';
const documentPath = '/edi/documents/{ediDocumentId}';

export const ediDocumentRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/edi/inbound',
    operationId: 'receiveEdiInterchange',
    tag,
    summary: 'Receive an X12 interchange from a trading partner (850 purchase orders, 997 acknowledgements)',
    description:
      'The body is one X12 interchange (ISA … IEA), sent as application/edi-x12 (or application/edi, text/plain); any other Content-Type → 415. ' +
      "It must come from the partner of an EDI channel (ISA05/ISA06 = the channel's ediQualifier/ediPartnerId) and be addressed to the company (ISA07/ISA08 = edi_sender_qualifier/edi_sender_id). " +
      'Not well-formed X12 (the envelope, SE/GE/IEA counts), an unknown sender, another receiver, or a transaction set other than 850 and 997 → 422 on body, and nothing is kept. A locked channel → 403. ' +
      'Each 850 goes through the order intake of the channel (the same as POST /channels/{id}/orders: BEG03 is external_order_id, BEG05 order_date, CUR02 currency, N1*BY the customer, N1*ST/N3/N4 ship_to, ' +
      'PO1 lines with quantity PO102, unit price PO104 and the product by VP, SK, BP or UP): posted → logged accepted with reference {type: sales_order} and acknowledged by an 855 (BAK AD, or AC when something is backordered; per PO1 an ACK IA with what is reserved and an ACK IB with what is backordered); ' +
      'not postable → purgatory, logged pending with reference {type: purgatory_entry} and the reasons in error; unreadable as an order (no BEG03, no PO1, a bad quantity) → logged rejected with why. Each 850 runs in its own savepoint. ' +
      "Every functional group of 850s is answered with a 997 (AK5 A or R per set, AK9 A, P or R). A 997 records the partner's verdict (AK9 A or E → accepted, R → rejected) and acknowledged_at on the outbound document whose group control number its AK1 names, and is logged accepted (rejected when it names none). " +
      'Outbound replies are sent to the channel\'s ediEndpointUrl after the commit. Answers 201 {data: [documents]}: the inbound ones in order, then the 855s and 997s written.',
    graphql: /* GraphQL */ `mutation ReceiveEdiInterchange($x12: String!) { receiveEdiInterchange(x12: $x12) { ${EDI_DOCUMENT_FIELDS} } }`,
    textBody: { variable: 'x12', mediaTypes: ['application/edi-x12', 'application/edi', 'text/plain'] },
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/edi/documents',
    operationId: 'listEdiDocuments',
    tag,
    summary: 'List EDI documents',
    description:
      'Newest first. Filters with the grammar of GET /products: type (850, 855, 856, 810, 997), status (pending, sent, accepted, rejected, failed), direction (inbound, outbound), channel_id, ' +
      'reference_type (sales_order, shipment, invoice, purgatory_entry, edi_document), reference_id, created_at (ISO 8601, with gt/gte/lt/lte). `sort` takes id, created_at, acknowledged_at, type or status (- for descending). ' +
      'Statuses: pending (written, not delivered: the channel has no ediEndpointUrl, or an 850 waiting in purgatory), sent (the partner took it), accepted / rejected (its functional acknowledgement, or what we did with an inbound one), failed (delivery failed; error says why).',
    graphql: /* GraphQL */ `
      query ListEdiDocuments($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        ediDocuments(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${EDI_DOCUMENT_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'ediDocuments' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: documentPath,
    operationId: 'getEdiDocument',
    tag,
    summary: 'Get an EDI document',
    graphql: /* GraphQL */ `query GetEdiDocument($id: Int!) { ediDocument(id: $id) { ${EDI_DOCUMENT_FIELDS} } }`,
    pathParams: { ediDocumentId: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: `${documentPath}/raw`,
    operationId: 'getEdiDocumentRaw',
    tag,
    summary: 'The X12 text of an EDI document',
    description: 'The interchange as sent or received, as application/edi-x12 (an attachment named <type>-<control number>.x12). `format=json` answers {data: {id, type, raw}}.',
    graphql: /* GraphQL */ `query GetEdiDocumentRaw($id: Int!) { ediDocument(id: $id) { id type raw } }`,
    pathParams: { ediDocumentId: 'id' },
    envelope: 'data',
    defaultFormat: 'x12',
    formats: {
      x12: {
        mediaType: 'application/edi-x12',
        graphql: /* GraphQL */ `query GetEdiDocumentX12($id: Int!) { ediDocument(id: $id) { type controlNumber raw } }`,
        render: async (document: { raw: string }) => Buffer.from(document.raw, 'utf8'),
        filename: (document: { type: string; controlNumber: string }) => `${document.type}-${document.controlNumber}.x12`,
      },
    },
  },
  {
    method: 'POST',
    path: `${documentPath}/acknowledge`,
    operationId: 'acknowledgeEdiDocument',
    tag,
    summary: 'Record the functional acknowledgement of an outbound document',
    description:
      '{status: "accepted" | "rejected"}: what the partner said, when it said it outside an inbound 997. Sets status and acknowledged_at. An inbound document or a 997 → 422 on id; another status → 422 on status.',
    graphql: /* GraphQL */ `mutation AcknowledgeEdiDocument($id: Int!, $input: EdiAcknowledgementInput!) { acknowledgeEdiDocument(id: $id, input: $input) { ${EDI_DOCUMENT_FIELDS} } }`,
    pathParams: { ediDocumentId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${documentPath}/send`,
    upstream: 'the trading partner\'s EDI endpoint',
    operationId: 'sendEdiDocument',
    tag,
    summary: "Send an outbound document (again) to the channel's endpoint",
    description:
      "POSTs the interchange as application/edi-x12 to the channel's ediEndpointUrl (10 s time-out). A 2xx answer → sent. The partner unreachable, timing out or answering another status → 502 {message} naming it, and the document stays failed with the reason in error. " +
      'An inbound document, one already sent or acknowledged, or a channel without ediEndpointUrl → 422 on id.',
    graphql: /* GraphQL */ `mutation SendEdiDocument($id: Int!) { sendEdiDocument(id: $id) { ${EDI_DOCUMENT_FIELDS} } }`,
    pathParams: { ediDocumentId: 'id' },
    envelope: 'data',
  },
];
