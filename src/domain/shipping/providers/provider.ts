// What a shipping provider offers: the carriers and services it ships with, rates for a shipment's packages
// between two addresses, and a bought label. Two providers exist: the built-in table-rate provider (the
// company's rate tables) and the HTTP provider (a shipping API gateway at SHIPPING_API_URL).
import type { TenantDb, TenantTx } from '../../../db/tenant-client.js';
import type { OutboundPolicy } from '../../../outbound/http-request.js';
import type { Address } from '../../sales/index.js';
import type { Decimal } from '../../shared/decimal.js';

export interface ShipPackage {
  weightLb: Decimal;
  lengthIn: Decimal | null;
  widthIn: Decimal | null;
  heightIn: Decimal | null;
}

export interface RateRequest {
  shipFrom: Address;
  shipTo: Address;
  packages: ShipPackage[];
}

export interface ServiceOffer {
  provider: string;
  carrier: string;
  service: string;
}

export interface RateQuote extends ServiceOffer {
  amount: Decimal;
  currency: string;
  estimatedDays: number | null;
}

export interface BoughtLabel {
  trackingNumber: string;
  cost: Decimal;
  currency: string;
  /** One per package of the request, in order; null where the provider gave none. */
  packageTracking: (string | null)[];
}

export interface ProviderContext {
  db: TenantDb | TenantTx;
  outbound: OutboundPolicy;
}

export interface ShippingProvider {
  /** The name callers use: "table_rates" or "shipping_gateway". */
  readonly name: string;
  services(ctx: ProviderContext): Promise<ServiceOffer[]>;
  rates(ctx: ProviderContext, request: RateRequest): Promise<RateQuote[]>;
  /** Buys a label; null when the provider does not offer this carrier and service for the request. */
  buyLabel(ctx: ProviderContext, request: RateRequest & { carrier: string; service: string; reference: string }): Promise<BoughtLabel | null>;
}
