// REST routes of accounts payable: bills, their payments and allocations.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const BILL_FIELDS = /* GraphQL */ `
  fragment BillFields on Bill {
    id billNumber supplier { id name } purchaseOrderId status billDate dueDate currency exchangeRate notes
    lines { ${everyField('BillLine', { product: 'id sku name' })} }
    payments { id amount paidAt method reference createdAt }
    subtotal taxTotal total amountPaid amountCredited balanceDue matchStatus varianceAccepted
    approvedAt voidedAt createdAt updatedAt
  }`;

const PAYMENT_FIELDS = 'id billId amount paidAt method reference createdAt bill { id status amountPaid amountCredited balanceDue }';
const ALLOCATION_FIELDS = `id billId receivingReportId amount amountBase issuedAmountBase allocation lineShares { ${everyField('BillAllocationLineShare')} } createdAt`;

const billPath = '/bills/{billId}';
const TAG = 'Bills';

/** A mutation on one bill answering with the bill; `inputType` names the body's input type, if it takes one. */
function billMutation(method: 'POST' | 'PATCH' | 'DELETE', path: string, field: string, summary: string, description: string, inputType?: string): RestRoute {
  return {
    method,
    path,
    operationId: field,
    tag: TAG,
    summary,
    description,
    graphql: /* GraphQL */ `
      mutation ${field[0]!.toUpperCase()}${field.slice(1)}($id: Int!${inputType ? `, $input: ${inputType}` : ''}) { ${field}(id: $id${inputType ? ', input: $input' : ''}) { ...BillFields } }
      ${BILL_FIELDS}`,
    pathParams: { billId: 'id' },
    ...(inputType ? { bodyVariable: 'input' } : {}),
    envelope: 'data',
  };
}

export const payablesRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/bills',
    operationId: 'listBills',
    tag: TAG,
    summary: 'List bills',
    description:
      'Filters with the grammar of GET /products (`field=value` or `field[operator]=value`): status (draft, open, partially_paid, paid, void), supplier_id, purchase_order_id, bill_number, currency, match_status, bill_date, due_date (YYYY-MM-DD, with gt/gte/lt/lte), overdue=true (approved, not fully paid, due before today). `sort` takes id, bill_number, bill_date, due_date, total, created_at or updated_at (prefix - for descending).',
    graphql: /* GraphQL */ `
      query ListBills($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        bills(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ...BillFields } ${PAGE_META} }
      }
      ${BILL_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'bills' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: billPath,
    operationId: 'getBill',
    tag: TAG,
    summary: 'Get a bill',
    graphql: /* GraphQL */ `query GetBill($id: Int!) { bill(id: $id) { ...BillFields } } ${BILL_FIELDS}`,
    pathParams: { billId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/bills',
    operationId: 'createBill',
    tag: TAG,
    summary: 'Create a bill (draft)',
    description:
      "{supplier_id, bill_number, bill_date, due_date?, currency?, purchase_order_id?, notes?, lines: [{purchase_order_line_id?, product_id?, description?, quantity, unit_price, tax_rate?}]}. bill_number is the supplier's invoice number, unique per supplier. A bill of an order is in the order's currency; otherwise the currency defaults to the supplier's, else the base currency; exchange_rate is the rate to the base currency on the bill date (422 on currency when none). due_date defaults to the bill date plus the order's balance_due_days, else the supplier's payment_terms_days, else the bill date. Three-way match: a line with purchase_order_line_id compares its quantity with what was received on that line and not billed on other approved bills (more → quantity_mismatch; less is partial billing and matches) and its unit price with the order's unit cost (different → price_mismatch); match_status is quantity_mismatch if any line is, else price_mismatch if any line is, else matched.",
    graphql: /* GraphQL */ `mutation CreateBill($input: BillCreateInput!) { createBill(input: $input) { ...BillFields } } ${BILL_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  billMutation('PATCH', billPath, 'updateBill', 'Update a draft bill', 'Fields as on create, all optional; lines replace the stored ones; the match is computed again. The due date stays unless given. Only a draft (422 otherwise).', 'BillUpdateInput!'),
  billMutation('DELETE', billPath, 'deleteBill', 'Delete a draft bill', 'Only a draft (422 otherwise). Answers with the deleted record.'),
  billMutation(
    'POST',
    `${billPath}/approve`,
    'approveBill',
    'Approve a bill',
    'Body {accept_variance?: boolean}. draft → open. The bill is matched against its order again first (receipts may have changed); a mismatched bill gets a 422 on accept_variance, naming the lines, unless accept_variance is true (variance_accepted then shows it). A bill that is not a draft: 422 on status.',
    'BillApproveInput',
  ),
  billMutation(
    'POST',
    `${billPath}/void`,
    'voidBill',
    'Void a bill',
    'No body. A draft or open bill that nothing paid, credited or was allocated from becomes void; otherwise 422 on status.',
  ),
  {
    method: 'POST',
    path: `${billPath}/payments`,
    operationId: 'recordBillPayment',
    tag: TAG,
    summary: 'Record a payment of a bill',
    description:
      "{amount, paid_at, method?, reference?}: records what was paid (nothing is paid out). amount > 0 in the bill's currency, at most the balance due (422 on amount). Only an approved bill (open or partially_paid; 422 on status otherwise). The bill becomes partially_paid or paid. A payment of a bill of a purchase order also settles the order's payment obligations, earliest due first (those without a due date last): their paid_amount and status follow. Answers 201 with the payment and the bill's new state.",
    graphql: /* GraphQL */ `
      mutation RecordBillPayment($billId: Int!, $input: BillPaymentInput!) { recordBillPayment(billId: $billId, input: $input) { ${PAYMENT_FIELDS} } }`,
    pathParams: { billId: 'billId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: `${billPath}/allocations`,
    operationId: 'listBillAllocations',
    tag: TAG,
    summary: 'List the allocations of a bill',
    graphql: /* GraphQL */ `query ListBillAllocations($billId: Int!) { billAllocations(billId: $billId) { ${ALLOCATION_FIELDS} } }`,
    pathParams: { billId: 'billId' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${billPath}/allocations`,
    operationId: 'createBillAllocation',
    tag: TAG,
    summary: 'Allocate a bill to a receipt as landed cost',
    description:
      "{receiving_report_id, amount, allocation: value|quantity|weight}. For freight, duty or brokerage bills: the amount (bill currency; amount_base at the bill's exchange rate) is spread over the receipt's lines and added to their cost like a landed cost that arrives later (POST /receiving-reports/{id}/landed-costs): the part of each line's FIFO layer still open takes it, the part already issued becomes cost adjustments. line_shares records each line's base amount. The allocations of a bill come to at most its total (422 on amount). Only an approved bill and a posted receipt.",
    graphql: /* GraphQL */ `
      mutation CreateBillAllocation($billId: Int!, $input: BillAllocationInput!) { createBillAllocation(billId: $billId, input: $input) { ${ALLOCATION_FIELDS} } }`,
    pathParams: { billId: 'billId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'DELETE',
    path: `${billPath}/allocations/{allocationId}`,
    operationId: 'deleteBillAllocation',
    tag: TAG,
    summary: 'Reverse a bill allocation',
    description: 'Books back exactly the shares the allocation added to each receipt line (the open stock and the cost adjustments follow) and deletes it. Answers with the deleted allocation; an allocation of another bill: 404.',
    graphql: /* GraphQL */ `
      mutation DeleteBillAllocation($billId: Int!, $id: Int!) { deleteBillAllocation(billId: $billId, id: $id) { ${ALLOCATION_FIELDS} } }`,
    pathParams: { billId: 'billId', allocationId: 'id' },
    envelope: 'data',
  },
];
