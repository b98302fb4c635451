// Shipping rate tables (the built-in table-rate provider): argument plumbing only; rules in src/domain/shipping.
import { builder } from '../builder.js';
import { rateTables as tables } from '../../domain/shipping/index.js';
import type { Bracket, Zone } from '../../domain/shipping/index.js';

const ZoneRef = builder.objectRef<Zone>('ShippingZone').implement({
  fields: (t) => ({
    countries: t.stringList({ resolve: (z) => z.countries }),
    states: t.stringList({ nullable: true, description: 'Only these states of the countries; null: the whole countries.', resolve: (z) => z.states }),
  }),
});

const BracketRef = builder.objectRef<Bracket>('ShippingBracket').implement({
  fields: (t) => ({
    maxWeightLb: t.field({ type: 'Decimal', resolve: (b) => b.maxWeightLb }),
    amount: t.field({ type: 'Decimal', resolve: (b) => b.amount }),
  }),
});

builder.prismaObject('ShippingRateTable', {
  description: 'Rates of one carrier service in the built-in table-rate provider.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    carrier: t.exposeString('carrier'),
    service: t.exposeString('service'),
    currency: t.exposeString('currency'),
    zones: t.field({ type: [ZoneRef], resolve: (table) => tables.zonesOf(table) }),
    brackets: t.field({ type: [BracketRef], resolve: (table) => tables.bracketsOf(table) }),
    dimDivisor: t.expose('dimDivisor', { type: 'Decimal' }),
    estimatedDays: t.exposeInt('estimatedDays', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ZoneInput = builder.inputType('ShippingZoneInput', {
  fields: (t) => ({
    countries: t.stringList({ required: false, description: 'ISO 3166-1 alpha-2 codes; at least one.' }),
    states: t.stringList({ required: false, description: 'Optional: only these states (matched against ship_to.state, case-insensitive).' }),
  }),
});

const BracketInput = builder.inputType('ShippingBracketInput', {
  fields: (t) => ({
    maxWeightLb: t.field({ type: 'Decimal', required: false }),
    amount: t.field({ type: 'Decimal', required: false }),
  }),
});

const RateTableInput = builder.inputType('ShippingRateTableInput', {
  fields: (t) => ({
    carrier: t.string({ required: false }),
    service: t.string({ required: false }),
    currency: t.string({ required: false }),
    zones: t.field({ type: [ZoneInput], required: false }),
    brackets: t.field({ type: [BracketInput], required: false }),
    dimDivisor: t.field({ type: 'Decimal', required: false, description: 'Default 139.' }),
    estimatedDays: t.int({ required: false }),
  }),
});

builder.queryFields((t) => ({
  shippingRateTables: t.prismaField({
    type: ['ShippingRateTable'],
    resolve: (_query, _root, _args, ctx) => tables.listRateTables(ctx.db),
  }),
  shippingRateTable: t.prismaField({
    type: 'ShippingRateTable',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_query, _root, args, ctx) => tables.getRateTable(ctx.db, args.id),
  }),
}));

builder.mutationFields((t) => ({
  createShippingRateTable: t.prismaField({
    type: 'ShippingRateTable',
    args: { input: t.arg({ type: RateTableInput, required: true }) },
    resolve: (_query, _root, args, ctx) => tables.createRateTable(ctx.db, args.input),
  }),
  updateShippingRateTable: t.prismaField({
    type: 'ShippingRateTable',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: RateTableInput, required: true }) },
    resolve: (_query, _root, args, ctx) => tables.updateRateTable(ctx.db, args.id, args.input),
  }),
  deleteShippingRateTable: t.prismaField({
    type: 'ShippingRateTable',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_query, _root, args, ctx) => tables.deleteRateTable(ctx.db, args.id),
  }),
}));
