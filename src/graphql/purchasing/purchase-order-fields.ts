// Queries and mutations of purchase orders: argument plumbing only; the rules live in src/domain/purchasing.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { filterArg, filterParams } from '../shared/filters.js';
import * as orders from '../../domain/purchasing/purchase-orders.js';
import * as transitions from '../../domain/purchasing/purchase-order-transitions.js';
import { PurchaseOrderCreateInput, PurchaseOrderPageRef, PurchaseOrderUpdateInput } from './purchase-order-types.js';

builder.queryFields((t) => ({
  purchaseOrders: t.field({
    type: PurchaseOrderPageRef,
    args: {
      ...pageArgs(t.arg),
      filters: filterArg(t.arg, 'Conditions combined with AND: status, supplier_id, warehouse_id, po_number, created_at, e.g. name `status`, value `submitted`.'),
    },
    resolve: (_root, args, ctx, info) =>
      orders.listPurchaseOrders(
        ctx.db,
        { ...args, filters: filterParams(args.filters) },
        queryFromInfo({ context: ctx, info, typeName: 'PurchaseOrder', path: ['items'] }),
      ),
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
    resolve: (query, _root, args, ctx) => orders.createPurchaseOrder(ctx.db, args.input, query),
  }),
  updatePurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: PurchaseOrderUpdateInput, required: true }) },
    resolve: (query, _root, args, ctx) => orders.updatePurchaseOrder(ctx.db, args.id, args.input, query),
  }),
  deletePurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => orders.deletePurchaseOrder(ctx.db, args.id, query),
  }),
  submitPurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => transitions.submitPurchaseOrder(ctx.db, args.id, query),
  }),
  cancelPurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => transitions.cancelPurchaseOrder(ctx.db, args.id, query),
  }),
  closePurchaseOrder: t.prismaField({
    type: 'PurchaseOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => transitions.closePurchaseOrder(ctx.db, args.id, query),
  }),
}));
