// The supplier_skus, boms, price_lists and currency_rates import types against a real database: what a chunk
// writes, the error of each bad row (line, column, message), update_existing off and on, the company's own
// data only, and the statements a chunk runs: the same for 3 rows as for 60.
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, type TenantDb } from '../../src/db/tenant-client.js';
import { createBom, updateBom } from '../../src/domain/boms/boms.js';
import { createExchangeRate } from '../../src/domain/currencies/exchange-rates.js';
import type { CsvRow, ImportOptions, ImportType } from '../../src/domain/imports/import-type.js';
import { bomImportGroupKey, bomsImport } from '../../src/domain/imports/types/boms.js';
import { currencyRatesImport } from '../../src/domain/imports/types/currency-rates.js';
import { priceListsImport } from '../../src/domain/imports/types/price-lists.js';
import { supplierSkusImport } from '../../src/domain/imports/types/supplier-skus.js';
import { createPriceList } from '../../src/domain/pricing/price-lists.js';
import { createProduct, updateProduct } from '../../src/domain/products/products.js';
import { Decimal } from '../../src/domain/shared/decimal.js';
import { createSupplier } from '../../src/domain/suppliers/suppliers.js';
import { companyWithClient } from '../support/seed.js';
import { databaseForTests } from '../support/file-server.js';
import { recordStatements } from '../support/statement-log.js';

const statements: string[] = [];
const database = databaseForTests({ onQuery: recordStatements(statements) });
let db: TenantDb;
let other: TenantDb;
const ids: Record<string, number> = {};
let acmeParts: { id: number };
let globexSupplier: { id: number };

/** Rows of a small CSV (no quoting): the header is line 1. */
function csv(text: string): CsvRow[] {
  const [header, ...lines] = text.trim().split('\n');
  const names = header.split(',').map((name) => name.trim().toLowerCase());
  return lines.map((line, index) => {
    const cells = line.split(',');
    return { line: index + 2, values: Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? '').trim()])) };
  });
}

function apply(type: ImportType, rows: string | CsvRow[], options: Partial<ImportOptions> = {}, client: TenantDb = db) {
  return client.$transaction((tx) => type.applyChunk(tx, typeof rows === 'string' ? csv(rows) : rows, { dryRun: false, updateExisting: false, delimiter: ',', ...options }));
}

/** The statements one call runs (the transaction's own included). */
async function counted(call: () => Promise<unknown>): Promise<number> {
  const before = statements.length;
  await call();
  return statements.length - before;
}

/**
 * Applies two chunks of new rows, a small and a large one, then two with update_existing: each pair runs the
 * same number of statements. The counts are printed for the record.
 */
async function expectStatementsWhateverTheSize(type: ImportType, create: [small: string, large: string], update: [small: string, large: string]) {
  const created = [await counted(() => apply(type, create[0])), await counted(() => apply(type, create[1]))];
  expect(created[1]).toBe(created[0]);
  const updated = [await counted(() => apply(type, update[0], { updateExisting: true })), await counted(() => apply(type, update[1], { updateExisting: true }))];
  expect(updated[1]).toBe(updated[0]);
  console.log(`${type.key} statements per chunk: create ${created[0]}, update ${updated[0]} (transaction included)`);
}

const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('\n');
const product = async (sku: string, extra: Record<string, unknown> = {}) => {
  const created = await createProduct(db, { name: `Product ${sku}`, sku, ...extra } as any);
  ids[sku] = created.id;
  return created;
};

beforeAll(async () => {
  db = (await companyWithClient(database.prisma, 'acme')).db;
  other = (await companyWithClient(database.prisma, 'globex')).db;
  for (const sku of ['GADGET', 'BOLT', 'NUT', 'FRAME', 'WHEEL', 'BIKE', 'SEAT', 'CHAIN', 'X', 'Y', 'Z']) await product(sku);
  await product('WIDGET', { alternateSkus: [{ sku: 'WIDGET-ALT' }] });
  await product('OLD');
  await db.product.update({ where: byId(ids.OLD), data: { status: 0 } });
  await db.product.createMany({ data: Array.from({ length: 130 }, (_, i) => ({ name: `Bulk ${i}`, sku: `P-${String(i).padStart(3, '0')}` })) as any });
  for (const p of await db.product.findMany({ where: { sku: { startsWith: 'P-' } }, select: { id: true, sku: true } })) ids[p.sku] = p.id;
  acmeParts = await createSupplier(db, { name: 'ACME Parts', currency: 'EUR' });
  await createSupplier(db, { name: 'NoCurrency' });
  await createSupplier(db, { name: 'Twin' });
  await createSupplier(db, { name: 'Twin' });

  // Another company with the same names, codes and keys: an import never sees them.
  globexSupplier = await createSupplier(other, { name: 'Globex Only', currency: 'USD' });
  await createSupplier(other, { name: 'ACME Parts', currency: 'GBP' });
  const globexWidget = await createProduct(other, { name: 'Their widget', sku: 'THEIRS' } as any);
  await other.supplierSku.create({ data: { supplierId: globexSupplier.id, productId: globexWidget.id, supplierSku: 'AC-1' } as any });
  await createExchangeRate(other, { from: 'EUR', to: 'USD', rate: new Decimal('9'), asOf: '2026-01-01' });
  await createPriceList(other, { name: 'Wholesale', currency: 'GBP', entries: [{ productId: globexWidget.id, minQuantity: new Decimal(0), price: new Decimal(1) }] });
}, 120_000);

describe('supplier_skus', () => {
  it('creates supplier SKUs by supplier name or id and by sku or alternate sku, in the supplier\'s currency by default', async () => {
    const result = await apply(supplierSkusImport, `
supplier,sku,supplier_sku,cost,currency,min_order_quantity,order_multiple,lead_time_days
ACME Parts,WIDGET,AC-1,2.50,,10,5,7
${acmeParts.id},WIDGET-ALT,AC-2,3,usd,,,
NoCurrency,GADGET,NC-1,,,,,`);
    expect(result).toEqual({ applied: 3, errors: [] });
    const stored = await db.supplierSku.findMany({ where: { supplierSku: { in: ['AC-1', 'AC-2', 'NC-1'] } }, orderBy: { supplierSku: 'asc' } });
    expect(stored.map((s) => [s.supplierSku, s.productId, s.cost?.toFixed() ?? null, s.currency, s.minOrderQuantity?.toFixed() ?? null, s.orderMultiple?.toFixed() ?? null, s.leadTimeDays])).toEqual([
      ['AC-1', ids.WIDGET, '2.5', 'EUR', '10', '5', 7],
      ['AC-2', ids.WIDGET, '3', 'USD', null, null, null],
      ['NC-1', ids.GADGET, null, null, null, null, null],
    ]);
    expect(stored[0].supplierId).toBe(acmeParts.id);
  });

  it('reports every bad value with its line and column, and applies the good rows', async () => {
    const result = await apply(supplierSkusImport, `
supplier,sku,supplier_sku,cost,currency,min_order_quantity,order_multiple,lead_time_days
Nobody,WIDGET,E-1,1,,,,
ACME Parts,NOPE,E-2,1,,,,
ACME Parts,WIDGET,E-3,-1,,,,
ACME Parts,WIDGET,E-4,abc,usd,-2,0,1.5
ACME Parts,WIDGET,E-5,1.1234567,XYZ,,,
ACME Parts,WIDGET,,1,,,,
Twin,WIDGET,E-6,1,,,,
ACME Parts,GADGET,E-7,1,,,,
ACME Parts,WIDGET,E-7,2,,,,
${globexSupplier.id},WIDGET,E-8,1,,,,
Globex Only,THEIRS,E-9,1,,,,
ACME Parts,OLD,E-10,1,,,,`);
    const twins = await db.supplier.findMany({ where: { name: 'Twin' }, orderBy: { id: 'asc' } });
    expect(result.applied).toBe(1);
    expect(result.errors).toEqual([
      { line: 2, column: 'supplier', message: 'No supplier is named "Nobody".' },
      { line: 3, column: 'sku', message: 'No active product has the sku or alternate sku "NOPE".' },
      { line: 4, column: 'cost', message: 'The cost must be a number of at least 0, written with digits and a dot (got "-1").' },
      { line: 5, column: 'cost', message: 'The cost must be a number of at least 0, written with digits and a dot (got "abc").' },
      { line: 5, column: 'min_order_quantity', message: 'The min_order_quantity must be a number of at least 0, written with digits and a dot (got "-2").' },
      { line: 5, column: 'order_multiple', message: 'The order multiple must be greater than 0.' },
      { line: 5, column: 'lead_time_days', message: 'The lead_time_days must be a whole number from 0 to 2147483647 (got "1.5").' },
      { line: 6, column: 'cost', message: 'The cost may have at most 6 decimal places.' },
      { line: 6, column: 'currency', message: 'The currency must be an ISO 4217 currency code such as USD (got "XYZ").' },
      { line: 7, column: 'supplier_sku', message: 'The supplier_sku is required.' },
      { line: 11, column: 'supplier', message: `No supplier is named "${globexSupplier.id}" or has that id.` },
      { line: 12, column: 'supplier', message: 'No supplier is named "Globex Only".' },
      { line: 12, column: 'sku', message: 'No active product has the sku or alternate sku "THEIRS".' },
      { line: 13, column: 'sku', message: 'No active product has the sku or alternate sku "OLD".' },
      { line: 8, column: 'supplier', message: `2 suppliers are named "Twin" (ids ${twins.map((t) => t.id).join(', ')}): give the supplier's id instead.` },
      { line: 10, column: 'supplier_sku', message: 'The supplier_sku of this supplier is given again; line 9 already has it.' },
    ].sort((a, b) => a.line - b.line));
    const written = await db.supplierSku.findMany({ where: { supplierSku: { startsWith: 'E-' } } });
    expect(written.map((s) => [s.supplierSku, s.productId, s.cost?.toFixed()])).toEqual([['E-7', ids.GADGET, '1']]);
  });

  it('refuses a code the supplier has without update_existing, and updates it with update_existing (an empty cell keeps the value)', async () => {
    await apply(supplierSkusImport, `
supplier,sku,supplier_sku,cost,currency,lead_time_days
ACME Parts,BOLT,U-1,1,GBP,3`);
    const refused = await apply(supplierSkusImport, `
supplier,sku,supplier_sku,cost,currency,lead_time_days
ACME Parts,BOLT,U-1,2,,
ACME Parts,BOLT,U-2,2,,`);
    const u1 = await db.supplierSku.findFirstOrThrow({ where: { supplierSku: 'U-1' } });
    expect(refused).toEqual({
      applied: 1,
      errors: [{ line: 2, column: 'supplier_sku', message: `Supplier "ACME Parts" already has the supplier SKU "U-1" (id ${u1.id}); set update_existing to update it.` }],
    });

    const updated = await apply(supplierSkusImport, `
supplier,sku,supplier_sku,cost,currency,lead_time_days
ACME Parts,BOLT,U-1,2.75,,
ACME Parts,NUT,U-2,2,,
ACME Parts,NUT,U-3,4,,1`, { updateExisting: true });
    const u2 = await db.supplierSku.findFirstOrThrow({ where: { supplierSku: 'U-2' } });
    expect(updated).toEqual({
      applied: 2,
      errors: [{ line: 3, column: 'sku', message: `Supplier "ACME Parts"'s supplier SKU "U-2" (id ${u2.id}) is for the product "BOLT", not "NUT"; an import does not move it to another product.` }],
    });
    const after = await db.supplierSku.findMany({ where: { supplierSku: { startsWith: 'U-' } }, orderBy: { supplierSku: 'asc' } });
    expect(after.map((s) => [s.supplierSku, s.productId, s.cost?.toFixed(), s.currency, s.leadTimeDays])).toEqual([
      ['U-1', ids.BOLT, '2.75', 'GBP', 3],
      ['U-2', ids.BOLT, '2', 'EUR', null],
      ['U-3', ids.NUT, '4', 'EUR', 1],
    ]);
    expect(after[0].updatedAt.getTime()).toBeGreaterThan(u1.updatedAt.getTime());
    // The other company's supplier SKU with the code AC-1 is untouched.
    expect((await other.supplierSku.findMany()).map((s) => [s.supplierSku, s.cost])).toEqual([['AC-1', null]]);
  });

  it('runs the same statements for 3 rows as for 60, new or updated', async () => {
    const rowsOf = (prefix: string, count: number) =>
      `supplier,sku,supplier_sku,cost,min_order_quantity,order_multiple,lead_time_days\n` +
      lines(count, (i) => `ACME Parts,P-${String(i).padStart(3, '0')},${prefix}-${i},${i}.5,1,2,${i}`);
    await expectStatementsWhateverTheSize(supplierSkusImport, [rowsOf('S3', 3), rowsOf('S60', 60)], [rowsOf('S3', 6), rowsOf('S60', 120)]);
    expect(await db.supplierSku.count({ where: { supplierSku: { startsWith: 'S60-' } } })).toBe(120);
    expect((await db.supplierSku.findFirstOrThrow({ where: { supplierSku: 'S60-59' } })).cost?.toFixed()).toBe('59.5');
  });
});

describe('currency_rates', () => {
  it('creates rates (codes in any case), the other company\'s rate of the same pair and date notwithstanding', async () => {
    const result = await apply(currencyRatesImport, `
from,to,rate,as_of
EUR,USD,1.08,2026-01-01
gbp,eur,1.1634567890123456,2026-01-02
USD,JPY,151.2,2026-01-02`);
    expect(result.errors).toEqual([{ line: 3, column: 'rate', message: 'The rate may have at most 15 decimal places.' }]);
    expect(result.applied).toBe(2);
    const stored = await db.exchangeRate.findMany({ orderBy: { id: 'asc' } });
    expect(stored.map((r) => [r.fromCurrency, r.toCurrency, r.rate.toFixed(), r.asOf.toISOString().slice(0, 10)])).toEqual([
      ['EUR', 'USD', '1.08', '2026-01-01'],
      ['USD', 'JPY', '151.2', '2026-01-02'],
    ]);
    expect((await other.exchangeRate.findFirstOrThrow()).rate.toFixed()).toBe('9');
  });

  it('reports bad codes, rates and dates, and a pair and date given twice', async () => {
    const result = await apply(currencyRatesImport, `
from,to,rate,as_of
EUR,EUR,1,2026-02-01
EUR,XXY,1,2026-02-01
,USD,1,2026-02-01
EUR,USD,0,2026-02-01
EUR,USD,-1,2026-02-01
EUR,USD,1.5,2026-02-30
EUR,USD,1.5,
EUR,CHF,0.95,2026-02-01
EUR,CHF,0.96,2026-02-01`);
    expect(result).toEqual({
      applied: 1,
      errors: [
        { line: 2, column: 'to', message: 'The to currency must differ from the from currency.' },
        { line: 3, column: 'to', message: 'The to must be an ISO 4217 currency code such as USD (got "XXY").' },
        { line: 4, column: 'from', message: 'The from is required.' },
        { line: 5, column: 'rate', message: 'The rate must be greater than 0.' },
        { line: 6, column: 'rate', message: 'The rate must be a number of at least 0, written with digits and a dot (got "-1").' },
        { line: 7, column: 'as_of', message: 'The as_of must be a date written YYYY-MM-DD (got "2026-02-30").' },
        { line: 8, column: 'as_of', message: 'The as_of is required.' },
        { line: 10, column: 'as_of', message: 'The rate of this pair and date is given again; line 9 already has it.' },
      ],
    });
  });

  it('refuses a rate kept already without update_existing and replaces it with update_existing', async () => {
    const existing = await db.exchangeRate.findFirstOrThrow({ where: { fromCurrency: 'EUR', toCurrency: 'USD', asOf: new Date('2026-01-01') } });
    const rows = `from,to,rate,as_of\nEUR,USD,1.09,2026-01-01\nEUR,USD,1.1,2026-01-03`;
    expect(await apply(currencyRatesImport, rows)).toEqual({
      applied: 1,
      errors: [{ line: 2, column: 'as_of', message: `A rate from EUR to USD as of 2026-01-01 already exists (id ${existing.id}); set update_existing to update it.` }],
    });
    expect(await apply(currencyRatesImport, rows, { updateExisting: true })).toEqual({ applied: 2, errors: [] });
    const pair = await db.exchangeRate.findMany({ where: { fromCurrency: 'EUR', toCurrency: 'USD' }, orderBy: { asOf: 'asc' } });
    expect(pair.map((r) => [r.id, r.rate.toFixed()])).toEqual([[existing.id, '1.09'], [pair[1].id, '1.1']]);
  });

  it('runs the same statements for 3 rows as for 60', async () => {
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
    const rowsOf = (to: string, count: number) => `from,to,rate,as_of\n` + lines(count, (i) => `USD,${to},1.${i},${day(i)}`);
    await expectStatementsWhateverTheSize(currencyRatesImport, [rowsOf('CAD', 3), rowsOf('AUD', 60)], [rowsOf('CAD', 6), rowsOf('AUD', 120)]);
    expect(await db.exchangeRate.count({ where: { toCurrency: 'AUD' } })).toBe(120);
  });
});

describe('price_lists', () => {
  it('creates a new list with its currency and entries, and adds entries to a list found without regard to case', async () => {
    const retail = await createPriceList(db, { name: 'Retail', currency: 'USD', entries: [{ productId: ids.BOLT, minQuantity: new Decimal(0), price: new Decimal('0.5') }] });
    const result = await apply(priceListsImport, `
price_list,sku,min_quantity,price,currency
Dealers,WIDGET,,10,eur
Dealers,WIDGET,100,9.25,
Dealers,WIDGET-ALT,10,9.75,EUR
retail,NUT,,0.1,
RETAIL,NUT,1000,0.0812345678,USD`);
    expect(result).toEqual({ applied: 5, errors: [] });
    const dealers = await db.priceList.findFirstOrThrow({ where: { name: 'Dealers' }, include: { entries: { orderBy: { minQuantity: 'asc' } } } });
    expect(dealers.currency).toBe('EUR');
    expect(dealers.entries.map((e) => [e.productId, e.minQuantity.toFixed(), e.price.toFixed()])).toEqual([
      [ids.WIDGET, '0', '10'], [ids.WIDGET, '10', '9.75'], [ids.WIDGET, '100', '9.25'],
    ]);
    const entries = await db.priceListEntry.findMany({ where: { priceListId: retail.id }, orderBy: [{ productId: 'asc' }, { minQuantity: 'asc' }] });
    expect(entries.map((e) => [e.productId, e.minQuantity.toFixed(), e.price.toFixed()])).toEqual([
      [ids.BOLT, '0', '0.5'], [ids.NUT, '0', '0.1'], [ids.NUT, '1000', '0.0812345678'],
    ].sort((a, b) => (a[0] as number) - (b[0] as number)));
    expect(await db.priceList.count({ where: { name: { equals: 'retail', mode: 'insensitive' } } })).toBe(1);
    expect((await db.priceList.findFirstOrThrow({ where: { id: retail.id } })).updatedAt.getTime()).toBeGreaterThan(retail.updatedAt.getTime());
  });

  it('reports bad rows: a new list without a currency, another currency than the list\'s, bad numbers, a repeated entry', async () => {
    const result = await apply(priceListsImport, `
price_list,sku,min_quantity,price,currency
Nocurrency,WIDGET,,1,
Retail,WIDGET,,1,EUR
Retail,NOPE,,1,
Retail,WIDGET,-1,1,
Retail,WIDGET,0.12345678901,1,
Retail,WIDGET,5,,
Retail,WIDGET,5,abc,
Retail,GADGET,5,2,
Retail,GADGET,5.0,3,
Wholesale,GADGET,,1,EUR
Wholesale,GADGET,1,1,GBP`);
    expect(result).toEqual({
      applied: 2,
      errors: [
        { line: 2, column: 'currency', message: 'The currency is required: there is no price list named "Nocurrency" yet, and it is created with this currency.' },
        { line: 3, column: 'currency', message: 'The price list "Retail" is in USD, not EUR; its prices are stated in USD.' },
        { line: 4, column: 'sku', message: 'No active product has the sku or alternate sku "NOPE".' },
        { line: 5, column: 'min_quantity', message: 'The min_quantity must be a number of at least 0, written with digits and a dot (got "-1").' },
        { line: 6, column: 'min_quantity', message: 'The min quantity may have at most 10 decimal places.' },
        { line: 7, column: 'price', message: 'The price is required.' },
        { line: 8, column: 'price', message: 'The price must be a number of at least 0, written with digits and a dot (got "abc").' },
        { line: 10, column: 'min_quantity', message: 'The price of this sku and min_quantity in this list is given again; line 9 already has it.' },
        { line: 12, column: 'currency', message: 'The new price list "Wholesale" is created in EUR (an earlier row\'s currency), not GBP.' },
      ],
    });
    // A list of the same name in another company is no concern of this one.
    expect((await db.priceList.findFirstOrThrow({ where: { name: 'Wholesale' } })).currency).toBe('EUR');
    expect((await other.priceList.findFirstOrThrow({ where: { name: 'Wholesale' } })).currency).toBe('GBP');
    expect(await db.priceList.count({ where: { name: 'Nocurrency' } })).toBe(0);
  });

  it('refuses an entry priced already without update_existing and sets its price with it; other entries stay', async () => {
    const retail = await db.priceList.findFirstOrThrow({ where: { name: 'Retail' } });
    const entry = await db.priceListEntry.findFirstOrThrow({ where: { priceListId: retail.id, productId: ids.NUT, minQuantity: 1000 } });
    const rows = `price_list,sku,min_quantity,price\nRetail,NUT,1000.00,0.07\nRetail,NUT,500,0.09`;
    expect(await apply(priceListsImport, rows)).toEqual({
      applied: 1,
      errors: [{ line: 2, column: 'min_quantity', message: `The price list "Retail" already prices "NUT" from the quantity 1000 (entry ${entry.id}); set update_existing to update it.` }],
    });
    expect(await apply(priceListsImport, rows, { updateExisting: true })).toEqual({ applied: 2, errors: [] });
    const entries = await db.priceListEntry.findMany({ where: { priceListId: retail.id, productId: ids.NUT }, orderBy: { minQuantity: 'asc' } });
    expect(entries.map((e) => [e.minQuantity.toFixed(), e.price.toFixed()])).toEqual([['0', '0.1'], ['500', '0.09'], ['1000', '0.07']]);
    expect(entries[2].id).toBe(entry.id);
  });

  it('runs the same statements for 3 rows as for 60', async () => {
    const rowsOf = (list: string, count: number) =>
      `price_list,sku,min_quantity,price,currency\n` + lines(count, (i) => `${list},P-${String(i % 30).padStart(3, '0')},${Math.floor(i / 30) * 10},${i}.25,USD`);
    // New lists, then the same lists again with new and existing entries.
    await expectStatementsWhateverTheSize(priceListsImport, [rowsOf('Small', 3), rowsOf('Large', 60)], [rowsOf('Small', 6), rowsOf('Large', 120)]);
    const large = await db.priceList.findFirstOrThrow({ where: { name: 'Large' }, include: { _count: { select: { entries: true } } } });
    expect(large._count.entries).toBe(120);
  });
});

describe('boms', () => {
  const bomOf = async (name: string) => {
    const bom = await db.bom.findFirstOrThrow({ where: { name }, include: { items: { orderBy: { order: 'asc' } }, products: true } });
    return {
      id: bom.id,
      items: bom.items.map((i) => [i.productId, i.quantity.toFixed(), i.order, i.consumptionBasis, i.note]),
      builders: bom.products.map((p) => p.productId),
    };
  };

  it('creates a BOM per product from its rows in file order, named after the sku or by its name, and links the product', async () => {
    const result = await apply(bomsImport, `
sku,name,component_sku,quantity,consumption_basis,note
BIKE,,FRAME,1,,
BIKE,,WHEEL,2,Actual,spoked
BIKE,,SEAT,1,,
CHAIN,Chain kit,BOLT,4,,
CHAIN,Chain kit,NUT,4.5,,
,Loose parts,WIDGET-ALT,3,,`);
    expect(result).toEqual({ applied: 6, errors: [] });
    expect(await bomOf('BIKE')).toMatchObject({
      items: [[ids.FRAME, '1', 0, 'planned', null], [ids.WHEEL, '2', 1, 'actual', 'spoked'], [ids.SEAT, '1', 2, 'planned', null]],
      builders: [ids.BIKE],
    });
    expect(await bomOf('Chain kit')).toMatchObject({ items: [[ids.BOLT, '4', 0, 'planned', null], [ids.NUT, '4.5', 1, 'planned', null]], builders: [ids.CHAIN] });
    expect(await bomOf('Loose parts')).toMatchObject({ items: [[ids.WIDGET, '3', 0, 'planned', null]], builders: [] });
  });

  it('keeps a BOM with a bad row out whole, and says why on each of its rows', async () => {
    const result = await apply(bomsImport, `
sku,name,component_sku,quantity,consumption_basis
GADGET,,BOLT,1,
GADGET,,NOPE,1,
GADGET,,NUT,0,
X,,BOLT,abc,
X,,NUT,1,sometimes
Y,,,1,
Y,,BOLT,1,
NOPE,,BOLT,1,
,,BOLT,1,
Z,First,BOLT,1,
Y,First,NUT,1,
Z,,NUT,1,
,Z,BOLT,1,`);
    expect(result).toEqual({
      applied: 1,
      errors: [
        { line: 2, column: null, message: 'The BOM "GADGET" is not imported: line 3 has an error.' },
        { line: 3, column: 'component_sku', message: 'No active product has the sku or alternate sku "NOPE".' },
        { line: 4, column: 'quantity', message: 'The quantity must be greater than 0.' },
        { line: 5, column: 'quantity', message: 'The quantity must be a number of at least 0, written with digits and a dot (got "abc").' },
        { line: 6, column: 'consumption_basis', message: 'The consumption_basis must be one of: planned, actual (got "sometimes").' },
        { line: 7, column: 'component_sku', message: 'The component_sku is required.' },
        { line: 8, column: null, message: 'The BOM "Y" is not imported: line 7 has an error.' },
        { line: 9, column: 'sku', message: 'No active product has the sku or alternate sku "NOPE".' },
        { line: 10, column: 'sku', message: 'Give the sku of the product the BOM builds, or the BOM\'s name.' },
        { line: 11, column: null, message: 'The BOM "First" is not imported: line 12 has an error.' },
        { line: 12, column: 'sku', message: 'The BOM "First" builds "Z" (line 11); all its rows give that sku, or none.' },
        { line: 14, column: 'name', message: 'The BOM "Z" is given again; line 13 already imports it (a BOM\'s rows must follow each other).' },
      ],
    });
    expect(await db.bom.count({ where: { name: { in: ['GADGET', 'X', 'Y', 'First', 'NOPE'] } } })).toBe(0);
    expect(await bomOf('Z')).toMatchObject({ items: [[ids.NUT, '1', 0, 'planned', null]], builders: [ids.Z] });
  });

  it('refuses an existing BOM without update_existing; with it, replaces its items (the BOM the product has, when no name is given)', async () => {
    const bike = await bomOf('BIKE');
    const rows = `sku,name,component_sku,quantity\nBIKE,,FRAME,1\nBIKE,,WHEEL,2.5\nSEAT,Chain kit,BOLT,6`;
    expect(await apply(bomsImport, rows)).toEqual({
      applied: 0,
      errors: [
        { line: 2, column: 'sku', message: `The BOM "BIKE" already exists (id ${bike.id}); set update_existing to replace its items.` },
        { line: 3, column: null, message: 'The BOM "BIKE" is not imported: line 2 has an error.' },
        { line: 4, column: 'name', message: `The BOM "Chain kit" already exists (id ${(await bomOf('Chain kit')).id}); set update_existing to replace its items.` },
      ],
    });
    expect(await apply(bomsImport, rows, { updateExisting: true })).toEqual({ applied: 3, errors: [] });
    expect(await bomOf('BIKE')).toEqual({ id: bike.id, items: [[ids.FRAME, '1', 0, 'planned', null], [ids.WHEEL, '2.5', 1, 'planned', null]], builders: [ids.BIKE] });
    const chain = await bomOf('Chain kit');
    expect(chain.items).toEqual([[ids.BOLT, '6', 0, 'planned', null]]);
    expect(chain.builders.sort()).toEqual([ids.CHAIN, ids.SEAT].sort());

    // A product with one BOM of another name: a row without a name imports that BOM; with two, it must name one.
    const v1 = await createBom(db, { name: 'Gadget v1', items: [{ sku: 'BOLT', quantity: new Decimal(1) }] });
    await updateProduct(db, ids.GADGET, { bomIds: [v1.id] } as any);
    expect(await apply(bomsImport, `sku,name,component_sku,quantity\nGADGET,,NUT,2`, { updateExisting: true })).toEqual({ applied: 1, errors: [] });
    expect(await bomOf('Gadget v1')).toMatchObject({ id: v1.id, items: [[ids.NUT, '2', 0, 'planned', null]], builders: [ids.GADGET] });
    const v2 = await createBom(db, { name: 'Gadget v2', items: [{ sku: 'BOLT', quantity: new Decimal(1) }] });
    await updateProduct(db, ids.GADGET, { bomIds: [v1.id, v2.id] } as any);
    expect(await apply(bomsImport, `sku,name,component_sku,quantity\nGADGET,,NUT,3`, { updateExisting: true })).toEqual({
      applied: 0,
      errors: [{ line: 2, column: 'name', message: '"GADGET" has 2 BOMs ("Gadget v1", "Gadget v2"): give the name of the one to import.' }],
    });
  });

  it('refuses a BOM that contains the product it builds: directly, through stored BOMs, or through another BOM of the chunk', async () => {
    // BIKE's BOM holds FRAME and WHEEL.
    const result = await apply(bomsImport, `
sku,name,component_sku,quantity
WHEEL,,BOLT,1
WHEEL,,WHEEL,1
FRAME,,NUT,1
FRAME,,BIKE,1
X,,Y,1
Y,,Z,1
Y,,X,1`);
    expect(result).toEqual({
      applied: 1,
      errors: [
        { line: 2, column: null, message: 'The BOM "WHEEL" is not imported: line 3 has an error.' },
        { line: 3, column: 'component_sku', message: '"WHEEL" is a product this BOM builds, so it cannot be one of its items.' },
        { line: 4, column: null, message: 'The BOM "FRAME" is not imported: line 5 has an error.' },
        { line: 5, column: 'component_sku', message: '"BIKE" contains "FRAME", which this BOM builds, through its own BOMs: a BOM may not contain its own product.' },
        { line: 7, column: null, message: 'The BOM "Y" is not imported: line 8 has an error.' },
        { line: 8, column: 'component_sku', message: '"X" contains "Y", which this BOM builds, through its own BOMs: a BOM may not contain its own product.' },
      ],
    });
    expect(await bomOf('X')).toMatchObject({ items: [[ids.Y, '1', 0, 'planned', null]], builders: [ids.X] });
    expect(await db.bom.count({ where: { name: { in: ['WHEEL', 'FRAME', 'Y'] } } })).toBe(0);

    // A refused BOM keeps its stored items (BIKE holds FRAME), so FRAME may not hold BIKE, though it came first.
    expect(await apply(bomsImport, `sku,name,component_sku,quantity\nFRAME,,BIKE,1\nBIKE,,BIKE,1`, { updateExisting: true })).toEqual({
      applied: 0,
      errors: [
        { line: 2, column: 'component_sku', message: '"BIKE" contains "FRAME", which this BOM builds, through its own BOMs: a BOM may not contain its own product.' },
        { line: 3, column: 'component_sku', message: '"BIKE" is a product this BOM builds, so it cannot be one of its items.' },
      ],
    });
    // The walk sees the chunk's new items, in any order: with BIKE no longer holding FRAME, FRAME may hold BIKE.
    expect(await apply(bomsImport, `sku,name,component_sku,quantity\nFRAME,,BIKE,1\nBIKE,,WHEEL,2`, { updateExisting: true })).toEqual({ applied: 2, errors: [] });
    expect(await bomOf('FRAME')).toMatchObject({ items: [[ids.BIKE, '1', 0, 'planned', null]], builders: [ids.FRAME] });
    // And now BIKE may not hold FRAME again (FRAME's stored BOM holds BIKE), while a refused BOM keeps its stored items.
    expect(await apply(bomsImport, `sku,name,component_sku,quantity\nBIKE,,FRAME,1`, { updateExisting: true })).toEqual({
      applied: 0,
      errors: [{ line: 2, column: 'component_sku', message: '"FRAME" contains "BIKE", which this BOM builds, through its own BOMs: a BOM may not contain its own product.' }],
    });
    expect((await bomOf('BIKE')).items).toEqual([[ids.WHEEL, '2', 0, 'planned', null]]);
    // The API holds the same rule.
    await expect(updateBom(db, (await bomOf('BIKE')).id, { items: [{ sku: 'FRAME', quantity: new Decimal(1) }] })).rejects.toThrow(/FRAME.*a BOM may not contain its own product/);
  });

  it('runs the same statements for 3 rows as for 60, new BOMs or replaced ones', async () => {
    const sku = (i: number) => `P-${String(i).padStart(3, '0')}`;
    // Each BOM holds the product of the BOM before it, so the stored graph the cycle check reads grows deeper.
    const rowsOf = (first: number, boms: number) =>
      'sku,name,component_sku,quantity\n' +
      lines(boms * 3, (i) => {
        const built = first + Math.floor(i / 3);
        const component = i % 3 === 0 && built > first ? sku(built - 1) : sku(i % 3);
        return `${sku(built)},,${component},${(i % 3) + 1}`;
      });
    expect(bomImportGroupKey({ line: 2, values: { sku: 'A', name: '' } })).toBe('sku:A');
    await expectStatementsWhateverTheSize(bomsImport, [rowsOf(100, 1), rowsOf(101, 20)], [rowsOf(100, 1), rowsOf(101, 20)]);
    const last = await bomOf(sku(120));
    expect(last.items).toEqual([[ids[sku(119)], '1', 0, 'planned', null], [ids[sku(1)], '2', 1, 'planned', null], [ids[sku(2)], '3', 2, 'planned', null]]);
    expect(last.builders).toEqual([ids[sku(120)]]);
  });
});
