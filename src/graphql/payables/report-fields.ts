// Payables reports: bills aging and bills summary (rules in src/domain/payables/bills-aging.ts and
// bills-summary.ts), and the types the vendor statement shares with them.
import type { ObjectFieldBuilder } from '@pothos/core';
import { builder, type SchemaTypes } from '../builder.js';
import {
  AGING_BUCKETS,
  billsAgingReport,
  type AgingAmounts,
  type BillsAgingReport,
  type CurrencyAging,
  type SupplierAging,
  billsSummaryReport,
  type BillsSummaryReport,
  type SummaryAmounts,
  type SupplierSummary,
} from '../../domain/payables/index.js';

const DATE = 'YYYY-MM-DD (UTC)';

export const NamedSupplierRef = builder.objectRef<{ id: number; name: string }>('NamedSupplier').implement({
  description: 'A supplier (vendor) as a report names it.',
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

const BUCKET_DESCRIPTIONS: Record<(typeof AGING_BUCKETS)[number]['key'], string> = {
  current: 'Not yet due (due on or after the date of the aging).',
  days1To30: '1 to 30 days past due.',
  days31To60: '31 to 60 days past due.',
  days61To90: '61 to 90 days past due.',
  daysOver90: 'More than 90 days past due.',
};

/** The bucket fields and their total, for every type that extends AgingAmounts. */
function agingFields<T extends AgingAmounts>(t: ObjectFieldBuilder<SchemaTypes, T>) {
  const buckets = Object.fromEntries(
    AGING_BUCKETS.map((b) => [b.key, t.field({ type: 'Decimal', description: BUCKET_DESCRIPTIONS[b.key], resolve: (row) => row[b.key] })]),
  );
  return { ...buckets, total: t.field({ type: 'Decimal', resolve: (row) => row.total }) };
}

export const AgingAmountsRef = builder.objectRef<AgingAmounts>('PayablesAgingAmounts').implement({
  description: 'Open bill balances by days past due.',
  fields: (t) => agingFields(t),
});

const CurrencyAgingRef = builder.objectRef<CurrencyAging>('PayablesAgingCurrency').implement({
  description: "A supplier's open bill balances in one original currency (amounts in that currency).",
  fields: (t) => ({ currency: t.exposeString('currency'), ...agingFields(t) }),
});

const SupplierAgingRef = builder.objectRef<SupplierAging>('PayablesAgingSupplier').implement({
  description: "A supplier's open bill balances in base currency (each bill at its own rate), and per original currency.",
  fields: (t) => ({
    supplier: t.field({ type: NamedSupplierRef, resolve: (row) => row.supplier }),
    ...agingFields(t),
    byCurrency: t.field({ type: [CurrencyAgingRef], resolve: (row) => row.byCurrency }),
  }),
});

const BillsAgingReportRef = builder.objectRef<BillsAgingReport>('BillsAgingReport').implement({
  description:
    'Open balances of approved bills as of a date: total − payments dated up to then − applications made up to then; ' +
    'bills voided by then left out. In base currency, each bill at its own exchange rate rounded to the base currency.',
  fields: (t) => ({
    asOf: t.exposeString('asOf', { description: DATE }),
    baseCurrency: t.exposeString('baseCurrency'),
    suppliers: t.field({ type: [SupplierAgingRef], resolve: (r) => r.suppliers }),
    totals: t.field({ type: AgingAmountsRef, resolve: (r) => r.totals }),
  }),
});

function summaryFields<T extends SummaryAmounts>(t: ObjectFieldBuilder<SchemaTypes, T>) {
  return {
    billed: t.field({ type: 'Decimal', description: 'Approved bills dated in the period.', resolve: (r) => r.billed }),
    voided: t.field({ type: 'Decimal', description: 'Approved bills voided in the period (their totals).', resolve: (r) => r.voided }),
    paid: t.field({ type: 'Decimal', description: 'Payments dated in the period and prepayments applied in it.', resolve: (r) => r.paid }),
    credited: t.field({ type: 'Decimal', description: 'Vendor credits applied in the period.', resolve: (r) => r.credited }),
    outstanding: t.field({ type: 'Decimal', description: 'Open bill balances at the end of the period (as the aging computes them).', resolve: (r) => r.outstanding }),
  };
}

const SupplierSummaryRef = builder.objectRef<SupplierSummary>('BillsSummarySupplier').implement({
  fields: (t) => ({ supplier: t.field({ type: NamedSupplierRef, resolve: (r) => r.supplier }), ...summaryFields(t) }),
});

const SummaryTotalsRef = builder.objectRef<SummaryAmounts>('BillsSummaryTotals').implement({ fields: (t) => summaryFields(t) });

const BillsSummaryReportRef = builder.objectRef<BillsSummaryReport>('BillsSummaryReport').implement({
  description: "What was billed, voided, paid and credited per supplier over a period and what is outstanding at its end, in base currency at each bill's rate.",
  fields: (t) => ({
    from: t.exposeString('from', { description: DATE }),
    to: t.exposeString('to', { description: DATE }),
    baseCurrency: t.exposeString('baseCurrency'),
    suppliers: t.field({ type: [SupplierSummaryRef], resolve: (r) => r.suppliers }),
    totals: t.field({ type: SummaryTotalsRef, resolve: (r) => r.totals }),
  }),
});

builder.queryFields((t) => ({
  billsAgingReport: t.field({
    type: BillsAgingReportRef,
    description: 'Open balances of approved bills per supplier and in total, by days past due, in base currency and per original currency.',
    args: {
      asOf: t.arg.string({ required: false, description: `${DATE}; default today.` }),
      supplierId: t.arg.int({ required: false, description: 'Only this supplier.' }),
    },
    resolve: (_root, args, ctx) => billsAgingReport(ctx.db, args),
  }),
  billsSummaryReport: t.field({
    type: BillsSummaryReportRef,
    description: 'Billed, voided, paid, credited and outstanding per supplier over a period, in base currency.',
    args: {
      from: t.arg.string({ required: false, description: `${DATE}; default the first day of the month of \`to\`.` }),
      to: t.arg.string({ required: false, description: `${DATE}; default today.` }),
    },
    resolve: (_root, args, ctx) => billsSummaryReport(ctx.db, args),
  }),
}));
