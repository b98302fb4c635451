// Plans of operations kept for the next request that asks the same: planning a page (its fields collected, its
// selection turned into SQL) cost about 4% of the service's time on a small page. The REST gateway compiles each
// route's document once, and yoga's parse cache answers the same document object for the same text, so a plan
// is found by schema, document, operation name and variables. Variables that are not plain JSON values (a file
// upload) are never keyed: their operation is planned every time.
import type { DocumentNode, ExecutionArgs, GraphQLSchema } from 'graphql';

/** Plans kept per document: the most recently used, so that varied filters on one route do not pile up. */
const PLANS_PER_DOCUMENT = 64;

export class OperationPlans<Plan> {
  private readonly bySchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, Plan>>>();

  constructor(private readonly plan: (args: ExecutionArgs) => Plan) {}

  /** The operation's plan: the one kept for these arguments, or a new one (kept unless planning throws). */
  of(args: ExecutionArgs): Plan {
    const key = planKey(args);
    if (key === null) return this.plan(args);
    let documents = this.bySchema.get(args.schema);
    if (!documents) this.bySchema.set(args.schema, (documents = new WeakMap()));
    let plans = documents.get(args.document);
    if (!plans) documents.set(args.document, (plans = new Map()));
    if (plans.has(key)) {
      const kept = plans.get(key)!;
      // Most recently used last, so the first key is the one to drop.
      plans.delete(key);
      plans.set(key, kept);
      return kept;
    }
    const made = this.plan(args);
    plans.set(key, made);
    if (plans.size > PLANS_PER_DOCUMENT) plans.delete(plans.keys().next().value!);
    return made;
  }
}

/** The operation name and variables as one text, or null when a variable holds something other than JSON values. */
function planKey(args: ExecutionArgs): string | null {
  let plain = true;
  const variables = JSON.stringify(args.variableValues ?? {}, (_key, value) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) plain = false;
    } else if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol') {
      plain = false;
      return null; // JSON.stringify throws on a bigint
    }
    return value;
  });
  return plain ? `${args.operationName ?? ''}\n${variables}` : null;
}
