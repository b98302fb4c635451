// Queries and mutations of purchase orders: argument plumbing only; the rules live in src/domain/purchasing.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { filterArg, withFilterParams } from '../shared/filters.js';
import {
  purchaseOrders as orders,
  purchaseOrderTransitions as transitions,
  pushInboundShipment,
  type InboundSyncResult,
} from '../../domain/purchasing/index.js';
import { PurchaseOrderCreateInput, PurchaseOrderPageRef, PurchaseOrderUpdateInput } from './purchase-order-types.js';
import { compiledList, compiledRecord, compiledMutation } from '../shared/compiled-records.js';

compiledList('purchaseOrders', 'PurchaseOrder', (ctx, args, query) => orders.listPurchaseOrders(ctx.db, withFilterParams(args), query));
compiledRecord('purchaseOrder', 'PurchaseOrder', (ctx, args, query) => orders.getPurchaseOrder(ctx.db, args.id, query));

builder.queryFields((t) => ({
  purchaseOrders: t.field({
    type: PurchaseOrderPageRef,
    args: {
      ...pageArgs(t.arg),
      filters: filterArg(t.arg, 'Conditions combined with AND: status, supplier_id, warehouse_id, po_number, created_at, e.g. name `status`, value `submitted`.'),
    },
    resolve: (_root, args, ctx, info) =>
      orders.listPurchaseOrders(ctx.db, withFilterParams(args), queryFromInfo({ context: ctx, info, typeName: 'PurchaseOrder', path: ['items'] })),
  }),
  purchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => orders.getPurchaseOrder(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createPurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { input: t.arg({ type: PurchaseOrderCreateInput, required: true }) },
    resolve: compiledMutation('createPurchaseOrder', 'PurchaseOrder', (ctx, args, query) => orders.createPurchaseOrder(ctx.db, args.input, query)),
  }),
  updatePurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: PurchaseOrderUpdateInput, required: true }) },
    resolve: compiledMutation('updatePurchaseOrder', 'PurchaseOrder', (ctx, args, query) => orders.updatePurchaseOrder(ctx.db, args.id, args.input, query)),
  }),
  deletePurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deletePurchaseOrder', 'PurchaseOrder', (ctx, args, query) => orders.deletePurchaseOrder(ctx.db, args.id, query)),
  }),
  submitPurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('submitPurchaseOrder', 'PurchaseOrder', (ctx, args, query) => transitions.submitPurchaseOrder(ctx.db, args.id, query)),
  }),
  cancelPurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('cancelPurchaseOrder', 'PurchaseOrder', (ctx, args, query) => transitions.cancelPurchaseOrder(ctx.db, args.id, query)),
  }),
  closePurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('closePurchaseOrder', 'PurchaseOrder', (ctx, args, query) => transitions.closePurchaseOrder(ctx.db, args.id, query)),
  }),
}));

const InboundSyncResultRef = builder.objectRef<InboundSyncResult>('PurchaseOrderInboundSyncResult').implement({
  description: 'The state of the push of a purchase order to its warehouse system.',
  fields: (t) => ({
    purchaseOrderId: t.exposeInt('purchaseOrderId'),
    syncStatus: t.exposeString('syncStatus', { description: 'not_synced, synced or failed' }),
    lastSyncedAt: t.expose('lastSyncedAt', { type: 'DateTime', nullable: true }),
    externalShipmentId: t.exposeString('externalShipmentId', { nullable: true }),
    externalSystemUrl: t.exposeString('externalSystemUrl', { nullable: true }),
    inboundShipment: t.expose('inboundShipment', { type: 'JSON', nullable: true, description: '{sent, received}: the JSON sent and the answer.' }),
  }),
});

const PushInboundShipmentInput = builder.inputType('PushInboundShipmentInput', {
  fields: (t) => ({
    force: t.boolean({ required: false, description: 'Push again even when the order is synced (the warehouse system may then hold it twice). Default false.' }),
  }),
});

builder.mutationField('pushInboundShipment', (t) =>
  t.field({
    type: InboundSyncResultRef,
    description: 'Pushes the order to the warehouse system of its delivery warehouse as an inbound shipment.',
    args: { purchaseOrderId: t.arg.int({ required: true }), input: t.arg({ type: PushInboundShipmentInput, required: false }) },
    resolve: (_root, args, ctx) => pushInboundShipment(ctx.db, args.purchaseOrderId, args.input?.force ?? false, ctx.outbound),
  }),
);
