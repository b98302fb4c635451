// Prepares route declarations once at start: parses and validates each GraphQL operation against the
// schema (a broken declaration stops the start), adds REST-cased aliases, and builds the path matcher.
import {
  Kind,
  parse,
  typeFromAST,
  validate,
  type DocumentNode,
  type FieldNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { restName, type Casing } from './casing.js';
import { checkFilterDeclaration } from './list-filters.js';
import { FORMAT_PARAM, type RestFormat, type RestRoute } from './route.js';

export interface CompiledRoute {
  route: RestRoute;
  casing: Casing;
  pattern: RegExp;
  pathParamNames: string[];
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The response key of the operation's single root field. */
  rootField: string;
  variables: Map<string, GraphQLInputType>;
  /** The route's other formats by their `format` value, each with its own prepared operation. */
  formats: Map<string, CompiledFormat>;
}

export interface CompiledFormat {
  format: RestFormat;
  document: DocumentNode;
  rootField: string;
}

export function compileRoutes(routes: RestRoute[], schema: GraphQLSchema): CompiledRoute[] {
  const seen = new Set<string>();
  return routes.map((route) => {
    const id = `${route.method} ${route.path}`;
    if (seen.has(id)) throw new Error(`REST route declared twice: ${id}`);
    seen.add(id);
    return compileRoute(route, schema);
  });
}

function compileRoute(route: RestRoute, schema: GraphQLSchema): CompiledRoute {
  const casing = route.casing ?? 'snake';
  const where = `${route.method} ${route.path}`;
  const { document, operation, rootField, variables } = prepareOperation(route.graphql, casing, schema, where);
  const mapped = [
    ...Object.values(route.pathParams ?? {}),
    ...Object.values(route.queryParams ?? {}),
    ...(route.bodyVariable ? [route.bodyVariable] : []),
    ...(route.textBody ? [route.textBody.variable] : []),
    ...(route.upload ? [route.upload.variable] : []),
    ...(route.filters ? [route.filters.variable] : []),
  ];
  checkFilterDeclaration(route, variables);
  for (const name of mapped) {
    if (!variables.has(name)) throw new Error(`${where}: maps to $${name}, which the operation does not declare.`);
  }
  for (const name of variables.keys()) {
    if (!mapped.includes(name)) throw new Error(`${where}: $${name} is declared but nothing fills it.`);
  }

  const pathParamNames: string[] = [];
  const pattern = new RegExp(
    '^' +
      route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
        pathParamNames.push(name);
        return '([^/]+)';
      }) +
      '/?$',
  );
  for (const name of pathParamNames) {
    if (!route.pathParams?.[name]) throw new Error(`${where}: path parameter {${name}} is not mapped to a variable.`);
  }
  if (route.formats && Object.hasOwn(route.queryParams ?? {}, FORMAT_PARAM)) throw new Error(`${where}: the query parameter ${FORMAT_PARAM} picks the format.`);
  const formats = new Map<string, CompiledFormat>();
  for (const [name, format] of Object.entries(route.formats ?? {})) {
    // Its result keeps GraphQL's names (camel casing adds no aliases); it is filled like the route's operation.
    const prepared = prepareOperation(format.graphql, 'camel', schema, `${where} (${name})`);
    const same = prepared.variables.size === variables.size && [...variables].every(([n, type]) => String(prepared.variables.get(n)) === String(type));
    if (!same) throw new Error(`${where}: the ${name} operation must declare the same variables as the route's.`);
    formats.set(name, { format, document: prepared.document, rootField: prepared.rootField });
  }
  if (route.defaultFormat && !formats.has(route.defaultFormat)) throw new Error(`${where}: defaultFormat ${route.defaultFormat} is not one of the route's formats.`);

  return {
    route,
    casing,
    pattern,
    pathParamNames,
    document,
    operation,
    rootField,
    variables,
    formats,
  };
}

/** Parses, aliases and validates one operation with a single root field. */
function prepareOperation(text: string, casing: Casing, schema: GraphQLSchema, where: string) {
  const parsed = parse(text);
  const operations = parsed.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) throw new Error(`${where}: the GraphQL text must hold exactly one operation.`);
  const document = aliasForRest(parsed, casing);
  const problems = validate(schema, document);
  if (problems.length > 0) throw new Error(`${where}: invalid GraphQL operation: ${problems.map((p) => p.message).join('; ')}`);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const roots = operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
  if (roots.length !== 1) throw new Error(`${where}: the operation must select exactly one root field.`);
  const variables = new Map<string, GraphQLInputType>();
  for (const definition of operation.variableDefinitions ?? []) {
    variables.set(definition.variable.name.value, typeFromAST(schema, definition.type as any) as GraphQLInputType);
  }
  return { document, operation, rootField: roots[0].alias?.value ?? roots[0].name.value, variables };
}

/** Gives every field below the root field an alias in the REST casing, so results need no renaming. */
function aliasForRest(document: DocumentNode, casing: Casing): DocumentNode {
  const aliasSet = (set: SelectionSetNode | undefined): SelectionSetNode | undefined =>
    set && {
      ...set,
      selections: set.selections.map((selection) => {
        if (selection.kind === Kind.FIELD) {
          const name = selection.name.value;
          const alias = selection.alias ?? (name === '__typename' || restName(name, casing) === name ? undefined : { kind: Kind.NAME, value: restName(name, casing) });
          return { ...selection, alias, selectionSet: aliasSet(selection.selectionSet) };
        }
        if (selection.kind === Kind.INLINE_FRAGMENT) return { ...selection, selectionSet: aliasSet(selection.selectionSet)! };
        return selection;
      }),
    };
  return {
    ...document,
    definitions: document.definitions.map((definition) => {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) return { ...definition, selectionSet: aliasSet(definition.selectionSet)! };
      if (definition.kind !== Kind.OPERATION_DEFINITION) return definition;
      return {
        ...definition,
        selectionSet: {
          ...definition.selectionSet,
          selections: definition.selectionSet.selections.map((root) =>
            root.kind === Kind.FIELD ? { ...root, selectionSet: aliasSet(root.selectionSet) } : root,
          ),
        },
      };
    }),
  };
}
