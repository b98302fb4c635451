// Report queries: argument plumbing only; definitions and rules live in src/domain/inventory/reports.
import { builder } from '../builder.js';
import { stockSnapshot, inventoryAging } from '../../domain/inventory/index.js';
import { InventoryAgingPageRef, StockSnapshotPageRef } from './report-types.js';

const AS_OF = 'UTC "YYYY-MM-DD" (the end of that day) or "YYYY-MM-DD HH:MM:SS"; default now.';

builder.queryFields((t) => ({
  stockSnapshot: t.field({
    type: StockSnapshotPageRef,
    description: 'Quantity and FIFO value per product and location as of a moment, ordered by product then location.',
    args: {
      asOf: t.arg.string({ required: false, description: AS_OF }),
      locationId: t.arg.int({ required: false, description: 'One location, or a warehouse with the locations inside it.' }),
      productId: t.arg.int({ required: false }),
      page: t.arg.int({ required: false }),
      perPage: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) => stockSnapshot(ctx.db, args),
  }),
  inventoryAging: t.field({
    type: InventoryAgingPageRef,
    description: 'On-hand quantity and value per product in age buckets from the receipt dates of open FIFO layers; paginated by product.',
    args: {
      asOf: t.arg.string({ required: false, description: AS_OF }),
      buckets: t.arg.string({ required: false, description: 'Ascending upper limits in days, comma-separated; default "30,60,90" (0-30, 31-60, 61-90, 90+).' }),
      productId: t.arg.int({ required: false }),
      page: t.arg.int({ required: false }),
      perPage: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) => inventoryAging(ctx.db, args),
  }),
}));
