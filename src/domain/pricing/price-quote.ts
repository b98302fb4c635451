// The price a sales line takes when none is given: the customer's price list, else the channel's, else the
// product's retail price. Within a list, the entry of the product with the highest min_quantity not above
// the quantity applies; a list without an entry for the product passes to the next source. Prices are per
// base unit; a list (or the retail price, which is in the base currency) in another currency than the one
// asked for is converted at the rate in force on the date.
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { todayUtc } from '../shared/dates.js';
import { effectiveRate } from '../currencies/index.js';
import { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector, ValidationError } from '../shared/errors.js';
import { checkCurrencyCode, checkDecimal, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { currentCompany } from '../tenancy/index.js';

export type PriceSource = 'customer_price_list' | 'channel_price_list' | 'retail_price';

export interface PriceRequest {
  productId: number;
  /** In the product's base unit. */
  baseQuantity: Decimal;
}

export interface PriceContext {
  customerCompanyId?: number | null;
  channelId?: number | null;
  /** The currency the prices are wanted in; null: each in the currency of its source (no conversion). */
  currency: string | null;
  date: Date;
}

export interface Quote {
  /** Per base unit, in the asked currency (else the source's); null when no source has a price (or no rate converts it). */
  unitPrice: Decimal | null;
  source: PriceSource | null;
  priceListId: number | null;
  /** The currency the source states the price in. */
  sourceCurrency: string | null;
}

/** One quote per request, in order, with a fixed number of queries whatever the number of requests. */
export async function quotePrices(db: TenantDb | TenantTx, requests: PriceRequest[], context: PriceContext): Promise<Quote[]> {
  const [customer, channel, company] = await Promise.all([
    context.customerCompanyId ? db.customerCompany.findUnique({ where: byId(context.customerCompanyId), select: { priceListId: true } }) : null,
    context.channelId ? db.salesChannel.findUnique({ where: byId(context.channelId), select: { priceListId: true } }) : null,
    currentCompany(db),
  ]);
  const lists: Array<{ id: number; source: PriceSource }> = [];
  if (customer?.priceListId) lists.push({ id: customer.priceListId, source: 'customer_price_list' });
  if (channel?.priceListId) lists.push({ id: channel.priceListId, source: 'channel_price_list' });
  const productIds = [...new Set(requests.map((r) => r.productId))];
  const [entries, listRows, products] = await Promise.all([
    lists.length ? db.priceListEntry.findMany({ where: { priceListId: { in: lists.map((l) => l.id) }, productId: { in: productIds } }, orderBy: { minQuantity: 'desc' } }) : [],
    lists.length ? db.priceList.findMany({ where: { id: { in: lists.map((l) => l.id) } }, select: { id: true, currency: true } }) : [],
    db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, retailPrice: true } }),
  ]);
  const currencyOf = new Map(listRows.map((l) => [l.id, l.currency]));
  const retailOf = new Map(products.map((p) => [p.id, p.retailPrice]));

  const rates = new Map<string, Decimal | null>();
  const rateFrom = async (currency: string) => {
    if (!rates.has(currency)) rates.set(currency, (await effectiveRate(db, currency, context.currency ?? currency, context.date, company.baseCurrency))?.rate ?? null);
    return rates.get(currency)!;
  };
  const quotes: Quote[] = [];
  for (const request of requests) {
    let found: { price: Decimal; source: PriceSource; priceListId: number | null; currency: string } | null = null;
    for (const list of lists) {
      const entry = entries.find((e) => e.priceListId === list.id && e.productId === request.productId && e.minQuantity.lte(request.baseQuantity));
      if (entry) {
        found = { price: entry.price, source: list.source, priceListId: list.id, currency: currencyOf.get(list.id)! };
        break;
      }
    }
    const retail = retailOf.get(request.productId);
    if (!found && retail != null) found = { price: retail, source: 'retail_price', priceListId: null, currency: company.baseCurrency };
    if (!found) {
      quotes.push({ unitPrice: null, source: null, priceListId: null, sourceCurrency: null });
      continue;
    }
    // Rates are read once per currency (at most the lists' currencies and the base currency).
    const rate = await rateFrom(found.currency);
    quotes.push({
      unitPrice: rate ? found.price.mul(rate).toDecimalPlaces(LEDGER_DECIMAL.scale) : null,
      source: found.source,
      priceListId: found.priceListId,
      sourceCurrency: found.currency,
    });
  }
  return quotes;
}

export interface QuoteArgs {
  productId?: number | null;
  /** In the product's base unit, greater than 0. */
  quantity?: Decimal | null;
  /** A customer company. */
  companyId?: number | null;
  channelId?: number | null;
  /** ISO 4217; default the customer company's currency, else the currency of the source that prices it. */
  currency?: string | null;
}

export interface PriceQuoteResult {
  unitPrice: Decimal | null;
  currency: string | null;
  source: PriceSource | null;
  priceListId: number | null;
}

/**
 * GET /pricing/quote: the price one line of the product would take today. A missing or bad argument, or a
 * product, customer company or channel that does not exist, is a 422 keyed by the argument. A product no
 * source prices answers unit_price and source null.
 */
export async function quotePrice(db: TenantDb, args: QuoteArgs): Promise<PriceQuoteResult> {
  const errors = new FieldErrorCollector();
  if (args.productId == null) errors.add('productId', 'The product id parameter is required.');
  if (args.quantity == null) errors.add('quantity', 'The quantity parameter is required.');
  else checkDecimal(errors, 'quantity', args.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
  checkCurrencyCode(errors, 'currency', args.currency);
  const [product, customer, channel] = await Promise.all([
    args.productId != null ? db.product.findUnique({ where: byId(args.productId), select: { id: true } }) : null,
    args.companyId != null ? db.customerCompany.findUnique({ where: byId(args.companyId), select: { currency: true } }) : null,
    args.channelId != null ? db.salesChannel.findUnique({ where: byId(args.channelId), select: { id: true } }) : null,
  ]);
  if (args.productId != null && !product) errors.add('productId', `Product ${args.productId} does not exist.`);
  if (args.companyId != null && !customer) errors.add('companyId', `Customer company ${args.companyId} does not exist.`);
  if (args.channelId != null && !channel) errors.add('channelId', `Channel ${args.channelId} does not exist.`);
  errors.throwIfAny();

  const currency = args.currency ?? customer?.currency ?? null;
  const date = todayUtc();
  const [quote] = await quotePrices(db, [{ productId: args.productId!, baseQuantity: args.quantity! }], {
    customerCompanyId: args.companyId ?? null,
    channelId: args.channelId ?? null,
    currency,
    date,
  });
  if (quote.source && quote.unitPrice === null) {
    const key = args.currency ? 'currency' : 'companyId';
    throw new ValidationError({
      [key]: [`No exchange rate converts ${quote.sourceCurrency} (the currency of the ${quote.source.replace(/_/g, ' ')}) to ${currency} on ${date.toISOString().slice(0, 10)}.`],
    });
  }
  return {
    unitPrice: quote.unitPrice,
    currency: quote.source ? (currency ?? quote.sourceCurrency) : currency,
    source: quote.source,
    priceListId: quote.priceListId,
  };
}
