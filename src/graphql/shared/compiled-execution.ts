// Queries answered without walking the result field by field. A root field listed in COMPILED_ROOT_FIELDS
// can plan a selection in one go (for `products`: a page written as JSON by one SQL statement); when every
// root field of a query can, the query is answered that way, and otherwise by graphql's ordinary execution.
// Both /graphql (a yoga plugin below) and the REST gateway's operations go through executeOperation.
//
// The answer is the same either way, and so are errors: a plan that fails hands the query to the ordinary
// execution, which reports the error as it always does (test/graphql/compiled-products.test.ts).
import {
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  Kind,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { collectFields, collectSubFields } from '@graphql-tools/utils';
import type { Plugin } from 'graphql-yoga';
import type { RequestContext } from '../context.js';
import { assertScope, READ_SCOPE } from '../scopes.js';

/** Where a plan reads the query: the schema, its fragments and the coerced variables. */
export interface PlanScope {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

// @graphql-tools/utils reads @skip/@include from graphql 17's shape of variables: the coerced values beside their sources.
const toolsVariables = (variables: Record<string, unknown>) => ({ coerced: variables, sources: {} });

/** A root field's value for the request, or null when this selection of the field has no plan. */
export type CompiledRootField = (
  scope: PlanScope,
  fieldNodes: FieldNode[],
  args: Record<string, unknown>,
) => ((ctx: RequestContext) => Promise<unknown>) | null;

type Execute = (args: ExecutionArgs) => Promise<ExecutionResult> | ExecutionResult | AsyncIterable<unknown> | Promise<AsyncIterable<unknown> | ExecutionResult>;

const compiledRootFields = new Map<string, CompiledRootField>();

/** Lets a root field of Query answer whole selections (registered next to the field). */
export function registerCompiledRootField(name: string, plan: CompiledRootField): void {
  compiledRootFields.set(name, plan);
}

/** The fields of `type` the nodes select, by response key, or null under @defer (kept for the ordinary execution). */
export function subFields(scope: PlanScope, type: GraphQLObjectType, fieldNodes: FieldNode[]): Map<string, FieldNode[]> | null {
  const { fields, patches } = collectSubFields(scope.schema, scope.fragments, toolsVariables(scope.variables), type, fieldNodes);
  return patches.length > 0 ? null : fields;
}

/** The query's plan: one runner per root field, in order; null when some root field has none. */
function planQuery(args: ExecutionArgs): ((ctx: RequestContext) => Promise<ExecutionResult>) | null {
  if (compiledRootFields.size === 0) return null;
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation || operation.operation !== 'query') return null;
  const queryType = args.schema.getQueryType();
  if (!queryType) return null;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], (args.variableValues ?? {}) as Record<string, unknown>);
  if (coerced.errors) return null;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of args.document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const scope: PlanScope = { schema: args.schema, fragments, variables: coerced.coerced };
  const { fields, patches } = collectFields(args.schema, fragments, toolsVariables(coerced.coerced), queryType, operation.selectionSet);
  if (patches.length > 0 || fields.size === 0) return null;

  const runners: Array<[key: string, run: (ctx: RequestContext) => Promise<unknown>]> = [];
  for (const [key, nodes] of fields) {
    const name = nodes[0].name.value;
    if (name === '__typename') {
      runners.push([key, async () => queryType.name]);
      continue;
    }
    const plan = compiledRootFields.get(name);
    const definition = queryType.getFields()[name];
    if (!plan || !definition) return null;
    const run = plan(scope, nodes, getArgumentValues(definition, nodes[0], coerced.coerced));
    if (!run) return null;
    runners.push([key, run]);
  }
  return async (ctx) => {
    // The scope every Query field checks (schema.ts); refused here, the ordinary execution reports it.
    assertScope(ctx, READ_SCOPE);
    const data: Record<string, unknown> = {};
    for (const [key, run] of runners) data[key] = await run(ctx);
    return { data };
  };
}

/** The operation's result: planned when every root field has a plan, else (or when the plan fails) executed field by field. */
export async function executeOperation(args: ExecutionArgs, execute: Execute): Promise<Awaited<ReturnType<Execute>>> {
  let planned: ReturnType<typeof planQuery>;
  try {
    planned = planQuery(args);
  } catch {
    planned = null; // a selection the planner does not understand: graphql's execution answers it
  }
  if (!planned) return execute(args);
  try {
    return await planned(args.contextValue as RequestContext);
  } catch {
    // Bad arguments or a failing statement: the ordinary execution reports it as it reports every error.
    return execute(args);
  }
}

/** /graphql answers through executeOperation. */
export function useCompiledExecution(): Plugin {
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn((args) => executeOperation(args, executeFn as Execute) as ReturnType<typeof executeFn>);
    },
  };
}
