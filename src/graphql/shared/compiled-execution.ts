// Operations answered without walking the result field by field. A root field registered here can plan a
// selection in one go (for `products`: a page written as JSON by one SQL statement; for
// `createInventoryAdjustment`: the posting, then the document written the same way); when every root field of
// an operation can, it is answered that way, and otherwise by graphql's ordinary execution. Both /graphql (a
// yoga plugin below) and the REST gateway's operations go through executeOperation.
//
// The answer is the same either way, and so are errors (test/graphql/compiled-products.test.ts,
// test/graphql/compiled-adjustments.test.ts).
import {
  getArgumentValues,
  isNonNullType,
  locatedError,
  type GraphQLError,
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
import { assertScope, READ_SCOPE, WRITE_SCOPE } from '../scopes.js';
import { JsonText, stringifyWithJsonText } from '../../http/json-text.js';
import { javascriptNumbers } from '../../domain/shared/json-numbers.js';
import { DomainError } from '../../domain/shared/errors.js';
import { OperationPlans } from './operation-plans.js';

/** Where a plan reads the query: the schema, its fragments and the coerced variables. */
export interface PlanScope {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

// @graphql-tools/utils reads @skip/@include from graphql 17's shape of variables: the coerced values beside their sources.
const toolsVariables = (variables: Record<string, unknown>) => ({ coerced: variables, sources: {} });

/**
 * How the answer is wanted. `jsonText`: the caller writes the result as JSON itself (the REST gateway), so a
 * runner may answer JSON its statement wrote as a JsonText instead of parsing it into objects.
 */
export interface AnswerOptions {
  jsonText: boolean;
  /**
   * Told of a planned query that failed with something other than a refusal of the domain or of graphql (a
   * statement the planner wrote wrong, most likely): the ordinary execution still answers it, but it ran twice.
   */
  onPlannedFailure?: (error: unknown) => void;
}

/** A root field's value for the request, or null when this selection of the field has no plan. */
export type CompiledRootField = (
  scope: PlanScope,
  fieldNodes: FieldNode[],
  args: Record<string, unknown>,
) => ((ctx: RequestContext, options: AnswerOptions) => Promise<unknown>) | null;

/** Marks a result whose data may hold JsonText values. */
export const HOLDS_JSON_TEXT = Symbol('holds JsonText');

/** JSON a statement wrote, as the caller wants it: parsed, or as it is. */
export const answerJson = (text: string, options: AnswerOptions): unknown => (options.jsonText ? new JsonText(javascriptNumbers(text)) : JSON.parse(text));

type Execute = (args: ExecutionArgs) => Promise<ExecutionResult> | ExecutionResult | AsyncIterable<unknown> | Promise<AsyncIterable<unknown> | ExecutionResult>;

const compiledRootFields = { query: new Map<string, CompiledRootField>(), mutation: new Map<string, CompiledRootField>() };

/** Lets a root field of Query answer whole selections (registered next to the field). */
export function registerCompiledRootField(name: string, plan: CompiledRootField): void {
  compiledRootFields.query.set(name, plan);
}

/**
 * Lets a root field of Mutation make its change and answer the whole selection in one go. Its runner is the
 * field's resolver (the same domain call, the same errors); an error it throws is reported as graphql's
 * execution reports a resolver's error, and the mutation is never run a second time.
 */
export function registerCompiledMutationField(name: string, plan: CompiledRootField): void {
  compiledRootFields.mutation.set(name, plan);
}

/** The fields of `type` the nodes select, by response key, or null under @defer (kept for the ordinary execution). */
export function subFields(scope: PlanScope, type: GraphQLObjectType, fieldNodes: FieldNode[]): Map<string, FieldNode[]> | null {
  const { fields, patches } = collectSubFields(scope.schema, scope.fragments, toolsVariables(scope.variables), type, fieldNodes);
  return patches.length > 0 ? null : fields;
}

interface PlannedOperation {
  kind: 'query' | 'mutation';
  run(ctx: RequestContext, options: AnswerOptions): Promise<ExecutionResult>;
}

interface RootRunner {
  key: string;
  nodes: FieldNode[];
  nonNull: boolean;
  /** A field of the root type (checks the token's scope), not __typename. */
  field: boolean;
  run(ctx: RequestContext, options: AnswerOptions): Promise<unknown>;
}

/** The operation's plan: one runner per root field, in order; null when some root field has none. */
function planOperation(args: ExecutionArgs): PlannedOperation | null {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation || (operation.operation !== 'query' && operation.operation !== 'mutation')) return null;
  const kind = operation.operation;
  const plans = compiledRootFields[kind];
  const rootType = kind === 'query' ? args.schema.getQueryType() : args.schema.getMutationType();
  if (plans.size === 0 || !rootType) return null;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], (args.variableValues ?? {}) as Record<string, unknown>);
  if (coerced.errors) return null;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of args.document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const scope: PlanScope = { schema: args.schema, fragments, variables: coerced.coerced };
  const { fields, patches } = collectFields(args.schema, fragments, toolsVariables(coerced.coerced), rootType, operation.selectionSet);
  if (patches.length > 0 || fields.size === 0) return null;

  const runners: RootRunner[] = [];
  for (const [key, nodes] of fields) {
    const name = nodes[0].name.value;
    if (name === '__typename') {
      runners.push({ key, nodes, nonNull: true, field: false, run: async () => rootType.name });
      continue;
    }
    const plan = plans.get(name);
    const definition = rootType.getFields()[name];
    if (!plan || !definition) return null;
    const run = plan(scope, nodes, getArgumentValues(definition, nodes[0], coerced.coerced));
    if (!run) return null;
    runners.push({ key, nodes, nonNull: isNonNullType(definition.type), field: true, run });
  }
  if (kind === 'query') {
    return {
      kind,
      async run(ctx, options) {
        // The scope every Query field checks (schema.ts); refused here, the ordinary execution reports it.
        assertScope(ctx, READ_SCOPE);
        const data: Record<string, unknown> = {};
        for (const runner of runners) data[runner.key] = await runner.run(ctx, options);
        return { data };
      },
    };
  }
  return {
    kind,
    // As graphql runs a mutation: its fields one after another, each checking the write scope as every Mutation
    // field does (schema.ts); a failing non-null field ends the operation with data null.
    async run(ctx, options) {
      const data: Record<string, unknown> = {};
      const errors: GraphQLError[] = [];
      for (const runner of runners) {
        try {
          if (runner.field) assertScope(ctx, WRITE_SCOPE);
          data[runner.key] = await runner.run(ctx, options);
        } catch (error) {
          errors.push(locatedError(error, runner.nodes, [runner.key]));
          if (runner.nonNull) return { errors, data: null };
          data[runner.key] = null;
        }
      }
      return errors.length > 0 ? { errors, data } : { data };
    },
  };
}

const operationPlans = new OperationPlans(planOperation);

/**
 * The operation's result: planned when every root field has a plan, else executed field by field. A planned
 * query that fails is handed to the ordinary execution, which reports the error as it always does; a planned
 * mutation reports its own errors (running it again could change things twice).
 */
export async function executeOperation(
  args: ExecutionArgs,
  execute: Execute,
  options: AnswerOptions = { jsonText: false },
): Promise<Awaited<ReturnType<Execute>>> {
  let planned: PlannedOperation | null;
  try {
    planned = operationPlans.of(args);
  } catch {
    planned = null; // a selection the planner does not understand: graphql's execution answers it
  }
  if (!planned) return execute(args);
  const marked = (result: ExecutionResult) => Object.assign(result, { [HOLDS_JSON_TEXT]: options.jsonText });
  if (planned.kind === 'mutation') return marked(await planned.run(args.contextValue as RequestContext, options));
  try {
    return marked(await planned.run(args.contextValue as RequestContext, options));
  } catch (error) {
    // Bad arguments or a failing statement: the ordinary execution reports it as it reports every error.
    if (!(error instanceof DomainError) && !(error instanceof Error && error.name === 'GraphQLError')) options.onPlannedFailure?.(error);
    return execute(args);
  }
}

/**
 * /graphql answers through executeOperation. A planned answer keeps the JSON its statement wrote, and yoga
 * writes the body with stringifyWithJsonText (a result's own `stringify`, which yoga's result processor uses
 * in place of JSON.stringify): parsing a page of 100 products only to write it again cost /graphql about a
 * fifth of its throughput against REST (issue 16).
 */
export function useCompiledExecution(onPlannedFailure?: (error: unknown) => void): Plugin {
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn(async (args) => {
        const result = (await executeOperation(args, executeFn as Execute, { jsonText: true, onPlannedFailure })) as ExecutionResult & {
          [HOLDS_JSON_TEXT]?: boolean;
          /** Read by yoga's result processor in place of JSON.stringify (its ExecutionResultWithSerializer). */
          stringify?: (result: ExecutionResult) => string;
        };
        if (result[HOLDS_JSON_TEXT] === true) result.stringify = stringifyWithJsonText;
        return result as Awaited<ReturnType<typeof executeFn>>;
      });
    },
  };
}
