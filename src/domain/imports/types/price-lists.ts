// price_lists: entries of price lists — a price of a product from a quantity on — keyed as in the API by list,
// product and min_quantity. A list named by no existing list (names match without regard to case, as the API
// keeps them unique) is created with the row's currency. The rules are the API's (price-lists.ts): price and
// min_quantity at least 0 with up to 10 decimals, in the product's base unit and the list's currency. An entry
// already priced is an error, or, with update_existing, gets the new price; other entries of the list stay.
// Each chunk runs at most seven statements: the company, the lists, the products (by own or alternate sku),
// the stored entries, one INSERT of the new lists, one INSERT ... FROM unnest of the entries (ON CONFLICT
// DO UPDATE with update_existing) and one UPDATE of the changed lists' updatedAt.
import { Prisma } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
import { ZERO, type Decimal } from '../../shared/decimal.js';
import { LEDGER_DECIMAL } from '../../shared/field-checks.js';
import { currentCompany } from '../../tenancy/index.js';
import { firstRowPerKey, RowErrors } from '../cells.js';
import type { CsvRow, ImportOptions, ImportType } from '../import-type.js';
import { activeProductsBySku, checkedDecimalCell, currencyCell, requiredText, unknownSku, inLineOrder } from './lookups.js';

export const priceListsImport: ImportType = {
  key: 'price_lists',
  description:
    'Price list entries, one per row: the price of a product from a quantity on. Required: price_list (the list\'s name, matched without regard to case; ' +
    'a list that does not exist is created), sku (the product\'s sku or one of its alternate skus) and price (at least 0, up to 10 decimals, per base unit ' +
    'of the product, in the list\'s currency). Optional: min_quantity (the quantity break, in the product\'s base unit, at least 0; default 0) and ' +
    'currency (ISO 4217; required for a new list; for an existing list it must be the list\'s currency). An entry for the same list, sku and ' +
    'min_quantity that exists already is an error unless update_existing is set; then the row sets its price. Entries the file does not name stay as they are.',
  requiredColumns: ['price_list', 'sku', 'price'],
  optionalColumns: ['min_quantity', 'currency'],
  applyChunk,
};

interface Parsed {
  row: CsvRow;
  list: string;
  sku: string;
  price: Decimal;
  minQuantity: Decimal;
  currency: string | undefined;
}

type StoredList = { id: number; name: string; currency: string };

async function applyChunk(tx: TenantTx, rows: readonly CsvRow[], options: ImportOptions) {
  const errors = new RowErrors();
  const parsed = rows.map((row) => readRow(row, errors)).filter((p): p is Parsed => p !== null);
  if (parsed.length === 0) return { applied: 0, errors: inLineOrder(errors) };

  const company = await currentCompany(tx);
  const lowerNames = [...new Set(parsed.map((p) => p.list.toLowerCase()))];
  const lists = await tx.$queryRaw<StoredList[]>`
    SELECT id, name, currency FROM "PriceList"
    WHERE "companyId" = ${company.id} AND lower(name) = ANY(${lowerNames}::text[]) ORDER BY id`;
  const products = await activeProductsBySku(tx, company.id, parsed.map((p) => p.sku));

  // A stored list by lower-cased name (the exact spelling first); a new list takes the first spelling and the
  // first currency its rows give.
  const spelled = new Set(parsed.map((p) => p.list));
  const storedList = new Map<string, StoredList>();
  for (const list of lists) {
    const key = list.name.toLowerCase();
    const current = storedList.get(key);
    if (!current || (!spelled.has(current.name) && spelled.has(list.name))) storedList.set(key, list);
  }
  const newList = new Map<string, { name: string; currency: string | undefined }>();
  for (const p of parsed) {
    const key = p.list.toLowerCase();
    if (storedList.has(key)) continue;
    const entry = newList.get(key) ?? { name: p.list, currency: undefined };
    entry.currency ??= p.currency;
    newList.set(key, entry);
  }

  const resolved: Array<Parsed & { listKey: string; productId: number }> = [];
  for (const p of parsed) {
    const listKey = p.list.toLowerCase();
    const product = products.get(p.sku);
    if (!product) errors.add(p.row, 'sku', unknownSku(p.sku));
    const stored = storedList.get(listKey);
    const currency = stored?.currency ?? newList.get(listKey)!.currency;
    if (currency === undefined) errors.add(p.row, 'currency', `The currency is required: there is no price list named "${p.list}" yet, and it is created with this currency.`);
    else if (p.currency !== undefined && p.currency !== currency) {
      errors.add(p.row, 'currency', stored
        ? `The price list "${stored.name}" is in ${currency}, not ${p.currency}; its prices are stated in ${currency}.`
        : `The new price list "${newList.get(listKey)!.name}" is created in ${currency} (an earlier row's currency), not ${p.currency}.`);
    }
    if (errors.has(p.row)) continue;
    resolved.push({ ...p, listKey, productId: product!.id });
  }
  const keyOf = new Map(resolved.map((r) => [r.row, `${r.listKey}\u0000${r.productId}\u0000${r.minQuantity.toFixed()}`]));
  const unique = new Set(firstRowPerKey(resolved.map((r) => r.row), (row) => keyOf.get(row)!, 'min_quantity', errors, 'price of this sku and min_quantity in this list'));
  const candidates = resolved.filter((r) => unique.has(r.row));

  const onStored = candidates.filter((c) => storedList.has(c.listKey));
  const existing = onStored.length
    ? await tx.$queryRaw<Array<{ id: number; priceListId: number; productId: number; minQuantity: string }>>`
        SELECT e.id, e."priceListId", e."productId", e."minQuantity"::text AS "minQuantity"
        FROM "PriceListEntry" e
        JOIN unnest(${onStored.map((c) => storedList.get(c.listKey)!.id)}::int[], ${onStored.map((c) => c.productId)}::int[], ${onStored.map((c) => c.minQuantity.toFixed())}::numeric[]) AS v(lid, pid, q)
          ON e."priceListId" = v.lid AND e."productId" = v.pid AND e."minQuantity" = v.q
        WHERE e."companyId" = ${company.id}`
    : [];
  const existingId = new Map(existing.map((e) => [`${e.priceListId}\u0000${e.productId}\u0000${new Prisma.Decimal(e.minQuantity).toFixed()}`, e.id]));

  const writes = candidates.filter((c) => {
    const stored = storedList.get(c.listKey);
    if (!stored) return true;
    const id = existingId.get(`${stored.id}\u0000${c.productId}\u0000${c.minQuantity.toFixed()}`);
    if (id === undefined || options.updateExisting) return true;
    errors.add(c.row, 'min_quantity', `The price list "${stored.name}" already prices "${c.sku}" from the quantity ${c.minQuantity.toFixed()} (entry ${id}); set update_existing to update it.`);
    return false;
  });
  if (writes.length === 0) return { applied: 0, errors: inLineOrder(errors) };

  const listIdOf = new Map([...storedList].map(([key, list]) => [key, list.id]));
  const toCreate = [...new Set(writes.map((w) => w.listKey))].filter((key) => !storedList.has(key));
  if (toCreate.length) {
    const created = await tx.priceList.createManyAndReturn({
      data: toCreate.map((key) => ({ name: newList.get(key)!.name, currency: newList.get(key)!.currency! })) as Prisma.PriceListCreateManyInput[],
      select: { id: true, name: true },
    });
    for (const list of created) listIdOf.set(list.name.toLowerCase(), list.id);
  }
  // Without update_existing, an entry another request wrote since the read fails the chunk on the unique
  // index; the retried chunk then reports the row.
  const onConflict = options.updateExisting
    ? Prisma.sql`ON CONFLICT ("companyId", "priceListId", "productId", "minQuantity") DO UPDATE SET price = EXCLUDED.price`
    : Prisma.empty;
  await tx.$executeRaw`
    INSERT INTO "PriceListEntry" ("companyId", "priceListId", "productId", "minQuantity", price)
    SELECT ${company.id}, v.lid, v.pid, v.q, v.price
    FROM unnest(${writes.map((w) => listIdOf.get(w.listKey)!)}::int[], ${writes.map((w) => w.productId)}::int[],
                ${writes.map((w) => w.minQuantity.toFixed())}::numeric[], ${writes.map((w) => w.price.toFixed())}::numeric[]) AS v(lid, pid, q, price)
    ${onConflict}`;
  const changedLists = [...new Set(writes.filter((w) => storedList.has(w.listKey)).map((w) => storedList.get(w.listKey)!.id))];
  if (changedLists.length) await tx.priceList.updateMany({ where: { id: { in: changedLists } }, data: { updatedAt: new Date() } });
  return { applied: writes.length, errors: inLineOrder(errors) };
}

function readRow(row: CsvRow, errors: RowErrors): Parsed | null {
  const list = requiredText(row, 'price_list', errors);
  const sku = requiredText(row, 'sku', errors);
  const price = checkedDecimalCell(row, 'price', errors, { ...LEDGER_DECIMAL, min: 0, required: true });
  const minQuantity = checkedDecimalCell(row, 'min_quantity', errors, { ...LEDGER_DECIMAL, min: 0 });
  const currency = currencyCell(row, 'currency', errors);
  if (errors.has(row)) return null;
  return { row, list: list!, sku: sku!, price: price!, minQuantity: minQuantity ?? ZERO, currency: currency ?? undefined };
}
