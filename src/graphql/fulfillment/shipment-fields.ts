// Queries and mutations of fulfillment orders, shipments and billable lines: argument plumbing only.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { filterArg, filterParams, withFilterParams } from '../shared/filters.js';
import {
  fulfillmentOrders as fulfillment,
  shipments,
  shipShipment,
  shipmentBillableLines,
} from '../../domain/fulfillment/index.js';
import { BillableLineRef, FulfillmentOrderPageRef, ShipmentCreateInput, ShipmentPageRef } from './shipment-types.js';
import { compiledArray, compiledList, compiledRecord, compiledMutation } from '../shared/compiled-records.js';

compiledList('fulfillmentOrders', 'FulfillmentOrder', (ctx, args, query) => fulfillment.listFulfillmentOrders(ctx.db, withFilterParams(args), query));
compiledRecord('fulfillmentOrder', 'FulfillmentOrder', (ctx, args, query) => fulfillment.getFulfillmentOrder(ctx.db, args.id, query));
compiledList('shipments', 'Shipment', (ctx, args, query) => shipments.listShipments(ctx.db, withFilterParams(args), query));
compiledRecord('shipment', 'Shipment', (ctx, args, query) => shipments.getShipment(ctx.db, args.id, query));
// A sales order's shipments (by id), a plain list written by one statement the same way.
compiledArray('salesOrderShipments', 'Shipment', (ctx, args, query) => shipments.listOrderShipments(ctx.db, args.salesOrderId, query));

builder.queryFields((t) => ({
  fulfillmentOrders: t.field({
    type: FulfillmentOrderPageRef,
    args: { ...pageArgs(t.arg), filters: filterArg(t.arg, 'Conditions combined with AND: status, warehouse_id, sales_order_id.') },
    resolve: (_root, args, ctx, info) =>
      fulfillment.listFulfillmentOrders(ctx.db, { ...args, filters: filterParams(args.filters) }, queryFromInfo({ context: ctx, info, typeName: 'FulfillmentOrder', path: ['items'] })),
  }),
  fulfillmentOrder: t.prismaField({
    type: 'FulfillmentOrder',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => fulfillment.getFulfillmentOrder(ctx.db, args.id, query),
  }),
  shipments: t.field({
    type: ShipmentPageRef,
    args: {
      ...pageArgs(t.arg),
      filters: filterArg(t.arg, 'Conditions combined with AND: status, sales_order_id, fulfillment_order_id, warehouse_id, shipped_at, created_at.'),
    },
    resolve: (_root, args, ctx, info) =>
      shipments.listShipments(ctx.db, withFilterParams(args), queryFromInfo({ context: ctx, info, typeName: 'Shipment', path: ['items'] })),
  }),
  salesOrderShipments: t.prismaField({
    type: ['Shipment'],
    args: { salesOrderId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => shipments.listOrderShipments(ctx.db, args.salesOrderId, query),
  }),
  shipment: t.prismaField({
    type: 'Shipment',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => shipments.getShipment(ctx.db, args.id, query),
  }),
  shipmentBillableLines: t.field({
    type: [BillableLineRef],
    args: { shipmentId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => shipmentBillableLines(ctx.db, args.shipmentId),
  }),
}));

builder.mutationFields((t) => ({
  cancelFulfillmentOrder: t.prismaField({
    type: 'FulfillmentOrder',
    description: 'Cancels a fulfillment order that has not shipped and releases what it still holds reserved.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('cancelFulfillmentOrder', 'FulfillmentOrder', (ctx, args, query) => fulfillment.cancelFulfillmentOrder(ctx.db, args.id, query)),
  }),
  createShipment: t.prismaField({
    type: 'Shipment',
    args: { salesOrderId: t.arg.int({ required: true }), input: t.arg({ type: ShipmentCreateInput, required: true }) },
    resolve: compiledMutation('createShipment', 'Shipment', (ctx, args, query) => shipments.createShipment(ctx.db, args.salesOrderId, args.input, query)),
  }),
  shipShipment: t.prismaField({
    type: 'Shipment',
    description: 'draft → shipped: SALES_SHIPMENT movements at FIFO cost; reservations consumed; the order follows.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('shipShipment', 'Shipment', (ctx, args, query) => shipShipment(ctx.db, args.id, { tokenId: ctx.caller.tokenId, outbound: ctx.outbound }, query)),
  }),
  voidShipment: t.prismaField({
    type: 'Shipment',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('voidShipment', 'Shipment', (ctx, args, query) => shipments.voidShipment(ctx.db, args.id, query)),
  }),
}));
