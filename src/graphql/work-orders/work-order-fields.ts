// Work order queries and mutations. Rules in src/domain/work-orders/.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { filterArg, withFilterParams } from '../shared/filters.js';
import {
  workOrders,
  workOrderTransitions as transitions,
  workOrderSteps as steps,
  workOrderCompletions as completions,
} from '../../domain/work-orders/index.js';
import { WorkOrderCreateInput, WorkOrderPageRef, WorkOrderUpdateInput } from './work-order-types.js';
import { compiledArray, compiledList, compiledRecord, compiledMutation } from '../shared/compiled-records.js';

const ReasonInput = builder.inputType('WorkOrderReasonInput', { fields: (t) => ({ reason: t.string({ required: false }) }) });
const CompleteInput = builder.inputType('WorkOrderCompleteInput', {
  fields: (t) => ({ force: t.boolean({ required: false, description: 'Default false: true completes the order as it stands, bypassing the checks.' }) }),
});
const StepCompleteInput = builder.inputType('WorkOrderStepCompleteInput', { fields: (t) => ({ quantity: t.field({ type: 'Decimal', required: true }) }) });
const ComponentInput = builder.inputType('WorkOrderComponentInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    quantity: t.field({ type: 'Decimal', required: true, description: "In the component's base unit." }),
    lotNumber: t.string({ required: false }),
  }),
});
const CompletionInput = builder.inputType('WorkOrderCompletionInput', {
  fields: (t) => ({
    quantity: t.field({ type: 'Decimal', required: true }),
    lotNumber: t.string({ required: false, description: 'Required when the product is lot-tracked.' }),
    productionDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
    expiryDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
    components: t.field({ type: [ComponentInput], required: false, description: "What was actually consumed, instead of the BOM's quantities." }),
  }),
});

compiledList('workOrders', 'WorkOrder', (ctx, args, query) => workOrders.listWorkOrders(ctx.db, withFilterParams(args), query));
compiledRecord('workOrder', 'WorkOrder', (ctx, args, query) => workOrders.getWorkOrder(ctx.db, args.id, query));

// A work order's production entries, written by one statement; the resolver below answers other selections.
compiledArray('workOrderCompletions', 'WorkOrderCompletion', (ctx, args, query) => completions.listCompletions(ctx.db, args.workOrderId, query));
// Its steps (by sequence) and its status history (by id), written by one statement each the same way.
compiledArray('workOrderSteps', 'WorkOrderStep', (ctx, args, query) => steps.listSteps(ctx.db, args.workOrderId, query));
compiledArray('workOrderStatusHistory', 'WorkOrderStatusEvent', (ctx, args, query) => workOrders.listStatusHistory(ctx.db, args.workOrderId, query));

const actor = (ctx: { caller: { tokenId: number | null } }) => ({ tokenId: ctx.caller.tokenId });

builder.queryFields((t) => ({
  workOrders: t.field({
    type: WorkOrderPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: status, produced_sku_id, production_batch_id, is_on_hold, vendor_id.') },
    resolve: (_root, args, ctx, info) => workOrders.listWorkOrders(ctx.db, withFilterParams(args), queryFromInfo({ context: ctx, info, typeName: 'WorkOrder', path: ['items'] })),
  }),
  workOrder: t.prismaField({ type: 'WorkOrder', args: { id: t.arg.int({ required: true }) }, resolve: (query, _r, args, ctx) => workOrders.getWorkOrder(ctx.db, args.id, query) }),
  workOrderSteps: t.prismaField({ type: ['WorkOrderStep'], args: { workOrderId: t.arg.int({ required: true }) }, resolve: (query, _r, args, ctx) => steps.listSteps(ctx.db, args.workOrderId, query) }),
  workOrderCompletions: t.prismaField({ type: ['WorkOrderCompletion'], args: { workOrderId: t.arg.int({ required: true }) }, resolve: (query, _r, args, ctx) => completions.listCompletions(ctx.db, args.workOrderId, query) }),
  workOrderStatusHistory: t.prismaField({ type: ['WorkOrderStatusEvent'], args: { workOrderId: t.arg.int({ required: true }) }, resolve: (query, _r, args, ctx) => workOrders.listStatusHistory(ctx.db, args.workOrderId, query) }),
}));

builder.mutationFields((t) => ({
  createWorkOrder: t.prismaField({
    type: 'WorkOrder',
    args: { input: t.arg({ type: WorkOrderCreateInput, required: true }) },
    resolve: compiledMutation('createWorkOrder', 'WorkOrder', (ctx, args, query) => workOrders.createWorkOrder(ctx.db, args.input, actor(ctx), query)),
  }),
  updateWorkOrder: t.prismaField({
    type: 'WorkOrder',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: WorkOrderUpdateInput, required: true }) },
    resolve: compiledMutation('updateWorkOrder', 'WorkOrder', (ctx, args, query) => workOrders.updateWorkOrder(ctx.db, args.id, args.input, actor(ctx), query)),
  }),
  deleteWorkOrder: t.prismaField({ type: 'WorkOrder', args: { id: t.arg.int({ required: true }) }, resolve: compiledMutation('deleteWorkOrder', 'WorkOrder', (ctx, args, query) => workOrders.deleteWorkOrder(ctx.db, args.id, query)) }),
  releaseWorkOrder: t.prismaField({ type: 'WorkOrder', args: { id: t.arg.int({ required: true }) }, resolve: compiledMutation('releaseWorkOrder', 'WorkOrder', (ctx, args, query) => transitions.releaseWorkOrder(ctx.db, args.id, actor(ctx), query)) }),
  cancelWorkOrder: t.prismaField({
    type: 'WorkOrder',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: ReasonInput, required: false }) },
    resolve: compiledMutation('cancelWorkOrder', 'WorkOrder', (ctx, args, query) => transitions.cancelWorkOrder(ctx.db, args.id, args.input?.reason, actor(ctx), query)),
  }),
  holdWorkOrder: t.prismaField({
    type: 'WorkOrder',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: ReasonInput, required: false }) },
    resolve: compiledMutation('holdWorkOrder', 'WorkOrder', (ctx, args, query) => transitions.holdWorkOrder(ctx.db, args.id, args.input?.reason, actor(ctx), query)),
  }),
  resumeWorkOrder: t.prismaField({ type: 'WorkOrder', args: { id: t.arg.int({ required: true }) }, resolve: compiledMutation('resumeWorkOrder', 'WorkOrder', (ctx, args, query) => transitions.resumeWorkOrder(ctx.db, args.id, actor(ctx), query)) }),
  completeWorkOrder: t.prismaField({
    type: 'WorkOrder',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: CompleteInput, required: false }) },
    resolve: compiledMutation('completeWorkOrder', 'WorkOrder', (ctx, args, query) => transitions.completeWorkOrder(ctx.db, args.id, args.input?.force ?? false, actor(ctx), query)),
  }),
  completeWorkOrderStep: t.prismaField({
    type: 'WorkOrderStep',
    args: { workOrderId: t.arg.int({ required: true }), stepId: t.arg.int({ required: true }), input: t.arg({ type: StepCompleteInput, required: true }) },
    resolve: compiledMutation('completeWorkOrderStep', 'WorkOrderStep', (ctx, args, query) => steps.completeStep(ctx.db, args.workOrderId, args.stepId, args.input.quantity, actor(ctx), query)),
  }),
  skipWorkOrderStep: t.prismaField({
    type: 'WorkOrderStep',
    args: { workOrderId: t.arg.int({ required: true }), stepId: t.arg.int({ required: true }) },
    resolve: compiledMutation('skipWorkOrderStep', 'WorkOrderStep', (ctx, args, query) => steps.skipStep(ctx.db, args.workOrderId, args.stepId, actor(ctx), query)),
  }),
  createWorkOrderCompletion: t.prismaField({
    type: 'WorkOrderCompletion',
    args: { workOrderId: t.arg.int({ required: true }), input: t.arg({ type: CompletionInput, required: true }) },
    resolve: compiledMutation('createWorkOrderCompletion', 'WorkOrderCompletion', (ctx, args, query) => completions.createCompletion(ctx.db, args.workOrderId, args.input, actor(ctx), query)),
  }),
}));
