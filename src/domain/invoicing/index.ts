// The invoicing area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/invoicing/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export * as customerReturnTransitions from './customer-return-transitions.js';
export * as customerReturns from './customer-returns.js';
export { CUSTOMER_RETURN_FILTERS } from './customer-returns.js';
export { recordInvoicePayment } from './invoice-payments.js';
export { invoiceFileName, renderInvoicePdf } from './invoice-pdf.js';
export * as invoices from './invoices.js';
export { INVOICE_FILTERS } from './invoices.js';
