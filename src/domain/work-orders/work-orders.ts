// Work orders: making a product from its bill of materials in a production warehouse, into a destination
// warehouse. Created as drafts (WO-000001 from the company's sequence), edited while draft or released,
// deleted while draft. The service unit cost comes from the WORK_ORDER cost rules when the company has them
// on (resolved again whenever the quantity or vendor changes), else from service_unit_price. Every change of
// status or hold is recorded in the status history (recordStatusEvent).
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { checkCustomFields } from '../custom-fields/index.js';
import { nextDocumentNumber } from '../purchasing/index.js';
import { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDateOnly, checkDecimal, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { comparisonFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { type PassThroughQuery, readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';
import { workOrderResolution } from './work-order-costing.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { changedFields, recordEvent } from '../events/index.js';
import { workOrderEvent } from './work-order-events.js';
import { listPage } from '../shared/list-page.js';

export const WORK_ORDER_STATUSES = ['draft', 'released', 'in_progress', 'completed', 'cancelled'] as const;
export const COMPLETION_TRIGGERS = ['manual', 'finish_step'] as const;
export const STEP_SUPPLY_MODES = ['in_house', 'outside_processing', 'vendor_supplied'] as const;

export interface WorkOrderStepInput {
  sequence?: number | null;
  outputSkuId?: number | null;
  supplyMode?: string | null;
  vendorId?: number | null;
  isOutsideProcessing?: boolean | null;
  plannedQty?: Decimal | null;
}

export interface WorkOrderInput {
  producedSkuId?: number | null;
  plannedQty?: Decimal | null;
  bomId?: number | null;
  productionWarehouseId?: number | null;
  destinationWarehouseId?: number | null;
  vendorId?: number | null;
  expectedCompletionDate?: string | null;
  completionTrigger?: string | null;
  serviceUnitPrice?: Decimal | null;
  productionBatchId?: number | null;
  notes?: string | null;
  customFields?: unknown;
  alternateIds?: string[] | null;
  steps?: WorkOrderStepInput[] | null;
}

/** Who changes a work order: the API token of the request. */
export interface WorkOrderActor {
  tokenId: number | null;
}

export const WORK_ORDER_FILTERS: FilterSpec<Prisma.WorkOrderWhereInput> = {
  status: { kind: 'enum', enumValues: WORK_ORDER_STATUSES, where: (op, value) => ({ status: comparisonFilter(op, value as string) }) },
  produced_sku_id: { kind: 'integer', where: (op, value) => ({ producedSkuId: comparisonFilter(op, value as number) }) },
  production_batch_id: { kind: 'integer', where: (op, value) => ({ productionBatchId: comparisonFilter(op, value as number) }) },
  vendor_id: { kind: 'integer', where: (op, value) => ({ vendorId: comparisonFilter(op, value as number) }) },
  is_on_hold: { kind: 'boolean', where: (_op, value) => ({ isOnHold: value as boolean }) },
};

const SORTABLE = { id: 'id', work_order_number: 'workOrderNumber', expected_completion_date: 'expectedCompletionDate', created_at: 'createdAt', updated_at: 'updatedAt', status: 'status' };

export async function listWorkOrders(db: TenantDb, args: ListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, WORK_ORDER_FILTERS, SORTABLE);
  return listPage(db, 'workOrder', query, { where, orderBy, window });
}

export async function getWorkOrder(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const found = await db.workOrder.findUnique({ ...query, where: byId(id) });
  if (!found) throw new NotFoundError('Work order', id);
  return found;
}

/** One line of the status history. */
export async function recordStatusEvent(tx: TenantTx, workOrderId: number, event: string, fromStatus: string | null, toStatus: string, actor: WorkOrderActor, reason: string | null = null): Promise<void> {
  await tx.workOrderStatusEvent.create({ data: { workOrderId, event, fromStatus, toStatus, reason, actorId: actor.tokenId } as Prisma.WorkOrderStatusEventUncheckedCreateInput });
}

export async function listStatusHistory(db: TenantDb, id: number, query: PassThroughQuery = {}) {
  await getWorkOrder(db, id);
  return db.workOrderStatusEvent.findMany({ ...query, where: { workOrderId: id }, orderBy: { id: 'asc' } });
}

export async function createWorkOrder(db: TenantDb, input: WorkOrderInput, actor: WorkOrderActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const data = await checkWorkOrderInput(tx, input, null);
    const workOrderNumber = await nextDocumentNumber(tx, 'work_order', 'WO');
    const created = await tx.workOrder.create({
      data: { ...data, workOrderNumber, createdBy: actor.tokenId, updatedBy: actor.tokenId } as Prisma.WorkOrderUncheckedCreateInput,
    });
    await replaceSteps(tx, created.id, input.steps ?? [], created.plannedQty);
    await refreshResolution(tx, created.id);
    await recordStatusEvent(tx, created.id, 'created', null, 'draft', actor);
    await recordEvent(tx, workOrderEvent('work_order.created', created, 'draft'));
    return readAnswer(tx, created.id, query, (q) => tx.workOrder.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

/** While draft or released; steps replace when given; the cost rule resolution follows quantity and vendor. */
export async function updateWorkOrder(db: TenantDb, id: number, input: WorkOrderInput, actor: WorkOrderActor, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const existing = await getWorkOrder(tx, id);
    // The conditional update holds the row: a release or completion meanwhile is seen as a changed state.
    const claimed = await tx.workOrder.updateMany({ where: { id, status: { in: ['draft', 'released'] } }, data: { updatedBy: actor.tokenId } });
    if (claimed.count === 0) throw new ValidationError({ status: [`Work order ${existing.workOrderNumber} is ${existing.status}: only draft or released work orders are edited.`] });
    const data = await checkWorkOrderInput(tx, input, existing);
    const updated = await tx.workOrder.update({ where: byId(id), data: data as Prisma.WorkOrderUncheckedUpdateInput });
    if (input.steps != null) await replaceSteps(tx, id, input.steps, (data.plannedQty as Decimal | undefined) ?? existing.plannedQty);
    const quantityOrVendor = (input.plannedQty != null && !input.plannedQty.eq(existing.plannedQty)) || (input.vendorId !== undefined && input.vendorId !== existing.vendorId) || input.serviceUnitPrice !== undefined || input.productionBatchId !== undefined;
    if (quantityOrVendor) await refreshResolution(tx, id);
    await recordEvent(tx, workOrderEvent('work_order.updated', updated, updated.status, { changed: changedFields(input) }));
    return readAnswer(tx, id, query, (q) => tx.workOrder.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteWorkOrder(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const stored = await getWorkOrder(tx, id);
    // The answer is the order as it was: read before the delete, in its transaction.
    const answer = await readAnswer(tx, id, query, (q) => (Object.keys(q).length > 0 ? getWorkOrder(tx, id, q) : Promise.resolve(stored)));
    const claimed = await tx.workOrder.deleteMany({ where: { id, status: 'draft' } });
    if (claimed.count === 0) throw new ValidationError({ status: [`Work order ${stored.workOrderNumber} is ${stored.status}: only a draft is deleted (cancel it instead).`] });
    await recordEvent(tx, workOrderEvent('work_order.deleted', stored, stored.status));
    return answer;
  });
}

async function refreshResolution(tx: TenantTx, id: number): Promise<void> {
  const order = await tx.workOrder.findUniqueOrThrow({ where: byId(id) });
  const resolution = await workOrderResolution(tx, order);
  await tx.workOrder.update({ where: byId(id), data: { costRuleResolution: resolution === null ? Prisma.DbNull : (resolution as Prisma.InputJsonValue) } });
}

async function replaceSteps(tx: TenantTx, workOrderId: number, steps: WorkOrderStepInput[], plannedQty: Decimal): Promise<void> {
  await tx.workOrderStep.deleteMany({ where: { workOrderId } });
  if (steps.length === 0) return;
  await tx.workOrderStep.createMany({
    data: steps.map((step) => ({
      workOrderId,
      sequence: step.sequence!,
      outputSkuId: step.outputSkuId ?? null,
      supplyMode: step.supplyMode ?? null,
      vendorId: step.vendorId ?? null,
      isOutsideProcessing: step.isOutsideProcessing ?? false,
      plannedQty: step.plannedQty ?? plannedQty,
    })) as Prisma.WorkOrderStepCreateManyInput[],
  });
}

type ExistingOrder = Awaited<ReturnType<typeof getWorkOrder>>;

/** Every problem at once (422 keyed by field); answers the columns to write. */
async function checkWorkOrderInput(tx: TenantTx, input: WorkOrderInput, existing: ExistingOrder | null): Promise<Record<string, unknown>> {
  const creating = existing === null;
  const errors = new FieldErrorCollector();
  const required = (field: keyof WorkOrderInput, label: string) => {
    if (input[field] === null || (creating && input[field] === undefined)) errors.add(field, `The ${label} field is required.`);
  };
  required('producedSkuId', 'produced sku id');
  required('plannedQty', 'planned qty');
  required('productionWarehouseId', 'production warehouse id');
  if (input.plannedQty != null) checkDecimal(errors, 'plannedQty', input.plannedQty, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
  if (input.serviceUnitPrice != null) checkDecimal(errors, 'serviceUnitPrice', input.serviceUnitPrice, { ...LEDGER_DECIMAL, min: 0 });
  if (input.completionTrigger !== undefined && !(COMPLETION_TRIGGERS as readonly (string | null)[]).includes(input.completionTrigger)) {
    errors.add('completionTrigger', `The completion trigger must be one of: ${COMPLETION_TRIGGERS.join(', ')}.`);
  }
  const expected = input.expectedCompletionDate != null ? checkDateOnly(errors, 'expectedCompletionDate', input.expectedCompletionDate) : null;
  checkMaxLength(errors, 'notes', input.notes, 65_535);
  (input.alternateIds ?? []).forEach((alt, index) => {
    if (alt.trim() === '' || alt.length > 255) errors.add(`alternateIds.${index}`, 'An alternate id is 1 to 255 characters.');
  });
  const customFields = input.customFields === undefined ? undefined : checkCustomFields(errors, input.customFields, creating ? {} : ((existing.customFields ?? {}) as Record<string, unknown>), 'A work order');

  const producedSkuId = input.producedSkuId ?? existing?.producedSkuId;
  const steps = input.steps ?? [];
  const vendorIds = [input.vendorId, ...steps.map((s) => s.vendorId)].filter((id): id is number => id != null);
  const productIds = [producedSkuId, ...steps.map((s) => s.outputSkuId)].filter((id): id is number => id != null);
  const locationIds = [input.productionWarehouseId, input.destinationWarehouseId].filter((id): id is number => id != null);
  const [products, locations, vendors, boms, batch] = await Promise.all([
    tx.product.findMany({ where: { id: { in: productIds } }, select: { id: true, type: true, status: true, boms: { select: { bomId: true }, orderBy: { bomId: 'asc' } } } }),
    tx.location.findMany({ where: { id: { in: locationIds } }, select: { id: true, parentId: true } }),
    tx.supplier.findMany({ where: { id: { in: vendorIds } }, select: { id: true } }),
    input.bomId != null ? tx.productBom.findMany({ where: { bomId: input.bomId }, select: { productId: true } }) : undefined,
    input.productionBatchId != null ? tx.productionBatch.findUnique({ where: byId(input.productionBatchId), select: { id: true } }) : undefined,
  ]);
  const product = products.find((p) => p.id === producedSkuId);
  if (input.producedSkuId != null) {
    if (!product) errors.add('producedSkuId', `Product ${input.producedSkuId} does not exist.`);
    else if (product.status !== 1 || product.type !== 'PRODUCT') errors.add('producedSkuId', `Product ${input.producedSkuId} is ${product.status !== 1 ? 'inactive' : 'a kit'}: work orders make stocked products.`);
  }
  const warehouse = (field: 'productionWarehouseId' | 'destinationWarehouseId') => {
    const id = input[field];
    if (id == null) return;
    const location = locations.find((l) => l.id === id);
    if (!location) errors.add(field, `Location ${id} does not exist.`);
    else if (location.parentId !== null) errors.add(field, `Location ${id} is not a warehouse (a top-level location).`);
  };
  warehouse('productionWarehouseId');
  warehouse('destinationWarehouseId');
  if (input.vendorId != null && !vendors.some((v) => v.id === input.vendorId)) errors.add('vendorId', `Supplier ${input.vendorId} does not exist.`);
  if (batch === null) errors.add('productionBatchId', `Production batch ${input.productionBatchId} does not exist.`);
  let bomId = input.bomId;
  if (bomId != null && boms && product && !boms.some((b) => b.productId === product.id)) errors.add('bomId', `BOM ${bomId} is not a BOM of the produced product.`);
  if (bomId === undefined && input.producedSkuId != null && (creating || input.producedSkuId !== existing!.producedSkuId)) bomId = product?.boms[0]?.bomId ?? null;
  const sequences = new Set<number>();
  steps.forEach((step, index) => {
    const at = (field: string) => `steps.${index}.${field}`;
    if (step.sequence == null) errors.add(at('sequence'), 'The sequence field is required.');
    else if (step.sequence < 1) errors.add(at('sequence'), 'The sequence must be 1 or more.');
    else if (sequences.has(step.sequence)) errors.add(at('sequence'), `Sequence ${step.sequence} is given twice.`);
    else sequences.add(step.sequence);
    if (step.outputSkuId != null && !products.some((p) => p.id === step.outputSkuId)) errors.add(at('outputSkuId'), `Product ${step.outputSkuId} does not exist.`);
    if (step.vendorId != null && !vendors.some((v) => v.id === step.vendorId)) errors.add(at('vendorId'), `Supplier ${step.vendorId} does not exist.`);
    if (step.supplyMode != null && !(STEP_SUPPLY_MODES as readonly string[]).includes(step.supplyMode)) errors.add(at('supplyMode'), `The supply mode must be one of: ${STEP_SUPPLY_MODES.join(', ')}.`);
    if (step.plannedQty != null) checkDecimal(errors, at('plannedQty'), step.plannedQty, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
  });
  errors.throwIfAny();

  const data: Record<string, unknown> = {};
  const copy = (field: keyof WorkOrderInput, value: unknown = input[field]) => {
    if (input[field] !== undefined) data[field] = value;
  };
  copy('producedSkuId');
  copy('plannedQty');
  if (bomId !== undefined) data.bomId = bomId;
  copy('productionWarehouseId');
  if (input.destinationWarehouseId !== undefined) data.destinationWarehouseId = input.destinationWarehouseId ?? input.productionWarehouseId ?? existing?.productionWarehouseId;
  else if (creating) data.destinationWarehouseId = input.productionWarehouseId;
  copy('vendorId');
  if (input.expectedCompletionDate !== undefined) data.expectedCompletionDate = expected;
  if (input.completionTrigger !== undefined) data.completionTrigger = input.completionTrigger;
  copy('serviceUnitPrice');
  copy('productionBatchId');
  copy('notes');
  if (customFields !== undefined) data.customFields = customFields;
  if (input.alternateIds !== undefined) data.alternateIds = (input.alternateIds ?? []).map((alt) => alt.trim());
  return data;
}
