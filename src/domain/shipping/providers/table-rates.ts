// The built-in table-rate provider: the company's rate tables (rate-tables.ts). A table serves a ship-to
// address when one of its zones lists the country and, if the zone lists states, the state too. Each
// package's billable weight is max(actual, length × width × height / dim_divisor) (dimensional weight only
// when all three dimensions are known); its price is the first bracket whose max_weight_lb is at least the
// billable weight; the rate is the sum over the packages. A package past the last bracket: no rate from the
// table. Decimal arithmetic throughout.
import { randomBytes } from 'node:crypto';
import type { ShippingRateTable } from '../../../generated/prisma/client.js';
import { Decimal, ZERO } from '../../shared/decimal.js';
import type { Address } from '../../sales/index.js';
import { bracketsOf, zonesOf } from '../rate-tables.js';
import type { BoughtLabel, RateQuote, RateRequest, ShipPackage, ShippingProvider } from './provider.js';

export const TABLE_PROVIDER = 'table_rates';

export function billableWeight(pkg: ShipPackage, divisor: Decimal): Decimal {
  if (pkg.lengthIn && pkg.widthIn && pkg.heightIn) {
    const dimensional = pkg.lengthIn.mul(pkg.widthIn).mul(pkg.heightIn).div(divisor);
    return Decimal.max(pkg.weightLb, dimensional);
  }
  return pkg.weightLb;
}

export function servesAddress(table: Pick<ShippingRateTable, 'zones'>, to: Pick<Address, 'country' | 'state'>): boolean {
  const country = to.country.toUpperCase();
  const state = to.state?.trim().toUpperCase() ?? null;
  return zonesOf(table).some((zone) => zone.countries.includes(country) && (zone.states === null || (state !== null && zone.states.includes(state))));
}

/** The table's price for the packages, or null when it serves neither the address nor every package's weight. */
export function tableRate(table: ShippingRateTable, request: Pick<RateRequest, 'shipTo' | 'packages'>): Decimal | null {
  if (!servesAddress(table, request.shipTo)) return null;
  const brackets = bracketsOf(table);
  let total = ZERO;
  for (const pkg of request.packages) {
    const weight = billableWeight(pkg, table.dimDivisor);
    const bracket = brackets.find((b) => b.maxWeightLb.gte(weight));
    if (!bracket) return null;
    total = total.plus(bracket.amount);
  }
  return total;
}

function quote(table: ShippingRateTable, amount: Decimal): RateQuote {
  return { provider: TABLE_PROVIDER, carrier: table.carrier, service: table.service, amount, currency: table.currency, estimatedDays: table.estimatedDays };
}

/**
 * Tracking numbers of labels from rate tables: "PF" + the shipment id zero-padded to 8 digits + 8 random
 * uppercase hex digits (e.g. PF00000042A1B2C3D4); package n (1-based, in package order) gets "<tracking>-n".
 */
export function tableTrackingNumber(shipmentId: number): string {
  return `PF${String(shipmentId).padStart(8, '0')}${randomBytes(4).toString('hex').toUpperCase()}`;
}

export const tableRateProvider: ShippingProvider = {
  name: TABLE_PROVIDER,
  async services(ctx) {
    const tables = await ctx.db.shippingRateTable.findMany({ orderBy: [{ carrier: 'asc' }, { service: 'asc' }] });
    return tables.map((t) => ({ provider: TABLE_PROVIDER, carrier: t.carrier, service: t.service }));
  },
  async rates(ctx, request) {
    const tables = await ctx.db.shippingRateTable.findMany({ orderBy: [{ carrier: 'asc' }, { service: 'asc' }] });
    const quotes: RateQuote[] = [];
    for (const table of tables) {
      const amount = tableRate(table, request);
      if (amount) quotes.push(quote(table, amount));
    }
    return quotes;
  },
  async buyLabel(ctx, request): Promise<BoughtLabel | null> {
    const table = await ctx.db.shippingRateTable.findFirst({ where: { carrier: request.carrier, service: request.service } });
    if (!table) return null;
    const amount = tableRate(table, request);
    if (!amount) return null;
    const shipmentId = Number(/(\d+)$/.exec(request.reference)?.[1] ?? 0);
    const trackingNumber = tableTrackingNumber(shipmentId);
    return { trackingNumber, cost: amount, currency: table.currency, packageTracking: request.packages.map((_, i) => `${trackingNumber}-${i + 1}`) };
  },
};
