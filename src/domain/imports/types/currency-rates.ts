// currency_rates: exchange rates, 1 unit of `from` = rate units of `to` from as_of on, keyed as in the API by
// pair and date. The rules are the API's (exchange-rates.ts): two different ISO 4217 codes, a rate greater
// than 0 with up to 15 decimals, a YYYY-MM-DD date. A rate of a pair and date already kept is an error, or,
// with update_existing, gets the new rate. Each chunk runs three statements: the company, the stored rates
// of the chunk's pairs and dates, and one INSERT ... FROM unnest (ON CONFLICT DO UPDATE with update_existing).
import { Prisma } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
import { RATE_DECIMAL } from '../../currencies/index.js';
import { formatDateOnly } from '../../shared/dates.js';
import type { Decimal } from '../../shared/decimal.js';
import { currentCompany } from '../../tenancy/index.js';
import { dateCell, firstRowPerKey, RowErrors } from '../cells.js';
import type { CsvRow, ImportOptions, ImportType } from '../import-type.js';
import { checkedDecimalCell, currencyCell, inLineOrder } from './lookups.js';

export const currencyRatesImport: ImportType = {
  key: 'currency_rates',
  description:
    'Exchange rates: 1 unit of from = rate units of to, from the date as_of on (until a later rate of the pair). All four columns are required: ' +
    'from and to (different ISO 4217 codes such as EUR, USD), rate (greater than 0, up to 15 decimals) and as_of (YYYY-MM-DD). ' +
    'A rate of the same pair and date that is already kept is an error unless update_existing is set; then the row replaces its rate.',
  requiredColumns: ['from', 'to', 'rate', 'as_of'],
  optionalColumns: [],
  applyChunk,
};

interface Rate {
  row: CsvRow;
  from: string;
  to: string;
  rate: Decimal;
  asOf: string;
}

async function applyChunk(tx: TenantTx, rows: readonly CsvRow[], options: ImportOptions) {
  const errors = new RowErrors();
  const parsed = rows.map((row) => readRow(row, errors)).filter((r): r is Rate => r !== null);
  const keyOf = (r: Rate) => `${r.from}/${r.to}/${r.asOf}`;
  const byRow = new Map(parsed.map((r) => [r.row, r]));
  const unique = new Set(firstRowPerKey(parsed.map((r) => r.row), (row) => keyOf(byRow.get(row)!), 'as_of', errors, 'rate of this pair and date'));
  const candidates = parsed.filter((r) => unique.has(r.row));
  if (candidates.length === 0) return { applied: 0, errors: inLineOrder(errors) };

  const company = await currentCompany(tx);
  const stored = await tx.$queryRaw<Array<{ id: number; from: string; to: string; asOf: string }>>`
    SELECT r.id, r."fromCurrency" AS "from", r."toCurrency" AS "to", to_char(r."asOf", 'YYYY-MM-DD') AS "asOf"
    FROM "ExchangeRate" r
    JOIN unnest(${candidates.map((c) => c.from)}::text[], ${candidates.map((c) => c.to)}::text[], ${candidates.map((c) => c.asOf)}::date[]) AS v(f, t, d)
      ON r."fromCurrency" = v.f AND r."toCurrency" = v.t AND r."asOf" = v.d
    WHERE r."companyId" = ${company.id}`;
  const storedIdOf = new Map(stored.map((s) => [`${s.from}/${s.to}/${s.asOf}`, s.id]));

  const writes: Rate[] = [];
  for (const c of candidates) {
    const id = storedIdOf.get(keyOf(c));
    if (id !== undefined && !options.updateExisting) {
      errors.add(c.row, 'as_of', `A rate from ${c.from} to ${c.to} as of ${c.asOf} already exists (id ${id}); set update_existing to update it.`);
      continue;
    }
    writes.push(c);
  }
  if (writes.length > 0) {
    // Without update_existing, a rate another request stored since the read fails the chunk on the unique
    // index; the retried chunk then reports the row.
    const onConflict = options.updateExisting
      ? Prisma.sql`ON CONFLICT ("companyId", "fromCurrency", "toCurrency", "asOf") DO UPDATE SET rate = EXCLUDED.rate`
      : Prisma.empty;
    await tx.$executeRaw`
      INSERT INTO "ExchangeRate" ("companyId", "fromCurrency", "toCurrency", rate, "asOf")
      SELECT ${company.id}, v.f, v.t, v.rate, v.d
      FROM unnest(${writes.map((w) => w.from)}::text[], ${writes.map((w) => w.to)}::text[], ${writes.map((w) => w.rate.toFixed())}::numeric[], ${writes.map((w) => w.asOf)}::date[]) AS v(f, t, rate, d)
      ${onConflict}`;
  }
  return { applied: writes.length, errors: inLineOrder(errors) };
}

function readRow(row: CsvRow, errors: RowErrors): Rate | null {
  const from = currencyCell(row, 'from', errors, true);
  const to = currencyCell(row, 'to', errors, true);
  if (from && to && from === to) errors.add(row, 'to', 'The to currency must differ from the from currency.');
  const rate = checkedDecimalCell(row, 'rate', errors, { ...RATE_DECIMAL, required: true });
  const asOf = dateCell(row, 'as_of', errors) ?? (row.values.as_of ? null : errors.add(row, 'as_of', 'The as_of is required.'));
  if (errors.has(row)) return null;
  return { row, from: from!, to: to!, rate: rate!, asOf: formatDateOnly(asOf!)! };
}
