// GraphQL object types of the inventory core: warehouse groups, lots, ledger movements, adjustments and
// stock rows. Relations go through the Prisma plugin so a page loads each relation in one query.
import { dateOnlyColumn, plainColumn } from '../../domain/shared/selection-json-sql.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { loaderFor, rowsById } from '../shared/loaders.js';
import { LocationRef } from '../locations/location-types.js';
import { ProductRef } from '../products/product-types.js';
import { builder, type InputFieldBuilder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { LotDeductionStrategyEnum } from '../products/product-types.js';
import type { LotDeductionStrategy } from '../../domain/products/index.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { adjustments, ADJUSTMENT_SOURCE, lotNumberSql } from '../../domain/inventory/index.js';
import type { StockRow } from '../../domain/inventory/index.js';

export const WarehouseGroupRef = builder.prismaObject('WarehouseGroup', {
  description: 'A named set of warehouses sharing settings.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    lotDeductionStrategy: t.field({
      type: LotDeductionStrategyEnum,
      nullable: true,
      description: "Which lot is taken when a caller names none; a product's own setting wins. Null: the newest lot.",
      resolve: (group) => group.lotDeductionStrategy as LotDeductionStrategy | null,
      extensions: jsonSql(plainColumn('lotDeductionStrategy')),
    }),
    allowNegativeStock: t.exposeBoolean('allowNegativeStock', { description: 'Whether stock in its warehouses may go below zero.' }),
    warehouseIds: t.intList({
      select: { warehouses: { select: { id: true }, orderBy: { id: 'asc' } } },
      resolve: (group) => group.warehouses.map((warehouse) => warehouse.id),
      extensions: jsonSql({
        value: (row) => `(SELECT coalesce(array_agg(w.id ORDER BY w.id), '{}') FROM "Location" w WHERE w."companyId" = $1::int AND w."warehouseGroupId" = ${row}.id)`,
      }),
    }),
    warehouses: t.relation('warehouses', { query: { orderBy: { id: 'asc' } } }),
    externallyManaged: t.exposeBoolean('externallyManaged', { description: 'Its warehouses are run by an external warehouse system (WMS).' }),
    externalWmsUrl: t.exposeString('externalWmsUrl', { nullable: true }),
    externalWmsApiKeySet: t.boolean({
      description: 'Whether an API key for the warehouse system is stored (the key itself is never shown).',
      select: { externalWmsApiKey: true },
      resolve: (group) => group.externalWmsApiKey !== null && group.externalWmsApiKey !== '',
      extensions: jsonSql({ value: (row) => `coalesce(${row}."externalWmsApiKey" <> '', false)` }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const LotRef = builder.prismaObject('Lot', {
  description: 'A lot of a lot-tracked product; the lot number is unique per product.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    productId: t.exposeInt('productId'),
    lotNumber: t.exposeString('lotNumber'),
    productionDate: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (lot) => formatDateOnly(lot.productionDate), extensions: jsonSql(dateOnlyColumn('productionDate')) }),
    expiryDate: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (lot) => formatDateOnly(lot.expiryDate), extensions: jsonSql(dateOnlyColumn('expiryDate')) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const StockMovementRef = builder.prismaObject('StockMovement', {
  description: 'One immutable row of the stock ledger. The quantity is signed, in the product\'s base unit.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    productId: t.exposeInt('productId'),
    locationId: t.exposeInt('locationId'),
    lotId: t.exposeInt('lotId', { nullable: true }),
    // By lot id through one batched read, not a Pothos `select`: movements also come from loaders (a line's
    // movements), and for rows Pothos did not load itself it would re-read every movement to find its lot.
    lotNumber: t.string({
      nullable: true,
      resolve: (movement, _args, ctx) =>
        movement.lotId === null
          ? null
          : loaderFor(ctx, 'lotNumbers', async (lotIds: readonly number[]) => {
              const lots = await ctx.db.lot.findMany({ where: { id: { in: [...lotIds] } }, select: { id: true, lotNumber: true } });
              const numberOf = new Map(lots.map((lot) => [lot.id, lot.lotNumber]));
              return lotIds.map((id) => numberOf.get(id) ?? null);
            }).load(movement.lotId),
      extensions: jsonSql({ value: lotNumberSql }),
    }),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    unitCost: t.expose('unitCost', {
      type: 'Decimal',
      nullable: true,
      description: 'Given for increases; the weighted FIFO cost consumed for decreases (null when no layer was open).',
    }),
    reason: t.exposeString('reason'),
    sourceType: t.exposeString('sourceType'),
    sourceId: t.exposeInt('sourceId', { nullable: true }),
    sourceLineId: t.exposeInt('sourceLineId', { nullable: true }),
    createdByTokenId: t.exposeInt('createdByTokenId', { nullable: true }),
    occurredAt: t.expose('occurredAt', { type: 'DateTime' }),
    location: t.relation('location', { description: 'Where the stock moved.' }),
  }),
});

export const StockMovementPageRef = pageOf('StockMovementPage', StockMovementRef);

export const InventoryAdjustmentLineRef = builder.prismaObject('InventoryAdjustmentLine', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    productId: t.exposeInt('productId'),
    locationId: t.exposeInt('locationId'),
    lotId: t.exposeInt('lotId', { nullable: true, description: 'Null when the product has no lots, or when the take was split across lots (see movements).' }),
    lotNumber: t.string({
      nullable: true,
      select: { lot: { select: { lotNumber: true } } },
      resolve: (line) => line.lot?.lotNumber ?? null,
      extensions: jsonSql({ value: lotNumberSql }),
    }),
    quantity: t.expose('quantity', { type: 'Decimal', description: 'Signed change in the product\'s base unit.' }),
    countedQuantity: t.expose('countedQuantity', { type: 'Decimal', nullable: true, description: 'For a counted line: what was counted.' }),
    unitCost: t.expose('unitCost', { type: 'Decimal', nullable: true, description: 'Increases: the cost given (else the product\'s unit cost); decreases: the weighted FIFO cost consumed.' }),
    reason: t.exposeString('reason', { nullable: true }),
    movements: t.field({
      type: [StockMovementRef],
      description: 'The ledger rows this line posted (several when a take was split across lots).',
      // Read by the documents' ids (indexed with the source type), grouped by line: by line ids alone the
      // read would go through every adjustment movement of the company.
      resolve: async (line, _args, ctx) => {
        const byLine = await loaderFor(ctx, 'adjustmentMovementsByLine', async (adjustmentIds: readonly number[]) => {
          const movements = await ctx.db.stockMovement.findMany({
            where: { sourceType: ADJUSTMENT_SOURCE, sourceId: { in: [...adjustmentIds] } },
            orderBy: { id: 'asc' },
          });
          const grouped = new Map<number, typeof movements>();
          for (const movement of movements) (grouped.get(movement.sourceLineId!) ?? grouped.set(movement.sourceLineId!, []).get(movement.sourceLineId!)!).push(movement);
          return adjustmentIds.map(() => grouped);
        }).load(line.adjustmentId);
        return byLine.get(line.id) ?? [];
      },
      extensions: jsonSql({ type: 'StockMovement', many: adjustments.lineMovementsSql }),
    }),
  }),
});

export const InventoryAdjustmentRef = builder.prismaObject('InventoryAdjustment', {
  description: 'A posted document of signed stock changes.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    reason: t.exposeString('reason', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    status: t.exposeString('status', { description: 'posted' }),
    postedAt: t.expose('postedAt', { type: 'DateTime', nullable: true }),
    lines: t.relation('lines', { query: { orderBy: { id: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const StockRowRef = builder.objectRef<StockRow>('StockRow').implement({
  description: 'Stock of one product at one location, in one lot (lotId null: stock without a lot): on hand, and incoming and reserved (always on the row without a lot).',
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    locationId: t.exposeInt('locationId'),
    lotId: t.exposeInt('lotId', { nullable: true }),
    // The records named by the row's ids, each kind read once for the whole page.
    product: t.field({ type: ProductRef, resolve: (row, _args, ctx) => rowsById(ctx, 'stockRowProducts', (ids) => ctx.db.product.findMany({ where: { id: { in: ids } } })).load(row.productId) }),
    location: t.field({ type: LocationRef, resolve: (row, _args, ctx) => rowsById(ctx, 'stockRowLocations', (ids) => ctx.db.location.findMany({ where: { id: { in: ids } } })).load(row.locationId) }),
    lot: t.field({
      type: LotRef,
      nullable: true,
      resolve: (row, _args, ctx) => (row.lotId === null ? null : rowsById(ctx, 'stockRowLots', (ids) => ctx.db.lot.findMany({ where: { id: { in: ids } } })).load(row.lotId)),
    }),
    quantity: t.field({ type: 'Decimal', description: 'On hand.', resolve: (row) => row.quantity }),
    qtyIncoming: t.field({
      type: 'Decimal',
      description: 'On its way in (open transfers and purchase orders); known per location only, so shown on the row without a lot.',
      resolve: (row) => row.qtyIncoming,
    }),
    qtyPending: t.field({
      type: 'Decimal',
      description: "Reserved by open sales orders; reservations are per warehouse, so shown on the warehouse's row without a lot.",
      resolve: (row) => row.qtyPending,
    }),
    qtyAvailable: t.field({
      type: 'Decimal',
      description: 'max(quantity − qty_pending, 0) of the row.',
      resolve: (row) => row.qtyAvailable,
    }),
  }),
});

export const WarehouseGroupPageRef = pageOf('WarehouseGroupPage', WarehouseGroupRef);
export const InventoryAdjustmentPageRef = pageOf('InventoryAdjustmentPage', InventoryAdjustmentRef);
export const StockRowPageRef = pageOf<StockRow>('StockRowPage', StockRowRef);

const groupFields = <Required extends boolean>(t: InputFieldBuilder, nameRequired: Required) => ({
  name: t.string({ required: nameRequired, description: 'Unique, at most 255 characters.' }),
  lotDeductionStrategy: t.field({ type: LotDeductionStrategyEnum, required: false }),
  allowNegativeStock: t.boolean({ required: false }),
  warehouseIds: t.intList({ required: false, description: 'Warehouses (top-level locations) of the group; replaces the current list.' }),
  externallyManaged: t.boolean({ required: false, description: 'Default false; true needs externalWmsUrl.' }),
  externalWmsUrl: t.string({ required: false, description: 'http or https URL of the warehouse system.' }),
  externalWmsApiKey: t.string({ required: false, description: 'Write-only; sent as a Bearer token.' }),
});

export const WarehouseGroupCreateInput = builder.inputType('WarehouseGroupCreateInput', { fields: (t) => groupFields(t, true) });
export const WarehouseGroupUpdateInput = builder.inputType('WarehouseGroupUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => groupFields(t, false),
});

export const InventoryAdjustmentLineInput = builder.inputType('InventoryAdjustmentLineInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    locationId: t.int({ required: true }),
    quantity: t.field({ type: 'Decimal', required: false, description: "Signed change in the product's base unit; not 0. Give this or countedQuantity." }),
    countedQuantity: t.field({
      type: 'Decimal',
      required: false,
      description: 'What was counted at the location (and lot, for lot-tracked products); the change is the count minus the stock on hand.',
    }),
    unitCost: t.field({ type: 'Decimal', required: false, description: 'Cost per unit of an increase.' }),
    lotId: t.int({ required: false }),
    lotNumber: t.string({ required: false, description: 'Lot-tracked products: the lot; a new number on an increase creates the lot.' }),
    productionDate: t.string({ required: false, description: 'YYYY-MM-DD, for a new lot.' }),
    expiryDate: t.string({ required: false, description: 'YYYY-MM-DD, for a new lot.' }),
    reason: t.string({ required: false }),
  }),
});

export const InventoryAdjustmentInput = builder.inputType('InventoryAdjustmentInput', {
  fields: (t) => ({
    reason: t.string({ required: false }),
    notes: t.string({ required: false }),
    lines: t.field({ type: [InventoryAdjustmentLineInput], required: true }),
  }),
});
