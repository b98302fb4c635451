import { GraphQLError, Kind } from 'graphql';
import { builder } from '../builder.js';

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
