// Turns REST input (a JSON body, query-string text) into GraphQL variable values, guided by the
// operation's variable types: REST-cased keys become GraphQL names, unknown keys and values of the wrong
// kind are collected as per-field messages (keyed by their REST path, `items.0.quantity`) for a 422.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  type GraphQLInputType,
} from 'graphql';
import { FieldErrorCollector } from '../domain/shared/errors.js';
import { restName, type Casing } from './casing.js';

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

export function coerceJsonInput(
  value: unknown,
  type: GraphQLInputType,
  path: string[],
  casing: Casing,
  errors: FieldErrorCollector,
): unknown {
  const key = path.join('.');
  if (type instanceof GraphQLNonNull) {
    if (value === undefined) {
      errors.add(key, `The ${label(path)} field is required.`);
      return undefined;
    }
    if (value === null) {
      errors.add(key, `The ${label(path)} field may not be null.`);
      return undefined;
    }
    return coerceJsonInput(value, type.ofType, path, casing, errors);
  }
  if (value === null || value === undefined) return value;

  if (type instanceof GraphQLList) {
    if (!Array.isArray(value)) {
      errors.add(key, `The ${label(path)} field must be an array.`);
      return undefined;
    }
    return value.map((item, index) => coerceJsonInput(item, type.ofType, [...path, String(index)], casing, errors));
  }

  if (type instanceof GraphQLInputObjectType) {
    if (typeof value !== 'object' || Array.isArray(value)) {
      errors.add(key || 'body', path.length ? `The ${label(path)} field must be an object.` : 'The request body must be a JSON object.');
      return undefined;
    }
    const fields = Object.values(type.getFields());
    const byRestName = new Map(fields.map((field) => [restName(field.name, casing), field]));
    const result: Record<string, unknown> = {};
    for (const [name, fieldValue] of Object.entries(value as Record<string, unknown>)) {
      const field = byRestName.get(name);
      if (!field) {
        errors.add([...path, name].join('.'), `Unknown field "${name}".`);
        continue;
      }
      result[field.name] = coerceJsonInput(fieldValue, field.type, [...path, name], casing, errors);
    }
    for (const field of fields) {
      const name = restName(field.name, casing);
      if (!(name in (value as object)) && field.type instanceof GraphQLNonNull && field.defaultValue === undefined) {
        errors.add([...path, name].join('.'), `The ${label([...path, name])} field is required.`);
      }
    }
    return result;
  }

  if (type instanceof GraphQLEnumType) {
    const match = typeof value === 'string' ? type.getValues().find((v) => v.name.toLowerCase() === value.toLowerCase()) : undefined;
    if (!match) {
      // Named as answers write them (and the OpenAPI document lists them); any case is accepted.
      errors.add(key, `The ${label(path)} must be one of: ${type.getValues().map((v) => v.name).join(', ')}.`);
      return undefined;
    }
    return match.name;
  }

  return coerceScalar(value, type as GraphQLScalarType, path, errors);
}

function coerceScalar(value: unknown, type: GraphQLScalarType, path: string[], errors: FieldErrorCollector): unknown {
  const key = path.join('.');
  switch (type.name) {
    case 'Int':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < INT_MIN || value > INT_MAX) {
        errors.add(key, `The ${label(path)} must be an integer.`);
        return undefined;
      }
      return value;
    case 'Float':
    case 'Decimal':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        errors.add(key, `The ${label(path)} must be a number.`);
        return undefined;
      }
      return value;
    case 'String':
      if (typeof value !== 'string') {
        errors.add(key, `The ${label(path)} must be a string.`);
        return undefined;
      }
      return value;
    case 'Boolean':
      if (typeof value !== 'boolean') {
        errors.add(key, `The ${label(path)} field must be true or false.`);
        return undefined;
      }
      return value;
    case 'ID':
      if (typeof value !== 'string' && !(typeof value === 'number' && Number.isInteger(value))) {
        errors.add(key, `The ${label(path)} must be a string or an integer.`);
        return undefined;
      }
      return value;
    default:
      try {
        type.parseValue(value);
        return value;
      } catch (error) {
        errors.add(key, `The ${label(path)} is invalid: ${(error as Error).message}`);
        return undefined;
      }
  }
}

/** A query-string parameter: text converted to the variable's type. Repeated parameters fill lists. */
export function coerceQueryInput(
  raw: string[],
  type: GraphQLInputType,
  name: string,
  errors: FieldErrorCollector,
): unknown {
  const inner = type instanceof GraphQLNonNull ? type.ofType : type;
  if (inner instanceof GraphQLList) {
    const values = raw.flatMap((text) => text.split(',')).filter((text) => text !== '');
    return values.map((text, index) => coerceQueryInput([text], inner.ofType, `${name}.${index}`, errors));
  }
  if (raw.length > 1) {
    errors.add(name, `The ${label([name])} parameter may be given only once.`);
    return undefined;
  }
  const text = raw[0];
  if (inner instanceof GraphQLScalarType) {
    if (inner.name === 'Int' || inner.name === 'Float' || inner.name === 'Decimal') {
      const number = text.trim() === '' ? NaN : Number(text);
      return coerceScalar(Number.isNaN(number) ? text : number, inner, [name], errors);
    }
    if (inner.name === 'Boolean') {
      const lowered = text.toLowerCase();
      if (['true', '1'].includes(lowered)) return true;
      if (['false', '0'].includes(lowered)) return false;
      errors.add(name, `The ${label([name])} parameter must be true or false.`);
      return undefined;
    }
  }
  return coerceJsonInput(text, inner, [name], 'snake', errors);
}

/** A query parameter the operation needs (a non-null variable) that the request left out. */
export function refuseMissingQueryInput(name: string, errors: FieldErrorCollector): void {
  errors.add(name, `The ${label([name])} parameter is required.`);
}

function label(path: string[]): string {
  const last = [...path].reverse().find((segment) => !/^\d+$/.test(segment)) ?? 'body';
  return last.replace(/_/g, ' ');
}
