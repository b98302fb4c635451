// Shipping rate tables a company keeps for the built-in table-rate provider: per carrier and service, the
// zones it serves (ISO 3166-1 alpha-2 countries, optionally narrowed to states) and weight brackets
// ({maxWeightLb, amount}, strictly increasing by weight) in one currency, plus the divisor for dimensional
// weight (default 139). Zones and brackets are stored as JSON; decimals in them are kept as strings (exact).
import { Prisma, type ShippingRateTable } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { checkMoney } from '../currencies/index.js';
import { isCountryCode } from '../sales/index.js';
import { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError } from '../shared/errors.js';
import { checkCurrencyCode, checkDecimal, checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';

export interface ZoneInput {
  countries?: string[] | null;
  states?: string[] | null;
}
export interface BracketInput {
  maxWeightLb?: Decimal | null;
  amount?: Decimal | null;
}
export interface RateTableInput {
  carrier?: string | null;
  service?: string | null;
  currency?: string | null;
  zones?: ZoneInput[] | null;
  brackets?: BracketInput[] | null;
  dimDivisor?: Decimal | null;
  estimatedDays?: number | null;
}

export interface Zone {
  countries: string[];
  states: string[] | null;
}
export interface Bracket {
  maxWeightLb: Decimal;
  amount: Decimal;
}

export const DEFAULT_DIM_DIVISOR = new Decimal(139);
const WEIGHT = { scale: 4, precision: 12, min: 0, minExclusive: true } as const;

/** The zones of a stored table. */
export function zonesOf(table: Pick<ShippingRateTable, 'zones'>): Zone[] {
  return ((table.zones ?? []) as any[]).map((z) => ({ countries: z.countries ?? [], states: z.states ?? null }));
}

/** The brackets of a stored table, as exact decimals. */
export function bracketsOf(table: Pick<ShippingRateTable, 'brackets'>): Bracket[] {
  return ((table.brackets ?? []) as any[]).map((b) => ({ maxWeightLb: new Decimal(b.maxWeightLb), amount: new Decimal(b.amount) }));
}

// zonesOf and bracketsOf in SQL, of an element of the stored arrays (storedArrayElements in selection-json-sql.ts,
// as `zone` and `bracket`).
/** A zone's countries as jsonb (absent or null: none), of a stored zone. */
export const zoneCountriesSql = (zone: string) => `coalesce(nullif(${zone}.zone -> 'countries', 'null'::jsonb), '[]'::jsonb)`;
/** A zone's states as jsonb (absent: null), of a stored zone. */
export const zoneStatesSql = (zone: string) => `nullif(${zone}.zone -> 'states', 'null'::jsonb)`;
/** A bracket's decimal (kept as a string, or a number) as numeric, of a stored bracket. */
export const bracketDecimalSql = (key: keyof Bracket) => (bracket: string) => `(${bracket}.bracket ->> '${key}')::numeric`;

export function listRateTables(db: TenantDb, query: PassThroughQuery = {}) {
  return db.shippingRateTable.findMany({ ...query, orderBy: [{ carrier: 'asc' }, { service: 'asc' }, { id: 'asc' }] });
}

export async function getRateTable(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const table = await db.shippingRateTable.findUnique({ ...query, where: byId(id) });
  if (!table) throw new NotFoundError('Shipping rate table', id);
  return table;
}

export async function createRateTable(db: TenantDb, input: RateTableInput, query: AnswerQuery = {}) {
  const data = checkRateTable(input, true);
  return db.$transaction(async (tx) => {
    await refuseDuplicate(tx, data.carrier, data.service, null);
    const created = await tx.shippingRateTable.create({ data: data as unknown as Prisma.ShippingRateTableUncheckedCreateInput });
    return readAnswer(tx, created.id, query, (q) => tx.shippingRateTable.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

export async function updateRateTable(db: TenantDb, id: number, input: RateTableInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const current = await getRateTable(tx, id);
    const merged: RateTableInput = {
      carrier: current.carrier,
      service: current.service,
      currency: current.currency,
      zones: zonesOf(current),
      brackets: bracketsOf(current),
      dimDivisor: current.dimDivisor,
      estimatedDays: current.estimatedDays,
    };
    for (const key of Object.keys(input) as (keyof RateTableInput)[]) {
      if (input[key] !== undefined) (merged as any)[key] = input[key];
    }
    // A null for a required field is refused ("may not be empty"); dim_divisor null means the default.
    const data = checkRateTable(merged, false);
    await refuseDuplicate(tx, data.carrier, data.service, id);
    await tx.shippingRateTable.update({ where: byId(id), data: data as unknown as Prisma.ShippingRateTableUncheckedUpdateInput });
    return readAnswer(tx, id, query, (q) => tx.shippingRateTable.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

export async function deleteRateTable(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getRateTable(tx, id);
    const table = await readAnswer(tx, id, query, (q) => tx.shippingRateTable.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.shippingRateTable.delete({ where: byId(id) });
    return table;
  });
}

async function refuseDuplicate(tx: TenantTx, carrier: string, service: string, ownId: number | null): Promise<void> {
  const clash = await tx.shippingRateTable.findFirst({ where: { carrier, service, ...(ownId !== null ? { id: { not: ownId } } : {}) } });
  if (clash) {
    const errors = new FieldErrorCollector();
    errors.add('service', `A rate table for ${carrier} ${service} exists already (id ${clash.id}).`);
    errors.throwIfAny();
  }
}

function checkRateTable(input: RateTableInput, creating: boolean) {
  const errors = new FieldErrorCollector();
  for (const field of ['carrier', 'service'] as const) {
    checkRequiredText(errors, field, input[field], creating || input[field] === null);
    checkMaxLength(errors, field, input[field]?.trim(), 64);
  }
  if (input.currency == null) errors.add('currency', 'The currency field is required.');
  checkCurrencyCode(errors, 'currency', input.currency);

  const zones: Zone[] = [];
  if (input.zones == null || input.zones.length === 0) errors.add('zones', 'Give at least one zone: {countries: [ISO 3166-1 alpha-2 codes], states?: [...]}.');
  (input.zones ?? []).forEach((zone, z) => {
    const countries = (zone.countries ?? []).map((c) => c.trim().toUpperCase());
    if (countries.length === 0) errors.add(`zones.${z}.countries`, 'A zone needs at least one country.');
    countries.forEach((code, c) => {
      if (!isCountryCode(code)) errors.add(`zones.${z}.countries.${c}`, `"${zone.countries![c]}" is not an ISO 3166-1 alpha-2 country code, such as US or DE.`);
    });
    const states = zone.states == null ? null : zone.states.map((s) => s.trim().toUpperCase());
    if (states && states.some((s) => s === '')) errors.add(`zones.${z}.states`, 'A state may not be empty.');
    zones.push({ countries: [...new Set(countries)], states: states && states.length > 0 ? [...new Set(states)] : null });
  });

  const brackets: { maxWeightLb: string; amount: string }[] = [];
  if (input.brackets == null || input.brackets.length === 0) errors.add('brackets', 'Give at least one bracket: {max_weight_lb, amount}.');
  let previous: Decimal | null = null;
  (input.brackets ?? []).forEach((bracket, b) => {
    const weight = bracket.maxWeightLb;
    if (weight == null) errors.add(`brackets.${b}.maxWeightLb`, 'The max weight lb field is required.');
    else {
      checkDecimal(errors, `brackets.${b}.maxWeightLb`, weight, WEIGHT);
      if (previous && weight.lte(previous)) errors.add(`brackets.${b}.maxWeightLb`, `Brackets must be strictly increasing by max weight: ${weight} does not exceed ${previous}.`);
      previous = weight;
    }
    if (bracket.amount == null) errors.add(`brackets.${b}.amount`, 'The amount field is required.');
    else if (input.currency && typeof input.currency === 'string') checkMoney(errors, `brackets.${b}.amount`, bracket.amount, input.currency);
    if (weight != null && bracket.amount != null) brackets.push({ maxWeightLb: weight.toString(), amount: bracket.amount.toString() });
  });

  const dimDivisor = input.dimDivisor ?? DEFAULT_DIM_DIVISOR;
  checkDecimal(errors, 'dimDivisor', dimDivisor, { scale: 2, precision: 10, min: 0, minExclusive: true });
  if (input.estimatedDays != null && (input.estimatedDays < 0 || input.estimatedDays > 365)) errors.add('estimatedDays', 'The estimated days must be from 0 to 365.');
  errors.throwIfAny();
  return {
    carrier: input.carrier!.trim(),
    service: input.service!.trim(),
    currency: input.currency!,
    zones: zones as unknown as Prisma.InputJsonValue,
    brackets: brackets as unknown as Prisma.InputJsonValue,
    dimDivisor,
    estimatedDays: input.estimatedDays ?? null,
  };
}
