// Assembles the GraphQL schema from every area and applies the token scopes in one place: each Query
// field needs the `read` scope and each Mutation field the `write` scope, whichever door (GraphQL, REST,
// sofa) the call came through.
import { GraphQLSchema, defaultFieldResolver, type GraphQLObjectType } from 'graphql';
import { builder } from './builder.js';
import './shared/scalars.js';
import './shared/filters.js';
import './locations/location-fields.js';
import './tenancy/viewer-fields.js';
import './units/index.js';
import './suppliers/index.js';
import './products/index.js';
import './boms/index.js';
import './inventory/index.js';
import './currencies/index.js';
import './purchasing/index.js';
import './integrations/index.js';
import './payables/index.js';
import './sales/customers-index.js';
import './sales/channel-fields.js';
import './sales/orders-index.js';
import './fulfillment/shipments-index.js';
import './fulfillment/packages-index.js';
import './invoicing/index.js';
import './fulfillment/picklists-index.js';
import './shipping/rates-index.js';
import './shipping/index.js';
import './edi/index.js';
import './cycle-counts/index.js';
import './cost-rules/index.js';
import './work-orders/index.js';
import './production/index.js';
import './jobs/job-fields.js';
import './forecast/index.js';
import './imports/import-fields.js';
import './events/index.js';
import './audit/audit-fields.js';
import type { RequestContext } from './context.js';
import { assertScope, READ_SCOPE, WRITE_SCOPE, type ScopeRule } from './scopes.js';

function requireScope(type: GraphQLObjectType | null | undefined, rule: ScopeRule): void {
  if (!type) return;
  for (const field of Object.values(type.getFields())) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (root, args, ctx: RequestContext, info) => {
      assertScope(ctx, rule);
      return resolve(root, args, ctx, info);
    };
    const subscribe = field.subscribe;
    if (subscribe) {
      field.subscribe = (root, args, ctx: RequestContext, info) => {
        assertScope(ctx, rule);
        return subscribe(root, args, ctx, info);
      };
    }
  }
}

let built: GraphQLSchema | undefined;

/**
 * The schema, built on the first call: every area registers its types when its module is imported, so there is
 * nothing left to change afterwards, and each app in a process (the tests start one per file) serves the same
 * object, which lets the REST gateway prepare its routes once per schema (src/rest/gateway.ts).
 */
export function buildSchema(): GraphQLSchema {
  if (built) return built;
  const schema = builder.toSchema({ sortSchema: true });
  requireScope(schema.getQueryType(), READ_SCOPE);
  requireScope(schema.getSubscriptionType(), READ_SCOPE);
  requireScope(schema.getMutationType(), WRITE_SCOPE);
  built = schema;
  return schema;
}
