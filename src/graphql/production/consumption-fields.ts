// The consumption report: argument plumbing only; the definitions live in src/domain/production/consumption-report.ts.
import { builder } from '../builder.js';
import { pageOf } from '../shared/page.js';
import { consumptionReport, type ConsumptionRow } from '../../domain/production/index.js';

const ConsumptionRowRef = builder.objectRef<ConsumptionRow>('ConsumptionReportRow').implement({
  description: 'What work orders consumed of a product in a period (and, with includeSales, what was shipped of it).',
  fields: (t) => ({
    period: t.exposeString('period', { description: 'YYYY-MM-DD: the day, the ISO week\'s Monday or the month\'s first day.' }),
    productId: t.exposeInt('productId'),
    sku: t.exposeString('sku'),
    name: t.exposeString('name'),
    quantityConsumed: t.expose('quantityConsumed', { type: 'Decimal', description: 'In the product\'s base unit, positive.' }),
    valueConsumed: t.expose('valueConsumed', { type: 'Decimal', description: 'Quantity × the unit cost of each movement, in base currency.' }),
    quantityShipped: t.expose('quantityShipped', { type: 'Decimal', nullable: true, description: 'Null unless includeSales.' }),
    valueShipped: t.expose('valueShipped', { type: 'Decimal', nullable: true, description: 'Null unless includeSales.' }),
  }),
});

const ConsumptionPageRef = pageOf<ConsumptionRow>('ConsumptionReportPage', ConsumptionRowRef);

builder.queryFields((t) => ({
  consumptionReport: t.field({
    type: ConsumptionPageRef,
    description: 'Component quantities and values consumed by work orders per product and period, from the ledger; ordered by period, then SKU.',
    args: {
      from: t.arg.string({ required: false, description: 'YYYY-MM-DD, included; default the first day of the month of `to`.' }),
      to: t.arg.string({ required: false, description: 'YYYY-MM-DD, included; default today (UTC).' }),
      productId: t.arg.int({ required: false }),
      warehouseId: t.arg.int({ required: false, description: 'A warehouse: movements at it or at its locations.' }),
      groupBy: t.arg.string({ required: false, description: 'day, week (ISO, from Monday) or month (default).' }),
      includeSales: t.arg.boolean({ required: false, description: 'Add what sales shipments took. Default false.' }),
      page: t.arg.int({ required: false }),
      perPage: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) => consumptionReport(ctx.db, args),
  }),
}));
