// The payables area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/payables/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export { createBillAllocation, deleteBillAllocation, listBillAllocations, shareAmountSql, shareLineIdSql } from './bill-allocations.js';
export { BILL_STATUSES, balanceDue, balanceDueSql } from './bill-balance.js';
export type { BillStatus } from './bill-balance.js';
export { MATCH_STATUSES } from './bill-lines.js';
export type { MatchStatus } from './bill-lines.js';
export { recordBillPayment } from './bill-payments.js';
export { approveBill, voidBill } from './bill-transitions.js';
export { AGING_BUCKETS, billsAgingReport } from './bills-aging.js';
export type { AgingAmounts, BillsAgingReport, CurrencyAging, SupplierAging } from './bills-aging.js';
export { billsSummaryReport } from './bills-summary.js';
export type { BillsSummaryReport, SummaryAmounts, SupplierSummary } from './bills-summary.js';
export * as bills from './bills.js';
export { BILL_FILTERS } from './bills.js';
export * as prepayments from './prepayments.js';
export { checkReportPeriod } from './report-period.js';
export { renderStatementPdf, statementFileName } from './statement-pdf.js';
export * as vendorCredits from './vendor-credits.js';
export * as vendorReturnTransitions from './vendor-return-transitions.js';
export * as vendorReturns from './vendor-returns.js';
export { vendorStatement } from './vendor-statement.js';
export type { StatementLine, VendorStatement } from './vendor-statement.js';
