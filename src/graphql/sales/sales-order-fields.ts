// Queries and mutations of sales orders: argument plumbing only; the rules live in src/domain/sales.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { filterArg, withFilterParams } from '../shared/filters.js';
import { salesOrders as orders, salesOrderTransitions as transitions } from '../../domain/sales/index.js';
import { SalesOrderCreateInput, SalesOrderPageRef, SalesOrderUpdateInput } from './sales-order-types.js';
import { compiledList, compiledRecord, compiledMutation } from '../shared/compiled-records.js';

compiledList('salesOrders', 'SalesOrder', (ctx, args, query) => orders.listSalesOrders(ctx.db, withFilterParams(args), query));
compiledRecord('salesOrder', 'SalesOrder', (ctx, args, query) => orders.getSalesOrder(ctx.db, args.id, query));

builder.queryFields((t) => ({
  salesOrders: t.field({
    type: SalesOrderPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: status, channel_id, company_id, order_number, created_at.') },
    resolve: (_root, args, ctx, info) =>
      orders.listSalesOrders(ctx.db, withFilterParams(args), queryFromInfo({ context: ctx, info, typeName: 'SalesOrder', path: ['items'] })),
  }),
  salesOrder: t.prismaField({
    type: 'SalesOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => orders.getSalesOrder(ctx.db, args.id, query),
  }),
}));

const transition = (name: string, description: string, run: typeof transitions.confirmSalesOrder) => (t: any) =>
  t.prismaField({
    type: 'SalesOrder',
    description,
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation(name, 'SalesOrder', (ctx, args, query) => run(ctx.db, args.id, query)),
  });

builder.mutationFields((t) => ({
  createSalesOrder: t.prismaField({
    type: 'SalesOrder',
    args: { input: t.arg({ type: SalesOrderCreateInput, required: true }) },
    resolve: compiledMutation('createSalesOrder', 'SalesOrder', (ctx, args, query) => orders.createSalesOrder(ctx.db, args.input, query)),
  }),
  updateSalesOrder: t.prismaField({
    type: 'SalesOrder',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: SalesOrderUpdateInput, required: true }) },
    resolve: compiledMutation('updateSalesOrder', 'SalesOrder', (ctx, args, query) => orders.updateSalesOrder(ctx.db, args.id, args.input, query)),
  }),
  deleteSalesOrder: t.prismaField({
    type: 'SalesOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteSalesOrder', 'SalesOrder', (ctx, args, query) => orders.deleteSalesOrder(ctx.db, args.id, query)),
  }),
  confirmSalesOrder: transition('confirmSalesOrder', 'draft → confirmed: the lines reserve stock in priority order; the rest is backordered.', transitions.confirmSalesOrder)(t),
  allocateSalesOrder: transition('allocateSalesOrder', 'Retries the reservation of what is backordered (confirmed or partially shipped orders).', transitions.allocateSalesOrder)(t),
  deallocateSalesOrder: transition('deallocateSalesOrder', 'Releases every reservation of the order; it stays open and backordered.', transitions.deallocateSalesOrder)(t),
  cancelSalesOrder: transition('cancelSalesOrder', 'draft or confirmed → cancelled: reservations are released and go to other backorders.', transitions.cancelSalesOrder)(t),
  closeSalesOrder: transition('closeSalesOrder', 'partially_shipped or shipped → closed: nothing more ships; reservations are released.', transitions.closeSalesOrder)(t),
}));
