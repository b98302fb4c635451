// Exchange rates and conversion: argument plumbing only; the rules live in src/domain/currencies.
import { builder } from '../builder.js';
import { pageArgs, pageOf } from '../shared/page.js';
import { formatDateOnly } from '../../domain/shared/dates.js';
import { exchangeRates as rates } from '../../domain/currencies/index.js';
import type { Conversion } from '../../domain/currencies/index.js';
import { dateOnlyColumn } from '../../domain/shared/selection-json-sql.js';
import { compiledList, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { jsonSql } from '../shared/derived-json-types.js';

const ExchangeRateRef = builder.prismaObject('ExchangeRate', {
  description: '1 unit of `from` is worth `rate` units of `to`, from `asOf` until a later rate of the same pair.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    from: t.exposeString('fromCurrency'),
    to: t.exposeString('toCurrency'),
    rate: t.expose('rate', { type: 'Decimal' }),
    asOf: t.string({ description: 'YYYY-MM-DD', resolve: (rate) => formatDateOnly(rate.asOf)!, extensions: jsonSql(dateOnlyColumn('asOf')) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ExchangeRatePageRef = pageOf('ExchangeRatePage', ExchangeRateRef);

// Pages and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledList('exchangeRates', 'ExchangeRate', (ctx, args, query) => rates.listExchangeRates(ctx.db, args, query));
compiledRecord('exchangeRate', 'ExchangeRate', (ctx, args, query) => rates.getExchangeRate(ctx.db, args.id, query));

const ConversionRouteEnum = builder.enumType('CurrencyConversionRoute', {
  description: 'same: no conversion; direct: the stored rate; inverse: 1 / the rate of the opposite pair; base: two legs through the base currency.',
  values: ['same', 'direct', 'inverse', 'base'] as const,
});

const ConversionRef = builder.objectRef<Conversion>('CurrencyConversion').implement({
  fields: (t) => ({
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    amount: t.field({ type: 'Decimal', resolve: (c) => c.amount }),
    rate: t.field({ type: 'Decimal', description: 'Units of `to` per unit of `from` (15 significant digits).', resolve: (c) => c.rate }),
    convertedAmount: t.field({ type: 'Decimal', description: "Rounded to the target currency's minor units.", resolve: (c) => c.convertedAmount }),
    asOf: t.exposeString('asOf', { description: 'YYYY-MM-DD: the date of the (oldest) rate used.' }),
    via: t.field({ type: ConversionRouteEnum, resolve: (c) => c.via }),
  }),
});

const ExchangeRateInput = builder.inputType('ExchangeRateInput', {
  fields: (t) => ({
    from: t.string({ required: true, description: 'ISO 4217 code.' }),
    to: t.string({ required: true, description: 'ISO 4217 code, not the same as from.' }),
    rate: t.field({ type: 'Decimal', required: true, description: 'Units of `to` per unit of `from`; greater than 0.' }),
    asOf: t.string({ required: true, description: 'YYYY-MM-DD: the first day the rate applies.' }),
  }),
});

builder.queryFields((t) => ({
  exchangeRates: t.field({
    type: ExchangeRatePageRef,
    args: {
      ...pageArgs(t.arg),
      from: t.arg.string({ required: false }),
      to: t.arg.string({ required: false }),
      date: t.arg.string({ required: false, description: 'YYYY-MM-DD: only the rates in force on that date, one per pair.' }),
    },
    resolve: (_root, args, ctx) => rates.listExchangeRates(ctx.db, args),
  }),
  exchangeRate: t.prismaField({
    type: 'ExchangeRate',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => rates.getExchangeRate(ctx.db, args.id, query),
  }),
  convertCurrency: t.field({
    type: ConversionRef,
    description: 'Converts an amount at the rate in force on a date (default today, UTC).',
    args: {
      from: t.arg.string({ required: true }),
      to: t.arg.string({ required: true }),
      amount: t.arg.string({ required: true, description: 'A decimal number, such as 100 or 12.50.' }),
      date: t.arg.string({ required: false, description: 'YYYY-MM-DD' }),
    },
    resolve: (_root, args, ctx) => rates.convertAmount(ctx.db, args),
  }),
}));

builder.mutationFields((t) => ({
  createExchangeRate: t.prismaField({
    type: 'ExchangeRate',
    args: { input: t.arg({ type: ExchangeRateInput, required: true }) },
    resolve: compiledMutation('createExchangeRate', 'ExchangeRate', (ctx, args, query) => rates.createExchangeRate(ctx.db, args.input, query)),
  }),
  deleteExchangeRate: t.prismaField({
    type: 'ExchangeRate',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deleteExchangeRate', 'ExchangeRate', (ctx, args, query) => rates.deleteExchangeRate(ctx.db, args.id, query)),
  }),
}));
