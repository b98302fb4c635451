// PickFlow Shipping: the services of every provider, rates for a shipment (or given addresses and packages)
// cheapest first, and a label bought for a shipment. Providers: providers/table-rates.ts (always) and
// providers/http-gateway.ts (when SHIPPING_API_URL is set).
import type { TenantDb } from '../../db/tenant-client.js';
import { byId, companyIdOf } from '../../db/tenant-client.js';
import type { OutboundPolicy } from '../../outbound/http-request.js';
import { effectiveRate } from '../currencies/index.js';
import { todayUtc } from '../shared/dates.js';
import { checkAddress, type Address, type AddressInput } from '../sales/index.js';
import type { Decimal } from '../shared/decimal.js';
import { ConflictError, FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDecimal } from '../shared/field-checks.js';
import { currentCompany } from '../tenancy/index.js';
import { recordEvent } from '../events/index.js';
import { shipmentEvent } from '../fulfillment/index.js';
import { gatewayProvider, GATEWAY_PROVIDER } from './providers/http-gateway.js';
import type { ProviderContext, RateQuote, RateRequest, ServiceOffer, ShipPackage, ShippingProvider } from './providers/provider.js';
import { tableRateProvider, TABLE_PROVIDER } from './providers/table-rates.js';

export interface PackageInput {
  weightLb?: Decimal | null;
  lengthIn?: Decimal | null;
  widthIn?: Decimal | null;
  heightIn?: Decimal | null;
}
export interface RatesInput {
  shipmentId?: number | null;
  shipFrom?: AddressInput | null;
  shipTo?: AddressInput | null;
  packages?: PackageInput[] | null;
}
export interface LabelInput {
  provider?: string | null;
  carrier?: string | null;
  service?: string | null;
  force?: boolean | null;
}

const providers = (): ShippingProvider[] => [tableRateProvider, ...(gatewayProvider() ? [gatewayProvider()!] : [])];

export async function listServices(db: TenantDb, outbound: OutboundPolicy): Promise<ServiceOffer[]> {
  const ctx: ProviderContext = { db, outbound };
  return (await Promise.all(providers().map((p) => p.services(ctx)))).flat();
}

/** Quotes of every provider, cheapest first: see sortQuotes. */
export async function quoteRates(db: TenantDb, outbound: OutboundPolicy, input: RatesInput): Promise<RateQuote[]> {
  const request = input.shipmentId != null && input.shipFrom == null && input.shipTo == null && input.packages == null
    ? (await shipmentRequest(db, input.shipmentId)).request
    : checkRatesInput(input);
  const ctx: ProviderContext = { db, outbound };
  const quotes = (await Promise.all(providers().map((p) => p.rates(ctx, request)))).flat();
  return sortQuotes(db, quotes);
}

/**
 * Cheapest first. Amounts are compared in the company's base currency, converted at the latest stored
 * exchange rate (effectiveRate, today); quotes whose currency has no rate to the base come after the others,
 * by amount. Ties: provider, carrier, service. The quotes keep their own amount and currency.
 */
async function sortQuotes(db: TenantDb, quotes: RateQuote[]): Promise<RateQuote[]> {
  const base = (await currentCompany(db)).baseCurrency;
  const rates = new Map<string, Decimal | null>();
  for (const currency of new Set(quotes.map((q) => q.currency))) {
    rates.set(currency, (await effectiveRate(db, currency, base, todayUtc(), base))?.rate ?? null);
  }
  const keyed = quotes.map((q) => {
    const rate = rates.get(q.currency);
    return { q, convertible: rate != null, value: rate != null ? q.amount.mul(rate) : q.amount };
  });
  keyed.sort(
    (a, b) =>
      Number(b.convertible) - Number(a.convertible) ||
      a.value.comparedTo(b.value) ||
      a.q.provider.localeCompare(b.q.provider) ||
      a.q.carrier.localeCompare(b.q.carrier) ||
      a.q.service.localeCompare(b.q.service),
  );
  return keyed.map((k) => k.q);
}

function checkRatesInput(input: RatesInput): RateRequest {
  const errors = new FieldErrorCollector();
  if (input.shipmentId != null) errors.add('shipmentId', 'Give either shipment_id or ship_from, ship_to and packages, not both.');
  for (const field of ['shipFrom', 'shipTo'] as const) {
    if (input[field] == null) errors.add(field, `The ${field === 'shipFrom' ? 'ship from' : 'ship to'} address is required (or give shipment_id).`);
  }
  const shipFrom = checkAddress(errors, 'shipFrom', input.shipFrom);
  const shipTo = checkAddress(errors, 'shipTo', input.shipTo);
  if (input.packages == null || input.packages.length === 0) errors.add('packages', 'Give at least one package: {weight_lb, length_in?, width_in?, height_in?}.');
  const packages: ShipPackage[] = [];
  (input.packages ?? []).forEach((pkg, i) => {
    if (pkg.weightLb == null) errors.add(`packages.${i}.weightLb`, 'The weight lb field is required.');
    checkDecimal(errors, `packages.${i}.weightLb`, pkg.weightLb, { min: 0, minExclusive: true, scale: 4, precision: 12 });
    for (const dim of ['lengthIn', 'widthIn', 'heightIn'] as const) checkDecimal(errors, `packages.${i}.${dim}`, pkg[dim], { min: 0, minExclusive: true, scale: 4, precision: 12 });
    if (pkg.weightLb != null) packages.push({ weightLb: pkg.weightLb, lengthIn: pkg.lengthIn ?? null, widthIn: pkg.widthIn ?? null, heightIn: pkg.heightIn ?? null });
  });
  errors.throwIfAny();
  return { shipFrom: shipFrom!, shipTo: shipTo!, packages };
}

/** Ship-from: the address of the warehouse of the shipment's (first) line location; ship-to: the order's; packages: the top-level ones. */
async function shipmentRequest(db: TenantDb, shipmentId: number) {
  const shipment = await db.shipment.findUnique({
    where: byId(shipmentId),
    include: {
      salesOrder: { select: { shipTo: true } },
      lines: { orderBy: { id: 'asc' }, take: 1, include: { location: true } },
      packages: { where: { parentPackageId: null }, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!shipment) throw new NotFoundError('Shipment', shipmentId);
  const errors = new FieldErrorCollector();
  const location = shipment.lines[0]?.location;
  const warehouse = location?.parentId != null ? await db.location.findUnique({ where: byId(location.parentId) }) : location;
  const source = [warehouse, location].find((l) => l?.streetAddress1 && l.city && l.country);
  const shipFrom: Address | null = source
    ? { name: source.name, street1: source.streetAddress1!, street2: source.streetAddress2, city: source.city!, state: source.state, zip: source.zip, country: source.country!.toUpperCase() }
    : null;
  if (!shipFrom) errors.add('shipmentId', "The shipment's warehouse has no address (street address 1, city and country); set it on the location.");
  const shipTo = shipment.salesOrder.shipTo as Address | null;
  if (!shipTo) errors.add('shipmentId', 'The sales order of the shipment has no ship_to address.');
  if (shipment.packages.length === 0) errors.add('shipmentId', 'The shipment has no packages; add them with POST /sales-orders/{id}/shipments/{shipment_id}/packages.');
  for (const pkg of shipment.packages) {
    if (pkg.weightLb == null || pkg.weightLb.lte(0)) errors.add('shipmentId', `Package ${pkg.id} of the shipment has no weight.`);
  }
  errors.throwIfAny();
  const packages = shipment.packages.map((p) => ({ weightLb: p.weightLb!, lengthIn: p.lengthIn, widthIn: p.widthIn, heightIn: p.heightIn }));
  return { shipment, request: { shipFrom: shipFrom!, shipTo: shipTo!, packages } satisfies RateRequest };
}

/**
 * Buys a label for the shipment: the provider is called first; only when it answered are the tracking
 * number, provider, carrier, service, cost and currency stored on the shipment and the tracking on each
 * top-level package, in one transaction. A label bought already → 409 unless force.
 */
export async function buyShipmentLabel(db: TenantDb, outbound: OutboundPolicy, shipmentId: number, input: LabelInput) {
  const errors = new FieldErrorCollector();
  for (const field of ['provider', 'carrier', 'service'] as const) {
    if (input[field] == null || input[field]!.trim() === '') errors.add(field, `The ${field} field is required.`);
  }
  const provider = providers().find((p) => p.name === input.provider);
  if (input.provider && !provider) {
    const known = [TABLE_PROVIDER, GATEWAY_PROVIDER].includes(input.provider);
    errors.add('provider', known ? `The ${input.provider} provider is not configured (SHIPPING_API_URL).` : `Unknown provider "${input.provider}": use ${TABLE_PROVIDER} or ${GATEWAY_PROVIDER}.`);
  }
  errors.throwIfAny();
  const current = await db.shipment.findUnique({ where: byId(shipmentId) });
  if (!current) throw new NotFoundError('Shipment', shipmentId);
  if (current.status === 'void') throw new ValidationError({ status: ['The shipment is void; no label can be bought for it.'] });
  if (current.labelPurchasedAt && !input.force) throw labelBought(current.trackingNumber);
  const { shipment, request } = await shipmentRequest(db, shipmentId);
  const label = await provider!.buyLabel({ db, outbound }, { ...request, carrier: input.carrier!, service: input.service!, reference: `shipment-${shipmentId}` });
  if (!label) throw new ValidationError({ service: [`The ${input.provider} provider offers no ${input.carrier} ${input.service} rate for this shipment.`] });
  return db.$transaction(async (tx) => {
    const updated = await tx.shipment.updateMany({
      where: { id: shipmentId, ...(input.force ? {} : { labelPurchasedAt: null }) },
      data: {
        labelProvider: provider!.name,
        labelCarrier: input.carrier!,
        labelService: input.service!,
        trackingNumber: label.trackingNumber,
        labelCost: label.cost,
        labelCurrency: label.currency,
        labelPurchasedAt: new Date(),
      },
    });
    if (updated.count === 0) throw labelBought(null);
    await recordEvent(tx, shipmentEvent('shipment.updated', current, { changed: ['tracking_number'], tracking_number: label.trackingNumber }));
    // Each package's tracking number, every package in one statement.
    if (shipment.packages.length > 0) {
      await tx.$executeRaw`
        UPDATE "ShipmentPackage" AS p SET tracking = v.tracking, "updatedAt" = ${new Date()}
        FROM unnest(${shipment.packages.map((pkg) => pkg.id)}::int[], ${shipment.packages.map((_, i) => label.packageTracking[i] ?? label.trackingNumber)}::text[]) AS v(id, tracking)
        WHERE p."companyId" = ${companyIdOf(tx)} AND p.id = v.id`;
    }
    return tx.shipment.findUniqueOrThrow({ where: byId(shipmentId), include: { packages: { where: { parentPackageId: null }, orderBy: [{ position: 'asc' }, { id: 'asc' }] } } });
  });
}

const labelBought = (tracking: string | null) =>
  new ConflictError(`A label was bought for this shipment already${tracking ? ` (tracking ${tracking})` : ''}; send force: true to buy another.`);
