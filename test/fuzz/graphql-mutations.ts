// Every mutation of the GraphQL schema as a fuzz target: a document that calls it with one variable per
// argument, and the variables' types as the JSON schema the OpenAPI arbitraries read (NonNull → required,
// lists → arrays, input objects → objects, Int/Float/Decimal → numbers, DateTime → strings, JSON → any).
import {
  GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLScalarType, getNamedType, isCompositeType,
  type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import type { Schema } from './openapi-operations.js';

export interface MutationTarget {
  name: string;
  document: string;
  /** The variables object: one property per argument. */
  variables: Schema;
}

export function mutationTargets(schema: GraphQLSchema): MutationTarget[] {
  return Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => {
    const declarations = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
    const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
    const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
    return {
      name: field.name,
      document: `mutation Fuzz${declarations ? `(${declarations})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`,
      variables: {
        type: 'object',
        properties: Object.fromEntries(field.args.map((arg) => [arg.name, inputSchema(arg.type, 0)])),
        required: field.args.filter((arg) => arg.type instanceof GraphQLNonNull).map((arg) => arg.name),
      },
    };
  });
}

function inputSchema(type: GraphQLInputType, depth: number): Schema {
  const nullable = !(type instanceof GraphQLNonNull);
  const inner = type instanceof GraphQLNonNull ? type.ofType : type;
  if (depth > 6) return { nullable: true };
  if (inner instanceof GraphQLList) return { type: 'array', items: inputSchema(inner.ofType, depth + 1), nullable };
  if (inner instanceof GraphQLInputObjectType) {
    const fields = Object.values(inner.getFields());
    return {
      type: 'object',
      nullable,
      properties: Object.fromEntries(fields.map((f) => [f.name, inputSchema(f.type, depth + 1)])),
      required: fields.filter((f) => f.type instanceof GraphQLNonNull && f.defaultValue === undefined).map((f) => f.name),
      additionalProperties: false,
    };
  }
  if (inner instanceof GraphQLEnumType) return { type: 'string', enum: inner.getValues().map((v) => v.name), nullable };
  const scalar = (inner as GraphQLScalarType).name;
  if (scalar === 'Int') return { type: 'integer', nullable };
  if (scalar === 'Float' || scalar === 'Decimal' || scalar === 'DecimalString') return { type: 'number', nullable };
  if (scalar === 'Boolean') return { type: 'boolean', nullable };
  if (scalar === 'ID') return { type: 'integer', nullable };
  if (scalar === 'JSON' || scalar === 'Upload') return { nullable: true };
  return { type: 'string', nullable };
}
