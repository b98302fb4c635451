// Vendor statements and the bills reports (issue 9): GET /vendors/{id}/statement (JSON or PDF),
// GET /reports/bills/aging and GET /reports/bills/summary.
import type { RestRoute } from '../src/rest/route.js';
import { renderStatementPdf, statementFileName } from '../src/domain/payables/index.js';

// The REST names of the aging buckets (GraphQL: days1To30 …) as the contract writes them.
const AGING = 'current days_1_30: days1To30 days_31_60: days31To60 days_61_90: days61To90 days_over_90: daysOver90';
const STATEMENT_LINE = 'date type reference description debit credit balance';

export const payablesReportRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/vendors/{id}/statement',
    operationId: 'vendorStatement',
    tag: 'Suppliers',
    summary: 'Statement of a vendor (supplier) over a period, in JSON or PDF',
    description:
      '{id} is a supplier id. `from` and `to` are `YYYY-MM-DD`, both days included; `to` defaults to today (UTC) and `from` to the first day of the month of `to`. ' +
      "One currency per statement: `currency` (ISO 4217), by default the supplier's currency, else the base currency; only the documents in that currency are on it " +
      '(ask again with another `currency` for the others). ' +
      'The balance is what we owe the supplier: a bill (approved; drafts never appear) is a credit on its bill date; a payment (paid date), a vendor credit (credit date), ' +
      'a prepayment (paid date) and the void of an approved bill (void date, its total) are debits. Applying a vendor credit or a prepayment to a bill moves money ' +
      'between documents already on the statement: its line (application date) has debit 0 and credit 0 and says in its description what moved. ' +
      'opening_balance = Σ(credit − debit) of every line before `from`; closing_balance = opening_balance + Σ(credit − debit) of the lines, exactly. ' +
      'Lines are ordered by date, then type (bill, payment, credit, credit_application, prepayment, prepayment_application, void), then id. ' +
      '`aging`: the open bill balances as of `to` in the statement currency by days past due (current = not yet due), as GET /reports/bills/aging computes them. ' +
      '`format=pdf` (or `Accept: application/pdf`) answers the same statement, lines and aging, as a PDF attachment named statement-<vendor>-<from>-<to>.pdf, over as many pages as the lines take.',
    graphql: /* GraphQL */ `
      query VendorStatement($supplierId: Int!, $from: String, $to: String, $currency: String) {
        vendorStatement(supplierId: $supplierId, from: $from, to: $to, currency: $currency) {
          vendor { id name } currency from to openingBalance
          lines { ${STATEMENT_LINE} }
          closingBalance
          aging { ${AGING} }
        }
      }`,
    pathParams: { id: 'supplierId' },
    queryParams: { from: 'from', to: 'to', currency: 'currency' },
    envelope: 'data',
    formats: {
      pdf: {
        mediaType: 'application/pdf',
        graphql: /* GraphQL */ `
          query VendorStatementPdf($supplierId: Int!, $from: String, $to: String, $currency: String) {
            vendorStatement(supplierId: $supplierId, from: $from, to: $to, currency: $currency) {
              companyName vendor { id name } currency from to openingBalance
              lines { ${STATEMENT_LINE} }
              closingBalance
              aging { current days1To30 days31To60 days61To90 daysOver90 }
            }
          }`,
        render: renderStatementPdf,
        filename: statementFileName,
      },
    },
  },
  {
    method: 'GET',
    path: '/reports/bills/aging',
    operationId: 'billsAgingReport',
    tag: 'Bills Reports',
    summary: 'Open bill balances per supplier by days past due',
    description:
      '`as_of`: `YYYY-MM-DD` (UTC, the end of that day), default today. A bill is open as of then when it is approved, dated on or before as_of, not voided by then, ' +
      'and its total minus the payments dated up to as_of and the credit and prepayment applications made up to as_of is above zero. ' +
      'Buckets by days past due (as_of − due date): current (not yet due), days_1_30, days_31_60, days_61_90, days_over_90. ' +
      "Supplier rows and totals are in base currency, each bill's balance × its exchange rate rounded to the base currency; `by_currency` gives the same balances in each original currency. " +
      '`supplier_id` limits it to one supplier. Suppliers are ordered by name.',
    graphql: /* GraphQL */ `
      query BillsAgingReport($asOf: String, $supplierId: Int) {
        billsAgingReport(asOf: $asOf, supplierId: $supplierId) {
          asOf baseCurrency
          suppliers { supplier { id name } ${AGING} total byCurrency { currency ${AGING} total } }
          totals { ${AGING} total }
        }
      }`,
    queryParams: { as_of: 'asOf', supplier_id: 'supplierId' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/reports/bills/summary',
    operationId: 'billsSummaryReport',
    tag: 'Bills Reports',
    summary: 'Billed, paid, credited and outstanding per supplier over a period',
    description:
      '`from` and `to`: `YYYY-MM-DD`, both days included; `to` defaults to today (UTC) and `from` to the first day of the month of `to`. Per supplier, in base currency: ' +
      'billed = approved bills dated in the period; voided = approved bills voided in the period (their totals); paid = payments dated in the period plus prepayments applied in it; ' +
      'credited = vendor credits applied in the period; outstanding = open bill balances at `to` (as GET /reports/bills/aging computes them). ' +
      "Each amount is converted at its bill's exchange rate and rounded to the base currency per document. Suppliers with nothing in the period and nothing outstanding are left out.",
    graphql: /* GraphQL */ `
      query BillsSummaryReport($from: String, $to: String) {
        billsSummaryReport(from: $from, to: $to) {
          from to baseCurrency
          suppliers { supplier { id name } billed voided paid credited outstanding }
          totals { billed voided paid credited outstanding }
        }
      }`,
    queryParams: { from: 'from', to: 'to' },
    envelope: 'data',
  },
];
