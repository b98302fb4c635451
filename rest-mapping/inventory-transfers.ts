// Transfer orders (issue 4): a document moving stock between two locations or warehouses.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const TRANSFER_FIELDS = /* GraphQL */ `
  fragment TransferOrderFields on TransferOrder {
    id status sourceLocationId destinationLocationId notes shippedAt receivedAt cancelledAt createdAt updatedAt
    lines { ${everyField('TransferOrderLine', { lots: 'lotId lotNumber shippedQuantity receivedQuantity' })} }
  }`;

const path = '/transfer-orders/{transferOrderId}';
const tag = 'Transfer Orders';

/** A transition without a body: one mutation by id. */
function transition(verb: string, mutation: string, summary: string, description: string, withBody = false): RestRoute {
  const name = mutation[0].toUpperCase() + mutation.slice(1);
  return {
    method: 'POST',
    path: `${path}/${verb}`,
    operationId: mutation,
    tag,
    summary,
    description,
    graphql: withBody
      ? /* GraphQL */ `
      mutation ${name}($id: Int!, $input: TransferReceiveInput) { ${mutation}(id: $id, input: $input) { ...TransferOrderFields } }
      ${TRANSFER_FIELDS}`
      : /* GraphQL */ `
      mutation ${name}($id: Int!) { ${mutation}(id: $id) { ...TransferOrderFields } }
      ${TRANSFER_FIELDS}`,
    pathParams: { transferOrderId: 'id' },
    ...(withBody ? { bodyVariable: 'input' } : {}),
    envelope: 'data',
  };
}

export const transferOrderRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/transfer-orders',
    operationId: 'listTransferOrders',
    tag,
    summary: 'List transfer orders',
    description: 'Filter by status, source_location_id, destination_location_id. `sort` takes id, created_at, updated_at, shipped_at or received_at, with a leading - for descending order.',
    graphql: /* GraphQL */ `
      query ListTransferOrders($page: Int, $perPage: Int, $sort: String, $status: TransferOrderStatus, $sourceLocationId: Int, $destinationLocationId: Int) {
        transferOrders(page: $page, perPage: $perPage, sort: $sort, status: $status, sourceLocationId: $sourceLocationId, destinationLocationId: $destinationLocationId) {
          items { ...TransferOrderFields }
          ${PAGE_META}
        }
      }
      ${TRANSFER_FIELDS}`,
    queryParams: {
      page: 'page', per_page: 'perPage', sort: 'sort', status: 'status',
      source_location_id: 'sourceLocationId', destination_location_id: 'destinationLocationId',
    },
    envelope: 'page',
  },
  {
    method: 'GET',
    path,
    operationId: 'getTransferOrder',
    tag,
    summary: 'Get a transfer order',
    graphql: /* GraphQL */ `
      query GetTransferOrder($id: Int!) { transferOrder(id: $id) { ...TransferOrderFields } }
      ${TRANSFER_FIELDS}`,
    pathParams: { transferOrderId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/transfer-orders',
    operationId: 'createTransferOrder',
    tag,
    summary: 'Create a draft transfer order',
    description: 'Body: {source_location_id, destination_location_id (different), notes?, lines: [{product_id, quantity > 0 in the base unit, lot_id? or lot_number?}]}. A lot-tracked line without a lot has its lots picked by the deduction strategy at shipping.',
    graphql: /* GraphQL */ `
      mutation CreateTransferOrder($input: TransferOrderCreateInput!) { createTransferOrder(input: $input) { ...TransferOrderFields } }
      ${TRANSFER_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'PATCH',
    path,
    operationId: 'updateTransferOrder',
    tag,
    summary: 'Update a draft transfer order',
    description: 'Draft only (else 422). lines, when given, replace all lines; notes and the locations may change.',
    graphql: /* GraphQL */ `
      mutation UpdateTransferOrder($id: Int!, $input: TransferOrderUpdateInput!) { updateTransferOrder(id: $id, input: $input) { ...TransferOrderFields } }
      ${TRANSFER_FIELDS}`,
    pathParams: { transferOrderId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path,
    operationId: 'deleteTransferOrder',
    tag,
    summary: 'Delete a draft transfer order',
    description: 'Draft only (else 422). Answers with the deleted order.',
    graphql: /* GraphQL */ `
      mutation DeleteTransferOrder($id: Int!) { deleteTransferOrder(id: $id) { ...TransferOrderFields } }
      ${TRANSFER_FIELDS}`,
    pathParams: { transferOrderId: 'id' },
    envelope: 'data',
  },
  transition(
    'ship',
    'shipTransferOrder',
    'Ship a draft transfer order',
    'The stock leaves the source (TRANSFER_SHIPMENT movements) and is in transit; it counts as incoming at the destination. Not enough stock at the source → 422.',
  ),
  transition(
    'receive',
    'receiveTransferOrder',
    'Receive a shipped transfer order, fully or partly',
    'Body: {lines?: [{line_id, quantity}]}; without lines everything outstanding is received. Stock arrives at the destination (TRANSFER_RECEIPT movements) in the lots that were shipped, carrying the FIFO unit cost of shipping. Receiving more than is outstanding → 422. Status becomes partially_received until every line is fully received.',
    true,
  ),
  transition(
    'cancel',
    'cancelTransferOrder',
    'Cancel a transfer order',
    'A draft is cancelled; a shipped order with nothing received is cancelled and its stock returns to the source (TRANSFER_CANCELLATION movements). Partially received or received → 422.',
  ),
];
