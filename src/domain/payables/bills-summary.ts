// Bills summary over a period, per supplier, in base currency:
//   billed      approved bills dated in the period (drafts are never owed);
//   voided      approved bills voided in the period (their totals: a void takes back what the bill added);
//   paid        payments dated in the period plus prepayment applications made in it;
//   credited    vendor credit applications made in it;
//   outstanding the open balances of bills as of `to` (bills-aging.ts, the same computation as the aging).
// Every amount is converted at its bill's exchange rate (the rate of the bill's date) and rounded to the base
// currency per document, so the columns add up the way the bills do. Applications count by their UTC date.
// Two SQL statements besides the company, whatever the number of documents.
import type { TenantDb } from '../../db/tenant-client.js';
import { Prisma } from '../../generated/prisma/client.js';
import { minorUnits } from '../shared/currency-codes.js';
import { formatDateOnly } from '../shared/dates.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { currentCompany } from '../tenancy/index.js';
import { checkReportPeriod } from './report-period.js';
import { agedOpenBalances } from './bills-aging.js';

export interface BillsSummaryArgs {
  /** YYYY-MM-DD; default the first day of the month of `to`. */
  from?: string | null;
  /** YYYY-MM-DD; default today (UTC). */
  to?: string | null;
}

export interface SummaryAmounts {
  billed: Decimal;
  voided: Decimal;
  paid: Decimal;
  credited: Decimal;
  outstanding: Decimal;
}

export interface SupplierSummary extends SummaryAmounts {
  supplier: { id: number; name: string };
}

export interface BillsSummaryReport {
  from: string;
  to: string;
  baseCurrency: string;
  /** Suppliers with anything in the period or outstanding at its end, by name. */
  suppliers: SupplierSummary[];
  totals: SummaryAmounts;
}

const emptyAmounts = (): SummaryAmounts => ({ billed: ZERO, voided: ZERO, paid: ZERO, credited: ZERO, outstanding: ZERO });
const AMOUNT_KEYS = ['billed', 'voided', 'paid', 'credited', 'outstanding'] as const;

export async function billsSummaryReport(db: TenantDb, args: BillsSummaryArgs): Promise<BillsSummaryReport> {
  const errors = new FieldErrorCollector();
  const period = checkReportPeriod(errors, args.from, args.to);
  errors.throwIfAny();
  const { from, to } = period!;

  const company = await currentCompany(db);
  const [flows, open] = await Promise.all([
    periodFlows(db, company.id, from, to, minorUnits(company.baseCurrency)),
    agedOpenBalances(db, company.id, to, company.baseCurrency),
  ]);

  const suppliers = new Map<number, SupplierSummary>();
  const row = (id: number, name: string) => {
    let found = suppliers.get(id);
    if (!found) suppliers.set(id, (found = { supplier: { id, name }, ...emptyAmounts() }));
    return found;
  };
  for (const flow of flows) {
    const summary = row(Number(flow.supplierId), flow.supplierName);
    for (const key of ['billed', 'voided', 'paid', 'credited'] as const) summary[key] = summary[key].plus(new Decimal(String(flow[key])));
  }
  for (const balance of open) {
    const summary = row(balance.supplierId, balance.supplierName);
    summary.outstanding = summary.outstanding.plus(balance.balanceBase);
  }
  const sorted = [...suppliers.values()].sort((a, b) => a.supplier.name.localeCompare(b.supplier.name) || a.supplier.id - b.supplier.id);
  const totals = emptyAmounts();
  for (const summary of sorted) for (const key of AMOUNT_KEYS) totals[key] = totals[key].plus(summary[key]);
  return { from: formatDateOnly(from)!, to: formatDateOnly(to)!, baseCurrency: company.baseCurrency, suppliers: sorted, totals };
}

/** Billed, voided, paid and credited in the period per supplier, in base currency (one statement). */
function periodFlows(db: TenantDb, companyId: number, from: Date, to: Date, baseDigits: number) {
  const start = Prisma.sql`${formatDateOnly(from)}::date`;
  const end = Prisma.sql`${formatDateOnly(to)}::date`;
  const base = (amount: Prisma.Sql) => Prisma.sql`ROUND(${amount} * b."exchangeRate", ${Prisma.raw(String(baseDigits))})`;
  const approved = Prisma.sql`b."companyId" = ${companyId} AND b."approvedAt" IS NOT NULL`;
  const billOf = (alias: string) => Prisma.raw(`JOIN "Bill" b ON b."companyId" = ${alias}."companyId" AND b."id" = ${alias}."billId"`);
  return db.$queryRaw<Array<{ supplierId: number; supplierName: string; billed: unknown; voided: unknown; paid: unknown; credited: unknown }>>`
    SELECT f."supplierId", s."name" AS "supplierName",
      SUM(f."billed") AS "billed", SUM(f."voided") AS "voided", SUM(f."paid") AS "paid", SUM(f."credited") AS "credited"
    FROM (
      SELECT b."supplierId", ${base(Prisma.sql`b."total"`)} AS "billed", 0::numeric AS "voided", 0::numeric AS "paid", 0::numeric AS "credited"
      FROM "Bill" b WHERE ${approved} AND b."billDate" BETWEEN ${start} AND ${end}
      UNION ALL
      SELECT b."supplierId", 0, ${base(Prisma.sql`b."total"`)}, 0, 0
      FROM "Bill" b WHERE ${approved} AND b."voidedAt" IS NOT NULL AND b."voidedAt" >= ${start} AND b."voidedAt" < ${end} + 1
      UNION ALL
      SELECT b."supplierId", 0, 0, ${base(Prisma.sql`p."amount"`)}, 0
      FROM "BillPayment" p ${billOf('p')} WHERE ${approved} AND p."paidAt" BETWEEN ${start} AND ${end}
      UNION ALL
      SELECT b."supplierId", 0, 0, ${base(Prisma.sql`a."amount"`)}, 0
      FROM "PrepaymentApplication" a ${billOf('a')} WHERE ${approved} AND a."appliedAt" >= ${start} AND a."appliedAt" < ${end} + 1
      UNION ALL
      SELECT b."supplierId", 0, 0, 0, ${base(Prisma.sql`a."amount"`)}
      FROM "VendorCreditApplication" a ${billOf('a')} WHERE ${approved} AND a."appliedAt" >= ${start} AND a."appliedAt" < ${end} + 1
    ) f
    JOIN "Supplier" s ON s."companyId" = ${companyId} AND s."id" = f."supplierId"
    GROUP BY f."supplierId", s."name"`;
}
