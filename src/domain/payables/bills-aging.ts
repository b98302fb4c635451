// Aging of what is owed on bills: the open balances of approved bills as of a date, by days past due. The one
// computation behind the bills aging report and the aging block of a vendor statement.
//
// A bill is open as of a date D when it was approved (drafts are never owed), its bill date is on or before D,
// it was not voided by the end of D, and its balance as of D is above zero. Its balance as of D is its total
// minus the payments dated on or before D and the prepayment and vendor credit applications made on or before
// D (their UTC date): the stored records, not the running amountPaid / amountCredited, so a past date reads
// the past. A bill counts from its bill date even when it was approved later (the service states what it
// knows now). days past due = D − due date; current = not yet due (0 days or fewer).
//
// One SQL statement answers it, grouped by supplier, currency and bucket, whatever the number of bills. The
// base-currency amount of a bill is its balance × its exchange rate rounded to the base currency's minor units
// (PostgreSQL's ROUND rounds half away from zero, like roundToCurrency), then summed.
import type { TenantDb } from '../../db/tenant-client.js';
import { Prisma } from '../../generated/prisma/client.js';
import { minorUnits } from '../shared/currency-codes.js';
import { currentCompany } from '../tenancy/index.js';
import { formatDateOnly, todayUtc } from '../shared/dates.js';
import { Decimal, ZERO } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkDateOnly } from '../shared/field-checks.js';

/** The aging buckets, by days past due: up to `maxDays` (null: no upper limit), in this order. */
export const AGING_BUCKETS = [
  { key: 'current', maxDays: 0 },
  { key: 'days1To30', maxDays: 30 },
  { key: 'days31To60', maxDays: 60 },
  { key: 'days61To90', maxDays: 90 },
  { key: 'daysOver90', maxDays: null },
] as const;

export type AgingBucketKey = (typeof AGING_BUCKETS)[number]['key'];
export type AgingAmounts = Record<AgingBucketKey, Decimal> & { total: Decimal };

export function emptyAging(): AgingAmounts {
  return { current: ZERO, days1To30: ZERO, days31To60: ZERO, days61To90: ZERO, daysOver90: ZERO, total: ZERO };
}

function addToAging(aging: AgingAmounts, bucket: AgingBucketKey, amount: Decimal): void {
  aging[bucket] = aging[bucket].plus(amount);
  aging.total = aging.total.plus(amount);
}

/** Open balances of one supplier in one currency and bucket. */
export interface AgedBalance {
  supplierId: number;
  supplierName: string;
  currency: string;
  bucket: AgingBucketKey;
  /** In the bills' currency. */
  balance: Decimal;
  /** In base currency: Σ round(balance × exchange rate of each bill). */
  balanceBase: Decimal;
}

export interface AgedBalanceFilter {
  supplierId?: number;
  currency?: string;
}

/** YYYY-MM-DD of a UTC-midnight date, as SQL text for a `::date` cast. */
const sqlDate = (date: Date) => formatDateOnly(date)!;

function bucketCase(daysPastDue: Prisma.Sql): Prisma.Sql {
  const limited = AGING_BUCKETS.filter((b) => b.maxDays !== null);
  const last = AGING_BUCKETS[AGING_BUCKETS.length - 1].key;
  return Prisma.sql`CASE ${Prisma.join(
    limited.map((b) => Prisma.sql`WHEN ${daysPastDue} <= ${Prisma.raw(String(b.maxDays))} THEN ${Prisma.raw(`'${b.key}'`)}`),
    ' ',
  )} ELSE ${Prisma.raw(`'${last}'`)} END`;
}

/**
 * The open balances as of `asOf` (a UTC-midnight date: the end of that day counts) per supplier, currency and
 * bucket. Raw SQL bypasses the tenant client, so every table is filtered by `companyId` here.
 */
export async function agedOpenBalances(
  db: TenantDb,
  companyId: number,
  asOf: Date,
  baseCurrency: string,
  filter: AgedBalanceFilter = {},
): Promise<AgedBalance[]> {
  const day = sqlDate(asOf);
  const digits = Prisma.raw(String(minorUnits(baseCurrency)));
  const supplier = filter.supplierId != null ? Prisma.sql`AND b."supplierId" = ${filter.supplierId}` : Prisma.empty;
  const currency = filter.currency != null ? Prisma.sql`AND b."currency" = ${filter.currency}` : Prisma.empty;
  const rows = await db.$queryRaw<Array<{ supplierId: number; supplierName: string; currency: string; bucket: AgingBucketKey; balance: unknown; balanceBase: unknown }>>`
    WITH "asOf" AS (
      SELECT b."supplierId", b."currency", b."exchangeRate", (${day}::date - b."dueDate") AS "daysPastDue",
        b."total"
        - COALESCE((SELECT SUM(p."amount") FROM "BillPayment" p
                    WHERE p."companyId" = b."companyId" AND p."billId" = b."id" AND p."paidAt" <= ${day}::date), 0)
        - COALESCE((SELECT SUM(a."amount") FROM "PrepaymentApplication" a
                    WHERE a."companyId" = b."companyId" AND a."billId" = b."id" AND a."appliedAt" < ${day}::date + 1), 0)
        - COALESCE((SELECT SUM(a."amount") FROM "VendorCreditApplication" a
                    WHERE a."companyId" = b."companyId" AND a."billId" = b."id" AND a."appliedAt" < ${day}::date + 1), 0) AS "balance"
      FROM "Bill" b
      WHERE b."companyId" = ${companyId} AND b."approvedAt" IS NOT NULL AND b."billDate" <= ${day}::date
        AND (b."voidedAt" IS NULL OR b."voidedAt" >= ${day}::date + 1)
        ${supplier} ${currency}
    )
    SELECT o."supplierId", s."name" AS "supplierName", o."currency", ${bucketCase(Prisma.sql`o."daysPastDue"`)} AS "bucket",
      SUM(o."balance") AS "balance", SUM(ROUND(o."balance" * o."exchangeRate", ${digits})) AS "balanceBase"
    FROM "asOf" o
    JOIN "Supplier" s ON s."companyId" = ${companyId} AND s."id" = o."supplierId"
    WHERE o."balance" > 0
    GROUP BY o."supplierId", s."name", o."currency", 4
    ORDER BY s."name", o."supplierId", o."currency"`;
  return rows.map((row) => ({
    supplierId: Number(row.supplierId),
    supplierName: row.supplierName,
    currency: row.currency,
    bucket: row.bucket,
    balance: new Decimal(String(row.balance)),
    balanceBase: new Decimal(String(row.balanceBase)),
  }));
}

/** The buckets of balances in their own currency (callers filter to one currency). */
export function agingInCurrency(balances: AgedBalance[]): AgingAmounts {
  const aging = emptyAging();
  for (const row of balances) addToAging(aging, row.bucket, row.balance);
  return aging;
}

// ── The report ──

export interface BillsAgingArgs {
  /** YYYY-MM-DD; default today (UTC). */
  asOf?: string | null;
  supplierId?: number | null;
}

export interface CurrencyAging extends AgingAmounts {
  currency: string;
}

export interface SupplierAging extends AgingAmounts {
  supplier: { id: number; name: string };
  /** The same balances in each original currency. */
  byCurrency: CurrencyAging[];
}

export interface BillsAgingReport {
  asOf: string;
  baseCurrency: string;
  /** Suppliers with an open balance, by name. */
  suppliers: SupplierAging[];
  totals: AgingAmounts;
}

export async function billsAgingReport(db: TenantDb, args: BillsAgingArgs): Promise<BillsAgingReport> {
  const errors = new FieldErrorCollector();
  const asOf = args.asOf == null ? todayUtc() : checkDateOnly(errors, 'asOf', args.asOf);
  errors.throwIfAny();
  const company = await currentCompany(db);
  const balances = await agedOpenBalances(db, company.id, asOf!, company.baseCurrency, args.supplierId != null ? { supplierId: args.supplierId } : {});

  const suppliers = new Map<number, SupplierAging>();
  const totals = emptyAging();
  for (const row of balances) {
    let supplier = suppliers.get(row.supplierId);
    if (!supplier) {
      supplier = { supplier: { id: row.supplierId, name: row.supplierName }, ...emptyAging(), byCurrency: [] };
      suppliers.set(row.supplierId, supplier);
    }
    let inCurrency = supplier.byCurrency.find((c) => c.currency === row.currency);
    if (!inCurrency) {
      inCurrency = { currency: row.currency, ...emptyAging() };
      supplier.byCurrency.push(inCurrency);
    }
    addToAging(supplier, row.bucket, row.balanceBase);
    addToAging(inCurrency, row.bucket, row.balance);
    addToAging(totals, row.bucket, row.balanceBase);
  }
  return { asOf: sqlDate(asOf!), baseCurrency: company.baseCurrency, suppliers: [...suppliers.values()], totals };
}
