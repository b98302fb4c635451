// REST routes of invoices (and credit notes) and their payments (issue 11).
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { invoiceFileName, renderInvoicePdf } from '../src/domain/invoicing/index.js';
import { PAGE_META } from './shared.js';

export const INVOICE_FIELDS = `
  id invoiceNumber kind salesOrderId company { id name } creditedInvoiceId customerReturnId status currency
  lines { ${everyField('InvoiceLine')} }
  subtotal taxTotal total amountPaid balanceDue issueDate dueDate voidedAt createdAt updatedAt`;
const PDF_FIELDS = `
  companyName invoiceNumber kind status currency issueDate dueDate company { id name } salesOrder { orderNumber } creditedInvoice { invoiceNumber }
  lines { description sku quantity unitPrice amount taxAmount } subtotal taxTotal total amountPaid balanceDue`;

export const invoiceRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/sales-orders/{salesOrderId}/invoices',
    operationId: 'createInvoice',
    tag: 'Invoices',
    summary: 'Invoice shipped goods of a sales order',
    description:
      '{shipment_ids?}. Without shipment_ids: every shipped shipment of the order that no invoice bills yet; given ids must be shipped shipments of the order not invoiced yet (422 on shipment_ids.N). Nothing to invoice → 422. ' +
      "The lines are the shipments' billable lines (GET /shipments/{id}/billable-lines: products at the line price after discount with their tax, the shipping charge and package fees), so those lines sum to the invoice. " +
      "invoice_number INV-000001 onwards; issue_date today (UTC); due_date the issue date plus the customer's payment_terms_days (else the issue date). A shipment counts as invoiced while a non-void invoice has a line of it, so it is never invoiced twice, also under concurrent requests (the order is claimed first; the other request → 422); voiding the invoice frees its shipments.",
    graphql: /* GraphQL */ `
      mutation CreateInvoice($salesOrderId: Int!, $input: InvoiceCreateInput) { createInvoice(salesOrderId: $salesOrderId, input: $input) { ${INVOICE_FIELDS} } }`,
    pathParams: { salesOrderId: 'salesOrderId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/invoices',
    operationId: 'listInvoices',
    tag: 'Invoices',
    summary: 'List invoices and credit notes',
    description:
      'Filters with the grammar of GET /products: status (open, paid, void), kind (invoice, credit_note), company_id (the customer company), sales_order_id, overdue (true: open invoices whose due date has passed).',
    graphql: /* GraphQL */ `
      query ListInvoices($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        invoices(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${INVOICE_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'invoices' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/invoices/{invoiceId}',
    operationId: 'getInvoice',
    tag: 'Invoices',
    summary: 'Get an invoice or credit note, in JSON or PDF',
    description: '`format=pdf` (or `Accept: application/pdf`) answers the invoice as a PDF attachment named invoice-INV-000001.pdf (a credit note: credit-note-CN-000001.pdf).',
    graphql: /* GraphQL */ `query GetInvoice($id: Int!) { invoice(id: $id) { ${INVOICE_FIELDS} } }`,
    pathParams: { invoiceId: 'id' },
    envelope: 'data',
    formats: {
      pdf: {
        mediaType: 'application/pdf',
        graphql: /* GraphQL */ `query GetInvoicePdf($id: Int!) { invoice(id: $id) { ${PDF_FIELDS} } }`,
        render: renderInvoicePdf,
        filename: invoiceFileName,
      },
    },
  },
  {
    method: 'POST',
    path: '/invoices/{invoiceId}/payments',
    operationId: 'recordInvoicePayment',
    tag: 'Invoices',
    summary: 'Record a payment of an invoice',
    description:
      "{amount, paid_at (YYYY-MM-DD), reference?}. The amount (greater than 0, the currency's minor units) may not exceed the balance due (422 on amount); only an open invoice (422 on status). Fully paid → paid. Answers the payment with the invoice after it.",
    graphql: /* GraphQL */ `
      mutation RecordInvoicePayment($invoiceId: Int!, $input: InvoicePaymentInput!) {
        recordInvoicePayment(invoiceId: $invoiceId, input: $input) { id amount paidAt reference createdAt invoice { ${INVOICE_FIELDS} } }
      }`,
    pathParams: { invoiceId: 'invoiceId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'POST',
    path: '/invoices/{invoiceId}/void',
    operationId: 'voidInvoice',
    tag: 'Invoices',
    summary: 'Void an invoice',
    description: 'No body. An open invoice with nothing paid and no credit note becomes void (422 otherwise); its shipments can be invoiced again.',
    graphql: /* GraphQL */ `mutation VoidInvoice($id: Int!) { voidInvoice(id: $id) { ${INVOICE_FIELDS} } }`,
    pathParams: { invoiceId: 'id' },
    envelope: 'data',
  },
];
