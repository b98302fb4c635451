// The stock export query: argument plumbing only; the rules live in src/domain/inventory/export.
import { builder } from '../builder.js';
import { exportStocks } from '../../domain/inventory/index.js';
import { StockExportPageRef } from './export-types.js';

builder.queryFields((t) => ({
  inventoryStockExport: t.field({
    type: StockExportPageRef,
    description:
      'Every active product in ascending id order with its stock, a page at a time. The run is anchored to the cutoff of its first page: later products never appear and quantities stay those of the cutoff.',
    args: {
      cursor: t.arg.string({ required: false, description: 'nextCursor of the previous page, unchanged; omit on the first page.' }),
      limit: t.arg.int({ required: false, description: 'Products per page, 1 to 1000; default 100 (or the first page\'s limit).' }),
      // A list, so that whatever clients send as q (repeated too) passes: the contract ignores q in validation.
      q: t.arg.stringList({ required: false, description: 'Accepted and ignored, given once or more (clients send it; the export has no search).' }),
    },
    resolve: (_root, args, ctx) => exportStocks(ctx.db, ctx.company.id, ctx.secretKey, { cursor: args.cursor, limit: args.limit }),
  }),
}));
