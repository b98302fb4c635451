// A vendor statement: what we owe one supplier in one currency, line by line over a period.
//
// The balance is what we owe the supplier. A bill (approved; drafts are never owed) is a credit: it raises the
// balance, on its bill date. A payment of a bill, a vendor credit and a prepayment are debits, on their own
// dates; the void of an approved bill is a debit of its total on the void's date (a bill can be voided only
// while nothing settles it, so that takes back exactly what the bill added). Applying a vendor credit or a
// prepayment to a bill moves money between two documents that are already on the statement, so its line has
// debit 0 and credit 0 and says what moved in its description.
//
// So opening balance = Σ(credit − debit) of every line dated before `from`, and closing balance = opening +
// Σ(credit − debit) of the lines, exactly (no rounding anywhere: the amounts are the documents' own). Both come
// from one definition of the lines (statementEvents), used once summed and once listed: a fixed number of
// SQL statements whatever the number of documents.
//
// One currency per statement: the `currency` asked for, else the supplier's, else the base currency; only the
// documents in that currency are on it (applications follow their credit or prepayment, which is always in the
// bill's currency). Lines are ordered by date, then type (bill, payment, credit, credit application,
// prepayment, prepayment application, void), then id.
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { Prisma } from '../../generated/prisma/client.js';
import { minorUnits } from '../shared/currency-codes.js';
import { formatDateOnly } from '../shared/dates.js';
import { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkCurrencyCode } from '../shared/field-checks.js';
import { currentCompany } from '../tenancy/index.js';
import { checkReportPeriod } from './report-period.js';
import { agedOpenBalances, agingInCurrency, type AgingAmounts } from './bills-aging.js';

export const STATEMENT_LINE_TYPES = ['bill', 'payment', 'credit', 'credit_application', 'prepayment', 'prepayment_application', 'void'] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];

export interface VendorStatementArgs {
  supplierId: number;
  /** YYYY-MM-DD; default the first day of the month of `to`. */
  from?: string | null;
  /** YYYY-MM-DD; default today (UTC). */
  to?: string | null;
  /** ISO 4217; default the supplier's currency, else the base currency. */
  currency?: string | null;
}

export interface StatementLine {
  /** YYYY-MM-DD */
  date: string;
  type: StatementLineType;
  reference: string;
  description: string;
  debit: Decimal;
  credit: Decimal;
  /** What we owe after this line. */
  balance: Decimal;
}

export interface VendorStatement {
  companyName: string;
  vendor: { id: number; name: string };
  currency: string;
  from: string;
  to: string;
  openingBalance: Decimal;
  lines: StatementLine[];
  closingBalance: Decimal;
  /** The open bill balances as of `to` in the statement's currency, by days past due (bills-aging.ts). */
  aging: AgingAmounts;
}

/** One row of statementEvents: the amounts and what the reference and description are made of. */
interface EventRow {
  date: Date;
  type: StatementLineType;
  id: number;
  debit: unknown;
  credit: unknown;
  /** The bill's number (bills, payments, voids, applications). */
  billNumber: string | null;
  dueDate: Date | null;
  /** Payment or prepayment reference given by the user. */
  reference: string | null;
  method: string | null;
  /** Vendor credit: its reason. */
  reason: string | null;
  /** Vendor credit: the return it was made for; prepayment: the purchase order it was paid for. */
  sourceNumber: string | null;
  /** Applications: the credit's or prepayment's id and the amount applied. */
  sourceId: number | null;
  amount: unknown;
}

export async function vendorStatement(db: TenantDb, args: VendorStatementArgs): Promise<VendorStatement> {
  const errors = new FieldErrorCollector();
  const period = checkReportPeriod(errors, args.from, args.to);
  checkCurrencyCode(errors, 'currency', args.currency);
  errors.throwIfAny();
  const { from, to } = period!;

  const [company, supplier] = await Promise.all([
    currentCompany(db),
    db.supplier.findUnique({ where: byId(args.supplierId), select: { id: true, name: true, currency: true } }),
  ]);
  if (!supplier) throw new NotFoundError('Vendor', args.supplierId);
  const currency = args.currency ?? supplier.currency ?? company.baseCurrency;

  const events = statementEvents(company.id, supplier.id, currency);
  const [opening, rows, balances] = await Promise.all([
    db.$queryRaw<Array<{ balance: unknown }>>`
      SELECT COALESCE(SUM(e."credit" - e."debit"), 0) AS "balance" FROM (${events}) e WHERE e."date" < ${formatDateOnly(from)}::date`,
    db.$queryRaw<EventRow[]>`
      SELECT e.* FROM (${events}) e
      WHERE e."date" >= ${formatDateOnly(from)}::date AND e."date" <= ${formatDateOnly(to)}::date
      ORDER BY e."date", e."rank", e."id"`,
    agedOpenBalances(db, company.id, to, company.baseCurrency, { supplierId: supplier.id, currency }),
  ]);

  const openingBalance = new Decimal(String(opening[0]?.balance ?? 0));
  let balance = openingBalance;
  const lines = rows.map((row): StatementLine => {
    const debit = new Decimal(String(row.debit));
    const credit = new Decimal(String(row.credit));
    balance = balance.plus(credit).minus(debit);
    return { date: formatDateOnly(row.date)!, type: row.type, ...describe(row, currency), debit, credit, balance };
  });
  return {
    companyName: company.name,
    vendor: { id: supplier.id, name: supplier.name },
    currency,
    from: formatDateOnly(from)!,
    to: formatDateOnly(to)!,
    openingBalance,
    lines,
    closingBalance: balance,
    aging: agingInCurrency(balances),
  };
}

/**
 * Every line a statement of this supplier and currency can have, of all time: (date, rank, id, type, debit,
 * credit) and the details its reference and description are made of. Raw SQL bypasses the tenant client, so
 * every table is filtered by `companyId` here.
 */
function statementEvents(companyId: number, supplierId: number, currency: string): Prisma.Sql {
  const rank = (type: StatementLineType) => Prisma.raw(`${STATEMENT_LINE_TYPES.indexOf(type)} AS "rank", '${type}' AS "type"`);
  const approvedBill = Prisma.sql`b."companyId" = ${companyId} AND b."supplierId" = ${supplierId} AND b."currency" = ${currency} AND b."approvedAt" IS NOT NULL`;
  // Every branch has the same columns; the first one names and types them (NULLs typed for the UNION).
  return Prisma.sql`
    SELECT b."billDate" AS "date", ${rank('bill')}, b."id", 0::numeric AS "debit", b."total" AS "credit",
      b."billNumber", b."dueDate", NULL::text AS "reference", NULL::text AS "method", NULL::text AS "reason",
      NULL::text AS "sourceNumber", NULL::int AS "sourceId", b."total" AS "amount"
    FROM "Bill" b WHERE ${approvedBill}
    UNION ALL
    SELECT p."paidAt", ${rank('payment')}, p."id", p."amount", 0,
      b."billNumber", b."dueDate", p."reference", p."method", NULL, NULL, NULL, p."amount"
    FROM "BillPayment" p JOIN "Bill" b ON b."companyId" = p."companyId" AND b."id" = p."billId"
    WHERE p."companyId" = ${companyId} AND ${approvedBill}
    UNION ALL
    SELECT c."creditDate", ${rank('credit')}, c."id", c."amount", 0,
      NULL, NULL, NULL, NULL, c."reason", r."returnNumber", NULL, c."amount"
    FROM "VendorCredit" c LEFT JOIN "VendorReturn" r ON r."companyId" = c."companyId" AND r."id" = c."vendorReturnId"
    WHERE c."companyId" = ${companyId} AND c."supplierId" = ${supplierId} AND c."currency" = ${currency}
    UNION ALL
    SELECT a."appliedAt"::date, ${rank('credit_application')}, a."id", 0, 0,
      b."billNumber", b."dueDate", NULL, NULL, NULL, NULL, c."id", a."amount"
    FROM "VendorCreditApplication" a
    JOIN "VendorCredit" c ON c."companyId" = a."companyId" AND c."id" = a."vendorCreditId"
    JOIN "Bill" b ON b."companyId" = a."companyId" AND b."id" = a."billId"
    WHERE a."companyId" = ${companyId} AND c."supplierId" = ${supplierId} AND c."currency" = ${currency}
    UNION ALL
    SELECT pp."paidAt", ${rank('prepayment')}, pp."id", pp."amount", 0,
      NULL, NULL, pp."reference", NULL, NULL, po."poNumber", NULL, pp."amount"
    FROM "Prepayment" pp LEFT JOIN "PurchaseOrder" po ON po."companyId" = pp."companyId" AND po."id" = pp."purchaseOrderId"
    WHERE pp."companyId" = ${companyId} AND pp."supplierId" = ${supplierId} AND pp."currency" = ${currency}
    UNION ALL
    SELECT a."appliedAt"::date, ${rank('prepayment_application')}, a."id", 0, 0,
      b."billNumber", b."dueDate", pp."reference", NULL, NULL, NULL, pp."id", a."amount"
    FROM "PrepaymentApplication" a
    JOIN "Prepayment" pp ON pp."companyId" = a."companyId" AND pp."id" = a."prepaymentId"
    JOIN "Bill" b ON b."companyId" = a."companyId" AND b."id" = a."billId"
    WHERE a."companyId" = ${companyId} AND pp."supplierId" = ${supplierId} AND pp."currency" = ${currency}
    UNION ALL
    SELECT b."voidedAt"::date, ${rank('void')}, b."id", b."total", 0,
      b."billNumber", b."dueDate", NULL, NULL, NULL, NULL, NULL, b."total"
    FROM "Bill" b WHERE ${approvedBill} AND b."voidedAt" IS NOT NULL`;
}

/** The reference and the human-readable description of a line. */
function describe(row: EventRow, currency: string): { reference: string; description: string } {
  const money = (value: unknown) => `${new Decimal(String(value)).toFixed(minorUnits(currency))} ${currency}`;
  const bill = `bill ${row.billNumber}`;
  switch (row.type) {
    case 'bill':
      return { reference: row.billNumber!, description: `Bill ${row.billNumber}, due ${formatDateOnly(row.dueDate)}` };
    case 'payment':
      return {
        reference: row.reference ?? `PAY-${row.id}`,
        description: `Payment of ${bill}${row.method ? ` (${row.method})` : ''}`,
      };
    case 'credit':
      return {
        reference: creditReference(row.id),
        description: `Vendor credit${row.sourceNumber ? ` for return ${row.sourceNumber}` : ''}${row.reason ? `: ${row.reason}` : ''}`,
      };
    case 'credit_application':
      return {
        reference: creditReference(row.sourceId!),
        description: `Vendor credit ${creditReference(row.sourceId!)} applied to ${bill}: ${money(row.amount)} (moves the credit onto the bill; no change to the balance)`,
      };
    case 'prepayment':
      return {
        reference: row.reference ?? prepaymentReference(row.id),
        description: `Prepayment${row.sourceNumber ? ` for purchase order ${row.sourceNumber}` : ''}`,
      };
    case 'prepayment_application':
      return {
        reference: row.reference ?? prepaymentReference(row.sourceId!),
        description: `Prepayment ${prepaymentReference(row.sourceId!)} applied to ${bill}: ${money(row.amount)} (moves the prepayment onto the bill; no change to the balance)`,
      };
    case 'void':
      return { reference: row.billNumber!, description: `Void of ${bill} (takes back its ${money(row.amount)})` };
  }
}

const creditReference = (id: number) => `VC-${id}`;
const prepaymentReference = (id: number) => `PP-${id}`;
