// A GraphQL selection as src/domain/shared/selection-json-sql.ts takes it: response keys in order (fragments
// spread, @skip/@include applied, repeated keys merged), each with its field and what it asks of an object.
// Only what the SQL catalogues know is translated, and only where the catalogue's type is the schema's.
import { getNamedType, isLeafType, isObjectType, type FieldNode, type GraphQLObjectType } from 'graphql';
import { canWriteSelection, type JsonSelection, type JsonSqlTypes } from '../../domain/shared/selection-json-sql.js';
import { subFields, type PlanScope } from './compiled-execution.js';

/** What the nodes ask of an object of `type`, or null when some field is not in the catalogues or takes arguments. */
export function jsonSelectionOf(scope: PlanScope, types: JsonSqlTypes, type: GraphQLObjectType, fieldNodes: FieldNode[]): JsonSelection | null {
  const catalogue = types[type.name];
  const fields = catalogue && subFields(scope, type, fieldNodes);
  if (!fields) return null;
  const selection: JsonSelection = [];
  for (const [key, nodes] of fields) {
    const name = nodes[0].name.value;
    if (name === '__typename') {
      selection.push({ key, field: name });
      continue;
    }
    const known = catalogue[name];
    const definition = type.getFields()[name];
    if (!known || !definition || definition.args.length > 0 || nodes.some((node) => (node.arguments?.length ?? 0) > 0)) return null;
    const returned = getNamedType(definition.type);
    if ('value' in known) {
      if (!isLeafType(returned)) return null;
      selection.push({ key, field: name });
      continue;
    }
    if (!isObjectType(returned) || returned.name !== known.type) return null;
    const nested = jsonSelectionOf(scope, types, returned, nodes);
    if (!nested) return null;
    selection.push({ key, field: name, selection: nested });
  }
  return selection;
}

/** What the nodes ask of one object of the schema's type `typeName`, when the catalogues can write all of it; else null. */
export function writableSelectionOf(scope: PlanScope, types: JsonSqlTypes, typeName: string, fieldNodes: FieldNode[]): JsonSelection | null {
  const type = scope.schema.getType(typeName);
  if (!isObjectType(type)) return null;
  const selection = jsonSelectionOf(scope, types, type, fieldNodes);
  return selection && canWriteSelection(types, typeName, selection) ? selection : null;
}
