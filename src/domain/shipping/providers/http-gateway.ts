// The HTTP provider: a shipping API gateway at SHIPPING_API_URL, called with `Authorization: Bearer
// SHIPPING_API_KEY` through the outbound module. The JSON it speaks (docs/areas/fulfillment.md, "Shipping rates and labels"):
//   GET  {url}/services → [{carrier, service}]
//   POST {url}/rates  {ship_from, ship_to, packages} → [{carrier, service, amount, currency, estimated_days}]
//   POST {url}/labels {carrier, service, ship_from, ship_to, packages, reference} → {tracking_number, cost, currency, packages: [{tracking}]}
// Addresses are {name, street1, street2, city, state, zip, country}; packages {weight_lb, length_in, width_in,
// height_in} (numbers, dimensions null when unknown). Amounts may be JSON numbers or decimal strings. Any
// other status than 2xx, a network failure, a time-out or an answer of another shape is an UpstreamError
// (502) naming the shipping gateway. Without SHIPPING_API_URL the provider is absent.
import { shippingApiSettings, type ShippingApiSettings } from '../../../config/config.js';
import { sendOutbound, type OutboundPolicy } from '../../../outbound/http-request.js';
import { isCurrencyCode } from '../../shared/currency-codes.js';
import type { Address } from '../../sales/index.js';
import { parseDecimalText, type Decimal } from '../../shared/decimal.js';
import { UpstreamError } from '../../shared/errors.js';
import type { RateQuote, RateRequest, ServiceOffer, ShipPackage, ShippingProvider } from './provider.js';

export const GATEWAY_PROVIDER = 'shipping_gateway';
const SYSTEM = 'the shipping gateway';
const TIMEOUT_MS = 10_000;

/** The gateway's settings, or null when SHIPPING_API_URL is not set (an invalid value counts as not set; loadConfig refuses it at start). */
export function gatewaySettings(): ShippingApiSettings | null {
  return shippingApiSettings(process.env);
}

async function call(settings: ShippingApiSettings, outbound: OutboundPolicy, method: 'GET' | 'POST', path: string, json?: unknown): Promise<unknown> {
  const response = await sendOutbound(
    {
      system: SYSTEM,
      method,
      url: `${settings.url}${path}`,
      headers: settings.key ? { authorization: `Bearer ${settings.key}` } : {},
      json,
      timeoutMs: TIMEOUT_MS,
      maxResponseBytes: 512 * 1024,
    },
    outbound,
  );
  if (response.status < 200 || response.status >= 300) {
    const said = response.json && typeof (response.json as any).message === 'string' ? `: ${(response.json as any).message.slice(0, 200)}` : '';
    throw new UpstreamError(`The shipping gateway answered ${method} ${path} with HTTP ${response.status}${said}.`);
  }
  if (response.json === undefined) throw new UpstreamError(`The shipping gateway answered ${method} ${path} with something other than JSON.`);
  return response.json;
}

const bad = (path: string, what: string) => new UpstreamError(`The shipping gateway answered ${path} with ${what}.`);
const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= 255;

function amountOf(value: unknown, path: string, field: string): Decimal {
  const parsed = typeof value === 'number' || typeof value === 'string' ? parseDecimalText(String(value)) : null;
  if (!parsed) throw bad(path, `an invalid ${field} (${JSON.stringify(value)})`);
  return parsed;
}

function currencyOf(value: unknown, path: string): string {
  if (typeof value !== 'string' || !isCurrencyCode(value)) throw bad(path, `an invalid currency (${JSON.stringify(value)})`);
  return value;
}

const wireAddress = (a: Address) => ({ name: a.name, street1: a.street1, street2: a.street2, city: a.city, state: a.state, zip: a.zip, country: a.country });
const wirePackage = (p: ShipPackage) => ({
  weight_lb: p.weightLb.toNumber(),
  length_in: p.lengthIn?.toNumber() ?? null,
  width_in: p.widthIn?.toNumber() ?? null,
  height_in: p.heightIn?.toNumber() ?? null,
});
const wireRequest = (r: RateRequest) => ({ ship_from: wireAddress(r.shipFrom), ship_to: wireAddress(r.shipTo), packages: r.packages.map(wirePackage) });

/** The provider bound to the settings (null: not configured, so absent). */
export function gatewayProvider(settings: ShippingApiSettings | null = gatewaySettings()): ShippingProvider | null {
  if (!settings) return null;
  return {
    name: GATEWAY_PROVIDER,
    async services(ctx): Promise<ServiceOffer[]> {
      const answer = await call(settings, ctx.outbound, 'GET', '/services');
      if (!Array.isArray(answer)) throw bad('/services', 'something other than a list');
      return answer.map((row) => {
        if (!row || !text(row.carrier) || !text(row.service)) throw bad('/services', 'an entry without carrier and service');
        return { provider: GATEWAY_PROVIDER, carrier: row.carrier, service: row.service };
      });
    },
    async rates(ctx, request): Promise<RateQuote[]> {
      const answer = await call(settings, ctx.outbound, 'POST', '/rates', wireRequest(request));
      if (!Array.isArray(answer)) throw bad('/rates', 'something other than a list');
      return answer.map((row) => {
        if (!row || !text(row.carrier) || !text(row.service)) throw bad('/rates', 'a rate without carrier and service');
        const days = row.estimated_days;
        if (days != null && !(Number.isInteger(days) && days >= 0)) throw bad('/rates', `invalid estimated_days (${JSON.stringify(days)})`);
        return {
          provider: GATEWAY_PROVIDER,
          carrier: row.carrier,
          service: row.service,
          amount: amountOf(row.amount, '/rates', 'amount'),
          currency: currencyOf(row.currency, '/rates'),
          estimatedDays: days ?? null,
        };
      });
    },
    async buyLabel(ctx, request) {
      const answer: any = await call(settings, ctx.outbound, 'POST', '/labels', {
        carrier: request.carrier,
        service: request.service,
        reference: request.reference,
        ...wireRequest(request),
      });
      if (!answer || typeof answer !== 'object' || !text(answer.tracking_number)) throw bad('/labels', 'no tracking_number');
      const packages = Array.isArray(answer.packages) ? answer.packages : [];
      return {
        trackingNumber: answer.tracking_number,
        cost: amountOf(answer.cost, '/labels', 'cost'),
        currency: currencyOf(answer.currency, '/labels'),
        packageTracking: request.packages.map((_, i) => (text(packages[i]?.tracking) ? packages[i].tracking : null)),
      };
    },
  };
}
