// REST routes of vendor credits and prepayments: what a supplier owes back and what was paid ahead, and their
// applications to the supplier's bills.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const CREDIT_APPLICATION_FIELDS = everyField('VendorCreditApplication', { bill: false });
const PREPAYMENT_APPLICATION_FIELDS = everyField('PrepaymentApplication', { bill: false });
const CREDIT_FIELDS = `
  id supplier { id name } amount currency exchangeRate creditDate reason vendorReturnId amountApplied remainingAmount
  applications { ${CREDIT_APPLICATION_FIELDS} } createdAt updatedAt`;
const PREPAYMENT_FIELDS = `
  id supplier { id name } amount currency exchangeRate paidAt purchaseOrderId paymentObligationId reference amountApplied remainingAmount
  applications { ${PREPAYMENT_APPLICATION_FIELDS} } createdAt updatedAt`;

const LIST_PARAMS = { page: 'page', per_page: 'perPage', sort: 'sort', supplier_id: 'supplierId', currency: 'currency', open: 'open' };
const APPLICATION_RULES =
  "{bill_id, amount}: an approved bill (open or partially_paid) of the same supplier in the same currency; amount > 0 and at most both what is left of the source and the bill's balance due (422 on bill_id or amount otherwise). Answers 201 with {id, bill_id, amount, applied_at} and the source's id.";

interface SourceRoutes {
  tag: string;
  path: string;
  /** GraphQL names: vendorCredit / VendorCredit. */
  field: string;
  fields: string;
  applicationFields: string;
  label: string;
  createDescription: string;
  settles: string;
}

/** list/get/create, apply and unapply: the same six routes for both kinds of source. */
function sourceRoutes(source: SourceRoutes): RestRoute[] {
  const Type = source.field[0]!.toUpperCase() + source.field.slice(1);
  return [
    {
      method: 'GET',
      path: source.path,
      operationId: `list${Type}s`,
      tag: source.tag,
      summary: `List ${source.label}s`,
      description: `Query parameters: supplier_id, currency, open (true: something is left to apply; false: fully applied). \`sort\` takes id, ${source.field === 'prepayment' ? 'paid_at' : 'credit_date'}, amount or created_at (prefix - for descending).`,
      graphql: /* GraphQL */ `
        query List${Type}s($page: Int, $perPage: Int, $sort: String, $supplierId: Int, $currency: String, $open: Boolean) {
          ${source.field}s(page: $page, perPage: $perPage, sort: $sort, supplierId: $supplierId, currency: $currency, open: $open) { items { ${source.fields} } ${PAGE_META} }
        }`,
      queryParams: LIST_PARAMS,
      envelope: 'page',
    },
    {
      method: 'GET',
      path: `${source.path}/{id}`,
      operationId: `get${Type}`,
      tag: source.tag,
      summary: `Get a ${source.label} with its applications and remaining amount`,
      graphql: /* GraphQL */ `query Get${Type}($id: Int!) { ${source.field}(id: $id) { ${source.fields} } }`,
      pathParams: { id: 'id' },
      envelope: 'data',
    },
    {
      method: 'POST',
      path: source.path,
      operationId: `create${Type}`,
      tag: source.tag,
      summary: `Record a ${source.label}`,
      description: source.createDescription,
      graphql: /* GraphQL */ `mutation Create${Type}($input: ${Type}Input!) { create${Type}(input: $input) { ${source.fields} } }`,
      bodyVariable: 'input',
      envelope: 'data',
      successStatus: 201,
    },
    {
      method: 'POST',
      path: `${source.path}/{id}/applications`,
      operationId: `apply${Type}`,
      tag: source.tag,
      summary: `Apply a ${source.label} to a bill`,
      description: `${APPLICATION_RULES} ${source.settles}`,
      graphql: /* GraphQL */ `
        mutation Apply${Type}($id: Int!, $input: BillApplicationInput!) { apply${Type}(id: $id, input: $input) { ${source.applicationFields} } }`,
      pathParams: { id: 'id' },
      bodyVariable: 'input',
      envelope: 'data',
      successStatus: 201,
    },
    {
      method: 'DELETE',
      path: `${source.path}/{id}/applications/{applicationId}`,
      operationId: `delete${Type}Application`,
      tag: source.tag,
      summary: `Undo an application of a ${source.label}`,
      description: `Answers with the ${source.label} without that application: its remaining amount and the bill's balance due grow back. An application of another ${source.label}: 404.`,
      graphql: /* GraphQL */ `
        mutation Delete${Type}Application($id: Int!, $applicationId: Int!) { delete${Type}Application(id: $id, applicationId: $applicationId) { ${source.fields} } }`,
      pathParams: { id: 'id', applicationId: 'applicationId' },
      envelope: 'data',
    },
  ];
}

export const vendorCreditRoutes: RestRoute[] = [
  ...sourceRoutes({
    tag: 'Vendor Credits',
    path: '/vendor-credits',
    field: 'vendorCredit',
    fields: CREDIT_FIELDS,
    applicationFields: CREDIT_APPLICATION_FIELDS,
    label: 'vendor credit',
    createDescription:
      "{supplier_id, amount, currency, credit_date, reason?}: a credit note of the supplier. exchange_rate is the rate to the base currency on the credit date (422 on currency when none). Vendor returns make theirs with POST /vendor-returns/{id}/generate-credit.",
    settles: "The bill's amount_credited grows by the amount.",
  }),
  ...sourceRoutes({
    tag: 'Prepayments',
    path: '/prepayments',
    field: 'prepayment',
    fields: PREPAYMENT_FIELDS,
    applicationFields: PREPAYMENT_APPLICATION_FIELDS,
    label: 'prepayment',
    createDescription:
      "{supplier_id, amount, currency, paid_at, purchase_order_id?, payment_obligation_id?, reference?}: money paid to the supplier ahead of its bills. exchange_rate is the rate to the base currency on paid_at. With payment_obligation_id (an open obligation of the supplier's order, in the same currency, with at least the amount still open) the prepayment counts as paid on it: the obligation's paid_amount and status follow.",
    settles: "The bill's amount_paid grows by the amount.",
  }),
];
