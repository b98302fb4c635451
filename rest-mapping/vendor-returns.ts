// REST routes of vendor returns: goods sent back to a supplier, shipped out of stock and credited once.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const RETURN_FIELDS = /* GraphQL */ `
  fragment VendorReturnFields on VendorReturn {
    id returnNumber supplier { id name } purchaseOrderId location { id name } reason status currency exchangeRate total
    lines { ${everyField('VendorReturnLine', { product: 'id sku name' })} }
    vendorCreditId shippedAt creditedAt createdAt updatedAt
  }`;
const CREDIT_FIELDS = `
  id supplier { id name } amount currency exchangeRate creditDate reason vendorReturnId amountApplied remainingAmount
  applications { ${everyField('VendorCreditApplication', { bill: false })} } createdAt updatedAt`;

const TAG = 'Vendor Returns';
// {id} as the contract writes POST /vendor-returns/{id}/generate-credit.
const returnPath = '/vendor-returns/{id}';

function returnMutation(method: 'POST' | 'PATCH' | 'DELETE', path: string, field: string, summary: string, description: string, inputType?: string): RestRoute {
  return {
    method,
    path,
    operationId: field,
    tag: TAG,
    summary,
    description,
    graphql: /* GraphQL */ `
      mutation ${field[0]!.toUpperCase()}${field.slice(1)}($id: Int!${inputType ? `, $input: ${inputType}` : ''}) { ${field}(id: $id${inputType ? ', input: $input' : ''}) { ...VendorReturnFields } }
      ${RETURN_FIELDS}`,
    pathParams: { id: 'id' },
    ...(inputType ? { bodyVariable: 'input' } : {}),
    envelope: 'data',
  };
}

export const vendorReturnRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/vendor-returns',
    operationId: 'listVendorReturns',
    tag: TAG,
    summary: 'List vendor returns',
    description: 'Query parameters: status (draft, shipped, credited), supplier_id. per_page at most 100. `sort` takes id, return_number, total, created_at, updated_at or shipped_at (prefix - for descending).',
    graphql: /* GraphQL */ `
      query ListVendorReturns($page: Int, $perPage: Int, $sort: String, $status: String, $supplierId: Int) {
        vendorReturns(page: $page, perPage: $perPage, sort: $sort, status: $status, supplierId: $supplierId) { items { ...VendorReturnFields } ${PAGE_META} }
      }
      ${RETURN_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', status: 'status', supplier_id: 'supplierId' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: returnPath,
    operationId: 'getVendorReturn',
    tag: TAG,
    summary: 'Get a vendor return',
    graphql: /* GraphQL */ `query GetVendorReturn($id: Int!) { vendorReturn(id: $id) { ...VendorReturnFields } } ${RETURN_FIELDS}`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/vendor-returns',
    operationId: 'createVendorReturn',
    tag: TAG,
    summary: 'Create a vendor return (draft)',
    description:
      "{supplier_id, purchase_order_id?, location_id, reason?, lines: [{product_id, quantity, lot_number?, unit_cost?}]}. Quantities in the product's base unit; unit_cost per unit in the return's currency: the order's, else the supplier's, else the base currency. Numbered VR-000001 on.",
    graphql: /* GraphQL */ `mutation CreateVendorReturn($input: VendorReturnCreateInput!) { createVendorReturn(input: $input) { ...VendorReturnFields } } ${RETURN_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  returnMutation('PATCH', returnPath, 'updateVendorReturn', 'Update a draft vendor return', 'Fields as on create, all optional; lines replace the stored ones. Only a draft (422 on status otherwise).', 'VendorReturnUpdateInput!'),
  returnMutation('DELETE', returnPath, 'deleteVendorReturn', 'Delete a draft vendor return', 'Only a draft (422 on status otherwise). Answers with the deleted record.'),
  returnMutation(
    'POST',
    `${returnPath}/ship`,
    'shipVendorReturn',
    'Ship a vendor return',
    "No body. draft → shipped: VENDOR_RETURN movements take the goods out of the return's location through the ledger at their FIFO cost (lots as named, else by the deduction strategy); a shortage → 422 naming the line. A line without unit_cost takes the FIFO cost that left (fifo_unit_cost, base currency) at the ship date's rate to the return's currency; total follows.",
  ),
  {
    method: 'POST',
    path: `${returnPath}/generate-credit`,
    operationId: 'generateVendorReturnCredit',
    tag: TAG,
    summary: 'Credit a shipped vendor return',
    description: 'No body. shipped → credited: answers 201 with a vendor credit for the return’s total, in its currency, dated today. Once per return: again → 409. A draft return → 422.',
    graphql: /* GraphQL */ `mutation GenerateVendorReturnCredit($id: Int!) { generateVendorReturnCredit(id: $id) { ${CREDIT_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
    successStatus: 201,
  },
];
