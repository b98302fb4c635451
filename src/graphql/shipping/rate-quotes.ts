// PickFlow Shipping services, rates and labels: argument plumbing only; rules in src/domain/shipping.
import { builder } from '../builder.js';
import { AddressInput } from '../sales/customer-fields.js';
import { shipping } from '../../domain/shipping/index.js';
import type { RateQuote, ServiceOffer } from '../../domain/shipping/index.js';

const ServiceRef = builder.objectRef<ServiceOffer>('ShippingService').implement({
  fields: (t) => ({
    provider: t.exposeString('provider', { description: 'table_rates or shipping_gateway.' }),
    carrier: t.exposeString('carrier'),
    service: t.exposeString('service'),
  }),
});

const QuoteRef = builder.objectRef<RateQuote>('ShippingRate').implement({
  fields: (t) => ({
    provider: t.exposeString('provider'),
    carrier: t.exposeString('carrier'),
    service: t.exposeString('service'),
    amount: t.field({ type: 'Decimal', resolve: (q) => q.amount }),
    currency: t.exposeString('currency'),
    estimatedDays: t.exposeInt('estimatedDays', { nullable: true }),
  }),
});

type LabelShipment = Awaited<ReturnType<typeof shipping.buyShipmentLabel>>;
type LabelPackage = LabelShipment['packages'][number];

const LabelPackageRef = builder.objectRef<LabelPackage>('ShippingLabelPackage').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    sscc: t.exposeString('sscc'),
    tracking: t.exposeString('tracking', { nullable: true }),
  }),
});

const LabelRef = builder.objectRef<LabelShipment>('ShippingLabel').implement({
  fields: (t) => ({
    shipmentId: t.exposeInt('id'),
    provider: t.string({ resolve: (s) => s.labelProvider! }),
    carrier: t.string({ resolve: (s) => s.labelCarrier! }),
    service: t.string({ resolve: (s) => s.labelService! }),
    trackingNumber: t.string({ resolve: (s) => s.trackingNumber! }),
    cost: t.field({ type: 'Decimal', resolve: (s) => s.labelCost! }),
    currency: t.string({ resolve: (s) => s.labelCurrency! }),
    purchasedAt: t.field({ type: 'DateTime', resolve: (s) => s.labelPurchasedAt! }),
    packages: t.field({ type: [LabelPackageRef], description: 'The top-level packages with their tracking.', resolve: (s) => s.packages }),
  }),
});

const PackageInput = builder.inputType('ShippingRatePackageInput', {
  fields: (t) => ({
    weightLb: t.field({ type: 'Decimal', required: false }),
    lengthIn: t.field({ type: 'Decimal', required: false }),
    widthIn: t.field({ type: 'Decimal', required: false }),
    heightIn: t.field({ type: 'Decimal', required: false }),
  }),
});

const RatesInput = builder.inputType('ShippingRatesInput', {
  fields: (t) => ({
    shipmentId: t.int({ required: false }),
    shipFrom: t.field({ type: AddressInput, required: false }),
    shipTo: t.field({ type: AddressInput, required: false }),
    packages: t.field({ type: [PackageInput], required: false }),
  }),
});

const LabelInput = builder.inputType('ShippingLabelInput', {
  fields: (t) => ({
    provider: t.string({ required: false }),
    carrier: t.string({ required: false }),
    service: t.string({ required: false }),
    force: t.boolean({ required: false }),
  }),
});

builder.queryFields((t) => ({
  shippingServices: t.field({
    type: [ServiceRef],
    resolve: (_root, _args, ctx) => shipping.listServices(ctx.db, ctx.outbound),
  }),
}));

builder.mutationFields((t) => ({
  // A mutation although it changes nothing: it is a POST in the REST contract and may call the gateway.
  shippingRates: t.field({
    type: [QuoteRef],
    args: { input: t.arg({ type: RatesInput, required: true }) },
    resolve: (_root, args, ctx) => shipping.quoteRates(ctx.db, ctx.outbound, args.input),
  }),
  buyShipmentLabel: t.field({
    type: LabelRef,
    args: { shipmentId: t.arg.int({ required: true }), input: t.arg({ type: LabelInput, required: true }) },
    resolve: (_root, args, ctx) => shipping.buyShipmentLabel(ctx.db, ctx.outbound, args.shipmentId, args.input),
  }),
}));
