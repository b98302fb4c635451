// Every field of a GraphQL object type as a selection, read from the schema: a route that answers a type whole
// says so once, and a field added to the GraphQL type is in the route's answer, its OpenAPI schema and the keys
// the tests expect without being listed again. A field whose type is an object needs its own selection (or
// `false` to leave it out), so that adding one is a decision rather than a surprise in every answer.
import { getNamedType, isLeafType, isNonNullType, isObjectType } from 'graphql';
import { buildSchema } from '../src/graphql/schema.js';

export function everyField(typeName: string, objects: Record<string, string | false> = {}): string {
  const type = buildSchema().getType(typeName);
  if (!isObjectType(type)) throw new Error(`everyField: ${typeName} is not an object type of the GraphQL schema.`);
  const fields = type.getFields();
  for (const name of Object.keys(objects)) {
    if (!fields[name]) throw new Error(`everyField(${typeName}): it has no field ${name}.`);
  }
  return Object.values(fields)
    .flatMap((field) => {
      if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) {
        throw new Error(`everyField(${typeName}): ${field.name} takes arguments; select the type's fields by hand.`);
      }
      const selection = objects[field.name];
      if (selection === false) return [];
      const named = getNamedType(field.type);
      if (isLeafType(named)) {
        if (selection !== undefined) throw new Error(`everyField(${typeName}): ${field.name} is a ${named.name}, which takes no selection.`);
        return [field.name];
      }
      if (selection === undefined) throw new Error(`everyField(${typeName}): give a selection for ${field.name} (${named.name}), or false.`);
      return [`${field.name} { ${selection} }`];
    })
    .join(' ');
}
