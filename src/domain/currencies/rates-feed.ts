// Reference exchange rates from a feed in the ECB daily XML format (eurofxref-daily.xml: one Cube with a
// time and Cube currency/rate pairs, each "1 EUR = rate units"). Loading stores EUR → X for every company as
// of the feed's date, without touching rates a company already keeps for that pair and date. A feed that
// cannot be fetched or parsed changes nothing; the caller logs why.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { tenantClient, type TenantDb, type TenantTx } from '../../db/tenant-client.js';
import { sendOutbound, type OutboundPolicy } from '../../outbound/http-request.js';
import { parseDateOnly } from '../shared/dates.js';
import { Decimal } from '../shared/decimal.js';
import { UpstreamError } from '../shared/errors.js';
import { isCurrencyCode } from '../shared/currency-codes.js';

export interface ReferenceRates {
  asOf: Date;
  /** 1 EUR = rate units of the currency. */
  rates: { currency: string; rate: Decimal }[];
}

const FEED = 'the exchange rate feed';

/** The rates of an ECB daily XML document; throws UpstreamError naming what is wrong with it. */
export async function parseEcbDaily(xml: string): Promise<ReferenceRates> {
  // Loaded on first use: a feed read once a day need not cost every CLI command and server start 0.04 s.
  const { XMLParser } = await import('fast-xml-parser');
  let document: any;
  try {
    document = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true }).parse(xml, true);
  } catch (error) {
    throw new UpstreamError(`The exchange rate feed is not well-formed XML (${(error as Error).message.split('\n')[0]}).`);
  }
  const day = document?.Envelope?.Cube?.Cube;
  const dated = Array.isArray(day) ? day[0] : day;
  const asOf = typeof dated?.time === 'string' ? parseDateOnly(dated.time) : null;
  if (!asOf) throw new UpstreamError('The exchange rate feed has no dated Cube (ECB daily format expected).');
  const entries = Array.isArray(dated.Cube) ? dated.Cube : dated.Cube ? [dated.Cube] : [];
  const rates = entries
    .filter((entry: any) => typeof entry?.currency === 'string' && isCurrencyCode(entry.currency) && /^\d+(\.\d+)?$/.test(String(entry.rate)))
    .map((entry: any) => ({ currency: entry.currency as string, rate: new Decimal(String(entry.rate)) }))
    .filter((entry: { rate: Decimal }) => entry.rate.gt(0));
  if (rates.length === 0) throw new UpstreamError('The exchange rate feed lists no rates.');
  return { asOf, rates };
}

export async function fetchReferenceRates(url: string, outbound: OutboundPolicy): Promise<ReferenceRates> {
  const response = await sendOutbound({ system: FEED, method: 'GET', url, timeoutMs: 20_000, maxResponseBytes: 512 * 1024 }, outbound);
  if (response.status < 200 || response.status > 299) throw new UpstreamError(`The exchange rate feed answered HTTP ${response.status}.`);
  return parseEcbDaily(response.text);
}

/** Stores the rates for every company (skipping pairs and dates a company has already); the count stored. */
export async function storeReferenceRates(prisma: PrismaClient, feed: ReferenceRates): Promise<number> {
  const companies = await prisma.company.findMany({ select: { id: true } });
  let stored = 0;
  for (const company of companies) stored += await storeCompanyReferenceRates(tenantClient(prisma, company.id), feed);
  return stored;
}

/** Stores the rates for one company, skipping pairs and dates it has already; the count stored. */
export async function storeCompanyReferenceRates(db: TenantDb | TenantTx, feed: ReferenceRates): Promise<number> {
  const written = await db.exchangeRate.createMany({
    data: feed.rates.filter((r) => r.currency !== 'EUR').map((r) => ({ fromCurrency: 'EUR', toCurrency: r.currency, rate: r.rate, asOf: feed.asOf }) as any),
    skipDuplicates: true,
  });
  return written.count;
}
