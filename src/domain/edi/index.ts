// The edi area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/edi/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { deliverAfterCommit, sendEdiDocument } from './edi-delivery.js';
export {
  EDI_DOCUMENT_FILTERS,
  acknowledgeEdiDocument,
  ediDocumentsInOrder,
  getEdiDocument,
  listEdiDocuments,
} from './edi-documents.js';
export { checkChannelEdi, checkEdiIdentifier, checkEdiQualifier } from './edi-identity.js';
export type { ChannelEdiInput } from './edi-identity.js';
export { receiveInterchange } from './edi-inbound.js';
export { ediSummary } from './edi-summary.js';
export type { EdiSummary } from './edi-summary.js';
export { writeInvoiceDocument } from './invoice-810.js';
export { writeShipNotice } from './ship-notice-856.js';
export { controlNumberText, controlNumberTextSql } from './x12.js';
