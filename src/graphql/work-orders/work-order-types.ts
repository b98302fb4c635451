// GraphQL types of work orders, their steps, production entries and status history, and their inputs. Rules
// in src/domain/work-orders/.
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { WORK_ORDER_STATUSES } from '../../domain/work-orders/index.js';
import type { ConsumedComponent } from '../../domain/work-orders/index.js';
import { Decimal } from '../../domain/shared/decimal.js';
import { REST_BASE_PATH } from '../../rest/base-path.js';
import { embeddedDocuments, jsonSql } from '../shared/derived-json-types.js';
import { compactJsonColumn, dateOnlyColumn, decimalColumn, flatObjectColumn } from '../../domain/shared/selection-json-sql.js';


/** The paths of a work order's sub-resources under its own path: what `links` answers, in JS and in SQL alike. */
const LINK_SUFFIXES = { self: '', steps: '/steps', completions: '/completions', productionEntries: '/completions', statusHistory: '/status-history' } as const;
type WorkOrderLinks = Record<keyof typeof LINK_SUFFIXES, string>;
const linksOf = (id: number): WorkOrderLinks => {
  const self = `${REST_BASE_PATH}/work-orders/${id}`;
  return Object.fromEntries(Object.entries(LINK_SUFFIXES).map(([key, suffix]) => [key, `${self}${suffix}`])) as WorkOrderLinks;
};
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** The same paths as one row of `related` with a column per link, for the order row `row`. */
const linksSql = (row: string, related: string) => ({
  from: `(SELECT ${Object.entries(LINK_SUFFIXES)
    .map(([key, suffix]) => `${sqlText(`${REST_BASE_PATH}/work-orders/`)} || ${row}.id::text || ${sqlText(suffix)} AS "${key}"`)
    .join(', ')}) ${related}`,
  where: 'true',
});

export const WorkOrderRef = builder.prismaObject('WorkOrder', {
  description: 'Making a product from its BOM: draft → released → in_progress → completed, or cancelled; may be on hold.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    workOrderNumber: t.exposeString('workOrderNumber', { description: 'WO-000001 onwards.' }),
    status: t.exposeString('status', { description: WORK_ORDER_STATUSES.join(', ') }),
    isOnHold: t.exposeBoolean('isOnHold'),
    producedSkuId: t.exposeInt('producedSkuId'),
    producedSku: t.relation('producedSku'),
    plannedQty: t.expose('plannedQty', { type: 'Decimal' }),
    producedQty: t.expose('producedQty', { type: 'Decimal', description: 'What production entries made so far.' }),
    unproducedQty: t.expose('unproducedQty', { type: 'Decimal', nullable: true, description: 'Left unproduced when completed with force.' }),
    completionTrigger: t.exposeString('completionTrigger', { description: 'manual or finish_step' }),
    expectedCompletionDate: t.string({
      nullable: true,
      description: 'YYYY-MM-DD',
      resolve: (o) => formatDateOnly(o.expectedCompletionDate),
      extensions: jsonSql(dateOnlyColumn('expectedCompletionDate')),
    }),
    productionWarehouseId: t.exposeInt('productionWarehouseId'),
    destinationWarehouseId: t.exposeInt('destinationWarehouseId'),
    vendorId: t.exposeInt('vendorId', { nullable: true }),
    bomId: t.exposeInt('bomId', { nullable: true }),
    productionBatchId: t.exposeInt('productionBatchId', { nullable: true }),
    productionWarehouse: t.relation('productionWarehouse'),
    destinationWarehouse: t.relation('destinationWarehouse'),
    vendor: t.relation('vendor', { nullable: true }),
    serviceUnitPrice: t.expose('serviceUnitPrice', { type: 'Decimal', nullable: true }),
    costRuleResolution: t.expose('costRuleResolution', {
      type: 'JSON',
      nullable: true,
      description: 'The WORK_ORDER cost rule resolution of the service unit cost (as POST /cost-rules/resolve answers it); null when no rule applies.',
      extensions: jsonSql(compactJsonColumn('costRuleResolution')),
    }),
    notes: t.exposeString('notes', { nullable: true }),
    holdReason: t.exposeString('holdReason', { nullable: true }),
    cancelReason: t.exposeString('cancelReason', { nullable: true }),
    heldAt: t.expose('heldAt', { type: 'DateTime', nullable: true }),
    createdBy: t.exposeInt('createdBy', { nullable: true, description: 'The API token.' }),
    updatedBy: t.exposeInt('updatedBy', { nullable: true }),
    heldBy: t.exposeInt('heldBy', { nullable: true }),
    steps: t.relation('steps', { query: { orderBy: { sequence: 'asc' } } }),
    customFields: t.expose('customFields', { type: 'JSON', extensions: jsonSql(flatObjectColumn('customFields')) }),
    alternateIds: t.exposeStringList('alternateIds'),
    links: t.field({
      type: WorkOrderLinksRef,
      select: { id: true },
      resolve: (o) => linksOf(o.id),
      extensions: jsonSql({ type: 'WorkOrderLinks', one: linksSql }),
    }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const WorkOrderLinksRef = builder
  .objectRef<WorkOrderLinks>('WorkOrderLinks')
  .implement({
    description: 'Paths of the work order and its sub-resources under the API.',
    fields: (t) => ({
      self: t.exposeString('self'),
      steps: t.exposeString('steps'),
      completions: t.exposeString('completions'),
      productionEntries: t.exposeString('productionEntries', { description: 'The production entries: the same as completions.' }),
      statusHistory: t.exposeString('statusHistory'),
    }),
  });

export const WorkOrderPageRef = pageOf('WorkOrderPage', WorkOrderRef);

export const WorkOrderStepRef = builder.prismaObject('WorkOrderStep', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    workOrderId: t.exposeInt('workOrderId'),
    sequence: t.exposeInt('sequence'),
    outputSkuId: t.exposeInt('outputSkuId', { nullable: true }),
    outputSku: t.relation('outputSku', { nullable: true }),
    vendorId: t.exposeInt('vendorId', { nullable: true }),
    status: t.exposeString('status', { description: 'pending, in_progress, completed or skipped' }),
    supplyMode: t.exposeString('supplyMode', { nullable: true }),
    plannedQty: t.expose('plannedQty', { type: 'Decimal', nullable: true }),
    completedQty: t.expose('completedQty', { type: 'Decimal' }),
    isOutsideProcessing: t.exposeBoolean('isOutsideProcessing'),
    skippedBy: t.exposeInt('skippedBy', { nullable: true }),
    skippedAt: t.expose('skippedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ConsumedComponentRef = builder.objectRef<ConsumedComponent>('WorkOrderConsumedComponent').implement({
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    locationId: t.exposeInt('locationId'),
    lotId: t.exposeInt('lotId', { nullable: true }),
    quantity: t.field({ type: 'Decimal', description: "In the component's base unit.", resolve: (c) => new Decimal(c.quantity), extensions: jsonSql(decimalColumn('quantity')) }),
    unitCost: t.field({ type: 'Decimal', description: 'FIFO cost per unit, base currency.', resolve: (c) => new Decimal(c.unitCost), extensions: jsonSql(decimalColumn('unitCost')) }),
  }),
});

export const WorkOrderCompletionRef = builder.prismaObject('WorkOrderCompletion', {
  description: 'A production entry: the output made and the components it consumed.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    workOrderId: t.exposeInt('workOrderId'),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    lotNumber: t.exposeString('lotNumber', { nullable: true }),
    productionDate: t.string({ nullable: true, resolve: (c) => formatDateOnly(c.productionDate), extensions: jsonSql(dateOnlyColumn('productionDate')) }),
    expiryDate: t.string({ nullable: true, resolve: (c) => formatDateOnly(c.expiryDate), extensions: jsonSql(dateOnlyColumn('expiryDate')) }),
    unitCost: t.expose('unitCost', { type: 'Decimal', description: 'Of the output, base currency: (components + BOM extra costs + service) / quantity.' }),
    componentsCost: t.expose('componentsCost', { type: 'Decimal' }),
    extraCost: t.expose('extraCost', { type: 'Decimal' }),
    serviceCost: t.expose('serviceCost', { type: 'Decimal' }),
    components: t.field({
      type: [ConsumedComponentRef],
      description: 'What was consumed, per location and lot.',
      resolve: (c) => c.components as unknown as ConsumedComponent[],
      extensions: jsonSql(embeddedDocuments('components', { quantity: 'numeric', unitCost: 'numeric' })),
    }),
    createdBy: t.exposeInt('createdBy', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const WorkOrderStatusEventRef = builder.prismaObject('WorkOrderStatusEvent', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    event: t.exposeString('event', { description: 'created, released, started, held, resumed, completed or cancelled' }),
    fromStatus: t.exposeString('fromStatus', { nullable: true }),
    toStatus: t.exposeString('toStatus'),
    reason: t.exposeString('reason', { nullable: true }),
    actorId: t.exposeInt('actorId', { nullable: true, description: 'The API token.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const StepInput = builder.inputType('WorkOrderStepInput', {
  fields: (t) => ({
    sequence: t.int({ required: true, description: '1 or more, unique in the order.' }),
    outputSkuId: t.int({ required: false }),
    supplyMode: t.string({ required: false, description: 'in_house, outside_processing or vendor_supplied' }),
    vendorId: t.int({ required: false }),
    isOutsideProcessing: t.boolean({ required: false }),
    plannedQty: t.field({ type: 'Decimal', required: false, description: "Default: the order's planned_qty." }),
  }),
});

const workOrderFields = (t: InputFieldBuilder, creating: boolean) => ({
  producedSkuId: t.int({ required: creating }),
  plannedQty: t.field({ type: 'Decimal', required: creating, description: "In the product's base unit; more than 0." }),
  bomId: t.int({ required: false, description: "A BOM of the product; default its first BOM." }),
  productionWarehouseId: t.int({ required: creating, description: 'A warehouse: the components leave it.' }),
  destinationWarehouseId: t.int({ required: false, description: 'A warehouse: the output enters it; default the production warehouse.' }),
  vendorId: t.int({ required: false, description: 'The supplier doing the work (cost rules are resolved for it).' }),
  expectedCompletionDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
  completionTrigger: t.string({ required: false, description: 'manual (default) or finish_step' }),
  serviceUnitPrice: t.field({ type: 'Decimal', required: false, description: 'Service cost per unit when no cost rule applies.' }),
  productionBatchId: t.int({ required: false }),
  notes: t.string({ required: false }),
  customFields: t.field({ type: 'JSON', required: false, description: 'An object of snake_case keys holding text, numbers or booleans.' }),
  alternateIds: t.stringList({ required: false }),
  steps: t.field({ type: [StepInput], required: false, description: creating ? 'Routing steps.' : 'Replaces the steps.' }),
});

export const WorkOrderCreateInput = builder.inputType('WorkOrderCreateInput', { fields: (t) => workOrderFields(t, true) });
export const WorkOrderUpdateInput = builder.inputType('WorkOrderUpdateInput', { description: 'Only the fields given change.', fields: (t) => workOrderFields(t, false) });

