// The stockLevels and documentChanged subscriptions (issue 35): argument plumbing only; the rules live in
// src/domain/inventory/live-stock-levels.ts and src/domain/events/live-documents.ts. Both read the live feed
// (the committed outbox), as the events subscription does.
import { builder } from '../builder.js';
import { LIVE_DOCUMENT_TYPES, watchDocumentChanges, type DocumentChange, type LiveDocumentType } from '../../domain/events/index.js';
import { watchStockLevels, type StockLevels } from '../../domain/inventory/index.js';
import { salesOrders } from '../../domain/sales/index.js';
import { purchaseOrders } from '../../domain/purchasing/index.js';
import { shipments } from '../../domain/fulfillment/index.js';
import { workOrders } from '../../domain/work-orders/index.js';
import { cycleCountSessions } from '../../domain/cycle-counts/index.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { EventRef } from './event-fields.js';
import { liveFeedOf, watcherOf } from './event-subscriptions.js';

/** The four quantities a location and a warehouse both show. */
const StockQuantitiesRef = builder.interfaceRef<Omit<StockLevels['warehouses'][number], 'warehouseId'>>('StockQuantities').implement({
  description: 'A product\'s quantities at a place, in its base unit, as the stock export computes them.',
  fields: (t) => ({
    qtyOnhand: t.expose('qtyOnhand', { type: 'Decimal' }),
    qtyAvailable: t.expose('qtyAvailable', { type: 'Decimal', description: 'max(on hand − pending, 0), of the place\'s sums.' }),
    qtyPending: t.expose('qtyPending', { type: 'Decimal', description: 'Reserved by open sales orders and work orders.' }),
    qtyIncoming: t.expose('qtyIncoming', { type: 'Decimal', description: 'On its way in: open purchase orders, transfers and work orders.' }),
  }),
});

const LocationStockLevelRef = builder.objectRef<StockLevels['locations'][number]>('LocationStockLevel').implement({
  description: "A product's quantities at one location.",
  interfaces: [StockQuantitiesRef],
  fields: (t) => ({ locationId: t.exposeInt('locationId') }),
});

const WarehouseStockLevelRef = builder.objectRef<StockLevels['warehouses'][number]>('WarehouseStockLevel').implement({
  description: "A product's quantities at one warehouse: its locations' summed, available from the sums.",
  interfaces: [StockQuantitiesRef],
  fields: (t) => ({ warehouseId: t.exposeInt('warehouseId') }),
});

const StockLevelsRef = builder.objectRef<StockLevels>('StockLevels').implement({
  description: "A product's stock per location and per warehouse (of the warehouse asked for, or all of them).",
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    warehouseId: t.exposeInt('warehouseId', { nullable: true }),
    locations: t.field({ type: [LocationStockLevelRef], resolve: (levels) => levels.locations }),
    warehouses: t.field({ type: [WarehouseStockLevelRef], resolve: (levels) => levels.warehouses }),
  }),
});

const LiveDocumentTypeEnum = builder.enumType('LiveDocumentType', { values: LIVE_DOCUMENT_TYPES });

/** The document of a change, read as the selection asks; null when it is not of this kind or no longer exists. */
const documentOf = async <T>(change: DocumentChange, type: LiveDocumentType, read: () => Promise<T>): Promise<T | null> => {
  if (change.type !== type) return null;
  try {
    return await read();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
};

const DocumentChangeRef = builder.objectRef<DocumentChange>('DocumentChange').implement({
  description: 'A document changed: its kind and id, the event that changed it, and the document as it stands now (the field of its kind).',
  fields: (t) => ({
    type: t.field({ type: LiveDocumentTypeEnum, resolve: (change) => change.type }),
    id: t.exposeInt('id'),
    event: t.field({ type: EventRef, resolve: (change) => change.event }),
    salesOrder: t.prismaField({ type: 'SalesOrder', nullable: true, resolve: (query, change, _args, ctx) => documentOf(change, 'SALES_ORDER', () => salesOrders.getSalesOrder(ctx.db, change.id, query)) }),
    purchaseOrder: t.prismaField({ type: 'PurchaseOrder', nullable: true, resolve: (query, change, _args, ctx) => documentOf(change, 'PURCHASE_ORDER', () => purchaseOrders.getPurchaseOrder(ctx.db, change.id, query)) }),
    shipment: t.prismaField({ type: 'Shipment', nullable: true, resolve: (query, change, _args, ctx) => documentOf(change, 'SHIPMENT', () => shipments.getShipment(ctx.db, change.id, query)) }),
    workOrder: t.prismaField({ type: 'WorkOrder', nullable: true, resolve: (query, change, _args, ctx) => documentOf(change, 'WORK_ORDER', () => workOrders.getWorkOrder(ctx.db, change.id, query)) }),
    cycleCountSession: t.prismaField({
      type: 'CycleCountSession',
      nullable: true,
      resolve: (query, change, _args, ctx) => documentOf(change, 'CYCLE_COUNT_SESSION', () => cycleCountSessions.getCycleCountSession(ctx.db, change.id, query)),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  stockLevels: t.field({
    type: StockLevelsRef,
    description:
      "Products' stock per location (on hand, available, pending, incoming): first as it stands, one message per product, then a product again " +
      'whenever a posting, a reservation or an incoming document changed its levels (read again after each round of such events).',
    args: {
      productIds: t.arg.intList({ required: true, description: 'From 1 to 50 products.' }),
      warehouseId: t.arg.int({ required: false, description: 'Only the locations of this warehouse; every location without it.' }),
    },
    subscribe: (_root, args, ctx) => watchStockLevels(ctx.db, liveFeedOf(ctx), watcherOf(ctx), args, ctx.streamClosed),
    resolve: (levels) => levels,
  }),
  documentChanged: t.field({
    type: DocumentChangeRef,
    description:
      'Each change of a document of a kind (of the ids given, or any), announced by the events that record it, with the document as it stands after it. ' +
      'Changes that record no event (a draft edited, a reservation retried) are not announced.',
    args: {
      type: t.arg({ type: LiveDocumentTypeEnum, required: true }),
      ids: t.arg.intList({ required: false, description: 'At most 100; every document of the kind without it.' }),
    },
    subscribe: (_root, args, ctx) => watchDocumentChanges(liveFeedOf(ctx), watcherOf(ctx), args, ctx.streamClosed),
    resolve: (change) => change,
  }),
}));
