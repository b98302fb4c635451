// Exchange rates a company keeps: 1 unit of `from` = rate units of `to`, valid from `as_of` until a later
// rate of the same pair. The rate for a date is the latest one on or before it. A conversion uses the direct
// rate, else the inverse of the opposite pair, else two legs through the company's base currency.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { formatDateOnly, parseDateOnly, todayUtc } from '../shared/dates.js';
import { ONE, parseDecimalText, type Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkCurrencyCode, checkDateOnly, checkDecimal } from '../shared/field-checks.js';
import { pageWindow, type Page, type PageArgs } from '../shared/pagination.js';
import { parseSort } from '../shared/sorting.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { roundToCurrency } from '../shared/currency-codes.js';
import { currentCompany } from '../tenancy/index.js';
import { listPage } from '../shared/list-page.js';

/** The rate column: NUMERIC(30, 15). */
export const RATE_DECIMAL = { scale: 15, precision: 30, min: 0, minExclusive: true } as const;
/** An amount to convert: at most 10 decimals and less than 10^16 either way. */
const CONVERTIBLE_AMOUNT = { scale: 10, precision: 26 } as const;

export interface ExchangeRateInput {
  from?: string | null;
  to?: string | null;
  rate?: Decimal | null;
  asOf?: string | null;
}

export interface ExchangeRateListArgs extends PageArgs {
  from?: string | null;
  to?: string | null;
  /** YYYY-MM-DD: the rates in force on that date, one per pair. */
  date?: string | null;
  sort?: string | null;
}

export type ExchangeRateQuery = Pick<Prisma.ExchangeRateFindManyArgs, 'select'>;

const SORTABLE = { id: 'id', from: 'fromCurrency', to: 'toCurrency', as_of: 'asOf', created_at: 'createdAt' };

export async function listExchangeRates(db: TenantDb, args: ExchangeRateListArgs, query: PassThroughQuery = {}): Promise<Page<any>> {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort, SORTABLE, '-as_of', errors);
  checkCurrencyCode(errors, 'from', args.from);
  checkCurrencyCode(errors, 'to', args.to);
  const date = args.date == null ? null : checkDateOnly(errors, 'date', args.date);
  errors.throwIfAny();
  const where: Prisma.ExchangeRateWhereInput = {
    ...(args.from ? { fromCurrency: args.from } : {}),
    ...(args.to ? { toCurrency: args.to } : {}),
    ...(date ? { asOf: { lte: date } } : {}),
  };
  if (date) {
    // In force on the date: per pair, the latest rate on or before it.
    const inForce = await db.exchangeRate.findMany({
      where,
      distinct: ['fromCurrency', 'toCurrency'],
      orderBy: [{ fromCurrency: 'asc' }, { toCurrency: 'asc' }, { asOf: 'desc' }],
      select: { id: true },
    });
    where.id = { in: inForce.map((rate) => rate.id) };
  }
  return listPage(db, 'exchangeRate', query, { where, orderBy, window });
}

export async function getExchangeRate(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const rate = await db.exchangeRate.findUnique({ ...query, where: byId(id) });
  if (!rate) throw new NotFoundError('Exchange rate', id);
  return rate;
}

export async function createExchangeRate(db: TenantDb, input: ExchangeRateInput, query: AnswerQuery = {}) {
  const errors = new FieldErrorCollector();
  for (const field of ['from', 'to'] as const) {
    if (!input[field]) errors.add(field, `The ${field} currency is required.`);
    checkCurrencyCode(errors, field, input[field]);
  }
  if (input.from && input.to && input.from === input.to) errors.add('to', 'The to currency must differ from the from currency.');
  if (input.rate == null) errors.add('rate', 'The rate is required.');
  checkDecimal(errors, 'rate', input.rate, RATE_DECIMAL);
  let asOf: Date | null = null;
  if (input.asOf == null) errors.add('asOf', 'The as of date is required.');
  else asOf = checkDateOnly(errors, 'asOf', input.asOf);
  errors.throwIfAny();
  return db.$transaction(async (tx) => {
    const clash = await tx.exchangeRate.findFirst({ where: { fromCurrency: input.from!, toCurrency: input.to!, asOf: asOf! } });
    if (clash) {
      errors.add('asOf', `A rate from ${input.from} to ${input.to} as of ${formatDateOnly(asOf!)} exists already (id ${clash.id}); delete it first.`);
      errors.throwIfAny();
    }
    const created = await tx.exchangeRate.create({
      data: { fromCurrency: input.from!, toCurrency: input.to!, rate: input.rate!, asOf: asOf! } as Prisma.ExchangeRateUncheckedCreateInput,
      select: { id: true },
    });
    return readAnswer(tx, created.id, query, (q) => tx.exchangeRate.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function deleteExchangeRate(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getExchangeRate(tx, id, { select: { id: true } });
    const rate = await readAnswer(tx, id, query, (q) => tx.exchangeRate.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.exchangeRate.delete({ where: byId(id) });
    return rate;
  });
}

export type ConversionRoute = 'same' | 'direct' | 'inverse' | 'base';

export interface EffectiveRate {
  rate: Decimal;
  /** The date of the oldest rate used (the conversion is as current as that). */
  asOf: Date;
  via: ConversionRoute;
}

/** The rate from one currency to another on a date, or null when no stored rate leads there. */
export async function effectiveRate(
  db: TenantDb | TenantTx,
  from: string,
  to: string,
  date: Date,
  /** The company's base currency when the caller has it already (it is read otherwise). */
  base?: string,
): Promise<EffectiveRate | null> {
  if (from === to) return { rate: ONE, asOf: date, via: 'same' };
  const baseCurrency = base ?? (await currentCompany(db)).baseCurrency;
  const codes = [...new Set([from, to, baseCurrency])];
  // One query for every pair among the three currencies; per pair, the latest rate on or before the date.
  const rows = await db.exchangeRate.findMany({
    where: { fromCurrency: { in: codes }, toCurrency: { in: codes }, asOf: { lte: date } },
    distinct: ['fromCurrency', 'toCurrency'],
    orderBy: [{ fromCurrency: 'asc' }, { toCurrency: 'asc' }, { asOf: 'desc' }],
  });
  const leg = (a: string, b: string): { rate: Decimal; asOf: Date; inverse: boolean } | null => {
    const direct = rows.find((row) => row.fromCurrency === a && row.toCurrency === b);
    if (direct) return { rate: direct.rate, asOf: direct.asOf, inverse: false };
    const opposite = rows.find((row) => row.fromCurrency === b && row.toCurrency === a);
    return opposite ? { rate: ONE.div(opposite.rate), asOf: opposite.asOf, inverse: true } : null;
  };
  const single = leg(from, to);
  if (single) return { rate: single.rate, asOf: single.asOf, via: single.inverse ? 'inverse' : 'direct' };
  if (from === baseCurrency || to === baseCurrency) return null;
  const first = leg(from, baseCurrency);
  const second = leg(baseCurrency, to);
  if (!first || !second) return null;
  return { rate: first.rate.mul(second.rate), asOf: first.asOf < second.asOf ? first.asOf : second.asOf, via: 'base' };
}

export interface ConversionArgs {
  from?: string | null;
  to?: string | null;
  amount?: string | null;
  date?: string | null;
}

export interface Conversion {
  from: string;
  to: string;
  amount: Decimal;
  rate: Decimal;
  convertedAmount: Decimal;
  asOf: string;
  via: ConversionRoute;
}

/** Converts an amount at the rate of a date (default today, UTC), rounded to the target currency's minor units. */
export async function convertAmount(db: TenantDb, args: ConversionArgs, today = new Date()): Promise<Conversion> {
  const errors = new FieldErrorCollector();
  for (const field of ['from', 'to'] as const) {
    if (!args[field]) errors.add(field, `The ${field} currency is required.`);
    checkCurrencyCode(errors, field, args[field]);
  }
  let amount: Decimal | null = null;
  if (args.amount == null || args.amount.trim() === '') errors.add('amount', 'The amount is required.');
  else if (!(amount = parseDecimalText(args.amount, { negative: true }))) errors.add('amount', 'The amount must be a number, such as 100 or 12.50.');
  // Bounded like the amounts the service keeps (money columns below 10^16, unit costs to 10 decimals): an
  // amount of hundreds of digits would otherwise be answered as null, the JSON number it becomes being infinite.
  else checkDecimal(errors, 'amount', amount, CONVERTIBLE_AMOUNT);
  const date = args.date == null ? todayUtc(today) : checkDateOnly(errors, 'date', args.date);
  errors.throwIfAny();
  const found = await effectiveRate(db, args.from!, args.to!, date!);
  if (!found) {
    errors.add('to', `No exchange rate leads from ${args.from} to ${args.to} on or before ${formatDateOnly(date!)}.`);
    errors.throwIfAny();
  }
  return {
    from: args.from!,
    to: args.to!,
    amount: amount!,
    rate: found!.rate.toSignificantDigits(15),
    convertedAmount: roundToCurrency(amount!.mul(found!.rate), args.to!),
    asOf: formatDateOnly(found!.asOf)!,
    via: found!.via,
  };
}

