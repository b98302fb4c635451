// Work orders (issue 14): the document, its moves, steps, production entries and status history.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const STEP_FIELDS = everyField('WorkOrderStep', { outputSku: 'id sku description' });
const WORK_ORDER_FIELDS = `
  id workOrderNumber status isOnHold producedSkuId producedSku { id sku description } plannedQty producedQty unproducedQty completionTrigger expectedCompletionDate
  productionWarehouseId destinationWarehouseId vendorId bomId productionBatchId productionWarehouse { id name } destinationWarehouse { id name } vendor { id name }
  serviceUnitPrice costRuleResolution notes holdReason cancelReason heldAt createdBy updatedBy heldBy steps { ${STEP_FIELDS} } customFields alternateIds
  links { self steps completions productionEntries statusHistory } completedAt createdAt updatedAt`;
const COMPLETION_FIELDS = `id workOrderId quantity lotNumber productionDate expiryDate unitCost componentsCost extraCost serviceCost components { ${everyField('WorkOrderConsumedComponent')} } createdBy createdAt`;
const tag = 'Work Orders';
const path = '/work-orders/{workOrderId}';
const ON_HOLD = ' While the order is on hold → 422.';

const move = (suffix: string, operationId: string, summary: string, description: string, mutation: string, input?: string): RestRoute => ({
  method: 'POST',
  path: `${path}/${suffix}`,
  operationId,
  tag,
  summary,
  description,
  graphql: input
    ? /* GraphQL */ `mutation ${operationId[0].toUpperCase()}${operationId.slice(1)}($id: Int!, $input: ${input}) { ${mutation}(id: $id, input: $input) { ${WORK_ORDER_FIELDS} } }`
    : /* GraphQL */ `mutation ${operationId[0].toUpperCase()}${operationId.slice(1)}($id: Int!) { ${mutation}(id: $id) { ${WORK_ORDER_FIELDS} } }`,
  pathParams: { workOrderId: 'id' },
  ...(input ? { bodyVariable: 'input' } : {}),
  envelope: 'data',
});

export const workOrderRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/work-orders',
    operationId: 'createWorkOrder',
    tag,
    summary: 'Create a work order',
    description:
      '{produced_sku_id, planned_qty, bom_id?, production_warehouse_id, destination_warehouse_id?, vendor_id?, expected_completion_date?, completion_trigger? ("manual" | "finish_step"), service_unit_price?, production_batch_id?, notes?, custom_fields?, alternate_ids?, steps?: [{sequence, output_sku_id?, supply_mode?, vendor_id?, is_outside_processing?, planned_qty?}]} → 201, a draft numbered WO-000001 onwards. ' +
      "bom_id defaults to the product's first BOM; the destination defaults to the production warehouse. With the cost_rules feature on, WORK_ORDER cost rules are resolved for the produced product, vendor and quantity (cost_rule_resolution; null when no rule applies) — again whenever the quantity or vendor changes.",
    graphql: /* GraphQL */ `mutation CreateWorkOrder($input: WorkOrderCreateInput!) { createWorkOrder(input: $input) { ${WORK_ORDER_FIELDS} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/work-orders',
    operationId: 'listWorkOrders',
    tag,
    summary: 'List work orders',
    description: 'Filters with the grammar of GET /products: status (draft, released, in_progress, completed, cancelled), produced_sku_id, production_batch_id, is_on_hold, vendor_id. `sort` takes id, work_order_number, expected_completion_date, status, created_at or updated_at.',
    graphql: /* GraphQL */ `
      query ListWorkOrders($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        workOrders(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${WORK_ORDER_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'workOrders' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path,
    operationId: 'getWorkOrder',
    tag,
    summary: 'Get a work order',
    graphql: /* GraphQL */ `query GetWorkOrder($id: Int!) { workOrder(id: $id) { ${WORK_ORDER_FIELDS} } }`,
    pathParams: { workOrderId: 'id' },
    envelope: 'data',
  },
  {
    method: 'PATCH',
    path,
    operationId: 'updateWorkOrder',
    tag,
    summary: 'Update a work order',
    description: 'While draft or released (otherwise 422 on status). Only the fields given change; steps replace.',
    graphql: /* GraphQL */ `mutation UpdateWorkOrder($id: Int!, $input: WorkOrderUpdateInput!) { updateWorkOrder(id: $id, input: $input) { ${WORK_ORDER_FIELDS} } }`,
    pathParams: { workOrderId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path,
    operationId: 'deleteWorkOrder',
    tag,
    summary: 'Delete a draft work order',
    description: 'Only a draft (otherwise 422: cancel it). Answers the deleted order.',
    graphql: /* GraphQL */ `mutation DeleteWorkOrder($id: Int!) { deleteWorkOrder(id: $id) { ${WORK_ORDER_FIELDS} } }`,
    pathParams: { workOrderId: 'id' },
    envelope: 'data',
  },
  move('release', 'releaseWorkOrder', 'Release (draft → released)', 'No body. From another status → 422.', 'releaseWorkOrder'),
  move('cancel', 'cancelWorkOrder', 'Cancel', '{reason?}: from draft, released or in_progress → cancelled with cancel_reason; what was produced stays. From another status → 422.', 'cancelWorkOrder', 'WorkOrderReasonInput'),
  move('hold', 'holdWorkOrder', 'Put on hold', '{reason} (required): sets is_on_hold, hold_reason, held_at and held_by on an open order. While on hold, completions and step changes → 422. Already on hold → 422.', 'holdWorkOrder', 'WorkOrderReasonInput'),
  move('resume', 'resumeWorkOrder', 'Resume from hold', 'No body: clears the hold. Not on hold → 422.', 'resumeWorkOrder'),
  move(
    'complete',
    'completeWorkOrder',
    'Complete',
    '{force?: boolean} (default false) → the order in status completed. Without force it checks that the order is not on hold, that no step is outstanding (each completed or skipped) and that produced_qty reaches planned_qty; each failed check is listed in the 422 {message, errors} (keys is_on_hold, steps, produced_qty). ' +
      'With force the checks are bypassed and the order completes as it stands: the unproduced remainder is recorded in unproduced_qty and no stock is produced by completing. A draft, cancelled or already completed order → 422 on status, even with force.',
    'completeWorkOrder',
    'WorkOrderCompleteInput',
  ),
  {
    method: 'GET',
    path: `${path}/status-history`,
    operationId: 'getWorkOrderStatusHistory',
    tag,
    summary: 'Status history',
    description: 'Every change of status or hold, oldest first: {id, event (created, released, started, held, resumed, completed, cancelled), from_status, to_status, reason, actor_id (API token), created_at}.',
    graphql: /* GraphQL */ `query WorkOrderStatusHistory($workOrderId: Int!) { workOrderStatusHistory(workOrderId: $workOrderId) { id event fromStatus toStatus reason actorId createdAt } }`,
    pathParams: { workOrderId: 'workOrderId' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: `${path}/steps`,
    operationId: 'listWorkOrderSteps',
    tag,
    summary: 'Steps',
    graphql: /* GraphQL */ `query WorkOrderSteps($workOrderId: Int!) { workOrderSteps(workOrderId: $workOrderId) { ${STEP_FIELDS} } }`,
    pathParams: { workOrderId: 'workOrderId' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${path}/steps/{stepId}/complete`,
    operationId: 'completeWorkOrderStep',
    tag,
    summary: 'Complete a step (in part or whole)',
    description:
      '{quantity}: adds to the step\'s completed_qty; the step is completed once it reaches its planned_qty (default the order\'s). The order must be released or in progress (a released one moves to in_progress).' + ON_HOLD +
      ' With completion_trigger finish_step, completing the last open step produces what is still unproduced (from the BOM) and completes the order. Answers the step.',
    graphql: /* GraphQL */ `mutation CompleteWorkOrderStep($workOrderId: Int!, $stepId: Int!, $input: WorkOrderStepCompleteInput!) { completeWorkOrderStep(workOrderId: $workOrderId, stepId: $stepId, input: $input) { ${STEP_FIELDS} } }`,
    pathParams: { workOrderId: 'workOrderId', stepId: 'stepId' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${path}/steps/{stepId}/skip`,
    operationId: 'skipWorkOrderStep',
    tag,
    summary: 'Skip a step',
    description: 'No body: the step becomes skipped (skipped_by, skipped_at).' + ON_HOLD + ' A completed or skipped step → 422.',
    graphql: /* GraphQL */ `mutation SkipWorkOrderStep($workOrderId: Int!, $stepId: Int!) { skipWorkOrderStep(workOrderId: $workOrderId, stepId: $stepId) { ${STEP_FIELDS} } }`,
    pathParams: { workOrderId: 'workOrderId', stepId: 'stepId' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: `${path}/completions`,
    operationId: 'createWorkOrderCompletion',
    tag,
    summary: 'Record a production entry',
    description:
      '{quantity, lot_number? (required for a lot-tracked product), production_date?, expiry_date?, components?: [{product_id, quantity, lot_number?}]} → 201. In one transaction through the ledger: the components leave the production warehouse (WORK_ORDER_CONSUMPTION at FIFO cost, from the locations holding most of each first, lots by the deduction strategy unless named) — the BOM\'s base quantities × quantity, or the components listed (what was actually consumed, replacing the BOM\'s) — and the output enters the destination warehouse (WORK_ORDER_OUTPUT). ' +
      'Output unit cost = (the consumed components\' cost + the BOM\'s extra costs per unit × quantity + the service unit cost × quantity) / quantity; the service unit cost is the cost rule\'s resolved unit cost when one applies, else service_unit_price. ' +
      'A shortage → 422 naming the component and the warehouse (`bom.items.0.quantity` or `components.0.quantity`). The order must be released or in progress; the first entry moves a released one to in_progress.' + ON_HOLD,
    graphql: /* GraphQL */ `mutation CreateWorkOrderCompletion($workOrderId: Int!, $input: WorkOrderCompletionInput!) { createWorkOrderCompletion(workOrderId: $workOrderId, input: $input) { ${COMPLETION_FIELDS} } }`,
    pathParams: { workOrderId: 'workOrderId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: `${path}/completions`,
    operationId: 'listWorkOrderCompletions',
    tag,
    summary: 'Production entries',
    graphql: /* GraphQL */ `query WorkOrderCompletions($workOrderId: Int!) { workOrderCompletions(workOrderId: $workOrderId) { ${COMPLETION_FIELDS} } }`,
    pathParams: { workOrderId: 'workOrderId' },
    envelope: 'data',
  },
];
