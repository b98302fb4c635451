// The vendor statement query; rules in src/domain/payables/vendor-statement.ts.
import { builder } from '../builder.js';
import { vendorStatement, type StatementLine, type VendorStatement } from '../../domain/payables/index.js';
import { AgingAmountsRef, NamedSupplierRef } from './report-fields.js';

const StatementLineRef = builder.objectRef<StatementLine>('VendorStatementLine').implement({
  description: 'One document or application on a vendor statement. balance = the previous balance + credit − debit.',
  fields: (t) => ({
    date: t.exposeString('date', { description: 'YYYY-MM-DD' }),
    type: t.exposeString('type', { description: 'bill, payment, credit, credit_application, prepayment, prepayment_application or void' }),
    reference: t.exposeString('reference', { description: "The bill's number, the payment's or prepayment's reference (else PAY-/PP-<id>), VC-<id> for a vendor credit." }),
    description: t.exposeString('description'),
    debit: t.expose('debit', { type: 'Decimal', description: 'Lowers what we owe: a payment, a vendor credit, a prepayment, a void.' }),
    credit: t.expose('credit', { type: 'Decimal', description: 'Raises what we owe: a bill.' }),
    balance: t.expose('balance', { type: 'Decimal', description: 'What we owe the supplier after this line.' }),
  }),
});

const VendorStatementRef = builder.objectRef<VendorStatement>('VendorStatement').implement({
  description:
    'What we owe one supplier in one currency over a period: opening balance (every line before `from`), the lines, and the closing balance ' +
    '(opening + Σ credit − debit, exactly). Applications of credits and prepayments are lines with debit and credit 0.',
  fields: (t) => ({
    companyName: t.exposeString('companyName', { description: 'The company the statement is addressed from.' }),
    vendor: t.field({ type: NamedSupplierRef, resolve: (s) => s.vendor }),
    currency: t.exposeString('currency'),
    from: t.exposeString('from', { description: 'YYYY-MM-DD' }),
    to: t.exposeString('to', { description: 'YYYY-MM-DD' }),
    openingBalance: t.expose('openingBalance', { type: 'Decimal' }),
    lines: t.field({ type: [StatementLineRef], resolve: (s) => s.lines }),
    closingBalance: t.expose('closingBalance', { type: 'Decimal' }),
    aging: t.field({ type: AgingAmountsRef, description: 'Open bill balances as of `to` in the statement currency, by days past due.', resolve: (s) => s.aging }),
  }),
});

builder.queryField('vendorStatement', (t) =>
  t.field({
    type: VendorStatementRef,
    description: "A supplier's statement over a period in one currency: only the documents in that currency are on it.",
    args: {
      supplierId: t.arg.int({ required: true }),
      from: t.arg.string({ required: false, description: 'YYYY-MM-DD; default the first day of the month of `to`.' }),
      to: t.arg.string({ required: false, description: 'YYYY-MM-DD; default today (UTC).' }),
      currency: t.arg.string({ required: false, description: "ISO 4217; default the supplier's currency, else the base currency." }),
    },
    resolve: (_root, args, ctx) => vendorStatement(ctx.db, args),
  }),
);
