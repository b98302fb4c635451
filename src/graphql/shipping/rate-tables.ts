// Shipping rate tables (the built-in table-rate provider): argument plumbing only; rules in src/domain/shipping.
import { builder } from '../builder.js';
import { rateTables as tables } from '../../domain/shipping/index.js';
import type { Bracket, Zone } from '../../domain/shipping/index.js';
import { compactJsonSql, decimalSql } from '../../domain/shared/json-sql.js';
import { storedArrayElements } from '../../domain/shared/selection-json-sql.js';
import { compiledArray, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';

const ZoneRef = builder.objectRef<Zone>('ShippingZone').implement({
  fields: (t) => ({
    countries: t.stringList({ resolve: (z) => z.countries, extensions: jsonSql({ value: (zone) => compactJsonSql(tables.zoneCountriesSql(zone)) }) }),
    states: t.stringList({
      nullable: true,
      description: 'Only these states of the countries; null: the whole countries.',
      resolve: (z) => z.states,
      extensions: jsonSql({ value: (zone) => compactJsonSql(tables.zoneStatesSql(zone)) }),
    }),
  }),
});

const BracketRef = builder.objectRef<Bracket>('ShippingBracket').implement({
  fields: (t) => ({
    maxWeightLb: t.field({ type: 'Decimal', resolve: (b) => b.maxWeightLb, extensions: jsonSql({ value: (b) => decimalSql(tables.bracketDecimalSql('maxWeightLb')(b)) }) }),
    amount: t.field({ type: 'Decimal', resolve: (b) => b.amount, extensions: jsonSql({ value: (b) => decimalSql(tables.bracketDecimalSql('amount')(b)) }) }),
  }),
});

builder.prismaObject('ShippingRateTable', {
  description: 'Rates of one carrier service in the built-in table-rate provider.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    carrier: t.exposeString('carrier'),
    service: t.exposeString('service'),
    currency: t.exposeString('currency'),
    zones: t.field({ type: [ZoneRef], resolve: (table) => tables.zonesOf(table), extensions: jsonSql(storedArrayElements('ShippingZone', 'zones', 'zone')) }),
    brackets: t.field({ type: [BracketRef], resolve: (table) => tables.bracketsOf(table), extensions: jsonSql(storedArrayElements('ShippingBracket', 'brackets', 'bracket')) }),
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

// The list and records written by one statement; the resolvers below answer other selections.
compiledArray('shippingRateTables', 'ShippingRateTable', (ctx, _args, query) => tables.listRateTables(ctx.db, query));
compiledRecord('shippingRateTable', 'ShippingRateTable', (ctx, args, query) => tables.getRateTable(ctx.db, args.id, query));

builder.queryFields((t) => ({
  shippingRateTables: t.prismaField({
    type: ['ShippingRateTable'],
    resolve: (query, _root, _args, ctx) => tables.listRateTables(ctx.db, query),
  }),
  shippingRateTable: t.prismaField({
    type: 'ShippingRateTable',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => tables.getRateTable(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createShippingRateTable: t.prismaField({
    type: 'ShippingRateTable',
    args: { input: t.arg({ type: RateTableInput, required: true }) },
    resolve: compiledMutation('createShippingRateTable', 'ShippingRateTable', (ctx, args, query) =>
      tables.createRateTable(ctx.db, args.input, query),
    ),
  }),
  updateShippingRateTable: t.prismaField({
    type: 'ShippingRateTable',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: RateTableInput, required: true }) },
    resolve: compiledMutation('updateShippingRateTable', 'ShippingRateTable', (ctx, args, query) =>
      tables.updateRateTable(ctx.db, args.id, args.input, query),
    ),
  }),
  deleteShippingRateTable: t.prismaField({
    type: 'ShippingRateTable',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteShippingRateTable', 'ShippingRateTable', (ctx, args, query) => tables.deleteRateTable(ctx.db, args.id, query)),
  }),
}));
