// Queries and mutations of the inventory core: argument plumbing only; the rules live in src/domain/inventory.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../builder.js';
import { pageArgs } from '../shared/page.js';
import { warehouseGroups as groups, adjustments, listStock, listMovements } from '../../domain/inventory/index.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import {
  InventoryAdjustmentInput,
  InventoryAdjustmentPageRef,
  StockMovementPageRef,
  StockRowPageRef,
  WarehouseGroupCreateInput,
  WarehouseGroupPageRef,
  WarehouseGroupUpdateInput,
} from './inventory-types.js';

// A page of movements written by one statement (compiled-records.ts); the resolver below answers other selections.
compiledList('stockMovements', 'StockMovement', (ctx, args, query) => listMovements(ctx.db, args, query));

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('inventoryAdjustments', 'InventoryAdjustment', (ctx, args, query) => adjustments.listAdjustments(ctx.db, args, query));
compiledRecord('inventoryAdjustment', 'InventoryAdjustment', (ctx, args, query) => adjustments.getAdjustment(ctx.db, args.id, query));
compiledList('warehouseGroups', 'WarehouseGroup', (ctx, args, query) => groups.listWarehouseGroups(ctx.db, args, query));
compiledRecord('warehouseGroup', 'WarehouseGroup', (ctx, args, query) => groups.getWarehouseGroup(ctx.db, args.id, query));

builder.queryFields((t) => ({
  warehouseGroups: t.field({
    type: WarehouseGroupPageRef,
    args: { ...pageArgs(t.arg) },
    resolve: (_root, args, ctx, info) =>
      groups.listWarehouseGroups(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'WarehouseGroup', path: ['items'] })),
  }),
  warehouseGroup: t.prismaField({
    type: 'WarehouseGroup',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => groups.getWarehouseGroup(ctx.db, args.id, query),
  }),
  inventoryAdjustments: t.field({
    type: InventoryAdjustmentPageRef,
    args: { ...pageArgs(t.arg) },
    resolve: (_root, args, ctx, info) =>
      adjustments.listAdjustments(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'InventoryAdjustment', path: ['items'] })),
  }),
  inventoryAdjustment: t.prismaField({
    type: 'InventoryAdjustment',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => adjustments.getAdjustment(ctx.db, args.id, query),
  }),
  stock: t.field({
    type: StockRowPageRef,
    description: 'Stock on hand and incoming per product, location and lot (rows with either); with asOf, as of that moment, computed from the ledger.',
    args: {
      page: t.arg.int({ required: false }),
      perPage: t.arg.int({ required: false }),
      productId: t.arg.int({ required: false }),
      sku: t.arg.string({ required: false, description: 'The SKU or an alternate SKU of the product (an unknown one: no rows).' }),
      locationId: t.arg.int({ required: false }),
      lotId: t.arg.int({ required: false }),
      asOf: t.arg({ type: 'DateTime', required: false }),
    },
    resolve: (_root, args, ctx) => listStock(ctx.db, args),
  }),
  stockMovements: t.field({
    type: StockMovementPageRef,
    description: "The ledger's movements, newest first: a product's movement history (by productId or SKU), or a location's, a lot's, a kind of document's.",
    args: {
      ...pageArgs(t.arg),
      productId: t.arg.int({ required: false }),
      sku: t.arg.string({ required: false, description: 'The SKU or an alternate SKU of the product.' }),
      locationId: t.arg.int({ required: false }),
      lotId: t.arg.int({ required: false }),
      sourceType: t.arg.string({ required: false, description: 'The kind of document that moved the stock, e.g. PURCHASE_RECEIPT, SALES_SHIPMENT, ADJUSTMENT, TRANSFER_SHIPMENT, WORK_ORDER_CONSUMPTION.' }),
      occurredFrom: t.arg({ type: 'DateTime', required: false, description: 'At or after this moment.' }),
      occurredTo: t.arg({ type: 'DateTime', required: false, description: 'Before this moment.' }),
    },
    resolve: (_root, args, ctx, info) =>
      listMovements(ctx.db, args, queryFromInfo({ context: ctx, info, typeName: 'StockMovement', path: ['items'] })),
  }),
}));

builder.mutationFields((t) => ({
  createWarehouseGroup: t.prismaField({
    type: 'WarehouseGroup',
    args: { input: t.arg({ type: WarehouseGroupCreateInput, required: true }) },
    resolve: compiledMutation('createWarehouseGroup', 'WarehouseGroup', (ctx, args, query) => groups.createWarehouseGroup(ctx.db, args.input, query)),
  }),
  updateWarehouseGroup: t.prismaField({
    type: 'WarehouseGroup',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: WarehouseGroupUpdateInput, required: true }) },
    resolve: compiledMutation('updateWarehouseGroup', 'WarehouseGroup', (ctx, args, query) =>
      groups.updateWarehouseGroup(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteWarehouseGroup: t.prismaField({
    type: 'WarehouseGroup',
    description: 'Deletes the group; its warehouses become ungrouped. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteWarehouseGroup', 'WarehouseGroup', (ctx, args, query) => groups.deleteWarehouseGroup(ctx.db, args.id, query)),
  }),
  createInventoryAdjustment: t.prismaField({
    type: 'InventoryAdjustment',
    description: 'Creates and posts an adjustment at once: all lines post in one transaction, or none.',
    args: { input: t.arg({ type: InventoryAdjustmentInput, required: true }) },
    resolve: compiledMutation('createInventoryAdjustment', 'InventoryAdjustment', (ctx, args, query) =>
      adjustments.createAdjustment(ctx.db, args.input as any, { tokenId: ctx.caller.tokenId }, query),
    ),
  }),
}));
