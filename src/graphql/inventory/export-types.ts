// GraphQL types of the cursor stock export (src/domain/inventory/export). Plain objects built by the domain;
// quantities are defined once in src/domain/inventory/quantities.ts.
import { builder } from '../builder.js';
import type {
  StockExportPage,
  ExportLocation,
  ExportLocationStock,
  ExportLotStock,
  StockExportRow,
} from '../../domain/inventory/index.js';

export const StockExportLocationRef = builder.objectRef<ExportLocation>('StockExportLocation');
StockExportLocationRef.implement({
  description: 'A warehouse or location as the stock export shows it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    status: t.exposeString('status'),
    name: t.exposeString('name'),
    parentId: t.exposeInt('parentId', { nullable: true }),
    parent: t.field({ type: StockExportLocationRef, nullable: true, description: 'The warehouse a location sits in; null for a warehouse.', resolve: (l) => l.parent }),
    isPickLocation: t.exposeBoolean('isPickLocation'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const StockExportLotStockRef = builder.objectRef<ExportLotStock>('StockExportLotStock').implement({
  description: 'On-hand stock of one lot at one location.',
  fields: (t) => ({
    lotId: t.exposeInt('lotId'),
    locationId: t.exposeInt('locationId'),
    lotNumber: t.exposeString('lotNumber'),
    productionDate: t.exposeString('productionDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    expiryDate: t.exposeString('expiryDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    qtyOnhand: t.expose('qtyOnhand', { type: 'Decimal' }),
  }),
});

export const StockExportLocationStockRef = builder.objectRef<ExportLocationStock>('StockExportLocationStock').implement({
  description: 'A product\'s stock at one location. id is the location\'s id.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The location\'s id.' }),
    warehouse: t.field({ type: StockExportLocationRef, description: 'The location\'s warehouse (the warehouse itself for stock held directly at it).', resolve: (s) => s.warehouse }),
    location: t.field({ type: StockExportLocationRef, resolve: (s) => s.location }),
    qtyOnhand: t.expose('qtyOnhand', { type: 'Decimal' }),
    qtyIncoming: t.expose('qtyIncoming', { type: 'Decimal' }),
    qtyPending: t.expose('qtyPending', { type: 'Decimal' }),
    qtyAvailable: t.expose('qtyAvailable', { type: 'Decimal' }),
    qtyAvailableViaAssembly: t.expose('qtyAvailableViaAssembly', { type: 'Decimal' }),
    qtyRecoverableViaDisassembly: t.expose('qtyRecoverableViaDisassembly', { type: 'Decimal' }),
    currentLandedUnitCost: t.expose('currentLandedUnitCost', { type: 'Decimal', nullable: true }),
    lotStocks: t.field({ type: [StockExportLotStockRef], resolve: (s) => s.lotStocks }),
  }),
});

export const StockExportRowRef = builder.objectRef<StockExportRow>('StockExportRow').implement({
  description: 'One product of the stock export with its quantities (defined in docs/areas/inventory.md, "Quantities").',
  fields: (t) => ({
    id: t.exposeInt('id'),
    sku: t.exposeString('sku'),
    name: t.exposeString('name'),
    type: t.exposeString('type'),
    categoryId: t.exposeInt('categoryId', { nullable: true }),
    categoryName: t.exposeString('categoryName', { nullable: true }),
    subCategoryId: t.exposeInt('subCategoryId', { nullable: true }),
    subCategoryName: t.exposeString('subCategoryName', { nullable: true }),
    qtyOnhand: t.expose('qtyOnhand', { type: 'Decimal' }),
    qtyIncoming: t.expose('qtyIncoming', { type: 'Decimal' }),
    qtyAvailable: t.expose('qtyAvailable', { type: 'Decimal' }),
    qtyPending: t.expose('qtyPending', { type: 'Decimal' }),
    qtyBackordered: t.expose('qtyBackordered', { type: 'Decimal' }),
    qtyAvailableViaAssembly: t.expose('qtyAvailableViaAssembly', { type: 'Decimal' }),
    qtyRecoverableViaDisassembly: t.expose('qtyRecoverableViaDisassembly', { type: 'Decimal' }),
    qtyOutstanding: t.expose('qtyOutstanding', { type: 'Decimal' }),
    currentLandedUnitCost: t.expose('currentLandedUnitCost', { type: 'Decimal', nullable: true, description: 'landedUnitCost of the oldest open FIFO layer; null when none is open.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    locationStocks: t.field({ type: [StockExportLocationStockRef], resolve: (r) => r.locationStocks }),
  }),
});

const StockExportMetaRef = builder.objectRef<StockExportPage['meta']>('StockExportMeta').implement({
  fields: (t) => ({ rows: t.exposeInt('rows', { description: 'Rows in this page.' }) }),
});

export const StockExportPageRef = builder.objectRef<StockExportPage>('StockExportPage').implement({
  description: 'One page of the stock export. Continue with nextCursor while hasMore is true.',
  fields: (t) => ({
    data: t.field({ type: [StockExportRowRef], resolve: (p) => p.data }),
    nextCursor: t.exposeString('nextCursor', { description: 'Signed; pass it back unchanged. After the last page it resumes past the end (an empty page).' }),
    hasMore: t.exposeBoolean('hasMore'),
    meta: t.field({ type: StockExportMetaRef, resolve: (p) => p.meta }),
  }),
});
