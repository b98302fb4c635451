// Price lists: a name, a currency and entries {product, min_quantity, price} — quantity breaks: for a line,
// the entry of its product with the highest min_quantity not above the quantity applies (price-quote.ts).
// Quantities and prices are per base unit of the product; prices keep up to 10 decimals (a unit price, like
// a unit cost, is not rounded to the currency: only stated amounts are). Entries replace as a whole on
// update, written with one statement whatever their number. A list assigned to a customer company or a
// channel cannot be deleted.
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDecimal, checkMaxLength, checkRequiredText, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { dateTimeFilter, escapeLike, stringFilter, type FilterSpec } from '../shared/filters/index.js';
import { type Page } from '../shared/pagination.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { readListArgs, type ListArgs } from '../shared/list-args.js';
import { listPage } from '../shared/list-page.js';

export interface PriceListEntryInput {
  productId?: number | null;
  minQuantity?: Decimal | null;
  price?: Decimal | null;
}

export interface PriceListInput {
  name?: string | null;
  currency?: string | null;
  entries?: PriceListEntryInput[] | null;
}

/** More entries than this in one request is refused: a list that large is better imported. */
export const MAX_ENTRIES = 10_000;

/** The filters of GET /price-lists: `name[contains]=retail`, `currency=EUR`, `created_at[gte]=…`. */
export const PRICE_LIST_FILTERS: FilterSpec<Prisma.PriceListWhereInput> = {
  name: { kind: 'string', where: (op, value) => ({ name: stringFilter(op, value) }) },
  currency: { kind: 'string', operators: ['eq'], where: (_op, value) => ({ currency: { equals: String(value).toUpperCase() } }) },
  created_at: { kind: 'datetime', where: (op, value) => ({ createdAt: dateTimeFilter(op, value) }) },
};

const SORTABLE = { id: 'id', name: 'name', currency: 'currency', created_at: 'createdAt', updated_at: 'updatedAt' };

export async function listPriceLists(
  db: TenantDb,
  args: ListArgs,
  query: PassThroughQuery = {},
): Promise<Page<any>> {
  const { window, orderBy, where } = readListArgs(args, PRICE_LIST_FILTERS, SORTABLE);
  return listPage(db, 'priceList', query, { where, orderBy, window });
}

export async function getPriceList(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const list = await db.priceList.findUnique({ ...query, where: byId(id) });
  if (!list) throw new NotFoundError('Price list', id);
  return list;
}

export async function createPriceList(db: TenantDb, input: PriceListInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const errors = new FieldErrorCollector();
    checkRequiredText(errors, 'name', input.name, true);
    if (input.currency == null) errors.add('currency', 'The currency field is required.');
    const entries = await checkPriceList(tx, input, null, errors);
    errors.throwIfAny();
    const created = await writeUniqueName(input.name!, () =>
      tx.priceList.create({ data: { name: input.name!.trim(), currency: input.currency! } as Prisma.PriceListUncheckedCreateInput }),
    );
    await writeEntries(tx, created.id, entries ?? [], false);
    return readAnswer(tx, created.id, query, (q) => tx.priceList.findUniqueOrThrow({ ...q, where: byId(created.id) }));
  });
}

/** Only the fields given change; `entries`, when given, replace every entry of the list. */
export async function updatePriceList(db: TenantDb, id: number, input: PriceListInput, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getPriceList(tx, id, { select: { id: true } });
    const errors = new FieldErrorCollector();
    checkRequiredText(errors, 'name', input.name, false);
    if (input.currency === null) errors.add('currency', 'The currency may not be empty.');
    if (input.entries === null) errors.add('entries', 'The entries may not be null: send [] to remove every entry.');
    const entries = await checkPriceList(tx, input, id, errors);
    errors.throwIfAny();
    const data: Prisma.PriceListUncheckedUpdateInput = {};
    if (input.name != null) data.name = input.name.trim();
    if (input.currency != null) data.currency = input.currency;
    await writeUniqueName(input.name ?? '', () => tx.priceList.update({ where: byId(id), data }));
    if (entries) await writeEntries(tx, id, entries, true);
    return readAnswer(tx, id, query, (q) => tx.priceList.findUniqueOrThrow({ ...q, where: byId(id) }));
  });
}

/** Deletes the list with its entries; refused (422, naming them) while customer companies or channels use it. */
export async function deletePriceList(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    await getPriceList(tx, id, { select: { id: true } });
    await refuseWhileAssigned(tx, id);
    const list = await readAnswer(tx, id, query, (q) => tx.priceList.findUniqueOrThrow({ ...q, where: byId(id) }));
    try {
      await tx.priceList.delete({ where: byId(id) });
    } catch (error) {
      // Assigned since the check: the foreign key refuses; answer the same way.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') {
        throw new ValidationError({ id: [`Price list ${id} is in use; unassign it first.`] });
      }
      throw error;
    }
    return list;
  });
}

async function refuseWhileAssigned(tx: TenantTx, id: number): Promise<void> {
  const SHOWN = 5;
  const [customers, customerCount, channels, channelCount] = await Promise.all([
    tx.customerCompany.findMany({ where: { priceListId: id }, select: { id: true, name: true }, orderBy: { id: 'asc' }, take: SHOWN }),
    tx.customerCompany.count({ where: { priceListId: id } }),
    tx.salesChannel.findMany({ where: { priceListId: id }, select: { id: true, label: true }, orderBy: { id: 'asc' }, take: SHOWN }),
    tx.salesChannel.count({ where: { priceListId: id } }),
  ]);
  if (customerCount === 0 && channelCount === 0) return;
  const named = (items: Array<{ id: number; name: string }>, total: number, one: string, many: string) => {
    const list = items.map((item) => `${item.name} (id ${item.id})`).join(', ');
    return `${total === 1 ? one : `${total} ${many}`} ${list}${total > items.length ? ` and ${total - items.length} more` : ''}`;
  };
  const users = [
    customerCount ? named(customers, customerCount, 'customer company', 'customer companies') : null,
    channelCount ? named(channels.map((c) => ({ id: c.id, name: c.label })), channelCount, 'channel', 'channels') : null,
  ].filter(Boolean);
  const message = `Price list ${id} is assigned to ${users.join(' and to ')}; unassign it before deleting it.`;
  throw new ValidationError({ id: [message] }, message);
}

interface CheckedEntry {
  productId: number;
  minQuantity: Decimal;
  price: Decimal;
}

/** Checks name, currency and entries (with one query for every product named); the entries to write, or null when not given. */
async function checkPriceList(tx: TenantTx, input: PriceListInput, id: number | null, errors: FieldErrorCollector): Promise<CheckedEntry[] | null> {
  checkMaxLength(errors, 'name', input.name?.trim(), 255);
  checkCurrencyCode(errors, 'currency', input.currency);
  if (input.name != null && input.name.trim() !== '') {
    const clash = await tx.priceList.findFirst({ where: { name: { equals: escapeLike(input.name.trim()), mode: 'insensitive' }, ...(id ? { NOT: { id } } : {}) }, select: { id: true } });
    if (clash) errors.add('name', `A price list named "${input.name.trim()}" already exists (id ${clash.id}).`);
  }
  if (input.entries == null) return null;
  if (input.entries.length > MAX_ENTRIES) {
    errors.add('entries', `A price list takes at most ${MAX_ENTRIES} entries in one request.`);
    return null;
  }
  const productIds = [...new Set(input.entries.map((e) => e.productId).filter((p): p is number => p != null))];
  const known = new Set(
    productIds.length ? (await tx.product.findMany({ where: { id: { in: productIds } }, select: { id: true } })).map((p) => p.id) : [],
  );
  const seen = new Map<string, number>();
  const checked: CheckedEntry[] = [];
  input.entries.forEach((entry, index) => {
    const at = (field: string) => `entries.${index}.${field}`;
    if (entry.productId == null) errors.add(at('productId'), 'The product id field is required.');
    else if (!known.has(entry.productId)) errors.add(at('productId'), `Product ${entry.productId} does not exist.`);
    if (entry.minQuantity == null) errors.add(at('minQuantity'), 'The min quantity field is required.');
    else checkDecimal(errors, at('minQuantity'), entry.minQuantity, { ...LEDGER_DECIMAL, min: 0 });
    if (entry.price == null) errors.add(at('price'), 'The price field is required.');
    else checkDecimal(errors, at('price'), entry.price, { ...LEDGER_DECIMAL, min: 0 });
    if (entry.productId == null || entry.minQuantity == null || entry.price == null) return;
    const key = `${entry.productId}:${entry.minQuantity.toFixed()}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.add(at('minQuantity'), `Entry ${earlier} already prices product ${entry.productId} from the quantity ${entry.minQuantity.toFixed()}.`);
      return;
    }
    seen.set(key, index);
    checked.push({ productId: entry.productId, minQuantity: entry.minQuantity, price: entry.price });
  });
  return checked;
}

/** One statement to clear (on update) and one to write, whatever the number of entries. */
async function writeEntries(tx: TenantTx, priceListId: number, entries: CheckedEntry[], replacing: boolean): Promise<void> {
  if (replacing) await tx.priceListEntry.deleteMany({ where: { priceListId } });
  if (entries.length === 0) return;
  await tx.priceListEntry.createMany({
    data: entries.map((entry) => ({ priceListId, ...entry })) as Prisma.PriceListEntryCreateManyInput[],
  });
}

async function writeUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ValidationError({ name: [`A price list named "${name.trim()}" already exists.`] });
    }
    throw error;
  }
}
