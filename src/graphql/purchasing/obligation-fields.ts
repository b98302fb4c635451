// Payment obligations: types, the generation from the order's terms, and the list. Rules in
// src/domain/purchasing/payment-obligations.ts.
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import type { Decimal } from '../../domain/shared/decimal.js';
import { paymentObligations as obligations } from '../../domain/purchasing/index.js';
import { compiledList } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';
import { dateOnlyColumn } from '../../domain/shared/selection-json-sql.js';

compiledList('paymentObligations', 'PaymentObligation', (ctx, args, query) => obligations.listPaymentObligations(ctx.db, args, query));

const PaymentObligationRef = builder.prismaObject('PaymentObligation', {
  description: 'An amount owed to the supplier for a purchase order, and when.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    purchaseOrderId: t.exposeInt('purchaseOrderId'),
    kind: t.exposeString('kind', { description: 'deposit or balance' }),
    description: t.exposeString('description'),
    dueDate: t.string({
      nullable: true,
      description: 'YYYY-MM-DD; null while it waits for the first receipt.',
      resolve: (o) => formatDateOnly(o.dueDate),
      extensions: jsonSql(dateOnlyColumn('dueDate')),
    }),
    amount: t.expose('amount', { type: 'Decimal' }),
    currency: t.exposeString('currency'),
    paidAmount: t.expose('paidAmount', { type: 'Decimal' }),
    status: t.exposeString('status', { description: 'open, partially_paid, paid or cancelled' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

type Schedule = Awaited<ReturnType<typeof obligations.generatePaymentObligations>>;

const ScheduleRef = builder.objectRef<Schedule>('PaymentObligationSchedule').implement({
  fields: (t) => ({
    purchaseOrderId: t.exposeInt('purchaseOrderId'),
    total: t.field({ type: 'Decimal', resolve: (s) => s.total as Decimal }),
    currency: t.exposeString('currency'),
    obligations: t.field({ type: [PaymentObligationRef], resolve: (s) => s.obligations }),
  }),
});

const PaymentObligationPageRef = pageOf('PaymentObligationPage', PaymentObligationRef);

builder.queryField('paymentObligations', (t) =>
  t.field({
    type: PaymentObligationPageRef,
    args: {
      ...pageArgs(t.arg),
      purchaseOrderId: t.arg.int({ required: false }),
      supplierId: t.arg.int({ required: false }),
      status: t.arg.string({ required: false }),
      dueDate: t.arg.string({ required: false, description: 'YYYY-MM-DD: due on or before that date.' }),
    },
    resolve: (_root, args, ctx) => obligations.listPaymentObligations(ctx.db, args),
  }),
);

builder.mutationField('generatePaymentObligations', (t) =>
  t.field({
    type: ScheduleRef,
    description: "Generates the order's payment obligations from its terms (replacing the unpaid ones).",
    args: { purchaseOrderId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => obligations.generatePaymentObligations(ctx.db, args.purchaseOrderId),
  }),
);
