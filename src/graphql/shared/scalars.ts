import { GraphQLError, Kind } from 'graphql';
import { builder } from '../builder.js';
import { Prisma } from '../../generated/prisma/client.js';

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date-time in UTC, for example 2026-01-31T12:00:00.000Z.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value as string).toISOString()),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('Expected an ISO 8601 date-time string.');
    return date;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING || Number.isNaN(new Date(ast.value).getTime())) {
      throw new GraphQLError('Expected an ISO 8601 date-time string.');
    }
    return new Date(ast.value);
  },
});

builder.scalarType('JSON', {
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

/** Numbers arrive as JSON numbers (or numeric strings) and are kept exact as decimals from then on. */
function parseDecimal(value: unknown): Prisma.Decimal {
  if ((typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()))) {
    return new Prisma.Decimal(String(value).trim());
  }
  throw new GraphQLError('Expected a number.');
}

builder.scalarType('Decimal', {
  description: 'An exact decimal number (money, quantities). Sent and received as a JSON number.',
  serialize: (value) => Number(value instanceof Prisma.Decimal ? value.toString() : value),
  parseValue: parseDecimal,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.FLOAT && ast.kind !== Kind.STRING) throw new GraphQLError('Expected a number.');
    return parseDecimal(ast.value);
  },
});

/** For inputs the contract gives as decimal strings (a cost rule's tiers); the REST gateway passes strings through to it. */
builder.scalarType('DecimalString', {
  description: 'An exact decimal given as a string of digits ("12.50"); a JSON number is accepted too.',
  serialize: (value) => (value instanceof Prisma.Decimal ? value.toFixed() : String(value)),
  parseValue: (value) => {
    try {
      return parseDecimal(value);
    } catch {
      throw new GraphQLError('Expected a decimal number: a string of digits such as "12.50", or a number.');
    }
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.FLOAT && ast.kind !== Kind.STRING) throw new GraphQLError('Expected a decimal number.');
    return parseDecimal(ast.value);
  },
});

/** Whole numbers beyond GraphQL's 32-bit Int that JSON and JavaScript still hold exactly (ids numbered per Citus node). */
builder.scalarType('SafeInt', {
  description: 'A whole number from -(2^53 - 1) to 2^53 - 1, sent as a JSON number.',
  serialize: (value) => {
    const number = Number(value);
    if (!Number.isSafeInteger(number)) throw new GraphQLError(`SafeInt cannot represent ${String(value)}.`);
    return number;
  },
  parseValue: (value) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new GraphQLError('Expected a whole number within ±(2^53 - 1).');
    return value;
  },
  parseLiteral: (ast) => {
    const number = ast.kind === Kind.INT ? Number(ast.value) : NaN;
    if (!Number.isSafeInteger(number)) throw new GraphQLError('Expected a whole number within ±(2^53 - 1).');
    return number;
  },
});
