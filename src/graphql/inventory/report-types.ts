// GraphQL types of the inventory reports (src/domain/inventory/reports): plain objects built by the domain.
import { builder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import type { StockSnapshotRow, AgingBucket, InventoryAgingRow } from '../../domain/inventory/index.js';

const StockSnapshotRowRef = builder.objectRef<StockSnapshotRow>('StockSnapshotRow').implement({
  description:
    'A product at a location as of a moment. quantity: the sum of its ledger movements up to then. unitCost: the product\'s average FIFO landed unit cost over its layers open then (FIFO is per product across locations). value: quantity × unitCost.',
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    sku: t.exposeString('sku'),
    productName: t.exposeString('productName'),
    locationId: t.exposeInt('locationId'),
    locationName: t.exposeString('locationName'),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    unitCost: t.expose('unitCost', { type: 'Decimal', nullable: true }),
    value: t.expose('value', { type: 'Decimal' }),
    asOf: t.expose('asOf', { type: 'DateTime' }),
  }),
});

export const StockSnapshotPageRef = pageOf<StockSnapshotRow>('StockSnapshotPage', StockSnapshotRowRef);

const AgingBucketRef = builder.objectRef<AgingBucket>('InventoryAgingBucket').implement({
  description: 'Open FIFO layers whose age in whole days (as of the report) is from minDays to maxDays.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'e.g. "0-30", "31-60", "90+".' }),
    minDays: t.exposeInt('minDays'),
    maxDays: t.exposeInt('maxDays', { nullable: true, description: 'Null for the last, open-ended bucket.' }),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    value: t.expose('value', { type: 'Decimal', description: 'Open quantity × landed unit cost of the layers.' }),
  }),
});

const InventoryAgingRowRef = builder.objectRef<InventoryAgingRow>('InventoryAgingRow').implement({
  description: 'A product\'s on-hand quantity and value split by the age of its open FIFO layers (from their receipt dates).',
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    sku: t.exposeString('sku'),
    productName: t.exposeString('productName'),
    quantity: t.expose('quantity', { type: 'Decimal' }),
    value: t.expose('value', { type: 'Decimal' }),
    buckets: t.field({ type: [AgingBucketRef], resolve: (row) => row.buckets }),
    asOf: t.expose('asOf', { type: 'DateTime' }),
  }),
});

export const InventoryAgingPageRef = pageOf<InventoryAgingRow>('InventoryAgingPage', InventoryAgingRowRef);
